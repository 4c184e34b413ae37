// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_lab.c - report/labres.h, labrun.h, labdiff.h: the tests for test
 * labs as KTAP and JUnit XML, a run's threads and checks, diff's gate
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "helpers.h"
#include "report/labdiff.h"
#include "report/labres.h"
#include "report/labrun.h"
#include "trace/brk.h"

static struct hg_lab three(void)
{
	struct hg_lab l;

	hg_lab_init(&l, "run");
	ck_assert_int_eq(hg_lab_add(&l, HG_LAB_OK, "thread-%d", 0), 0);
	ck_assert_int_eq(hg_lab_diag(&l, "gaps us: max %d", 12), 0);
	ck_assert_int_eq(hg_lab_add(&l, HG_LAB_NOT_OK, "thread 0 misses/<all>"), 0);
	ck_assert_int_eq(hg_lab_diag(&l, "3 of 9 \"missed\"\033[2J & more"), 0);
	ck_assert_int_eq(hg_lab_diag(&l, "second line"), 0);
	ck_assert_int_eq(hg_lab_add(&l, HG_LAB_SKIP, "governor"), 0);
	ck_assert_int_eq(hg_lab_diag(&l, "no cpufreq"), 0);
	return l;
}

START_TEST(test_ktap)
{
	struct hg_lab l = three();
	struct hg_test_text o;
	char *s;

	ck_assert_int_eq(hg_lab_ktap(hg_test_text_open(&o), &l), 0);
	s = hg_test_text_close(&o);
	ck_assert_str_eq(s, "KTAP version 1\n# hourglass run\n1..3\n"
			 "# gaps us: max 12\nok 1 thread-0\n"
			 "# 3 of 9 \"missed\"?[2J & more\n# second line\n"
			 "not ok 2 thread_0_misses__all_\n"
			 "# no cpufreq\nok 3 governor # SKIP no cpufreq\n");
	ck_assert_uint_eq(hg_lab_failed(&l), 1);
	free(s);
	hg_lab_free(&l);
}
END_TEST

START_TEST(test_junit)
{
	struct hg_lab l = three();
	struct hg_test_text o;
	char *s;

	ck_assert_int_eq(hg_lab_junit(hg_test_text_open(&o), &l), 0);
	s = hg_test_text_close(&o);
	ck_assert_ptr_nonnull(strstr(s, "<testsuites name=\"hourglass\" tests=\"3\" failures=\"1\" "
				     "errors=\"0\" skipped=\"1\">\n  <testsuite name=\"hourglass run\" "
				     "tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\">\n"));
	ck_assert_ptr_nonnull(strstr(s, "<testcase classname=\"hourglass.run\" "
				     "name=\"thread-0\">\n      <system-out>gaps us: max 12\n"
				     "</system-out>\n    </testcase>"));
	ck_assert_ptr_nonnull(strstr(s, "<failure message=\"3 of 9 &quot;missed&quot;?[2J &amp; "
				     "more\"/>"));
	ck_assert_ptr_nonnull(strstr(s, "<skipped message=\"no cpufreq\"/>"));
	ck_assert_ptr_nonnull(strstr(s, "</testsuite>\n</testsuites>\n"));
	free(s);
	hg_lab_free(&l);
}
END_TEST

START_TEST(test_diag_needs_test)
{
	struct hg_lab l;

	hg_lab_init(&l, "audit");
	ck_assert_int_eq(hg_lab_diag(&l, "nothing"), -EINVAL);
	hg_lab_free(&l);
}
END_TEST

/* Thread 0 PERIODIC with 2 misses of 10; thread 1 LAT over 1 ms 3 times of 50. */
static struct hg_trace *run_trace(void)
{
	static const size_t none[2] = { 0, 0 };
	struct hg_trace *t = hg_test_trace(2, NULL, none);

	ck_assert_ptr_nonnull(t);
	t->threads[0].model = HG_MODEL_PERIODIC;
	t->threads[0].stats.misses = 2;
	t->threads[0].stats.hits = 8;
	t->threads[1].model = HG_MODEL_LAT;
	t->threads[1].stats.events.count = 50;
	t->nthresholds = 2;
	t->thresholds_ns[0] = 1000000;
	t->thresholds_ns[1] = 5000000;
	t->threads[1].stats.over[0] = 3;
	return t;
}

static char *ktap_of(const struct hg_trace *t, const struct hg_labrun_opts *o)
{
	struct hg_test_text out;
	struct hg_lab l;

	hg_lab_init(&l, "run");
	ck_assert_int_eq(hg_labrun(&l, t, o), 0);
	ck_assert_int_eq(hg_lab_ktap(hg_test_text_open(&out), &l), 0);
	hg_lab_free(&l);
	return hg_test_text_close(&out);
}

START_TEST(test_run_checks)
{
	const struct hg_labrun_opts plain = { 0 }, asked = { .break_ns = 20000000,
							      .thresholds_set = true };
	struct hg_trace *t = run_trace();
	char *s = ktap_of(t, &plain);

	/* without --lat-thresholds and --break: the threads and the misses */
	ck_assert_ptr_nonnull(strstr(s, "1..3\n"));
	ck_assert_ptr_nonnull(strstr(s, "ok 1 thread-0\n# 2 of 10 deadlines missed (measured)\n"
				     "not ok 2 thread-0-misses\n"));
	ck_assert_ptr_nonnull(strstr(s, "ok 3 thread-1\n"));
	free(s);
	s = ktap_of(t, &asked);
	ck_assert_ptr_nonnull(strstr(s, "1..6\n"));
	ck_assert_ptr_nonnull(strstr(s, "# 3 of 50 wake-ups later than 1ms (measured)\n"
				     "not ok 4 thread-1-later-than-1ms\n"));
	ck_assert_ptr_nonnull(strstr(s, "# 0 of 50 wake-ups later than 5ms (measured)\n"
				     "ok 5 thread-1-later-than-5ms\n"));
	ck_assert_ptr_nonnull(strstr(s, "# 0 events past 20ms (measured)\nok 6 break-20ms\n"));
	free(s);
	/* the break stopped it: thread 1 woke 25 ms late */
	t->flags |= HG_TRACE_BREAK;
	t->break_kind = HG_BREAK_LAT;
	t->break_thread = 1;
	t->break_value = 25000000;
	s = ktap_of(t, &asked);
	ck_assert_ptr_nonnull(strstr(s, "# thread 1: a late wake-up of 25000.000 us past the "
				     "threshold 20ms stopped the run (measured)\nnot ok 6 break-20ms\n"));
	free(s);
	/* a thread that failed */
	t->threads[1].error = -ENOMEM;
	s = ktap_of(t, &plain);
	ck_assert_ptr_nonnull(strstr(s, "# thread 1 failed during the run: Cannot allocate memory\n"));
	ck_assert_ptr_nonnull(strstr(s, "not ok 3 thread-1\n"));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_diff_gate)
{
	struct hg_diff_row r[2] = {
		{ .name = "thread0.gap.p99", .a = 10, .b = 20, .delta = 10, .lo = 8, .hi = 12,
		  .p_adj = 0.001, .test = "bootstrap", .sign = 1 },
		{ .name = "thread0.gap.median", .a = 5, .b = 5, .delta = 0, .lo = NAN, .hi = NAN,
		  .p_adj = NAN, .test = "none" },
	};
	struct hg_test_text out;
	struct hg_lab l;
	char *s;

	hg_lab_init(&l, "diff");
	ck_assert_int_eq(hg_labdiff(&l, r, 2, &r[0], true), 0);
	ck_assert_int_eq(hg_lab_ktap(hg_test_text_open(&out), &l), 0);
	s = hg_test_text_close(&out);
	ck_assert_ptr_nonnull(strstr(s, "# --fail-if-worse thread0.gap.p99: B worse than the "
				     "tolerance allows\n# A 10.000, B 20.000, B - A 10.000 (95 % CI "
				     "8.000 .. 12.000); bootstrap, adjusted p 0.0010: B higher\n"
				     "not ok 1 thread0.gap.p99\n"));
	ck_assert_ptr_nonnull(strstr(s, "(no interval); none, adjusted p -: "));
	ck_assert_ptr_nonnull(strstr(s, "ok 2 thread0.gap.median\n"));
	free(s);
	hg_lab_free(&l);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("lab");
	TCase *tc = tcase_create("formats");

	tcase_add_test(tc, test_ktap);
	tcase_add_test(tc, test_junit);
	tcase_add_test(tc, test_diag_needs_test);
	suite_add_tcase(s, tc);
	tc = tcase_create("tests");
	tcase_add_test(tc, test_run_checks);
	tcase_add_test(tc, test_diff_gate);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
