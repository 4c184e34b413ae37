// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_cachecost.c - analysis/gaps/cachecost.h: the penalty formulas worked
 * by hand, a trial's totals from a synthetic trace, and what a size's
 * pairs come to (no measurable penalty, outliers, drift)
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/gaps/cachecost.h"
#include "report/cacheout.h"
#include "svg/cachesvg.h"

/*
 * One thread alone: 1000 passes in 1 s of received CPU time, 1 s wall.
 * Ten threads: 900 passes in 0.9 s received (1 s wall), 100 switches.
 * r1 = 1000/s, rN = 1000/s: no penalty, whatever the wall clock says;
 * the paper's formula sees W1 = 1000, WN = 900 per second: (100 / 1000) *
 * (1 s / 100) = 1 ms per switch, all of it the time the switches took.
 */
START_TEST(test_penalty_received_vs_wall)
{
	struct hg_cache_trial one = { 1, 1000, 1.0, 0, 1.0 };
	struct hg_cache_trial many = { 10, 900, 0.9, 100, 1.0 };
	double c, paper;

	ck_assert_int_eq(hg_cache_penalty(&one, &many, &c, &paper), 0);
	ck_assert_double_eq_tol(c, 0, 1e-15);
	ck_assert_double_eq_tol(paper, 1e-3, 1e-12);
}
END_TEST

/*
 * r1 = 1000 passes / 1 s = 1000/s; rN = 800 passes / 0.9 s = 888.9/s;
 * (r1 - rN) / r1 = 1/9; received_N / switches_N = 0.9 s / 200 = 4.5 ms;
 * C = 0.5 ms. Paper: W1 = 1000/s, WN = 800/s over 1 s: 0.2 * (1 s / 200)
 * = 1 ms.
 */
START_TEST(test_penalty_worked)
{
	struct hg_cache_trial one = { 1, 1000, 1.0, 3, 1.0 };
	struct hg_cache_trial many = { 10, 800, 0.9, 200, 1.0 };
	double c, paper;

	ck_assert_int_eq(hg_cache_penalty(&one, &many, &c, &paper), 0);
	ck_assert_double_eq_tol(c, 0.5e-3, 1e-12);
	ck_assert_double_eq_tol(paper, 1e-3, 1e-12);
	/* trials of unequal wall length: passes per wall second compare */
	one.wall_s = 2.0;
	one.units = 2000;
	one.received_s = 2.0;
	ck_assert_int_eq(hg_cache_penalty(&one, &many, &c, &paper), 0);
	ck_assert_double_eq_tol(c, 0.5e-3, 1e-12);
	ck_assert_double_eq_tol(paper, 1e-3, 1e-12);
}
END_TEST

START_TEST(test_penalty_undefined)
{
	struct hg_cache_trial one = { 1, 1000, 1.0, 0, 1.0 };
	struct hg_cache_trial many = { 10, 800, 0.9, 0, 1.0 };
	double c, paper;

	ck_assert_int_eq(hg_cache_penalty(&one, &many, &c, &paper), -EDOM);	/* no switch */
	many.switches = 5;
	one.units = 0;
	ck_assert_int_eq(hg_cache_penalty(&one, &many, &c, &paper), -EDOM);	/* no pass */
	one.units = 10;
	one.received_s = 0;
	ck_assert_int_eq(hg_cache_penalty(&one, &many, &c, &paper), -EDOM);
}
END_TEST

/*
 * A pair whose penalty is @us microseconds, a whole number: r1 = 1000/s;
 * N threads receive 1000 s with 100000 switches (10 ms each), so
 * C = (1 - rN / 1000) * 10 ms and rN = 1000 * (1 - C / 10 ms), that is
 * 1e6 * (1 - us / 1e4) passes in the 1000 s.
 */
static void pair_of(double us, struct hg_cache_trial *one, struct hg_cache_trial *many)
{
	*one = (struct hg_cache_trial){ 1, 1000000, 1000.0, 0, 1000.0 };
	*many = (struct hg_cache_trial){ 10, 0, 1000.0, 100000, 1000.0 };
	many->units = (uint64_t)llround(1e6 * (1.0 - us / 1e4));
}

START_TEST(test_size_stats)
{
	static const double us[8] = { 10, 11, 9, 10, 12, 8, 10, 200 };
	struct hg_cache_trial one, many;
	struct hg_cache_size s;
	int i;

	ck_assert_int_eq(hg_cache_size_init(&s, 64, 8), 0);
	ck_assert_int_eq(hg_cache_size_finish(&s), -EINVAL);
	for (i = 0; i < 8; i++) {
		pair_of(us[i], &one, &many);
		ck_assert_int_eq(hg_cache_size_add(&s, &one, &many), 0);
		ck_assert_double_eq_tol(s.penalty_us[i], us[i], 1e-6);
	}
	ck_assert_int_eq(hg_cache_size_add(&s, &one, &many), -ENOSPC);
	ck_assert_int_eq(hg_cache_size_finish(&s), 0);
	/* sorted: 8 9 10 10 10 11 12 200: the median 10, the mean 33.75 */
	ck_assert_double_eq_tol(s.median_us.est, 10, 1e-6);
	ck_assert_double_eq_tol(s.mean_us.est, 33.75, 1e-6);
	ck_assert(!s.no_penalty);
	/* 200 is the one outlier: z = (200 - 33.75) / 66.2 = 2.5 */
	ck_assert_uint_eq(s.noutliers, 1);
	ck_assert(s.outlier[7]);
	ck_assert_double_eq_tol(s.passes_1, 1000, 1e-9);
	ck_assert_double_eq_tol(s.switches_per_s, 100, 1e-9);
	hg_cache_size_free(&s);
}
END_TEST

START_TEST(test_size_nothing_and_drift)
{
	static const double flat[6] = { -3, 2, -1, 1, 3, -2 };
	struct hg_cache_trial one, many;
	struct hg_cache_size s;
	int i;

	ck_assert_int_eq(hg_cache_size_init(&s, 4, 6), 0);
	for (i = 0; i < 6; i++) {
		pair_of(flat[i], &one, &many);
		ck_assert_int_eq(hg_cache_size_add(&s, &one, &many), 0);
	}
	ck_assert_int_eq(hg_cache_size_finish(&s), 0);
	ck_assert(s.no_penalty);
	ck_assert(!s.drifting);
	hg_cache_size_free(&s);

	/* 10, 20, ... 60: a penalty that climbs pair by pair */
	ck_assert_int_eq(hg_cache_size_init(&s, 4, 6), 0);
	for (i = 0; i < 6; i++) {
		pair_of(10.0 * (i + 1), &one, &many);
		ck_assert_int_eq(hg_cache_size_add(&s, &one, &many), 0);
	}
	ck_assert_int_eq(hg_cache_size_finish(&s), 0);
	ck_assert(s.drifting);
	ck_assert_double_eq_tol(s.drift.slope, 10, 1e-6);
	ck_assert(!s.no_penalty);
	hg_cache_size_free(&s);
}
END_TEST

/*
 * Thread 0 runs 0-100 and 120-200 (ns at 1 GHz), thread 1 101-118 between:
 * thread 0's gap is a switch to thread 1; thread 1 never runs again, so it
 * has no gap. One switch.
 */
START_TEST(test_trial_of)
{
	static const uint64_t a[][2] = { { 0, 100 }, { 120, 80 } };
	static const uint64_t b[][2] = { { 101, 17 } };
	const uint64_t (*const iv[])[2] = { a, b };
	const size_t n[] = { 2, 1 };
	struct hg_trace *t = hg_test_trace(2, iv, n);
	struct hg_cache_trial ct;

	ck_assert_ptr_nonnull(t);
	t->threads[0].stats.units = 7;
	t->threads[1].stats.units = 3;
	ck_assert_int_eq(hg_cache_trial_of(t, &ct), 0);
	ck_assert_uint_eq(ct.threads, 2);
	ck_assert_uint_eq(ct.units, 10);
	ck_assert_double_eq_tol(ct.received_s, 197e-9, 1e-15);
	ck_assert_uint_eq(ct.switches, 1);
	hg_trace_free(t);
}
END_TEST

/* How often @what is in @s. */
static unsigned int occurs(const char *s, const char *what)
{
	unsigned int n = 0;

	for (; (s = strstr(s, what)); s++)
		n++;
	return n;
}

/*
 * The picture says what the table says. Two pairs a size (as a busy
 * machine's --trials 2 gave): the table has no interval (6 pairs needed),
 * so no bar is drawn, nor "95 % interval" in the legend, and a bootstrap's
 * range of -250 .. 430 us stretches no axis. The paper's means, -2905 and
 * -3979 us, lie far below the medians (91.6, -13.5, -160.3 us): drawn at
 * the axis' edge with their values, they do not flatten it either. With
 * six pairs at 16 KB, its bar is drawn.
 */
START_TEST(test_picture)
{
	struct hg_cache_size s[3] = {
		{ .size_kb = 16, .pairs = 2, .median_us = { 91.599, -250, 430, 2, 0 },
		  .paper_mean_us = { -2905.16, 0, 0, 2, 0 }, .no_penalty = true },
		{ .size_kb = 256, .pairs = 2, .median_us = { -13.469, -20, -7, 2, 0 },
		  .paper_mean_us = { -3978.69, 0, 0, 2, 0 } },
		{ .size_kb = 4096, .pairs = 2, .median_us = { -160.276, -170, -150, 2, 0 },
		  .paper_mean_us = { -100, 0, 0, 2, 0 } },
	};
	struct hg_cache_run run = { .workload = "CPU_SCAN <size>", .threads = 10, .cpu = 1,
				    .duration_ns = 300000000, .rule = "2 asked for",
				    .command = "hourglass cachecost --trials 2" };
	struct hg_test_text text;
	char *d;

	ck_assert_int_eq(hg_cache_svg(hg_test_text_open(&text), &run, s, 3), 0);
	d = hg_test_text_close(&text);
	ck_assert_uint_eq(occurs(d, "<line class=\"ci\""), 0);
	ck_assert_ptr_null(strstr(d, "95 % interval"));
	ck_assert_ptr_nonnull(strstr(d, "no interval where the bootstrap of a median lacks its 6 "
				     "pairs"));
	ck_assert_uint_eq(occurs(d, "class=\"none\""), 0);	/* hollow: an interval's */
	/* the axis from the medians: its lowest tick -200, not -4000 or -250 */
	ck_assert_ptr_nonnull(strstr(d, ">-200</text>"));
	ck_assert_ptr_null(strstr(d, ">-4000</text>"));
	ck_assert_ptr_null(strstr(d, ">-300</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">-2905</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">-3979</text>"));
	ck_assert_uint_eq(occurs(d, "<path class=\"paper\""), 2);
	ck_assert_uint_eq(occurs(d, "<rect class=\"paper\""), 2);	/* -100, and the key */
	free(d);
	s[0].pairs = 6;
	s[0].median_us.n = 6;
	ck_assert_int_eq(hg_cache_svg(hg_test_text_open(&text), &run, s, 3), 0);
	d = hg_test_text_close(&text);
	ck_assert_uint_eq(occurs(d, "<line class=\"ci\""), 3);	/* a bar and its caps */
	ck_assert_uint_eq(occurs(d, "class=\"none\""), 1);
	free(d);
}
END_TEST

static Suite *cachecost_suite(void)
{
	Suite *s = suite_create("cachecost");
	TCase *tc = tcase_create("penalty");

	tcase_add_test(tc, test_penalty_received_vs_wall);
	tcase_add_test(tc, test_penalty_worked);
	tcase_add_test(tc, test_penalty_undefined);
	tcase_add_test(tc, test_size_stats);
	tcase_add_test(tc, test_size_nothing_and_drift);
	tcase_add_test(tc, test_trial_of);
	tcase_add_test(tc, test_picture);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(cachecost_suite());
}
