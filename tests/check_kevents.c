// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kevents.c - trace/kevents.c and the KEVENTS section of the trace
 * file (trace/ksection.c): names interned, records ordered, a section
 * written and read back field for field, each kind of damage refused with
 * a clear message, and the committed capture of a real run
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "trace/kevents.h"
#include "trace/tstream.h"
#include "trace/wire.h"

#define FIXTURE "tests/fixtures/kernel.hgt"
#define SEC_KEVENTS 7

/* A capture of two CPUs: a timer interrupt on 1, a task switch on 0. */
static struct hg_kevents *sample(void)
{
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct hg_kev e[] = {
		{ .cycles = 1500, .cpu = 1, .type = HG_KEV_VEC_ENTRY, .a = 236 },
		{ .cycles = 1200, .cpu = 0, .type = HG_KEV_SWITCH, .a = 7, .b = 100,
		  .flags = HG_KEV_PREV_RUNNABLE },
		{ .cycles = 1900, .cpu = 1, .type = HG_KEV_VEC_EXIT, .a = 236 },
		{ .cycles = 1100, .cpu = 0, .type = HG_KEV_LOST, .a = 3,
		  .name = HG_KEV_NO_NAME },
	};
	size_t i;

	ck_assert_ptr_nonnull(k);
	k->start_cycles = 1000;
	k->end_cycles = 5000;
	k->cpus = calloc(2, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->ncpus = 2;
	k->cpus[0] = (struct hg_kcpu){ .cpu = 0, .lost = 3, .begin_cycles = 1000, .end_cycles = 5000 };
	k->cpus[1] = (struct hg_kcpu){ .cpu = 1, .begin_cycles = 1000, .end_cycles = 4000 };
	e[0].name = e[2].name = hg_kevents_intern(k, "local_timer");
	e[1].name = hg_kevents_intern(k, "kworker/0:1");
	ck_assert_int_eq(hg_kevents_add_tp(k, "sched:sched_switch"), 0);
	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++)
		ck_assert_int_eq(hg_kevents_add(k, &e[i]), 0);
	hg_kevents_sort(k);
	return k;
}

START_TEST(test_intern_sort)
{
	struct hg_kevents *k = sample();
	char err[128];

	/* a name is kept once */
	ck_assert_uint_eq(hg_kevents_intern(k, "local_timer"), 0);
	ck_assert_uint_eq(hg_kevents_intern(k, "kworker/0:1"), 1);
	ck_assert_uint_eq(k->names.n, 2);
	ck_assert_str_eq(hg_kevents_name(k, 1), "kworker/0:1");
	ck_assert_str_eq(hg_kevents_name(k, HG_KEV_NO_NAME), "");
	/* by CPU, then by time: 0@1100 0@1200 1@1500 1@1900 */
	ck_assert_uint_eq(k->ev[0].cycles, 1100);
	ck_assert_uint_eq(k->ev[1].cycles, 1200);
	ck_assert_uint_eq(k->ev[2].cycles, 1500);
	ck_assert_uint_eq(k->ev[3].cycles, 1900);
	ck_assert_int_eq(hg_kevents_check(k, err, sizeof(err)), 0);
	ck_assert_uint_eq(hg_kevents_lost(k), 3);
	ck_assert_ptr_null(hg_kevents_cpu(k, 2));
	ck_assert_uint_eq(hg_kevents_cpu(k, 1)->end_cycles, 4000);
	ck_assert_str_eq(hg_kev_softirq_name(3), "NET_RX");
	ck_assert_str_eq(hg_kev_softirq_name(99), "?");
	ck_assert_str_eq(hg_kev_type_name(HG_KEV_SWITCH), "sched_switch");
	ck_assert_ptr_null(hg_kev_type_name(HG_KEV_NTYPES));
	hg_kevents_free(k);
}
END_TEST

/* A deep copy is equal and owns its memory; trimming keeps what is at or after the time. */
START_TEST(test_dup_trim)
{
	struct hg_kevents *k = sample(), *d = NULL;
	char err[128];
	uint32_t i;

	ck_assert_int_eq(hg_kevents_dup(k, &d), 0);
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_eq(d->n, k->n);
	ck_assert_uint_eq(d->ncpus, k->ncpus);
	ck_assert_uint_eq(d->names.n, k->names.n);
	ck_assert_uint_eq(d->ntp, k->ntp);
	ck_assert_uint_eq(d->start_cycles, 1000);
	ck_assert_int_eq(memcmp(d->ev, k->ev, k->n * sizeof(*k->ev)), 0);
	ck_assert_ptr_ne(d->ev, k->ev);
	for (i = 0; i < k->names.n; i++) {
		ck_assert_str_eq(hg_kevents_name(d, i), hg_kevents_name(k, i));
		ck_assert_ptr_ne(hg_kevents_name(d, i), hg_kevents_name(k, i));
	}
	ck_assert_str_eq(d->tp[0], "sched:sched_switch");
	hg_kevents_free(k);		/* the copy lives on */
	ck_assert_int_eq(hg_kevents_check(d, err, sizeof(err)), 0);
	/* a name added to the copy grows its own table */
	ck_assert_uint_eq(hg_kevents_intern(d, "ksoftirqd/1"), 2);
	hg_kevents_trim(d, 1500);
	ck_assert_uint_eq(d->n, 2);
	ck_assert_uint_eq(d->ev[0].cycles, 1500);
	ck_assert_uint_eq(d->ev[1].cycles, 1900);
	hg_kevents_trim(d, 9999);
	ck_assert_uint_eq(d->n, 0);
	hg_kevents_free(d);
}
END_TEST

static struct hg_trace *trace_with_events(void)
{
	static const uint64_t iv0[][2] = { { 1000, 400 }, { 2000, 1000 } };
	const uint64_t (*const iv[])[2] = { iv0 };
	const size_t n[] = { 2 };
	struct hg_trace *t = hg_test_trace(1, iv, n);

	ck_assert_ptr_nonnull(t);
	t->kev = sample();
	return t;
}

/* The trace's bytes, and where its KEVENTS payload starts. */
static uint8_t *encode(size_t *len, size_t *payload)
{
	struct hg_trace *t = trace_with_events();
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "k.hgt"), err[256];
	uint8_t *buf;
	size_t at = 16;

	ck_assert_msg(hg_trace_write(t, path, err, sizeof(err)) == 0, "write: %s", err);
	buf = (uint8_t *)hg_test_read_file(path, len);
	*payload = 0;
	while (at + 16 <= *len) {
		uint32_t type = buf[at] | buf[at + 1] << 8;
		uint64_t slen;

		memcpy(&slen, buf + at + 8, 8);
		if (type == SEC_KEVENTS)
			*payload = at + 16;
		at += 16 + slen;
	}
	ck_assert_uint_ne(*payload, 0);
	free(path);
	hg_test_drop_dir(dir);
	hg_trace_free(t);
	return buf;
}

START_TEST(test_roundtrip)
{
	struct hg_trace *t = trace_with_events(), *back = NULL;
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "k.hgt"), err[256] = "";
	const struct hg_kevents *a = t->kev, *b;
	uint64_t i;

	ck_assert_msg(hg_trace_write(t, path, err, sizeof(err)) == 0, "write: %s", err);
	ck_assert_msg(hg_trace_read(path, &back, err, sizeof(err)) == 0, "read: %s", err);
	b = back->kev;
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(back->version, HG_TRACE_VERSION);
	ck_assert_uint_eq(b->clock, a->clock);
	ck_assert_uint_eq(b->start_cycles, 1000);
	ck_assert_uint_eq(b->end_cycles, 5000);
	ck_assert_uint_eq(b->ncpus, 2);
	ck_assert_int_eq(memcmp(b->cpus, a->cpus, 2 * sizeof(*a->cpus)), 0);
	ck_assert_uint_eq(b->ntp, 1);
	ck_assert_str_eq(b->tp[0], "sched:sched_switch");
	ck_assert_uint_eq(b->names.n, 2);
	ck_assert_str_eq(hg_kevents_name(b, 1), "kworker/0:1");
	ck_assert_uint_eq(b->n, 4);
	for (i = 0; i < b->n; i++) {
		ck_assert_uint_eq(b->ev[i].cycles, a->ev[i].cycles);
		ck_assert_uint_eq(b->ev[i].cpu, a->ev[i].cpu);
		ck_assert_uint_eq(b->ev[i].type, a->ev[i].type);
		ck_assert_uint_eq(b->ev[i].flags, a->ev[i].flags);
		ck_assert_uint_eq(b->ev[i].a, a->ev[i].a);
		ck_assert_uint_eq(b->ev[i].b, a->ev[i].b);
		ck_assert_uint_eq(b->ev[i].name, a->ev[i].name);
	}
	/* the intervals are untouched by the section after them */
	ck_assert_uint_eq(back->threads[0].stored, 2);
	hg_trace_free(back);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * Damage at an offset from the start of the payload. The payload: clock 4,
 * start 8, end 8, ncpus 4 (at 20), 2 CPUs of 28 (24..80), ntp 4 (80), one
 * string of 4 + 18 (84..106), nnames 4 (106), "local_timer" 4 + 11
 * (110..125), "kworker/0:1" (125..140), n 8 (140), events of 24 from 148.
 */
static const struct {
	size_t at;
	uint8_t value;
	const char *why;
} damage[] = {
	{ 0, 9, "header" },		/* an unknown clock */
	{ 20, 0xff, "bad count" },	/* 255 CPUs in 24 bytes */
	{ 24 + 28, 0, "CPU 1" },	/* CPU 0 twice: not ascending */
	{ 106, 0x50, "bad count" },	/* 80 names */
	{ 110, HG_KEV_NAME_LEN, "bad count" },	/* a name of 64 bytes */
	{ 140, 5, "bad count" },	/* 5 events in 4 records' bytes */
	{ 148 + 10, 99, "event 0" },	/* an unknown type */
	{ 148 + 20, 7, "event 0" },	/* name 7 of 2 */
	{ 148 + 24 + 9, 1, "event 1" },	/* a CPU not captured (256) */
	{ 148 + 72, 1, "event 3" },	/* the last record goes back in time */
};

START_TEST(test_damage)
{
	struct hg_trace *t = NULL;
	size_t len, at;
	uint8_t *buf = encode(&len, &at);
	char err[256] = "";
	int ret;

	if (damage[_i].at == 148 + 72)	/* the whole time: cycle 1 */
		memset(buf + at + 148 + 72, 0, 8);
	buf[at + damage[_i].at] = damage[_i].value;
	ret = hg_trace_decode(buf, len, &t, err, sizeof(err));
	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_msg(strstr(err, "damaged kernel events section") && strstr(err, damage[_i].why),
		      "case %d: %s", _i, err);
	free(buf);
}
END_TEST

/* The same damage read by the stream, which counts the names without keeping them. */
START_TEST(test_damage_stream)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "d.hgt"), err[256] = "";
	const struct hg_trace *t = NULL;
	struct hg_tstream *ts = NULL;
	struct hg_recsrc src;
	size_t len, at;
	uint8_t *buf = encode(&len, &at);

	if (damage[_i].at == 148 + 72)
		memset(buf + at + 148 + 72, 0, 8);
	buf[at + damage[_i].at] = damage[_i].value;
	hg_test_write_file(path, buf, len);
	ck_assert_int_eq(hg_tstream_open(path, &ts, &t, &src, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "damaged kernel events section") && strstr(err, damage[_i].why),
		      "case %d: %s", _i, err);
	free(buf);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_out_of_place)
{
	struct hg_trace *t = NULL;
	size_t len, at;
	uint8_t *buf = encode(&len, &at);
	char err[256] = "";

	/* a version 2 file has none */
	buf[8] = 2;
	ck_assert_int_eq(hg_trace_decode(buf, len, &t, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "damaged run section"), "%s", err);
	free(buf);
}
END_TEST

START_TEST(test_fixture)
{
	struct hg_trace *t = NULL;
	char err[256] = "";
	uint64_t i, entries = 0;

	ck_assert_msg(hg_trace_read(FIXTURE, &t, err, sizeof(err)) == 0, "%s", err);
	ck_assert_ptr_nonnull(t->kev);
	ck_assert_uint_gt(t->kev->n, 0);
	ck_assert_uint_ge(t->kev->ntp, 3);
	for (i = 0; i < t->kev->n; i++)
		entries += t->kev->ev[i].type == HG_KEV_VEC_ENTRY;
	/* the local timer ticked on the measured CPU */
	ck_assert_uint_gt(entries, 0);
	hg_trace_free(t);
}
END_TEST

/* Nothing a terminal takes for a command: no C0 or C1 control, no DEL, valid UTF-8. */
static void assert_tame(const char *s)
{
	char copy[HG_KEV_NAME_LEN];

	ck_assert_uint_lt(strlen(s), sizeof(copy));
	memcpy(copy, s, strlen(s) + 1);
	hg_tame(copy);
	ck_assert_msg(!strcmp(copy, s) && !strchr(s, 0x1b) && !strchr(s, 0x07) &&
		      !strchr(s, 0x9b), "not tame: \"%s\"", s);
}

/* ESC ] (OSC), BEL, ESC [ (CSI), C1 CSI as a byte and in UTF-8, and text to keep. */
#define NASTY "\x1b]0;owned\x07\x1b[2J\x9b" "2J\xc2\x9b" "2J \xc3\xa9"
#define NASTY_TAMED "?]0;owned??[2J?2J??2J \xc3\xa9"

/* Every name is tamed as it is interned, from whatever source. */
START_TEST(test_intern_tames)
{
	struct hg_kevents *k = calloc(1, sizeof(*k));
	uint32_t a, b;

	ck_assert_ptr_nonnull(k);
	a = hg_kevents_intern(k, NASTY);
	ck_assert_str_eq(hg_kevents_name(k, a), NASTY_TAMED);
	assert_tame(hg_kevents_name(k, a));
	/* the raw name and its tamed form are one name */
	b = hg_kevents_intern(k, NASTY_TAMED);
	ck_assert_uint_eq(a, b);
	ck_assert_uint_eq(hg_kevents_intern(k, NULL), 1);
	ck_assert_str_eq(hg_kevents_name(k, 1), "");
	ck_assert_int_eq(hg_kevents_add_tp(k, "irq_vectors:\x1b[2J_entry"), 0);
	ck_assert_str_eq(k->tp[0], "irq_vectors:?[2J_entry");
	hg_kevents_free(k);
}
END_TEST

/*
 * Many distinct names: each its own index in order, the same index for
 * the same name again, whether the table was interned or read from a file.
 */
START_TEST(test_intern_many)
{
	struct hg_kevents *k = calloc(1, sizeof(*k));
	enum { N = 200000 };
	char name[32];
	uint32_t i;

	ck_assert_ptr_nonnull(k);
	for (i = 0; i < N; i++) {
		snprintf(name, sizeof(name), "irq/%u-dev", i);
		ck_assert_uint_eq(hg_kevents_intern(k, name), i);
	}
	ck_assert_uint_eq(k->names.n, N);
	for (i = N; i-- > 0;) {
		snprintf(name, sizeof(name), "irq/%u-dev", i);
		ck_assert_uint_eq(hg_kevents_intern(k, name), i);
		ck_assert_str_eq(hg_kevents_name(k, i), name);
	}
	ck_assert_uint_eq(k->names.n, N);
	ck_assert_str_eq(hg_kevents_name(k, N), "");
	hg_kevents_free(k);
}
END_TEST

/* A table read from a file (twins kept) takes lookups after it. */
START_TEST(test_append_then_intern)
{
	struct hg_knames t = { 0 };

	ck_assert_uint_eq(hg_knames_append(&t, "a", 1), 0);
	ck_assert_uint_eq(hg_knames_append(&t, "b\0hidden", 8), 1);
	ck_assert_uint_eq(hg_knames_append(&t, "a", 1), 2);
	ck_assert_uint_eq(hg_knames_append(&t, "\x1b[2J", 4), 3);
	ck_assert_str_eq(hg_knames_get(&t, 1), "b");
	ck_assert_str_eq(hg_knames_get(&t, 3), "?[2J");
	ck_assert_uint_eq(hg_knames_intern(&t, "b"), 1);
	ck_assert_uint_lt(hg_knames_intern(&t, "a"), 3);
	ck_assert_uint_eq(hg_knames_intern(&t, "\x1b[2J"), 3);
	ck_assert_uint_eq(hg_knames_intern(&t, "c"), 4);
	ck_assert_uint_eq(hg_knames_append(&t, "c", 1), 5);
	ck_assert_uint_eq(hg_knames_intern(&t, "d"), 6);
	ck_assert_uint_eq(t.n, 7);
	hg_knames_release(&t);
	ck_assert_uint_eq(t.n, 0);
	ck_assert_str_eq(hg_knames_get(&t, 0), "");
}
END_TEST

/*
 * The arena's limits: a name of HG_KEV_NAME_LEN - 1 bytes at most, cut
 * where a character starts; as many names as the table allows (fewer
 * here than HG_KEV_MAX_NAMES); a name takes its bytes and a NUL, no more.
 */
START_TEST(test_limits)
{
	struct hg_knames t = { .max = 4 };
	char lng[200], want[HG_KEV_NAME_LEN];

	memset(lng, 'x', sizeof(lng) - 1);
	lng[sizeof(lng) - 1] = '\0';
	ck_assert_uint_eq(hg_knames_intern(&t, lng), 0);
	ck_assert_uint_eq(strlen(hg_knames_get(&t, 0)), HG_KEV_NAME_LEN - 1);
	/* the same name cut the same way is the same name */
	ck_assert_uint_eq(hg_knames_intern(&t, lng), 0);
	/* 62 bytes and an 'é' across the cut: the 'é' goes whole */
	memcpy(lng + HG_KEV_NAME_LEN - 2, "\xc3\xa9", 2);
	memcpy(want, lng, HG_KEV_NAME_LEN - 2);
	want[HG_KEV_NAME_LEN - 2] = '\0';
	ck_assert_uint_eq(hg_knames_intern(&t, lng), 1);
	ck_assert_str_eq(hg_knames_get(&t, 1), want);
	ck_assert_uint_eq(hg_knames_append(&t, lng, sizeof(lng) - 1), 2);
	ck_assert_str_eq(hg_knames_get(&t, 2), want);
	ck_assert_uint_eq(hg_knames_intern(&t, ""), 3);
	ck_assert_uint_eq(t.len, 64 + 63 + 63 + 1);
	/* full: no fifth name, the four still found */
	ck_assert_uint_eq(hg_knames_intern(&t, "fifth"), HG_KEV_NO_NAME);
	ck_assert_uint_eq(hg_knames_append(&t, "fifth", 5), HG_KEV_NO_NAME);
	ck_assert_uint_eq(hg_knames_intern(&t, ""), 3);
	ck_assert_uint_eq(t.n, 4);
	/* skipped names: counted, each "", none added */
	hg_knames_skip(&t, 9);
	ck_assert_uint_eq(t.n, 9);
	ck_assert_ptr_null(t.bytes);
	ck_assert_str_eq(hg_knames_get(&t, 8), "");
	ck_assert_uint_eq(hg_knames_intern(&t, "x"), HG_KEV_NO_NAME);
	hg_knames_release(&t);
	ck_assert_uint_eq(t.max, 4);
}
END_TEST

/* A trace file's names come out tamed, whatever bytes the file holds. */
START_TEST(test_file_tames)
{
	static const char raw[11] = "\x1b[2J\x07\x9b\xc2\x9b" "abc";	/* as long as "local_timer" */
	struct hg_trace *t = NULL;
	struct hg_crc32 crc;
	size_t len, at;
	uint8_t *buf = encode(&len, &at);
	char err[256] = "";
	uint32_t sum;

	memcpy(buf + at + 114, raw, sizeof(raw));
	hg_crc32_init(&crc);
	sum = hg_crc32_update(&crc, 0, buf, len - 20);	/* up to the END section */
	memcpy(buf + len - 4, &sum, 4);
	ck_assert_msg(hg_trace_decode(buf, len, &t, err, sizeof(err)) == 0, "%s", err);
	ck_assert_str_eq(hg_kevents_name(t->kev, 0), "?[2J????abc");
	hg_trace_free(t);
	free(buf);
}
END_TEST

/*
 * The stream (ctx) walks over the names and keeps none: counted, their
 * lengths checked; the whole reader keeps them.
 */
START_TEST(test_stream_skips_names)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "k.hgt"), err[256] = "";
	struct hg_trace *t = trace_with_events(), *back = NULL;
	const struct hg_trace *st = NULL;
	struct hg_tstream *ts = NULL;
	struct hg_recsrc src;

	ck_assert_msg(hg_trace_write(t, path, err, sizeof(err)) == 0, "write: %s", err);
	ck_assert_msg(hg_tstream_open(path, &ts, &st, &src, err, sizeof(err)) == 0, "%s", err);
	ck_assert_ptr_nonnull(st->kev);
	ck_assert(st->kev->names.skipped);
	ck_assert_uint_eq(st->kev->names.n, 2);
	ck_assert_ptr_null(st->kev->names.bytes);
	ck_assert_ptr_null(st->kev->names.at);
	ck_assert_str_eq(hg_kevents_name(st->kev, 1), "");
	ck_assert_uint_eq(st->kev->n, 4);
	ck_assert_int_eq(hg_tstream_verify(ts, err, sizeof(err)), 0);
	hg_tstream_close(ts);
	ck_assert_msg(hg_trace_read(path, &back, err, sizeof(err)) == 0, "%s", err);
	ck_assert(!back->kev->names.skipped);
	ck_assert_str_eq(hg_kevents_name(back->kev, 1), "kworker/0:1");
	hg_trace_free(back);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *kevents_suite(void)
{
	Suite *s = suite_create("kevents");
	TCase *tc = tcase_create("records");

	tcase_add_test(tc, test_intern_sort);
	tcase_add_test(tc, test_dup_trim);
	suite_add_tcase(s, tc);
	tc = tcase_create("names");
	tcase_set_timeout(tc, 60);	/* 200,000 names, slower under sanitizers */
	tcase_add_test(tc, test_intern_tames);
	tcase_add_test(tc, test_intern_many);
	tcase_add_test(tc, test_append_then_intern);
	tcase_add_test(tc, test_limits);
	tcase_add_test(tc, test_file_tames);
	tcase_add_test(tc, test_stream_skips_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("file");
	tcase_add_test(tc, test_roundtrip);
	tcase_add_loop_test(tc, test_damage, 0, (int)(sizeof(damage) / sizeof(damage[0])));
	tcase_add_loop_test(tc, test_damage_stream, 0, (int)(sizeof(damage) / sizeof(damage[0])));
	tcase_add_test(tc, test_out_of_place);
	tcase_add_test(tc, test_fixture);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kevents_suite());
}
