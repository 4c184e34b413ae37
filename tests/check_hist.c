// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_hist.c - trace/hist.h: buckets, exact statistics, percentiles, merge;
 * fixed linear and power-of-two buckets with their overflow; the 1-2-5 step
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "trace/hist.h"
#include "trace/tstats.h"

#define LAST_BUCKET (HG_HIST_BUCKETS - 1)

/* A histogram is 30 KB: keep them off the stack. */
static struct hg_hist *hist_new(void)
{
	struct hg_hist *h = malloc(sizeof(*h));

	ck_assert_ptr_nonnull(h);
	hg_hist_init(h);
	return h;
}

/* A reproducible spread of values over every octave (64-bit LCG). */
static uint64_t lcg(uint64_t *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return *state;
}

static uint64_t spread(uint64_t *state)
{
	uint64_t v = lcg(state);

	return v >> (lcg(state) >> 58);	/* shift by 0..63 */
}

/*
 * Asserted only when it fails: each passing ck_assert is a write to Check's
 * pipe, and a million of them make the test slow on a loaded machine.
 */
static void assert_in_bucket(uint64_t v)
{
	unsigned int i = hg_hist_index(v);

	if (i >= HG_HIST_BUCKETS)
		ck_abort_msg("%llu: bucket %u of %u", (unsigned long long)v, i, HG_HIST_BUCKETS);
	if (hg_hist_bucket_low(i) > v || v > hg_hist_bucket_high(i))
		ck_abort_msg("%llu not in bucket %u [%llu, %llu]", (unsigned long long)v, i,
			     (unsigned long long)hg_hist_bucket_low(i),
			     (unsigned long long)hg_hist_bucket_high(i));
}

START_TEST(test_index_small)
{
	uint64_t v;

	for (v = 0; v < HG_HIST_LINEAR; v++) {
		ck_assert_uint_eq(hg_hist_index(v), v);
		ck_assert_uint_eq(hg_hist_bucket_low((unsigned int)v), v);
		ck_assert_uint_eq(hg_hist_bucket_high((unsigned int)v), v);
	}
	for (v = 0; v < 200000; v++)
		assert_in_bucket(v);
}
END_TEST

START_TEST(test_index_wide)
{
	uint64_t state = 1;
	unsigned int b, k;

	for (b = 0; b < 64; b++) {
		uint64_t p = 1ULL << b;

		assert_in_bucket(p - 1);
		assert_in_bucket(p);
		assert_in_bucket(p + 1);
		assert_in_bucket(p | (p >> 1));
		assert_in_bucket(p + (p - 1));	/* all ones up to bit b */
	}
	assert_in_bucket(UINT64_MAX);
	ck_assert_uint_eq(hg_hist_index(UINT64_MAX), LAST_BUCKET);
	for (k = 0; k < 1000000; k++)
		assert_in_bucket(spread(&state));
}
END_TEST

START_TEST(test_buckets_contiguous)
{
	unsigned int i;

	ck_assert_uint_eq(hg_hist_bucket_low(0), 0);
	ck_assert_uint_eq(hg_hist_bucket_high(LAST_BUCKET), UINT64_MAX);
	for (i = 0; i < HG_HIST_BUCKETS; i++) {
		uint64_t lo = hg_hist_bucket_low(i), hi = hg_hist_bucket_high(i);

		ck_assert_uint_le(lo, hi);
		ck_assert_uint_eq(hg_hist_index(lo), i);
		ck_assert_uint_eq(hg_hist_index(hi), i);
		if (i + 1 < HG_HIST_BUCKETS)
			ck_assert_uint_eq(hi + 1, hg_hist_bucket_low(i + 1));
		/* the documented precision: a bucket is at most 1/64 of its values */
		if (i >= HG_HIST_LINEAR)
			ck_assert_uint_le(hi - lo, lo / 64 - 1);
	}
}
END_TEST

START_TEST(test_empty)
{
	struct hg_hist *h = hist_new();
	static const double pcts[] = { 0, 1, 50, 99.99, 100 };
	unsigned int i;

	ck_assert_uint_eq(h->count, 0);
	ck_assert_uint_eq(h->sum, 0);
	ck_assert_uint_eq(h->min, UINT64_MAX);
	ck_assert_uint_eq(h->max, 0);
	for (i = 0; i < HG_HIST_BUCKETS; i++)
		ck_assert_uint_eq(h->bucket[i], 0);
	for (i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++)
		ck_assert_uint_eq(hg_hist_percentile(h, pcts[i]), 0);
	free(h);
}
END_TEST

START_TEST(test_exact_stats)
{
	static const uint64_t v[] = { 500, 3, 1ULL << 40, 129, 3, 77777777, 1ULL << 33 };
	struct hg_hist *h = hist_new();
	uint64_t sum = 0, total = 0;
	unsigned int i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		hg_hist_add(h, v[i]);
		sum += v[i];
	}
	ck_assert_uint_eq(h->count, 7);
	ck_assert_uint_eq(h->sum, sum);
	ck_assert_uint_eq(h->min, 3);
	ck_assert_uint_eq(h->max, 1ULL << 40);
	ck_assert_uint_eq(h->bucket[3], 2);
	ck_assert_uint_eq(h->bucket[hg_hist_index(1ULL << 40)], 1);
	for (i = 0; i < HG_HIST_BUCKETS; i++)
		total += h->bucket[i];
	ck_assert_uint_eq(total, h->count);
	free(h);
}
END_TEST

START_TEST(test_sum_saturates)
{
	struct hg_hist *h = hist_new();

	hg_hist_add(h, UINT64_MAX - 5);
	hg_hist_add(h, 5);
	ck_assert_uint_eq(h->sum, UINT64_MAX);
	hg_hist_add(h, 6);
	ck_assert_uint_eq(h->sum, UINT64_MAX);
	ck_assert_uint_eq(h->count, 3);
	ck_assert_uint_eq(h->max, UINT64_MAX - 5);
	ck_assert_uint_eq(h->min, 5);
	free(h);
}
END_TEST

/* Nearest rank, in integers: the value of rank ceil(pct/100 * n), 1-based. */
static uint64_t exact_percentile(const uint64_t *sorted, uint64_t n,
				 uint64_t pct_num, uint64_t pct_den)
{
	uint64_t rank = (pct_num * n + 100 * pct_den - 1) / (100 * pct_den);

	return sorted[rank ? rank - 1 : 0];
}

/* 1..100: every value has its own bucket, so p1..p99 are exactly 1..99. */
START_TEST(test_percentile_small_exact)
{
	struct hg_hist *h = hist_new();
	uint64_t v;

	for (v = 100; v >= 1; v--)
		hg_hist_add(h, v);
	ck_assert_msg(hg_hist_percentile(h, (double)_i) == (uint64_t)_i,
		      "p%d of 1..100: got %llu, want %d", _i,
		      (unsigned long long)hg_hist_percentile(h, (double)_i), _i);
	free(h);
}
END_TEST

START_TEST(test_percentile_small_set)
{
	static const struct {
		double pct;
		uint64_t want;
	} cases[] = {
		{ 0, 5 }, { 1, 5 }, { 25, 5 }, { 25.1, 10 }, { 50, 10 },
		{ 50.1, 20 }, { 75, 20 }, { 76, 40 }, { 99.99, 40 }, { 100, 40 },
	};
	static const uint64_t v[] = { 40, 5, 20, 10 };
	struct hg_hist *h = hist_new();
	unsigned int i;

	for (i = 0; i < 4; i++)
		hg_hist_add(h, v[i]);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ck_assert_msg(hg_hist_percentile(h, cases[i].pct) == cases[i].want,
			      "p%g: got %llu, want %llu", cases[i].pct,
			      (unsigned long long)hg_hist_percentile(h, cases[i].pct),
			      (unsigned long long)cases[i].want);
	free(h);
}
END_TEST

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Percentiles of a large spread set, within 1/64 of the nearest-rank value. */
START_TEST(test_percentile_large)
{
	static const struct {
		uint64_t num, den;	/* pct = num / den */
	} pcts[] = {
		{ 1, 1 }, { 10, 1 }, { 25, 1 }, { 50, 1 }, { 75, 1 }, { 90, 1 },
		{ 99, 1 }, { 999, 10 }, { 9999, 100 }, { 1, 10 },
	};
	const uint64_t n = 100000;
	struct hg_hist *h = hist_new();
	uint64_t *v = malloc(n * sizeof(*v)), state = 7, k;
	unsigned int i;

	ck_assert_ptr_nonnull(v);
	for (k = 0; k < n; k++) {
		v[k] = lcg(&state) >> (20 + lcg(&state) % 44);	/* 0 .. 2^44 */
		hg_hist_add(h, v[k]);
	}
	qsort(v, n, sizeof(*v), cmp_u64);
	ck_assert_uint_eq(hg_hist_percentile(h, 0), v[0]);
	ck_assert_uint_eq(hg_hist_percentile(h, 100), v[n - 1]);
	for (i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++) {
		double pct = (double)pcts[i].num / (double)pcts[i].den;
		uint64_t want = exact_percentile(v, n, pcts[i].num, pcts[i].den);
		uint64_t got = hg_hist_percentile(h, pct);
		uint64_t err = got > want ? got - want : want - got;

		ck_assert_msg(err <= want / 64, "p%g: got %llu, want %llu (+-1/64)", pct,
			      (unsigned long long)got, (unsigned long long)want);
	}
	free(v);
	free(h);
}
END_TEST

START_TEST(test_percentile_ends)
{
	struct hg_hist *h = hist_new();

	hg_hist_add(h, 1000003);
	hg_hist_add(h, 123456789);
	hg_hist_add(h, 999);
	ck_assert_uint_eq(hg_hist_percentile(h, 0), 999);
	ck_assert_uint_eq(hg_hist_percentile(h, -5), 999);
	ck_assert_uint_eq(hg_hist_percentile(h, 100), 123456789);
	ck_assert_uint_eq(hg_hist_percentile(h, 250), 123456789);
	/* a bucket midpoint is clamped to the exact extremes */
	ck_assert_uint_ge(hg_hist_percentile(h, 1), 999);
	ck_assert_uint_le(hg_hist_percentile(h, 99.9), 123456789);

	hg_hist_init(h);
	hg_hist_add(h, 5000);	/* one value: every percentile is that value */
	ck_assert_uint_eq(hg_hist_percentile(h, 0), 5000);
	ck_assert_uint_eq(hg_hist_percentile(h, 50), 5000);
	ck_assert_uint_eq(hg_hist_percentile(h, 100), 5000);
	free(h);
}
END_TEST

START_TEST(test_merge)
{
	struct hg_hist *a = hist_new(), *b = hist_new(), *all = hist_new();
	uint64_t state = 3;
	unsigned int k;

	for (k = 0; k < 5000; k++) {
		uint64_t v = spread(&state);

		hg_hist_add(k % 3 ? a : b, v);
		hg_hist_add(all, v);
	}
	hg_hist_merge(a, b);
	ck_assert_uint_eq(a->count, all->count);
	ck_assert_uint_eq(a->sum, all->sum);
	ck_assert_uint_eq(a->min, all->min);
	ck_assert_uint_eq(a->max, all->max);
	ck_assert_int_eq(memcmp(a, all, sizeof(*a)), 0);
	free(a);
	free(b);
	free(all);
}
END_TEST

START_TEST(test_merge_empty)
{
	struct hg_hist *a = hist_new(), *e = hist_new(), *copy = hist_new();

	hg_hist_add(a, 17);
	hg_hist_add(a, 1ULL << 50);
	memcpy(copy, a, sizeof(*a));
	hg_hist_merge(a, e);			/* empty source: no change */
	ck_assert_int_eq(memcmp(a, copy, sizeof(*a)), 0);
	hg_hist_merge(e, a);			/* empty destination: a copy */
	ck_assert_int_eq(memcmp(e, copy, sizeof(*e)), 0);
	free(a);
	free(e);
	free(copy);
}
END_TEST

/*
 * A trace's statistics start zeroed by calloc and only their minimums are
 * written (the pages of buckets never counted stay untouched): the same
 * empty statistics as hg_tstats_init() makes of any memory.
 */
START_TEST(test_tstats_init_zeroed)
{
	struct hg_tstats *a = calloc(1, sizeof(*a)), *b = malloc(sizeof(*b));

	ck_assert_ptr_nonnull(a);
	ck_assert_ptr_nonnull(b);
	memset(b, 0xa5, sizeof(*b));
	hg_tstats_init(b);
	hg_tstats_init_zeroed(a);
	ck_assert_int_eq(memcmp(a, b, sizeof(*a)), 0);
	ck_assert_uint_eq(a->gaps.min, UINT64_MAX);
	ck_assert_uint_eq(a->events.min, UINT64_MAX);
	ck_assert_uint_eq(a->jitter.min, UINT64_MAX);
	free(a);
	free(b);
}
END_TEST

START_TEST(test_merge_sum_saturates)
{
	struct hg_hist *a = hist_new(), *b = hist_new();

	hg_hist_add(a, UINT64_MAX - 1);
	hg_hist_add(b, 2);
	hg_hist_merge(a, b);
	ck_assert_uint_eq(a->sum, UINT64_MAX);
	ck_assert_uint_eq(a->count, 2);
	ck_assert_uint_eq(a->min, 2);
	ck_assert_uint_eq(a->max, UINT64_MAX - 1);
	free(a);
	free(b);
}
END_TEST

/* Linear buckets of 10 from 100, three of them: 100-109, 110-119, 120-129. */
START_TEST(test_bins_linear)
{
	static const uint64_t in[] = { 0, 99, 100, 109, 110, 119, 125, 129, 130, 5000, UINT64_MAX };
	struct hg_bins b;
	size_t i;

	ck_assert_int_eq(hg_bins_linear(&b, 100, 10, 3), 0);
	ck_assert_uint_eq(b.n, 3);
	for (i = 0; i < sizeof(in) / sizeof(in[0]); i++)
		hg_bins_add(&b, in[i], 1);
	ck_assert_uint_eq(b.under, 2);		/* 0, 99 */
	ck_assert_uint_eq(b.count[0], 2);	/* 100, 109 */
	ck_assert_uint_eq(b.count[1], 2);	/* 110, 119 */
	ck_assert_uint_eq(b.count[2], 2);	/* 125, 129 */
	ck_assert_uint_eq(b.count[3], 3);	/* overflow: 130, 5000, UINT64_MAX */
	ck_assert_uint_eq(b.total, 11);
	ck_assert_uint_eq(hg_bins_index(&b, 99), SIZE_MAX);
	ck_assert_uint_eq(hg_bins_index(&b, 129), 2);
	ck_assert_uint_eq(hg_bins_index(&b, 130), 3);
	ck_assert_uint_eq(hg_bins_low(&b, 0), 100);
	ck_assert_uint_eq(hg_bins_end(&b, 0), 110);
	ck_assert_uint_eq(hg_bins_low(&b, 2), 120);
	ck_assert_uint_eq(hg_bins_end(&b, 2), 130);
	ck_assert_uint_eq(hg_bins_low(&b, 3), 130);	/* the first that overflows */
	ck_assert_uint_eq(hg_bins_peak(&b), 3);
	hg_bins_add(&b, 111, 7);		/* several at once */
	ck_assert_uint_eq(b.count[1], 9);
	ck_assert_uint_eq(b.total, 18);
	ck_assert_uint_eq(hg_bins_peak(&b), 9);
	hg_bins_free(&b);
	ck_assert_ptr_null(b.count);
	hg_bins_free(&b);			/* twice is harmless */
}
END_TEST

/* Every value lands in the bucket whose edges enclose it. */
START_TEST(test_bins_linear_edges)
{
	struct hg_bins b;
	uint64_t v;

	ck_assert_int_eq(hg_bins_linear(&b, 0, 7, 50), 0);
	for (v = 0; v < 7 * 50; v++) {
		size_t i = hg_bins_index(&b, v);

		ck_assert_uint_lt(i, 50);
		ck_assert_uint_le(hg_bins_low(&b, i), v);
		ck_assert_uint_gt(hg_bins_end(&b, i), v);
	}
	ck_assert_uint_eq(hg_bins_index(&b, 7 * 50), 50);
	hg_bins_free(&b);
}
END_TEST

START_TEST(test_bins_invalid)
{
	struct hg_bins b;

	ck_assert_int_eq(hg_bins_linear(&b, 0, 0, 10), -EINVAL);
	ck_assert_ptr_null(b.count);
	ck_assert_int_eq(hg_bins_linear(&b, 0, 1, 0), -EINVAL);
	/* the last bucket would end beyond UINT64_MAX */
	ck_assert_int_eq(hg_bins_linear(&b, UINT64_MAX - 10, 5, 3), -EINVAL);
	ck_assert_int_eq(hg_bins_linear(&b, UINT64_MAX - 10, 5, 2), 0);
	hg_bins_free(&b);
	ck_assert_int_eq(hg_bins_log2(&b, 0), -EINVAL);
	ck_assert_int_eq(hg_bins_log2(&b, 65), -EINVAL);
	hg_bins_free(&b);
}
END_TEST

/* Power-of-two buckets: 0-1, 2-3, 4-7, ..., as -gh prints them. */
START_TEST(test_bins_log2)
{
	struct hg_bins b;
	unsigned int i;

	ck_assert_int_eq(hg_bins_log2(&b, 64), 0);
	ck_assert_uint_eq(hg_bins_index(&b, 0), 0);
	ck_assert_uint_eq(hg_bins_index(&b, 1), 0);
	ck_assert_uint_eq(hg_bins_index(&b, 2), 1);
	ck_assert_uint_eq(hg_bins_index(&b, 3), 1);
	ck_assert_uint_eq(hg_bins_index(&b, 4), 2);
	ck_assert_uint_eq(hg_bins_index(&b, 1023), 9);
	ck_assert_uint_eq(hg_bins_index(&b, 1024), 10);
	ck_assert_uint_eq(hg_bins_index(&b, UINT64_MAX), 63);	/* nothing overflows */
	ck_assert_uint_eq(hg_bins_low(&b, 0), 0);
	ck_assert_uint_eq(hg_bins_end(&b, 0), 2);
	ck_assert_uint_eq(hg_bins_low(&b, 1), 2);
	ck_assert_uint_eq(hg_bins_end(&b, 1), 4);
	ck_assert_uint_eq(hg_bins_low(&b, 63), 1ULL << 63);
	ck_assert_uint_eq(hg_bins_end(&b, 63), UINT64_MAX);
	for (i = 1; i < 64; i++) {
		ck_assert_uint_eq(hg_bins_index(&b, 1ULL << i), i);
		ck_assert_uint_eq(hg_bins_index(&b, (1ULL << i) - 1), i - 1);
		ck_assert_uint_eq(hg_bins_end(&b, i - 1), hg_bins_low(&b, i));
	}
	hg_bins_add(&b, 5, 2);
	hg_bins_add(&b, 6, 1);
	ck_assert_uint_eq(b.count[2], 3);
	ck_assert_uint_eq(b.under, 0);
	hg_bins_free(&b);

	/* four buckets: 16 and more overflow */
	ck_assert_int_eq(hg_bins_log2(&b, 4), 0);
	hg_bins_add(&b, 15, 1);
	hg_bins_add(&b, 16, 1);
	hg_bins_add(&b, UINT64_MAX, 1);
	ck_assert_uint_eq(b.count[3], 1);
	ck_assert_uint_eq(b.count[4], 2);
	ck_assert_uint_eq(hg_bins_low(&b, 4), 16);
	ck_assert_uint_eq(b.total, 3);
	hg_bins_free(&b);
}
END_TEST

START_TEST(test_step125)
{
	static const double in[][2] = {
		{ 0.7, 1 }, { 1, 1 }, { 1.1, 2 }, { 2, 2 }, { 2.1, 5 }, { 3, 5 }, { 5, 5 },
		{ 6, 10 }, { 9.99, 10 }, { 10, 10 }, { 0.03, 0.05 }, { 0.3, 0.5 },
		{ 130, 200 }, { 0.0012, 0.002 }, { 4e6, 5e6 }, { 0, 1 }, { -3, 1 },
		{ 0.1 + 0.2, 0.5 }, { 100.0000000001, 100 }, { 1001, 2000 }, { 20001, 50000 },
		{ NAN, 1 }, { INFINITY, 1 },
	};
	uint64_t x, p, want;
	size_t i;

	for (i = 0; i < sizeof(in) / sizeof(in[0]); i++)
		ck_assert_msg(fabs(hg_step125(in[i][0]) - in[i][1]) < 1e-12 * in[i][1],
			      "step(%g) = %g, not %g", in[i][0], hg_step125(in[i][0]), in[i][1]);
	/* whole numbers (bucket widths in ns): exactly the next 1, 2 or 5 x 10^k */
	for (x = 1; x < 200000; x += x < 2000 ? 1 : 97) {
		for (p = 1; p * 10 <= x; p *= 10)
			;
		want = x <= p ? p : x <= 2 * p ? 2 * p : x <= 5 * p ? 5 * p : 10 * p;
		ck_assert_msg((uint64_t)hg_step125((double)x) == want, "step(%llu) = %g, not %llu",
			      (unsigned long long)x, hg_step125((double)x),
			      (unsigned long long)want);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("hist");
	TCase *tc = tcase_create("buckets");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_index_small);
	tcase_add_test(tc, test_index_wide);
	tcase_add_test(tc, test_buckets_contiguous);
	suite_add_tcase(s, tc);

	tc = tcase_create("stats");
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_exact_stats);
	tcase_add_test(tc, test_sum_saturates);
	tcase_add_test(tc, test_tstats_init_zeroed);
	suite_add_tcase(s, tc);

	tc = tcase_create("percentile");
	tcase_add_loop_test(tc, test_percentile_small_exact, 1, 100);
	tcase_add_test(tc, test_percentile_small_set);
	tcase_add_test(tc, test_percentile_large);
	tcase_add_test(tc, test_percentile_ends);
	suite_add_tcase(s, tc);

	tc = tcase_create("merge");
	tcase_add_test(tc, test_merge);
	tcase_add_test(tc, test_merge_empty);
	tcase_add_test(tc, test_merge_sum_saturates);
	suite_add_tcase(s, tc);

	tc = tcase_create("bins");
	tcase_add_test(tc, test_bins_linear);
	tcase_add_test(tc, test_bins_linear_edges);
	tcase_add_test(tc, test_bins_invalid);
	tcase_add_test(tc, test_bins_log2);
	tcase_add_test(tc, test_step125);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
