// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_stats.c - postprocess/stats.h: the radix sort against qsort, nearest-rank
 * percentiles against hand-computed values, the statistics of small and
 * large sets, sum saturation
 */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "../postprocess/stats.h"

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
	tcase_add_test(tc, test_stats_small);
	tcase_add_test(tc, test_stats_one_two);
	tcase_add_test(tc, test_stats_empty);
	tcase_add_test(tc, test_stats_thousand);
	tcase_add_test(tc, test_stats_sum_saturates);
	tcase_add_test(tc, test_stats_mean);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(stats_suite());
}
