// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kevents.c - trace/kevents.c and the KEVENTS section of the trace
 * file (trace/ksection.c): names interned, records ordered, a section
 * written and read back field for field, each kind of damage refused with
 * a clear message, and the committed capture of a real run
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "trace/kevents.h"

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
	ck_assert_uint_eq(k->nnames, 2);
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
	ck_assert_uint_eq(d->nnames, k->nnames);
	ck_assert_uint_eq(d->ntp, k->ntp);
	ck_assert_uint_eq(d->start_cycles, 1000);
	ck_assert_int_eq(memcmp(d->ev, k->ev, k->n * sizeof(*k->ev)), 0);
	ck_assert_ptr_ne(d->ev, k->ev);
	for (i = 0; i < k->nnames; i++) {
		ck_assert_str_eq(d->names[i], k->names[i]);
		ck_assert_ptr_ne(d->names[i], k->names[i]);
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
	ck_assert_uint_eq(b->nnames, 2);
	ck_assert_str_eq(b->names[1], "kworker/0:1");
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

static Suite *kevents_suite(void)
{
	Suite *s = suite_create("kevents");
	TCase *tc = tcase_create("records");

	tcase_add_test(tc, test_intern_sort);
	tcase_add_test(tc, test_dup_trim);
	suite_add_tcase(s, tc);
	tc = tcase_create("file");
	tcase_add_test(tc, test_roundtrip);
	tcase_add_loop_test(tc, test_damage, 0, (int)(sizeof(damage) / sizeof(damage[0])));
	tcase_add_test(tc, test_out_of_place);
	tcase_add_test(tc, test_fixture);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kevents_suite());
}
