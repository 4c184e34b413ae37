// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_stable.c - analysis/stats/stable.h: the until-stable rule fed
 * synthetic streams of trial results, one trial at a time, as the
 * experiments feed it
 */
#include <math.h>
#include <stdlib.h>

#include "helpers.h"
#include "analysis/stats/stable.h"

/*
 * Feed @v one value at a time until the rule stops; returns the trials
 * run, the verdict in *@verdict and the last interval in *@ci.
 */
static size_t feed(const struct hg_stable_rule *r, const double *v, size_t n, int *verdict,
		   struct hg_ci *ci)
{
	size_t i;

	for (i = 1; i <= n; i++) {
		*verdict = hg_stable_check(r, v, i, i, ci);
		ck_assert_int_ge(*verdict, 0);
		if (*verdict != HG_STABLE_MORE)
			return i;
	}
	return n + 1;	/* the stream ran out first */
}

START_TEST(test_constant_stops_at_min)
{
	double v[40];
	struct hg_stable_rule r;
	struct hg_ci ci;
	int verdict, i;

	for (i = 0; i < 40; i++)
		v[i] = 2500;
	hg_stable_default(&r, 100);
	/*
	 * identical trials: the interval is a point, so the minimum decides:
	 * 6, the fewest trials whose median has a 95 % interval at all
	 */
	ck_assert_uint_eq(feed(&r, v, 40, &verdict, &ci), 6);
	ck_assert_int_eq(verdict, HG_STABLE_DONE);
	ck_assert_double_eq(ci.est, 2500);
	r.min_trials = 8;
	ck_assert_uint_eq(feed(&r, v, 40, &verdict, &ci), 8);
}
END_TEST

START_TEST(test_noisy_gives_up)
{
	double v[40];
	struct hg_stable_rule r;
	struct hg_ci ci;
	int verdict, i;

	/* 1000 and 3000 in turn: the median's interval spans both, 2000 wide */
	for (i = 0; i < 40; i++)
		v[i] = i % 2 ? 3000 : 1000;
	hg_stable_default(&r, 100);
	ck_assert_uint_eq(feed(&r, v, 40, &verdict, &ci), 30);
	ck_assert_int_eq(verdict, HG_STABLE_LIMIT);
	ck_assert(ci.hi - ci.lo > 2 * 100);
	r.max_trials = 12;
	ck_assert_uint_eq(feed(&r, v, 40, &verdict, &ci), 12);
	ck_assert_int_eq(verdict, HG_STABLE_LIMIT);
}
END_TEST

START_TEST(test_fixed_count)
{
	double v[10] = { 1, 1000, 5, 70, 3, 9, 2, 8, 4, 6 };
	struct hg_stable_rule r;
	struct hg_ci ci;
	int verdict;

	hg_stable_default(&r, 0);
	r.trials = 3;
	/* a fixed count ignores how wide the interval is */
	ck_assert_uint_eq(feed(&r, v, 10, &verdict, &ci), 3);
	ck_assert_int_eq(verdict, HG_STABLE_COUNT);
	ck_assert_double_eq(ci.est, 5);
}
END_TEST

/* --trials 1 whose one trial had no switch of the class: one trial, not two */
START_TEST(test_fixed_count_counts_runs)
{
	struct hg_stable_rule r;
	struct hg_ci ci;
	double v[2] = { 5.0, 6.0 };

	hg_stable_default(&r, 0);
	r.trials = 1;
	ck_assert_int_eq(hg_stable_check(&r, v, 0, 1, &ci), HG_STABLE_COUNT);
	r.trials = 3;
	ck_assert_int_eq(hg_stable_check(&r, v, 2, 2, &ci), HG_STABLE_MORE);
	ck_assert_int_eq(hg_stable_check(&r, v, 2, 3, &ci), HG_STABLE_COUNT);
	/* until stable: the most trials count those that ran too */
	hg_stable_default(&r, 0);
	ck_assert_int_eq(hg_stable_check(&r, v, 1, r.max_trials, &ci), HG_STABLE_LIMIT);
}
END_TEST

START_TEST(test_absolute_enough)
{
	/* around 50 ns, spread 60: far beyond 5 % but within the 100 ns allowed */
	double v[7] = { 20, 80, 50, 30, 70, 60, 40 };
	struct hg_stable_rule r;
	struct hg_ci ci;
	int verdict;

	hg_stable_default(&r, 100);
	ck_assert_uint_eq(feed(&r, v, 7, &verdict, &ci), 6);
	ck_assert_int_eq(verdict, HG_STABLE_DONE);
	hg_stable_default(&r, 1);	/* now only 5 % counts: 2.5 ns, not reached */
	ck_assert_uint_eq(feed(&r, v, 7, &verdict, &ci), 8);
}
END_TEST

START_TEST(test_settles)
{
	/* five scattered trials, then the machine quietens: 2000 +- 10 */
	double v[30] = { 1000, 4000, 2500, 6000, 1500 };
	struct hg_stable_rule r;
	struct hg_ci ci, prev;
	size_t n;
	int verdict, i;

	for (i = 5; i < 30; i++)
		v[i] = 2000 + (i % 3 - 1) * 10;
	hg_stable_default(&r, 100);
	n = feed(&r, v, 30, &verdict, &ci);
	ck_assert_int_eq(verdict, HG_STABLE_DONE);
	ck_assert(n > 5 && n < 30);
	/* it stopped because the rule held, and not one trial earlier */
	ck_assert((ci.hi - ci.lo) / 2 <= 0.05 * ci.est || (ci.hi - ci.lo) / 2 <= 100);
	ck_assert_int_eq(hg_stable_check(&r, v, n - 1, n - 1, &prev), HG_STABLE_MORE);
	ck_assert((prev.hi - prev.lo) / 2 > 0.05 * prev.est && (prev.hi - prev.lo) / 2 > 100);
}
END_TEST

START_TEST(test_names)
{
	ck_assert_str_eq(hg_stable_name(HG_STABLE_DONE), "stable");
	ck_assert_str_eq(hg_stable_name(HG_STABLE_COUNT), "fixed count");
	ck_assert_str_eq(hg_stable_name(HG_STABLE_LIMIT), "not stable at the limit");
	ck_assert_str_eq(hg_stable_name(HG_STABLE_INTERRUPTED), "interrupted");
}
END_TEST

static Suite *stable_suite(void)
{
	Suite *s = suite_create("stable");
	TCase *tc = tcase_create("rule");

	tcase_add_test(tc, test_constant_stops_at_min);
	tcase_add_test(tc, test_noisy_gives_up);
	tcase_add_test(tc, test_fixed_count);
	tcase_add_test(tc, test_fixed_count_counts_runs);
	tcase_add_test(tc, test_absolute_enough);
	tcase_add_test(tc, test_settles);
	tcase_add_test(tc, test_names);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(stable_suite());
}
