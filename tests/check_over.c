// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_over.c - what --on-threshold continue kept: the trace's OVER
 * section (trace/osection.h) written and read back, refused when damaged,
 * and its lines in the summary and object in the JSON (report/over.h)
 */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "report/over.h"
#include "report/summary_json.h"
#include "trace/brk.h"
#include "trace/trace.h"

static const uint64_t iv0[][2] = { { 1000, 100 }, { 1200, 100 }, { 5000, 100 } };
static const uint64_t (*const ivs[])[2] = { iv0, iv0 };
static const size_t nivs[] = { 3, 3 };

/*
 * Two threads at 1 GHz (t0 = 1000); 1234 events past a 1 us threshold,
 * 2 of them acted on, 3 kept of K = 4: a gap of 4 us at 4000 ns from the
 * start, a wake-up 2.5 us late at 1100, a miss of 1.5 us at 0.
 */
static struct hg_trace *over_trace(void)
{
	struct hg_trace *t = hg_test_trace(2, ivs, nivs);
	struct hg_over *o = calloc(1, sizeof(*o));

	ck_assert_ptr_nonnull(o);
	o->ev = calloc(4, sizeof(*o->ev));
	ck_assert_ptr_nonnull(o->ev);
	o->threshold_ns = 1000;
	o->on = HG_BREAK_GAP | HG_BREAK_LAT | HG_BREAK_MISS;
	o->keep = 4;
	o->actions = HG_OVER_SHELL;
	o->count = 1234;
	o->acted = 2;
	o->n = 3;
	o->ev[0] = (struct hg_worst_ev){ HG_BREAK_GAP, 1, 3, 5000, 4000 };
	o->ev[1] = (struct hg_worst_ev){ HG_BREAK_LAT, 0, 1, 2100, 2500 };
	o->ev[2] = (struct hg_worst_ev){ HG_BREAK_MISS, 0, 0, 1000, 1500 };
	t->over = o;
	return t;
}

static uint8_t *file_of(const struct hg_trace *t, size_t *len)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "t.hgt"), err[256] = "";
	uint8_t *buf;

	ck_assert_msg(!hg_trace_write(t, path, err, sizeof(err)), "%s", err);
	buf = (uint8_t *)hg_test_read_file(path, len);
	free(path);
	hg_test_drop_dir(dir);
	return buf;
}

/* Written as version 5 with the flag, read back field for field. */
START_TEST(test_round_trip)
{
	struct hg_trace *t = over_trace(), *back = NULL;
	char err[256] = "";
	size_t len;
	uint8_t *buf = file_of(t, &len);
	uint32_t i;

	ck_assert_uint_eq(buf[8], 5);
	ck_assert_msg(!hg_trace_decode(buf, len, &back, err, sizeof(err)), "%s", err);
	ck_assert(back->flags & HG_TRACE_OVER);
	ck_assert_ptr_nonnull(back->over);
	ck_assert_uint_eq(back->over->threshold_ns, 1000);
	ck_assert_uint_eq(back->over->on, t->over->on);
	ck_assert_uint_eq(back->over->keep, 4);
	ck_assert_uint_eq(back->over->actions, HG_OVER_SHELL);
	ck_assert_uint_eq(back->over->count, 1234);
	ck_assert_uint_eq(back->over->acted, 2);
	ck_assert_uint_eq(back->over->n, 3);
	for (i = 0; i < 3; i++)
		ck_assert_mem_eq(&back->over->ev[i], &t->over->ev[i], sizeof(t->over->ev[i]));
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
}
END_TEST

/* Without it, the version the builds before it read, and no flag. */
START_TEST(test_none_version_3)
{
	struct hg_trace *t = hg_test_trace(2, ivs, nivs), *back = NULL;
	char err[256] = "";
	size_t len;
	uint8_t *buf = file_of(t, &len);

	ck_assert_uint_eq(buf[8], 3);
	ck_assert_msg(!hg_trace_decode(buf, len, &back, err, sizeof(err)), "%s", err);
	ck_assert(!(back->flags & HG_TRACE_OVER));
	ck_assert_ptr_null(back->over);
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
}
END_TEST

/* Damaged content, each refused by the reader with the section named. */
static void damage(struct hg_over *o, int which)
{
	switch (which) {
	case 0: o->n = 4; o->keep = 3; break;				/* more kept than K */
	case 1: o->keep = 1001; break;					/* K out of range */
	case 2: o->acted = 2000; break;					/* acted on more than seen */
	case 3: o->ev[1].thread = 2; break;				/* no such thread */
	case 4: o->ev[2].value_ns = 9000; break;			/* not the worst first */
	case 5: o->ev[0].kind = 8; break;				/* no such kind */
	case 6: o->on = HG_BREAK_LAT; break;				/* a gap, not watched */
	case 7: o->threshold_ns = 0; break;
	default: break;
	}
}

START_TEST(test_damaged)
{
	struct hg_trace *t = over_trace(), *back = NULL;
	char err[256] = "";
	size_t len;
	uint8_t *buf;

	damage(t->over, _i);
	buf = file_of(t, &len);
	ck_assert_int_ne(hg_trace_decode(buf, len, &back, err, sizeof(err)), 0);
	ck_assert_ptr_null(back);
	ck_assert_str_eq(err, "damaged over-threshold section");
	free(buf);
	hg_trace_free(t);
}
END_TEST

/* The summary's lines: the count, the actions, the worst with time, thread, CPU, value. */
START_TEST(test_print)
{
	struct hg_trace *t = over_trace();
	struct hg_test_text text;
	char *s;

	hg_over_print(hg_test_text_open(&text), t);
	s = hg_test_text_close(&text);
	ck_assert_str_eq(s,
		"# on-threshold: 1234 events past --break 1.000 us (gap, lat, miss), measured; "
		"the run went on (continue); shell ran for 2 of them, at most once a second, "
		"1232 not acted on\n"
		"# on-threshold: the worst 3 of 4 kept (at: ms from the start; --kernel: explain "
		"--at takes one apart)\n"
		"#    1  at 0.004000 ms  thread 1  CPU 3  gap 4.000 us\n"
		"#    2  at 0.001100 ms  thread 0  CPU 1  lat 2.500 us\n"
		"#    3  at 0.000000 ms  thread 0  CPU 0  miss 1.500 us\n");
	free(s);
	hg_over_free(t->over);
	t->over = NULL;
	hg_over_print(hg_test_text_open(&text), t);
	s = hg_test_text_close(&text);
	ck_assert_str_eq(s, "");
	free(s);
	hg_trace_free(t);
}
END_TEST

/* The JSON summary's over_threshold, only when there is one. */
START_TEST(test_json)
{
	struct hg_trace *t = over_trace();
	struct hg_test_text text;
	struct json_object *doc;
	char *s;

	ck_assert_int_eq(hg_json_summary(hg_test_text_open(&text), t), 0);
	s = hg_test_text_close(&text);
	doc = hg_test_json(s);
	free(s);
	ck_assert_uint_eq(hg_test_json_u64(doc, "over_threshold/count"), 1234);
	ck_assert_uint_eq(hg_test_json_u64(doc, "over_threshold/not_acted"), 1232);
	ck_assert_uint_eq(hg_test_json_len(doc, "over_threshold/worst"), 3);
	ck_assert_str_eq(hg_test_json_str(doc, "over_threshold/worst/0/kind"), "gap");
	ck_assert_uint_eq(hg_test_json_u64(doc, "over_threshold/worst/0/at_ns"), 4000);
	ck_assert_uint_eq(hg_test_json_u64(doc, "over_threshold/worst/1/value_ns"), 2500);
	ck_assert_str_eq(hg_test_json_str(doc, "over_threshold/actions/0"), "shell");
	json_object_put(doc);
	hg_over_free(t->over);
	t->over = NULL;
	ck_assert_int_eq(hg_json_summary(hg_test_text_open(&text), t), 0);
	s = hg_test_text_close(&text);
	doc = hg_test_json(s);
	free(s);
	ck_assert(!hg_test_json_has(doc, "over_threshold"));
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("over");
	TCase *tc = tcase_create("over");

	tcase_add_test(tc, test_round_trip);
	tcase_add_test(tc, test_none_version_3);
	tcase_add_loop_test(tc, test_damaged, 0, 8);
	tcase_add_test(tc, test_print);
	tcase_add_test(tc, test_json);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
