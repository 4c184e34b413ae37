// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_stats.c - analysis/stats/stats.h: the radix sort against qsort, nearest-rank
 * percentiles against hand-computed values, the statistics of small and
 * large sets, sum saturation; the inference against published reference
 * values: Student-t quantiles from a printed table, Welch's test and
 * Mann-Whitney from R's documented examples, Fisher's tea tasting
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/stats/padjust.h"
#include "analysis/stats/stats.h"
#include "analysis/stats/vcount.h"

/* A reproducible stream of 64-bit values (LCG, high bits first). */
static uint64_t lcg(uint64_t *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return *state ^ (*state >> 29);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Sort a copy of @v with qsort and @v with hg_sort_u64; they must agree. */
static void assert_sorts(uint64_t *v, size_t n)
{
	uint64_t *want = malloc((n ? n : 1) * sizeof(*want));
	size_t i;

	ck_assert_ptr_nonnull(want);
	memcpy(want, v, n * sizeof(*v));
	qsort(want, n, sizeof(*want), cmp_u64);
	ck_assert_int_eq(hg_sort_u64(v, n), 0);
	for (i = 0; i < n; i++)
		ck_assert_msg(v[i] == want[i], "n %zu: v[%zu] = %llu, want %llu", n, i,
			      (unsigned long long)v[i], (unsigned long long)want[i]);
	free(want);
}

static uint64_t *array(size_t n)
{
	uint64_t *v = malloc((n ? n : 1) * sizeof(*v));

	ck_assert_ptr_nonnull(v);
	return v;
}

/* ------------------------------------------------------------------- sort */

static const size_t random_sizes[] = { 2, 3, 7, 255, 256, 257, 1000, 4096, 100000 };

START_TEST(test_sort_random)
{
	size_t n = random_sizes[_i], i;
	uint64_t *v = array(n), state = n;

	for (i = 0; i < n; i++)
		v[i] = lcg(&state);
	assert_sorts(v, n);
	free(v);
}
END_TEST

/* Value shapes that skip passes or stress one byte. */
static uint64_t shape_small(uint64_t r, size_t i) { (void)i; return r & 0xff; }
static uint64_t shape_high(uint64_t r, size_t i) { (void)i; return r & 0xff00000000000000ULL; }
static uint64_t shape_ends(uint64_t r, size_t i) { (void)i; return r & 0xff000000000000ffULL; }
static uint64_t shape_middle(uint64_t r, size_t i) { (void)i; return r & 0x0000ffff00000000ULL; }
static uint64_t shape_dups(uint64_t r, size_t i) { (void)i; return (r % 5) * 1000003; }
static uint64_t shape_equal(uint64_t r, size_t i) { (void)r; (void)i; return 42; }
static uint64_t shape_zero(uint64_t r, size_t i) { (void)r; (void)i; return 0; }
static uint64_t shape_sorted(uint64_t r, size_t i) { (void)r; return i * 257; }
static uint64_t shape_reverse(uint64_t r, size_t i) { (void)r; return UINT64_MAX - i * 65537; }
static uint64_t shape_extremes(uint64_t r, size_t i) { (void)i; return r & 1 ? UINT64_MAX : 0; }

static uint64_t (*const shapes[])(uint64_t, size_t) = {
	shape_small, shape_high, shape_ends, shape_middle, shape_dups,
	shape_equal, shape_zero, shape_sorted, shape_reverse, shape_extremes,
};

START_TEST(test_sort_shapes)
{
	static const size_t sizes[] = { 2, 3, 100, 5000 };
	size_t s, i;

	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		size_t n = sizes[s];
		uint64_t *v = array(n), state = 7 + n;

		for (i = 0; i < n; i++)
			v[i] = shapes[_i](lcg(&state), i);
		assert_sorts(v, n);
		free(v);
	}
}
END_TEST

START_TEST(test_sort_tiny)
{
	uint64_t one[] = { 9 }, two[] = { 5, 3 }, two_sorted[] = { 3, 5 };
	uint64_t high[] = { 1ULL << 63, 1 };

	ck_assert_int_eq(hg_sort_u64(NULL, 0), 0);
	ck_assert_int_eq(hg_sort_u64(one, 1), 0);
	ck_assert_uint_eq(one[0], 9);
	ck_assert_int_eq(hg_sort_u64(two, 2), 0);
	ck_assert_uint_eq(two[0], 3);
	ck_assert_uint_eq(two[1], 5);
	ck_assert_int_eq(hg_sort_u64(two_sorted, 2), 0);
	ck_assert_uint_eq(two_sorted[0], 3);
	ck_assert_uint_eq(two_sorted[1], 5);
	ck_assert_int_eq(hg_sort_u64(high, 2), 0);
	ck_assert_uint_eq(high[0], 1);
	ck_assert_uint_eq(high[1], 1ULL << 63);
}
END_TEST

/* ------------------------------------------------------------ percentiles */

/* A set of 1..n (sorted), or of 10, 20, ... when @step is 10. */
struct pct_case {
	size_t n;
	uint64_t step;
	double pct;
	uint64_t want;
};

static const struct pct_case pct_cases[] = {
	{ 10, 1, 0, 1 },	{ 10, 1, 1, 1 },	{ 10, 1, 10, 1 },
	{ 10, 1, 10.5, 2 },	{ 10, 1, 11, 2 },	{ 10, 1, 50, 5 },
	{ 10, 1, 51, 6 },	{ 10, 1, 90, 9 },	{ 10, 1, 90.1, 10 },
	{ 10, 1, 99, 10 },	{ 10, 1, 100, 10 },
	{ 100, 1, 1, 1 },	{ 100, 1, 1.5, 2 },	{ 100, 1, 7, 7 },
	{ 100, 1, 50, 50 },	{ 100, 1, 99, 99 },	{ 100, 1, 99.9, 100 },
	{ 100, 1, 100, 100 },
	{ 1000, 1, 0.1, 1 },	{ 1000, 1, 1, 10 },	{ 1000, 1, 33.3, 333 },
	{ 1000, 1, 50, 500 },	{ 1000, 1, 99.9, 999 },	{ 1000, 1, 99.95, 1000 },
	{ 1000, 10, 90, 9000 },	{ 1000, 10, 99, 9900 },
	{ 1, 1, 0, 1 },		{ 1, 1, 50, 1 },	{ 1, 1, 100, 1 },
	{ 2, 1, 50, 1 },	{ 2, 1, 50.1, 2 },	{ 3, 1, 50, 2 },
	{ 3, 1, 33.4, 2 },	{ 3, 1, 66.6, 2 },	{ 3, 1, 66.7, 3 },
};

START_TEST(test_percentile)
{
	const struct pct_case *c = &pct_cases[_i];
	uint64_t *v = array(c->n);
	size_t i;

	for (i = 0; i < c->n; i++)
		v[i] = (i + 1) * c->step;
	ck_assert_msg(hg_percentile_sorted(v, c->n, c->pct) == c->want,
		      "p%g of %zu values: %llu, want %llu", c->pct, c->n,
		      (unsigned long long)hg_percentile_sorted(v, c->n, c->pct),
		      (unsigned long long)c->want);
	free(v);
}
END_TEST

START_TEST(test_percentile_empty)
{
	uint64_t v[1] = { 7 };

	ck_assert_uint_eq(hg_percentile_sorted(v, 0, 50), 0);
	ck_assert_uint_eq(hg_percentile_sorted(NULL, 0, 99), 0);
}
END_TEST

/* Repeated values: the rank lands inside a run of equal values. */
START_TEST(test_percentile_duplicates)
{
	static const uint64_t v[] = { 1, 1, 1, 4, 4, 4, 4, 9, 9, 100 };

	ck_assert_uint_eq(hg_percentile_sorted(v, 10, 30), 1);
	ck_assert_uint_eq(hg_percentile_sorted(v, 10, 31), 4);
	ck_assert_uint_eq(hg_percentile_sorted(v, 10, 70), 4);
	ck_assert_uint_eq(hg_percentile_sorted(v, 10, 80), 9);
	ck_assert_uint_eq(hg_percentile_sorted(v, 10, 90), 9);
	ck_assert_uint_eq(hg_percentile_sorted(v, 10, 91), 100);
}
END_TEST

/* ------------------------------------------------------------ statistics */

static void assert_stats(const struct hg_stats *s, const uint64_t want[9], double mean)
{
	const uint64_t got[9] = { s->count, s->sum, s->min, s->p1, s->median,
				  s->p90, s->p99, s->p999, s->max };
	static const char *const names[9] = { "count", "sum", "min", "p1", "median",
					      "p90", "p99", "p999", "max" };
	int i;

	for (i = 0; i < 9; i++)
		ck_assert_msg(got[i] == want[i], "%s = %llu, want %llu", names[i],
			      (unsigned long long)got[i], (unsigned long long)want[i]);
	ck_assert_double_eq_tol(s->mean, mean, 1e-9);
}

START_TEST(test_stats_small)
{
	uint64_t v[] = { 3, 1, 2 };
	/* count sum min p1 median p90 p99 p99.9 max */
	static const uint64_t want[9] = { 3, 6, 1, 1, 2, 3, 3, 3, 3 };
	struct hg_stats s;

	ck_assert_int_eq(hg_stats_compute(v, 3, &s), 0);
	assert_stats(&s, want, 2.0);
	/* sorted in place */
	ck_assert_uint_eq(v[0], 1);
	ck_assert_uint_eq(v[1], 2);
	ck_assert_uint_eq(v[2], 3);
}
END_TEST

START_TEST(test_stats_one_two)
{
	uint64_t one[] = { 77 }, two[] = { 2, 1 };
	static const uint64_t want_one[9] = { 1, 77, 77, 77, 77, 77, 77, 77, 77 };
	static const uint64_t want_two[9] = { 2, 3, 1, 1, 1, 2, 2, 2, 2 };
	struct hg_stats s;

	ck_assert_int_eq(hg_stats_compute(one, 1, &s), 0);
	assert_stats(&s, want_one, 77.0);
	ck_assert_int_eq(hg_stats_compute(two, 2, &s), 0);
	assert_stats(&s, want_two, 1.5);
}
END_TEST

START_TEST(test_stats_empty)
{
	static const uint64_t zero[9];
	struct hg_stats s;

	memset(&s, 0xa5, sizeof(s));
	ck_assert_int_eq(hg_stats_compute(NULL, 0, &s), 0);
	assert_stats(&s, zero, 0.0);
}
END_TEST

/* 10, 20, ..., 10000 in a shuffled order. */
START_TEST(test_stats_thousand)
{
	static const uint64_t want[9] = { 1000, 5005000, 10, 100, 5000, 9000, 9900, 9990, 10000 };
	uint64_t *v = array(1000), state = 3;
	struct hg_stats s;
	size_t i;

	for (i = 0; i < 1000; i++)
		v[i] = (i + 1) * 10;
	for (i = 999; i > 0; i--) {
		size_t j = (size_t)(lcg(&state) % (i + 1));
		uint64_t x = v[i];

		v[i] = v[j];
		v[j] = x;
	}
	ck_assert_int_eq(hg_stats_compute(v, 1000, &s), 0);
	assert_stats(&s, want, 5005.0);
	for (i = 0; i < 1000; i++)
		ck_assert_uint_eq(v[i], (i + 1) * 10);
	free(v);
}
END_TEST

START_TEST(test_stats_sum_saturates)
{
	uint64_t over[] = { UINT64_MAX - 1, 5, 0, 7 };
	uint64_t exact[] = { UINT64_MAX - 5, 5 };
	uint64_t top[] = { UINT64_MAX, 0, UINT64_MAX };
	struct hg_stats s;

	ck_assert_int_eq(hg_stats_compute(over, 4, &s), 0);
	ck_assert_uint_eq(s.sum, UINT64_MAX);
	ck_assert_uint_eq(s.count, 4);
	ck_assert_uint_eq(s.min, 0);
	ck_assert_uint_eq(s.max, UINT64_MAX - 1);
	/* reaching UINT64_MAX exactly is not an overflow */
	ck_assert_int_eq(hg_stats_compute(exact, 2, &s), 0);
	ck_assert_uint_eq(s.sum, UINT64_MAX);
	ck_assert_uint_eq(s.min, 5);
	ck_assert_int_eq(hg_stats_compute(top, 3, &s), 0);
	ck_assert_uint_eq(s.sum, UINT64_MAX);
	ck_assert_uint_eq(s.median, UINT64_MAX);
	ck_assert_uint_eq(s.max, UINT64_MAX);
}
END_TEST

START_TEST(test_stats_mean)
{
	uint64_t v[] = { 1, 2, 2, 10 };
	uint64_t big[] = { 1ULL << 62, 1ULL << 62 };
	struct hg_stats s;

	ck_assert_int_eq(hg_stats_compute(v, 4, &s), 0);
	ck_assert_double_eq_tol(s.mean, 3.75, 1e-12);
	ck_assert_int_eq(hg_stats_compute(big, 2, &s), 0);
	ck_assert_double_eq(s.mean, (double)(1ULL << 62));
}
END_TEST


/* ------------------------------------------------------------- inference */

/* Student's t table (two-sided 95 %, 90 %, 99 %), three decimals as printed. */
static const struct {
	double p, df, want;
} t_table[] = {
	{ 0.975, 1, 12.706 }, { 0.975, 2, 4.303 }, { 0.975, 5, 2.571 },
	{ 0.975, 10, 2.228 }, { 0.975, 14, 2.145 }, { 0.975, 30, 2.042 },
	{ 0.975, 120, 1.980 }, { 0.975, INFINITY, 1.960 }, { 0.95, 10, 1.812 },
	{ 0.995, 5, 4.032 }, { 0.995, 1, 63.657 }, { 0.025, 10, -2.228 },
};

START_TEST(test_t_quantile)
{
	double got = hg_t_quantile(t_table[_i].p, t_table[_i].df);

	ck_assert_msg(fabs(got - t_table[_i].want) < 6e-4, "t(%g, %g) = %.5f, want %.3f",
		      t_table[_i].p, t_table[_i].df, got, t_table[_i].want);
	/* and back */
	ck_assert_double_eq_tol(hg_t_cdf(got, t_table[_i].df), t_table[_i].p, 1e-9);
}
END_TEST

START_TEST(test_normal)
{
	ck_assert_double_eq_tol(hg_normal_quantile(0.975), 1.959964, 1e-6);
	ck_assert_double_eq_tol(hg_normal_quantile(0.5), 0, 1e-12);
	ck_assert_double_eq_tol(hg_normal_cdf(-1.959964), 0.025, 1e-6);
	ck_assert_double_eq_tol(hg_t_cdf(0, 3), 0.5, 1e-12);
	/* t(1) is Cauchy: P(T <= 1) = 3/4 */
	ck_assert_double_eq_tol(hg_t_cdf(1, 1), 0.75, 1e-12);
}
END_TEST

START_TEST(test_welford)
{
	/* a large offset loses everything in a sum of squares, nothing here */
	double v[] = { 1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16 };
	struct hg_welford w;
	size_t i;

	hg_welford_init(&w);
	ck_assert_double_eq(hg_welford_var(&w), 0);
	for (i = 0; i < 4; i++)
		hg_welford_add(&w, v[i]);
	/* mean 1e9 + 10; squared deviations 36 + 9 + 9 + 36 = 90, / 3 */
	ck_assert_uint_eq(w.n, 4);
	ck_assert_double_eq_tol(w.mean, 1e9 + 10, 1e-6);
	ck_assert_double_eq_tol(hg_welford_var(&w), 30, 1e-6);
	ck_assert_double_eq_tol(hg_welford_sd(&w), sqrt(30), 1e-6);
}
END_TEST

START_TEST(test_order_d)
{
	double v[] = { 5, 1, 4, 2, 3, 6 };

	hg_sort_d(v, 6);
	ck_assert_double_eq(v[0], 1);
	ck_assert_double_eq(v[5], 6);
	ck_assert_double_eq(hg_median_d(v, 6), 3.5);
	ck_assert_double_eq(hg_median_d(v, 5), 3);
	ck_assert_double_eq(hg_percentile_d(v, 6, 50), 3);	/* nearest rank 3 */
	ck_assert_double_eq(hg_percentile_d(v, 6, 90), 6);	/* rank ceil(5.4) = 6 */
	ck_assert_double_eq(hg_median_d(v, 0), 0);
}
END_TEST

/*
 * The fewest values whose range covers a percentile with a probability of
 * @level: the median's range misses it when all n values fall on one side,
 * 2 * 0.5^n: 0.0625 for 5 (93.75 % < 95 %), 0.03125 for 6; p99's range
 * misses it with 0.99^n + 0.01^n, below 5 % from n = 299 (0.99^298 = 0.0501)
 */
/*
 * Benjamini-Hochberg by hand: m = 4 tests (NAN is none); sorted 0.01,
 * 0.03, 0.04, 0.5 times m / rank: 0.04, 0.06, 0.0533, 0.5; each the
 * smallest of itself and those above: 0.04, 0.0533, 0.0533, 0.5
 */
START_TEST(test_bh_adjust)
{
	const double p[] = { 0.01, 0.04, NAN, 0.03, 0.5 };
	double adj[5];

	ck_assert_int_eq(hg_bh_adjust(p, 5, adj), 0);
	ck_assert_double_eq_tol(adj[0], 0.04, 1e-12);
	ck_assert_double_eq_tol(adj[1], 0.04 * 4 / 3, 1e-12);
	ck_assert(isnan(adj[2]));
	ck_assert_double_eq_tol(adj[3], 0.04 * 4 / 3, 1e-12);
	ck_assert_double_eq_tol(adj[4], 0.5, 1e-12);
	ck_assert_int_eq(hg_bh_adjust(p, 0, adj), 0);
}
END_TEST

START_TEST(test_ci_need)
{
	ck_assert_uint_eq(hg_ci_need(50, 0.95), 6);
	ck_assert_uint_eq(hg_ci_need(50, 0.9), 5);	/* 2 * 0.5^5 = 0.0625 <= 0.1 */
	ck_assert_uint_eq(hg_ci_need(99, 0.95), 299);
}
END_TEST

START_TEST(test_ci_mean)
{
	double v[] = { 1, 2, 3, 4, 5 }, one = 7;
	struct hg_ci ci;

	/* mean 3, s = sqrt(2.5), se = s / sqrt(5) = 0.70711, t(0.975, 4) = 2.7764 */
	ck_assert_int_eq(hg_ci_mean(v, 5, 0.95, &ci), 0);
	ck_assert_double_eq_tol(ci.est, 3, 1e-12);
	ck_assert_double_eq_tol(ci.hi - ci.est, 2.7764 * 0.70711, 2e-4);
	ck_assert_double_eq_tol(ci.est - ci.lo, ci.hi - ci.est, 1e-12);
	ck_assert_int_eq(hg_ci_mean(&one, 1, 0.95, &ci), 0);
	ck_assert_double_eq(ci.lo, 7);
	ck_assert_double_eq(ci.hi, 7);
	ck_assert_int_eq(hg_ci_mean(v, 0, 0.95, &ci), -EINVAL);
	ck_assert_int_eq(hg_ci_mean(v, 5, 1.0, &ci), -EINVAL);
}
END_TEST

/*
 * R's t.test(ts1, ts2) (Welch): t = -1.8325, df = 17.9, p-value = 0.08356,
 * 95 percent interval of mean(ts1) - mean(ts2) -2.1469104 .. 0.1469104.
 * Ours is of b - a, so the signs turn.
 */
START_TEST(test_welch_reference)
{
	double ts1[] = { 11, 9, 10, 11, 10, 12, 9, 11, 12, 9 };
	double ts2[] = { 11, 13, 10, 13, 12, 9, 11, 12, 12, 11 };
	struct hg_test t;
	struct hg_ci ci;

	ck_assert_int_eq(hg_welch(ts1, 10, ts2, 10, 0.95, &t, &ci), 0);
	ck_assert_double_eq_tol(t.stat, 1.8325, 1e-4);
	ck_assert_double_eq_tol(t.df, 17.9, 0.05);
	ck_assert_double_eq_tol(t.p, 0.08356, 1e-5);
	ck_assert_double_eq_tol(ci.est, 1.0, 1e-12);
	ck_assert_double_eq_tol(ci.lo, -0.1469104, 1e-5);
	ck_assert_double_eq_tol(ci.hi, 2.1469104, 1e-5);
	ck_assert(!t.exact);
	ck_assert_int_eq(hg_welch(ts1, 1, ts2, 10, 0.95, &t, &ci), -EINVAL);
}
END_TEST

START_TEST(test_welch_constant)
{
	double a[] = { 2, 2, 2 }, b[] = { 2, 2 }, c[] = { 3, 3 };
	struct hg_test t;

	ck_assert_int_eq(hg_welch(a, 3, b, 2, 0.95, &t, NULL), 0);
	ck_assert_double_eq(t.p, 1);
	ck_assert_int_eq(hg_welch(a, 3, c, 2, 0.95, &t, NULL), 0);
	ck_assert_double_eq(t.p, 0);
}
END_TEST

/*
 * R's wilcox.test example (Hollander and Wolfe's depression data), x
 * against y: W = 35, exact two-sided p-value 0.2544 (one-sided 0.1272).
 */
START_TEST(test_mann_whitney_exact)
{
	double x[] = { 0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46 };
	double y[] = { 1.15, 0.88, 0.90, 0.74, 1.21 };
	struct hg_test t;

	ck_assert_int_eq(hg_mann_whitney(x, 10, y, 5, &t), 0);
	ck_assert_double_eq(t.stat, 35);
	ck_assert(t.exact);
	ck_assert_double_eq_tol(t.p, 0.2544, 1e-4);
	/* the other way round: U = 10 * 5 - 35, same p */
	ck_assert_int_eq(hg_mann_whitney(y, 5, x, 10, &t), 0);
	ck_assert_double_eq(t.stat, 15);
	ck_assert_double_eq_tol(t.p, 0.2544, 1e-4);
}
END_TEST

/*
 * With ties R falls back to the normal approximation with tie and
 * continuity correction: wilcox.test(c(9, 9.5, 9.75, 10, 13, 9.5),
 * c(11.5, 12, 9, 11.5, 13.25, 13)) gives W = 9, p-value = 0.1705.
 */
START_TEST(test_mann_whitney_ties)
{
	double x[] = { 9, 9.5, 9.75, 10, 13, 9.5 };
	double y[] = { 11.5, 12, 9, 11.5, 13.25, 13 };
	struct hg_test t;

	ck_assert_int_eq(hg_mann_whitney(x, 6, y, 6, &t), 0);
	ck_assert_double_eq(t.stat, 9);
	ck_assert(!t.exact);
	ck_assert_double_eq_tol(t.p, 0.1705, 1e-4);
}
END_TEST

START_TEST(test_mann_whitney_large)
{
	/*
	 * 0..999 against 500..1499: U of a counts the pairs with a > b,
	 * 499 * 500 / 2, and half the 500 ties (a = b = 500..999)
	 */
	double *a = malloc(1000 * sizeof(*a)), *b = malloc(1000 * sizeof(*b));
	struct hg_test t;
	int i;

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	for (i = 0; i < 1000; i++) {
		a[i] = i;
		b[i] = i + 500;
	}
	ck_assert_int_eq(hg_mann_whitney(a, 1000, b, 1000, &t), 0);
	ck_assert_double_eq(t.stat, 499.0 * 500 / 2 + 250);
	ck_assert(!t.exact);
	ck_assert(t.p < 1e-10);
	/* identical samples: U = n^2 / 2, nothing to see */
	ck_assert_int_eq(hg_mann_whitney(a, 1000, a, 1000, &t), 0);
	ck_assert_double_eq(t.stat, 500000);
	ck_assert_double_eq_tol(t.p, 1, 1e-12);
	ck_assert_int_eq(hg_mann_whitney(a, 0, b, 10, &t), -EINVAL);
	free(a);
	free(b);
}
END_TEST

/*
 * R's fisher.test(TeaTasting): 3 of 4 cups right against 1 of 4; the
 * tables of x = 0..4 have weights 1 16 36 16 1 out of 70; those no more
 * probable than x = 3: 34 / 70 = 0.4857.
 */
START_TEST(test_fisher)
{
	struct hg_test t;

	ck_assert_int_eq(hg_fisher_exact(3, 4, 1, 4, &t), 0);
	ck_assert_double_eq_tol(t.p, 34.0 / 70, 1e-9);
	ck_assert_double_eq_tol(t.stat, 9, 1e-12);	/* (3 * 3) / (1 * 1) */
	ck_assert(t.exact);
	ck_assert_int_eq(hg_fisher_exact(0, 1000, 0, 1000, &t), 0);
	ck_assert_double_eq_tol(t.p, 1, 1e-9);
	ck_assert_int_eq(hg_fisher_exact(0, 1000, 40, 1000, &t), 0);
	ck_assert(t.p < 1e-9);
	ck_assert_int_eq(hg_fisher_exact(5, 4, 1, 4, &t), -EINVAL);
}
END_TEST

START_TEST(test_bootstrap)
{
	double v[41], c[7] = { 3, 3, 3, 3, 3, 3, 3 };
	struct hg_ci a, b, d;
	int i;

	for (i = 0; i < 41; i++)
		v[i] = (i * 37) % 41;	/* 0..40 shuffled: median 20 */
	ck_assert_int_eq(hg_bootstrap_ci(v, 41, 50, 0.95, 1000, 1, &a), 0);
	ck_assert_int_eq(hg_bootstrap_ci(v, 41, 50, 0.95, 1000, 1, &b), 0);
	ck_assert_double_eq(a.est, 20);
	ck_assert(a.lo <= 20 && a.hi >= 20 && a.lo < a.hi);
	ck_assert(a.lo >= 10 && a.hi <= 30);
	/* the same seed, the same interval; the input is left as it was */
	ck_assert_double_eq(a.lo, b.lo);
	ck_assert_double_eq(a.hi, b.hi);
	ck_assert_double_eq(v[1], 37);
	ck_assert_int_eq(hg_bootstrap_ci(c, 7, 99, 0.95, 200, 2, &a), 0);
	ck_assert_double_eq(a.lo, 3);
	ck_assert_double_eq(a.hi, 3);
	/* b - a shifted by 100 */
	for (i = 0; i < 7; i++)
		c[i] = 100 + i;
	ck_assert_int_eq(hg_bootstrap_diff_ci(v, 41, c, 7, 50, 0.95, 500, 3, &d), 0);
	ck_assert_double_eq(d.est, 103 - 20);
	ck_assert(d.lo > 60 && d.hi < 100);
	ck_assert_int_eq(hg_bootstrap_ci(v, 0, 50, 0.95, 10, 1, &a), -EINVAL);
}
END_TEST

/*
 * The mean of positive values skewed by one large one (ctxcost's trials,
 * one of them on a busy CPU): mean (100 + 120 + 110 + 9000 + 105 + 115) / 6
 * = 1591.67; s = 3629.6, so Student t's half width is 2.571 * 3629.6 /
 * sqrt(6) = 3809.5 and its interval starts at -2218. The bootstrap's
 * lies within the values' range, 100 .. 9000, and so above zero.
 */
START_TEST(test_bootstrap_mean)
{
	double v[] = { 100, 120, 110, 9000, 105, 115 };
	struct hg_ci t, b;

	ck_assert_int_eq(hg_ci_mean(v, 6, 0.95, &t), 0);
	ck_assert(t.lo < 0);
	ck_assert_int_eq(hg_bootstrap_ci(v, 6, HG_BOOT_MEAN, 0.95, HG_BOOT_REPS, HG_BOOT_SEED,
					 &b), 0);
	ck_assert_double_eq_tol(b.est, 9550.0 / 6, 1e-9);
	ck_assert_uint_eq(b.n, 6);
	ck_assert(b.lo >= 100 && b.lo <= b.est && b.hi >= b.est && b.hi <= 9000);
	/* no resample without the 9000 has a mean above 120 */
	ck_assert_double_le(b.lo, 120);
}
END_TEST

START_TEST(test_outliers)
{
	/* mean 14, s = sqrt((9 * 16 + 36^2) / 9) = 12.65: z of 50 is 2.85, the rest 0.32 */
	double v[] = { 10, 10, 10, 10, 10, 10, 10, 10, 10, 50 };
	bool out[10];

	ck_assert_uint_eq(hg_outliers_z(v, 10, 2, out), 1);
	ck_assert(out[9] && !out[0]);
	ck_assert_uint_eq(hg_outliers_z(v, 10, 3, out), 0);
	ck_assert_uint_eq(hg_outliers_z(v, 2, 0.1, out), 0);	/* too few */
}
END_TEST

START_TEST(test_drift)
{
	double line[6], flat[6] = { 5, 6, 5, 6, 5, 6 };
	struct hg_drift d;
	int i;

	for (i = 0; i < 6; i++)
		line[i] = 2 * i + 1;
	ck_assert_int_eq(hg_drift(line, 6, &d), 0);
	ck_assert_double_eq_tol(d.slope, 2, 1e-12);
	ck_assert_double_eq_tol(d.se, 0, 1e-9);
	ck_assert(d.p < 1e-6);
	/*
	 * x - 2.5: -2.5 -1.5 -0.5 0.5 1.5 2.5, Sxx = 17.5; y - 5.5 alternates
	 * -0.5 +0.5: Sxy = 1.5, slope 3/35
	 */
	ck_assert_int_eq(hg_drift(flat, 6, &d), 0);
	ck_assert_double_eq_tol(d.slope, 3.0 / 35, 1e-12);
	ck_assert(d.p > 0.3);
	ck_assert_int_eq(hg_drift(flat, 2, &d), -EINVAL);
}
END_TEST

/* ------------------------------------------------------ counted values */

static int list_each(uint64_t v, uint64_t count, void *arg)
{
	uint64_t **at = arg;

	ck_assert_uint_gt(count, 0);
	while (count--)
		*(*at)++ = v;
	return 0;
}

/*
 * A counted multiset gives what sorting gives: the same statistics and
 * percentiles, and its values in order, on values small (counted) and
 * large (kept), repeated, empty, and at the edge between the two.
 */
static void check_vcount(const uint64_t *v, size_t n)
{
	static const double pct[] = { 0, 0.1, 1, 10, 25, 50, 75, 90, 99, 99.9, 99.99, 100 };
	uint64_t *sorted = malloc((n + 1) * sizeof(*sorted)), *back = malloc((n + 1) * 8), *at = back;
	struct hg_vcount c;
	struct hg_stats a, b;
	size_t i;

	ck_assert_ptr_nonnull(sorted);
	ck_assert_ptr_nonnull(back);
	memset(&c, 0, sizeof(c));
	for (i = 0; i < n; i++)
		ck_assert_int_eq(hg_vcount_add(&c, v[i]), 0);
	memcpy(sorted, v, n * sizeof(*v));
	ck_assert_int_eq(hg_stats_compute(sorted, n, &a), 0);
	ck_assert_int_eq(hg_vcount_sort(&c), 0);
	hg_vcount_stats(&c, &b);
	ck_assert_uint_eq(a.count, b.count);
	ck_assert_uint_eq(a.sum, b.sum);
	ck_assert_uint_eq(a.min, b.min);
	ck_assert_uint_eq(a.p1, b.p1);
	ck_assert_uint_eq(a.median, b.median);
	ck_assert_uint_eq(a.p90, b.p90);
	ck_assert_uint_eq(a.p99, b.p99);
	ck_assert_uint_eq(a.p999, b.p999);
	ck_assert_uint_eq(a.max, b.max);
	ck_assert(a.mean == b.mean);
	for (i = 0; i < sizeof(pct) / sizeof(pct[0]); i++)
		ck_assert_uint_eq(hg_vcount_percentile(&c, pct[i]),
				  hg_percentile_sorted(sorted, n, pct[i]));
	ck_assert_int_eq(hg_vcount_each(&c, list_each, &at), 0);
	ck_assert_uint_eq((size_t)(at - back), n);
	ck_assert_int_eq(memcmp(back, sorted, n * sizeof(*v)), 0);
	hg_vcount_free(&c);
	/* the same values counted in two halves, then one added to the other */
	{
		struct hg_vcount h1, h2;

		memset(&h1, 0, sizeof(h1));
		memset(&h2, 0, sizeof(h2));
		for (i = 0; i < n; i++)
			ck_assert_int_eq(hg_vcount_add(i % 2 ? &h1 : &h2, v[i]), 0);
		ck_assert_int_eq(hg_vcount_add_all(&h1, &h2), 0);
		ck_assert_int_eq(hg_vcount_sort(&h1), 0);
		hg_vcount_stats(&h1, &b);
		ck_assert_uint_eq(a.count, b.count);
		ck_assert_uint_eq(a.sum, b.sum);
		ck_assert_uint_eq(a.min, b.min);
		ck_assert_uint_eq(a.median, b.median);
		ck_assert_uint_eq(a.p999, b.p999);
		ck_assert_uint_eq(a.max, b.max);
		at = back;
		ck_assert_int_eq(hg_vcount_each(&h1, list_each, &at), 0);
		ck_assert_int_eq(memcmp(back, sorted, n * sizeof(*v)), 0);
		hg_vcount_free(&h1);
		hg_vcount_free(&h2);
	}
	ck_assert_uint_eq(c.n, 0);
	free(sorted);
	free(back);
}

START_TEST(test_vcount_like_sorting)
{
	static const uint64_t edge[] = { HG_VCOUNT_DENSE - 1, HG_VCOUNT_DENSE, 0,
					 HG_VCOUNT_DENSE + 1, HG_VCOUNT_DENSE - 1, 7 };
	static const uint64_t big[] = { UINT64_MAX, UINT64_MAX - 1, 1ULL << 40, 1ULL << 40 };
	uint64_t v[5000];
	uint64_t x = 88172645463325252ULL;
	size_t i;

	check_vcount(edge, 0);
	check_vcount(edge, sizeof(edge) / sizeof(edge[0]));
	check_vcount(big, sizeof(big) / sizeof(big[0]));	/* the sum saturates */
	for (i = 0; i < 5000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		/* mostly small and repeated, some beyond the counted range */
		v[i] = i % 10 == 0 ? x >> 20 : 1000 + x % 3000;
	}
	check_vcount(v, 5000);
	check_vcount(v, 1);
	check_vcount(v + 1, 999);
}
END_TEST

static int one_count(uint64_t v, uint64_t count, void *arg)
{
	uint64_t *got = arg;

	got[0]++;
	got[1] = v;
	got[2] = count;
	return 0;
}

/*
 * A count past 2^32 - 1 (a count's upper half is kept apart): 5 counted
 * 2^32 - 1 times by doubling, then twice more, one at a time.
 */
START_TEST(test_vcount_count_past_32_bits)
{
	struct hg_vcount x, y, acc;
	uint64_t got[3] = { 0 }, want = (1ULL << 32) + 1;
	int k;

	memset(&x, 0, sizeof(x));
	memset(&acc, 0, sizeof(acc));
	ck_assert_int_eq(hg_vcount_add(&x, 5), 0);
	for (k = 0; k < 32; k++) {
		/* acc gets 2^k more, then x doubles */
		ck_assert_int_eq(hg_vcount_add_all(&acc, &x), 0);
		memset(&y, 0, sizeof(y));
		ck_assert_int_eq(hg_vcount_add_all(&y, &x), 0);
		ck_assert_int_eq(hg_vcount_add_all(&x, &y), 0);
		hg_vcount_free(&y);
	}
	ck_assert_int_eq(hg_vcount_sort(&acc), 0);
	ck_assert_uint_eq(acc.n, (1ULL << 32) - 1);
	ck_assert_int_eq(hg_vcount_add(&acc, 5), 0);
	ck_assert_int_eq(hg_vcount_add(&acc, 5), 0);
	ck_assert_int_eq(hg_vcount_sort(&acc), 0);
	ck_assert_uint_eq(acc.n, want);
	ck_assert_uint_eq(acc.sum, 5 * want);
	ck_assert_uint_eq(hg_vcount_percentile(&acc, 0), 5);
	ck_assert_uint_eq(hg_vcount_percentile(&acc, 100), 5);
	ck_assert_int_eq(hg_vcount_each(&acc, one_count, got), 0);
	ck_assert_uint_eq(got[0], 1);
	ck_assert_uint_eq(got[1], 5);
	ck_assert_uint_eq(got[2], want);
	/* and added to another whole */
	memset(&y, 0, sizeof(y));
	ck_assert_int_eq(hg_vcount_add(&y, 5), 0);
	ck_assert_int_eq(hg_vcount_add_all(&y, &acc), 0);
	ck_assert_int_eq(hg_vcount_sort(&y), 0);
	ck_assert_uint_eq(y.n, want + 1);
	hg_vcount_free(&x);
	hg_vcount_free(&y);
	hg_vcount_free(&acc);
}
END_TEST

static Suite *stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc;

	tc = tcase_create("sort");
	tcase_add_loop_test(tc, test_sort_random, 0,
			    (int)(sizeof(random_sizes) / sizeof(random_sizes[0])));
	tcase_add_loop_test(tc, test_sort_shapes, 0, (int)(sizeof(shapes) / sizeof(shapes[0])));
	tcase_add_test(tc, test_sort_tiny);
	suite_add_tcase(s, tc);

	tc = tcase_create("percentile");
	tcase_add_loop_test(tc, test_percentile, 0,
			    (int)(sizeof(pct_cases) / sizeof(pct_cases[0])));
	tcase_add_test(tc, test_percentile_empty);
	tcase_add_test(tc, test_percentile_duplicates);
	suite_add_tcase(s, tc);

	tc = tcase_create("statistics");
	tcase_add_test(tc, test_vcount_like_sorting);
	tcase_add_test(tc, test_vcount_count_past_32_bits);
	tcase_add_test(tc, test_stats_small);
	tcase_add_test(tc, test_stats_one_two);
	tcase_add_test(tc, test_stats_empty);
	tcase_add_test(tc, test_stats_thousand);
	tcase_add_test(tc, test_stats_sum_saturates);
	tcase_add_test(tc, test_stats_mean);
	suite_add_tcase(s, tc);

	tc = tcase_create("inference");
	tcase_add_loop_test(tc, test_t_quantile, 0, (int)(sizeof(t_table) / sizeof(t_table[0])));
	tcase_add_test(tc, test_normal);
	tcase_add_test(tc, test_welford);
	tcase_add_test(tc, test_order_d);
	tcase_add_test(tc, test_ci_mean);
	tcase_add_test(tc, test_ci_need);
	tcase_add_test(tc, test_bh_adjust);
	tcase_add_test(tc, test_welch_reference);
	tcase_add_test(tc, test_welch_constant);
	tcase_add_test(tc, test_mann_whitney_exact);
	tcase_add_test(tc, test_mann_whitney_ties);
	tcase_add_test(tc, test_mann_whitney_large);
	tcase_add_test(tc, test_fisher);
	tcase_add_test(tc, test_bootstrap);
	tcase_add_test(tc, test_bootstrap_mean);
	tcase_add_test(tc, test_outliers);
	tcase_add_test(tc, test_drift);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(stats_suite());
}
