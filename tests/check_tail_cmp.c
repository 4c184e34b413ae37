// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_tail_cmp.c - two tails compared, as diff does: the value exceeded
 * once in 1e6 samples of sorted samples, the likelihood-ratio test of one
 * tail against two, and diff's tail1e-6 row
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "tailgen.h"
#include "analysis/compare/diff.h"
#include "analysis/compare/diffdata.h"
#include "analysis/stats/tailcmp.h"

#define N 20000

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* @n exponential samples of mean 3 us (in us) times @scale, sorted; free() them. */
static double *sorted(size_t n, uint64_t seed, double scale)
{
	double *x = malloc(n * sizeof(*x));
	size_t i;

	ck_assert_ptr_nonnull(x);
	tailgen_fill(&tailgens[1], seed, x, n);
	for (i = 0; i < n; i++)
		x[i] *= scale / 1e3;
	qsort(x, n, sizeof(*x), cmp_double);
	return x;
}

/*
 * The level of 1e-6 per sample: hourglass tail's on the same samples, and
 * near the truth, 3 ln(1e6) us; too few: refused.
 */
START_TEST(test_level_sorted)
{
	double *x = sorted(N, 21, 1), level;
	struct hg_tail_opts o = tailgen_opts(NULL, 0);
	struct hg_tail t;

	ck_assert_int_eq(hg_tail_level_sorted(x, N, 1e-6, &level), 0);
	o.ordered = false;
	o.boot = 0;
	ck_assert_int_eq(hg_tail_analyse(x, N, &o, &t), 0);
	ck_assert_double_eq(t.rl[0].p, 1e-6);
	ck_assert_double_eq_tol(level / t.rl[0].x, 1, 1e-3);
	ck_assert_double_eq_tol(level, 3 * log(1e6), 0.5 * 3 * log(1e6));
	ck_assert_int_eq(hg_tail_level_sorted(x, 400, 1e-6, &level), -EINVAL);
	ck_assert_int_eq(hg_tail_level_sorted(x, N, 0.5, &level), -EINVAL);	/* below u */
	free(x);
}
END_TEST

/* One tail: the test does not reject it; a tail 1.3 times longer: it does. */
START_TEST(test_same)
{
	double *a = sorted(N, 22, 1), *b = sorted(N, 23, 1), *c = sorted(N, 24, 1.3), p;
	int df;

	p = hg_tail_same(a, N, b, N, &df);
	ck_assert_int_eq(df, 3);
	ck_assert_double_gt(p, 0.01);
	p = hg_tail_same(a, N, c, N, &df);
	ck_assert_double_lt(p, 1e-4);
	ck_assert(isnan(hg_tail_same(a, 20, b, 20, &df)));
	free(a);
	free(b);
	free(c);
}
END_TEST

/* diff: a row per distribution of 500 samples or more, tested by gpd-lr. */
START_TEST(test_diff_row)
{
	struct hg_diff_trial a = { 0 }, b = { 0 };
	const struct hg_diff_row *x = NULL;
	struct hg_diff_row *rows;
	size_t n, i;

	ck_assert_int_eq(hg_diff_add_dist(&a, "thread0.latency", sorted(N, 25, 1), N), 0);
	ck_assert_int_eq(hg_diff_add_dist(&b, "thread0.latency", sorted(N, 26, 1.5), N), 0);
	ck_assert_int_eq(hg_diff_add_dist(&a, "thread1.latency", sorted(300, 27, 1), 300), 0);
	ck_assert_int_eq(hg_diff_add_dist(&b, "thread1.latency", sorted(300, 28, 1), 300), 0);
	ck_assert_ptr_null(hg_diff_find(&a, "thread1.latency.tail1e-6"));	/* too few */
	ck_assert_int_eq(hg_diff_compare(&a, 1, &b, 1, &rows, &n), 0);
	for (i = 0; i < n; i++)
		if (!strcmp(rows[i].name, "thread0.latency.tail1e-6"))
			x = &rows[i];
	ck_assert_ptr_nonnull(x);
	ck_assert_str_eq(x->test, "gpd-lr");
	ck_assert_double_gt(x->b, x->a);
	ck_assert_str_eq(hg_diff_verdict(x), "B higher");
	ck_assert(isnan(x->lo));
	free(rows);
	hg_diff_trial_free(&a);
	hg_diff_trial_free(&b);
}
END_TEST

static Suite *tail_cmp_suite(void)
{
	Suite *s = suite_create("tail_cmp");
	TCase *tc = tcase_create("cmp");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_level_sorted);
	tcase_add_test(tc, test_same);
	tcase_add_test(tc, test_diff_row);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(tail_cmp_suite());
}
