// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kthrot.c - analysis/kernel/kthrot.c and report/kthrot.c: throttled
 * gaps gathered in stretches per CPU and weighed against what the limit
 * implies (the sysctls, or the fair server's settings where the run read
 * them), the line and the JSON; the fix by the kernel's release; and a
 * capture of a real run, a FIFO CPU hog stopped twice (1 cycle = 1 ns in
 * the synthetic traces)
 */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/kernel/kexplain.h"
#include "analysis/kernel/kthrot.h"
#include "report/kadvice.h"
#include "report/kthrot.h"
#include "util/timeval.h"

#define MS 1000000ULL

/* A trace of one thread and no records, with the snapshot @kv (key, value, ..., NULL). */
static struct hg_trace *snapshot(const char *const *kv)
{
	struct hg_trace *t = hg_test_trace(1, NULL, (const size_t[]){ 0 });

	ck_assert_ptr_nonnull(t);
	for (; kv && *kv; kv += 2)
		ck_assert_int_eq(hg_trace_add_sys(t, kv[0], kv[1]), 0);
	return t;
}

static const char *const sysctls[] = {
	"rt_runtime_us", "950000", "rt_period_us", "1000000", NULL,
};

/*
 * After the run's first second (its first period): CPU 1: two threads
 * stopped in the same period, 48 ms (40 + 8) and 49 ms: one stretch of
 * 49 ms; a second stretch a period later, 50 ms. CPU 0: one stretch of
 * 10 ms.
 */
static void add_gaps(struct hg_kthrot *k)
{
	ck_assert_int_eq(hg_kthrot_add(k, 1, 0, 2950 * MS, 50 * MS), 0);
	ck_assert_int_eq(hg_kthrot_add(k, 1, 0, 1992 * MS, 8 * MS), 0);
	ck_assert_int_eq(hg_kthrot_add(k, 1, 1, 1950 * MS, 49 * MS), 0);
	ck_assert_int_eq(hg_kthrot_add(k, 1, 0, 1950 * MS, 40 * MS), 0);
	ck_assert_int_eq(hg_kthrot_add(k, 0, 0, 1100 * MS, 10 * MS), 0);
}

START_TEST(test_stretches)
{
	struct hg_trace *t = snapshot(sysctls);
	struct hg_kthrot k = { 0 };
	const struct hg_kthrot_cpu *c;

	add_gaps(&k);
	ck_assert_int_eq(hg_kthrot_done(&k, t), 0);
	ck_assert_uint_eq(k.ncpus, 2);
	c = &k.cpus[0];
	ck_assert_uint_eq(c->cpu, 0);
	ck_assert_uint_eq(c->stretches, 1);
	ck_assert_uint_eq(c->cycles, 10 * MS);
	ck_assert_int_eq(c->from, HG_KTHROT_SYSCTLS);
	ck_assert_uint_eq(hg_kthrot_implied(c), 50 * MS);
	/* 10 of 50 ms: -80 % */
	ck_assert_double_eq_tol(hg_kthrot_deviation(c), -0.8, 1e-9);
	ck_assert_int_eq(hg_kthrot_agrees(c), 0);
	/* short of it, no stretch over the reservation: the others took less */
	ck_assert_int_eq(hg_kthrot_within(c), 1);
	c = &k.cpus[1];
	ck_assert_uint_eq(c->cpu, 1);
	ck_assert_uint_eq(c->stretches, 2);
	/* max(40 + 8, 49) + 50: the two threads stopped together count once */
	ck_assert_uint_eq(c->cycles, 99 * MS);
	ck_assert_uint_eq(c->max_cycles, 50 * MS);
	ck_assert_uint_eq(c->reserve_cycles, 50 * MS);
	ck_assert_uint_eq(c->period_cycles, 1000 * MS);
	ck_assert_uint_eq(hg_kthrot_implied(c), 100 * MS);
	ck_assert_double_eq_tol(hg_kthrot_deviation(c), -0.01, 1e-9);
	ck_assert_int_eq(hg_kthrot_agrees(c), 1);
	ck_assert_int_eq(hg_kthrot_within(c), 0);
	hg_kthrot_free(&k);
	ck_assert_uint_eq(k.ncpus, 0);
	hg_trace_free(t);
}
END_TEST

/* No throttled gap: no CPU, and nothing sorted (an empty array is NULL). */
START_TEST(test_none)
{
	struct hg_trace *t = snapshot(sysctls);
	struct hg_kthrot k = { 0 };

	ck_assert_int_eq(hg_kthrot_done(&k, t), 0);
	ck_assert_uint_eq(k.ncpus, 0);
	hg_kthrot_free(&k);
	hg_trace_free(t);
}
END_TEST

/*
 * Stops a little less than a period apart (951 and 1927 ms, as a real run
 * gave them) are two stretches, not one. The first, 24 ms, is the run's
 * first period's: the other classes had spent part of that period's
 * reservation before the run (on Linux 6.18 the fair server is charged
 * for their time), so it is measured but not weighed: the two after it,
 * 96 ms, against the 100 ms the limit implies for them (weighing all three
 * against 150 ms said -19 %, "does not agree", of a throttled hog).
 */
START_TEST(test_apart)
{
	struct hg_trace *t = snapshot(sysctls);
	struct hg_kexplain x = { 0 };
	const struct hg_kthrot_cpu *c;
	struct hg_test_text out;
	char *s;
	FILE *f;

	ck_assert_int_eq(hg_kthrot_add(&x.thr, 1, 0, 951 * MS, 24 * MS), 0);
	ck_assert_int_eq(hg_kthrot_add(&x.thr, 1, 0, 1927 * MS, 48 * MS), 0);
	ck_assert_int_eq(hg_kthrot_add(&x.thr, 1, 0, 2927 * MS, 48 * MS), 0);
	ck_assert_int_eq(hg_kthrot_done(&x.thr, t), 0);
	c = &x.thr.cpus[0];
	ck_assert_uint_eq(c->stretches, 3);
	ck_assert_uint_eq(c->max_cycles, 48 * MS);
	ck_assert_uint_eq(c->first, 1);
	ck_assert_uint_eq(c->first_cycles, 24 * MS);
	ck_assert_uint_eq(hg_kthrot_implied(c), 100 * MS);
	ck_assert_double_eq_tol(hg_kthrot_deviation(c), -0.04, 1e-9);
	ck_assert_int_eq(hg_kthrot_agrees(c), 1);
	f = hg_test_text_open(&out);
	hg_print_kthrot(f, t, &x);
	s = hg_test_text_close(&out);
	ck_assert_msg(strstr(s, "# rt-throttling: CPU 1 throttled 3 x 40.000 ms = 120.000 ms, of "
			     "which 1 in the run's first period (24.000 ms: not weighed, the other "
			     "classes may have spent part of its reservation before the run), the "
			     "sysctls imply 100.000 ms for the others: agrees (measured -4.0 %; "), "%s", s);
	free(s);
	hg_kthrot_free(&x.thr);
	hg_trace_free(t);
}
END_TEST

/*
 * Stretches shorter than the reservation (33 and 26 ms of 50, as a hog on
 * a loaded guest gave them, the other classes' tasks moved to the other
 * CPU) are within the limit; one longer than it by more than a tenth is not.
 */
START_TEST(test_within)
{
	struct hg_trace *t = snapshot(sysctls);
	struct hg_kthrot k = { 0 };

	ck_assert_int_eq(hg_kthrot_add(&k, 1, 0, 1950 * MS, 33 * MS), 0);
	ck_assert_int_eq(hg_kthrot_add(&k, 1, 0, 2950 * MS, 26 * MS), 0);
	ck_assert_int_eq(hg_kthrot_add(&k, 0, 0, 1950 * MS, 40 * MS), 0);
	ck_assert_int_eq(hg_kthrot_add(&k, 0, 0, 2950 * MS, 56 * MS), 0);
	ck_assert_int_eq(hg_kthrot_done(&k, t), 0);
	ck_assert_int_eq(hg_kthrot_agrees(&k.cpus[1]), 0);
	ck_assert_int_eq(hg_kthrot_within(&k.cpus[1]), 1);
	/* 96 of 100 ms agrees, but the second stretch, 56 ms, is not within */
	ck_assert_int_eq(hg_kthrot_agrees(&k.cpus[0]), 1);
	ck_assert_int_eq(hg_kthrot_within(&k.cpus[0]), 0);
	hg_kthrot_free(&k);
	hg_trace_free(t);
}
END_TEST

/* A run of one period: its one stretch measured, nothing weighed. */
START_TEST(test_first_only)
{
	struct hg_trace *t = snapshot(sysctls);
	struct hg_kexplain x = { 0 };
	struct hg_test_text out;
	char *s;
	FILE *f;

	ck_assert_int_eq(hg_kthrot_add(&x.thr, 1, 0, 950 * MS, 50 * MS), 0);
	ck_assert_int_eq(hg_kthrot_done(&x.thr, t), 0);
	ck_assert_uint_eq(x.thr.cpus[0].first, 1);
	ck_assert_uint_eq(hg_kthrot_implied(&x.thr.cpus[0]), 0);
	ck_assert_int_eq(hg_kthrot_agrees(&x.thr.cpus[0]), 0);
	f = hg_test_text_open(&out);
	hg_print_kthrot(f, t, &x);
	s = hg_test_text_close(&out);
	ck_assert_msg(strstr(s, "# rt-throttling: CPU 1 throttled 1 x 50.000 ms = 50.000 ms, all in "
			     "the run's first period: not weighed against the limit (the other "
			     "classes may have spent part of its reservation before the run; a "
			     "longer run weighs the periods after it; sched_rt_runtime_us"), "%s", s);
	free(s);
	hg_kthrot_free(&x.thr);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_fair_server)
{
	static const char *const kv[] = {
		"rt_runtime_us", "950000", "rt_period_us", "1000000",
		"fair_server", "0:50000000:1000000000 1:40000000:500000000", NULL,
	};
	struct hg_trace *t = snapshot(kv);
	struct hg_kthrot k = { 0 };
	const struct hg_kthrot_cpu *c;

	add_gaps(&k);
	ck_assert_int_eq(hg_kthrot_done(&k, t), 0);
	/* CPU 1: 40 ms of each 500 ms: the gaps a period apart are now two stretches each */
	c = &k.cpus[1];
	ck_assert_int_eq(c->from, HG_KTHROT_FAIR_SERVER);
	ck_assert_uint_eq(c->reserve_cycles, 40 * MS);
	ck_assert_uint_eq(c->period_cycles, 500 * MS);
	ck_assert_uint_eq(c->stretches, 2);
	ck_assert_uint_eq(hg_kthrot_implied(c), 80 * MS);
	ck_assert_int_eq(hg_kthrot_agrees(c), 0);	/* 99 of 80: +23.75 % */
	ck_assert_double_eq_tol(hg_kthrot_deviation(c), 0.2375, 1e-9);
	ck_assert_int_eq(hg_kthrot_within(c), 0);	/* more than the limit implies */
	ck_assert_int_eq(k.cpus[0].from, HG_KTHROT_FAIR_SERVER);
	hg_kthrot_free(&k);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_no_limit)
{
	static const char *const kv[] = { "rt_runtime_us", "-1", "rt_period_us", "1000000", NULL };
	struct hg_trace *t = snapshot(kv);
	struct hg_kexplain x = { 0 };
	struct hg_test_text out;
	char *s;
	FILE *f;

	add_gaps(&x.thr);
	ck_assert_int_eq(hg_kthrot_done(&x.thr, t), 0);
	ck_assert_int_eq(x.thr.cpus[1].from, HG_KTHROT_NONE);
	ck_assert_uint_eq(hg_kthrot_implied(&x.thr.cpus[1]), 0);
	ck_assert_int_eq(hg_kthrot_agrees(&x.thr.cpus[1]), 0);
	/* without a limit, a second is the stretch's span */
	ck_assert_uint_eq(x.thr.cpus[1].stretches, 2);
	f = hg_test_text_open(&out);
	hg_print_kthrot(f, t, &x);
	s = hg_test_text_close(&out);
	ck_assert_str_eq(s, "# rt-throttling: CPU 0 throttled 1 x 10.000 ms = 10.000 ms, no limit "
			 "in the trace's snapshot to weigh it against\n"
			 "# rt-throttling: CPU 1 throttled 2 x 49.500 ms = 99.000 ms, no limit "
			 "in the trace's snapshot to weigh it against\n");
	free(s);
	hg_kthrot_free(&x.thr);
	hg_trace_free(t);
}
END_TEST

/* The line of CPU 1, by the kernel's release. */
static char *line_of(const char *release)
{
	const char *const kv[] = {
		"rt_runtime_us", "950000", "rt_period_us", "1000000", "kernel_release", release,
		NULL,
	};
	struct hg_trace *t = snapshot(release ? kv : sysctls);
	struct hg_kexplain x = { 0 };
	struct hg_test_text out;
	FILE *f;

	add_gaps(&x.thr);
	ck_assert_int_eq(hg_kthrot_done(&x.thr, t), 0);
	f = hg_test_text_open(&out);
	hg_print_kthrot(f, t, &x);
	hg_kthrot_free(&x.thr);
	hg_trace_free(t);
	return hg_test_text_close(&out);
}

START_TEST(test_line)
{
	char *old = line_of("6.1.0-18-amd64"), *now = line_of("6.18.44");

	ck_assert_msg(strstr(old, "# rt-throttling: CPU 1 throttled 2 x 49.500 ms = 99.000 ms, the "
			     "sysctls imply 100.000 ms: agrees (measured -1.0 %; sched_rt_runtime_us "
			     "950000 of sched_rt_period_us 1000000: 50.000 ms of each 1000.000 ms "
			     "kept for the other classes)\n"), "%s", old);
	ck_assert_msg(strstr(old, "# rt-throttling: CPU 0 throttled 1 x 10.000 ms = 10.000 ms, the "
			     "sysctls imply 50.000 ms: within the limit, no stretch longer than the "
			     "reservation (the other classes took less than they may: they had less "
			     "to run then) (measured -80.0 %;"), "%s", old);
	ck_assert_msg(strstr(now, "kept for the other classes; from Linux 6.12 the fair server "
			     "keeps them, by default as much, its own settings not readable at the "
			     "run)\n"), "%s", now);
	free(old);
	free(now);
}
END_TEST

/* The fix of an rt-throttling window on CPU 3, by the kernel's release. */
static void fix_of(const char *release, char *fix, size_t len)
{
	const char *const kv[] = { "kernel_release", release, NULL };
	struct hg_trace *t = snapshot(release ? kv : NULL);
	struct hg_kpart lead = { .kind = HG_KC_TASK, .pid = 0, .name = "swapper/3" };
	struct hg_kmech_view v = { .mech = HG_MECH_RT_THROTTLING, .lead = &lead, .count = 1,
				   .cycles = 50 * MS, .switched_out = 1, .cpu = 3, .from_cpu = 3 };
	struct hg_kdiag_ctx c;
	struct hg_kadvice a;

	hg_kdiag_ctx_init(t, &c);
	hg_kadvice_of(t, &c, &v, &a);
	ck_assert_str_eq(a.audit, "rt-throttling");
	snprintf(fix, len, "%s", a.fix);
	hg_trace_free(t);
}

START_TEST(test_fix_by_release)
{
	char fix[HG_KADVICE_LEN];

	fix_of("6.1.0-18-amd64", fix, sizeof(fix));
	ck_assert_str_eq(fix, "sysctl -w kernel.sched_rt_runtime_us=-1 (a runaway real-time task "
			 "then holds its CPU for good)");
	fix_of("6.12.0", fix, sizeof(fix));
	ck_assert_msg(!strncmp(fix, "echo 0 > /sys/kernel/debug/sched/fair_server/cpu3/runtime "
			       "(kernel 6.12.0: the fair server keeps the time;", 100), "%s", fix);
	fix_of("7.0", fix, sizeof(fix));
	ck_assert_msg(!strncmp(fix, "echo 0 > /sys/kernel/debug/sched/fair_server/cpu3/", 50),
		      "%s", fix);
	fix_of(NULL, fix, sizeof(fix));
	ck_assert_msg(!strncmp(fix, "sysctl -w kernel.sched_rt_runtime_us=-1, and where the fair "
			       "server is (Linux 6.12 and later): echo 0 >", 100), "%s", fix);
}
END_TEST

/*
 * A FIFO 50 CPU hog on CPU 1 of a 2-CPU KVM guest (kernel 6.18, the limit
 * 950 of 1000 ms), 2.2 s with --kernel: stopped twice, each time for about
 * the 50 ms the limit keeps for the other classes.
 */
START_TEST(test_capture)
{
	struct hg_trace *t = NULL;
	char err[256] = "";
	struct hg_kexplain x;
	const struct hg_kthrot_cpu *c;

	ck_assert_msg(hg_trace_read("tests/fixtures/kthrottle.hgt", &t, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_int_eq(hg_kexplain(t, HG_KEXPLAIN_ALL, 0, &x), 0);
	ck_assert_uint_eq(x.thr.ncpus, 1);
	c = &x.thr.cpus[0];
	ck_assert_uint_eq(c->cpu, 1);
	ck_assert_uint_eq(c->stretches, 2);
	/* the first in the run's first period: one reservation of 50 ms weighed */
	ck_assert_uint_eq(c->first, 1);
	ck_assert_uint_eq(hg_kthrot_implied(c), hg_ns_to_cycles(50 * MS, t->calib.tsc_hz));
	ck_assert_int_eq(hg_kthrot_agrees(c), 1);
	/* the measured time is nearly the gaps rt-throttling led, within 10 % of 100 ms */
	ck_assert_uint_le(c->cycles, hg_ns_to_cycles(110 * MS, t->calib.tsc_hz));
	ck_assert_uint_ge(c->cycles, hg_ns_to_cycles(90 * MS, t->calib.tsc_hz));
	hg_kexplain_free(&x);
	hg_trace_free(t);
}
END_TEST

static Suite *kthrot_suite(void)
{
	Suite *s = suite_create("kthrot");
	TCase *tc = tcase_create("stretches");

	tcase_add_test(tc, test_stretches);
	tcase_add_test(tc, test_none);
	tcase_add_test(tc, test_apart);
	tcase_add_test(tc, test_first_only);
	tcase_add_test(tc, test_within);
	tcase_add_test(tc, test_fair_server);
	tcase_add_test(tc, test_no_limit);
	suite_add_tcase(s, tc);
	tc = tcase_create("report");
	tcase_add_test(tc, test_line);
	tcase_add_test(tc, test_fix_by_release);
	suite_add_tcase(s, tc);
	tc = tcase_create("capture");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_capture);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kthrot_suite());
}
