/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hist.h - histograms: one module, used for every histogram of the program
 *
 * struct hg_hist is the streaming log-linear histogram a measuring thread
 * keeps: values below 128 have a bucket each; above, every power of two is
 * split into 64 buckets, so a percentile read from the histogram is within
 * 1/64 (1.6 %) of the true value, and min, max, count and sum are exact.
 * Adding a value is a few instructions, without a branch that the sum and
 * extremes do not need, and never allocates.
 *
 * struct hg_bins is what reports and pictures show: a fixed number of
 * buckets, linear (a width from a first value) or logarithmic (powers of
 * two), and one overflow bucket after them. It allocates, so it is built
 * after a run, never on a measuring thread. hg_step125() is the 1-2-5 step
 * of every bucket width and axis tick.
 */
#ifndef HG_HIST_H
#define HG_HIST_H

#include <stddef.h>
#include <stdint.h>

#define HG_HIST_SUB_BITS	6
#define HG_HIST_LINEAR		(2u << HG_HIST_SUB_BITS)	/* 128 */
#define HG_HIST_BUCKETS		(HG_HIST_LINEAR + (64 - HG_HIST_SUB_BITS - 1) * (1u << HG_HIST_SUB_BITS))

struct hg_hist {
	uint64_t count;
	uint64_t sum;		/* saturates at UINT64_MAX */
	uint64_t min;		/* UINT64_MAX while empty */
	uint64_t max;
	uint64_t bucket[HG_HIST_BUCKETS];
};

/* hg_hist_init - empty @h. */
void hg_hist_init(struct hg_hist *h);

/* hg_hist_index - the bucket a value falls in. */
static inline unsigned int hg_hist_index(uint64_t v)
{
	unsigned int msb, shift;

	if (v < HG_HIST_LINEAR)
		return (unsigned int)v;
	msb = 63u - (unsigned int)__builtin_clzll(v);
	shift = msb - HG_HIST_SUB_BITS;
	return HG_HIST_LINEAR + (shift - 1) * (1u << HG_HIST_SUB_BITS) +
	       (unsigned int)((v >> shift) - (1u << HG_HIST_SUB_BITS));
}

/*
 * hg_rank - the nearest rank of percentile @pct (0 to 100) among @n > 0
 * values: ceil(pct / 100 * n), 1 to n. The product is formed before the
 * division, and a rounding error of a few ulps must not push an exact rank
 * up by one.
 */
static inline uint64_t hg_rank(double pct, uint64_t n)
{
	double x = pct * (double)n / 100.0;
	uint64_t rank;

	if (pct <= 0)
		return 1;
	if (pct >= 100)
		return n;
	rank = (uint64_t)x;
	if ((double)rank < x - 1e-9 * x)
		rank++;
	return rank ? rank : 1;
}

/* hg_hist_bucket_low - the smallest value of bucket @i. */
uint64_t hg_hist_bucket_low(unsigned int i);

/* hg_hist_bucket_high - the largest value of bucket @i. */
uint64_t hg_hist_bucket_high(unsigned int i);

/* hg_hist_add - count one value. */
static inline void hg_hist_add(struct hg_hist *h, uint64_t v)
{
	h->count++;
	h->sum = h->sum + v < h->sum ? UINT64_MAX : h->sum + v;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
	h->bucket[hg_hist_index(v)]++;
}

/*
 * hg_hist_percentile - the value below which @pct percent of the values lie
 * @pct: 0 to 100
 *
 * Returns the midpoint of the bucket holding that rank, clamped to the exact
 * min and max; 0 for an empty histogram. p0 is the min and p100 the max.
 */
uint64_t hg_hist_percentile(const struct hg_hist *h, double pct);

/* hg_hist_merge - add every value of @src into @dst. */
void hg_hist_merge(struct hg_hist *dst, const struct hg_hist *src);

/*
 * Fixed buckets. Linear (@width > 0): bucket i holds [first + i * width,
 * first + (i + 1) * width). Power-of-two (@width == 0): bucket 0 holds 0
 * and 1, bucket i >= 1 holds [2^i, 2^(i+1)). Values past bucket n - 1 are
 * counted in count[n], the overflow bucket; values below @first (linear)
 * in @under.
 */
struct hg_bins {
	uint64_t first;		/* linear: the lowest value of bucket 0 */
	uint64_t width;		/* linear: the width of a bucket; 0: powers of two */
	size_t n;		/* buckets, the overflow bucket not counted */
	uint64_t *count;	/* n + 1 counts, count[n] the overflow */
	uint64_t under;		/* linear: values below @first */
	uint64_t total;		/* every value added, @under and overflow too */
};

/*
 * hg_bins_linear - @n (>= 1) empty buckets of @width (>= 1) from @first
 * Returns 0, -EINVAL for a zero @n or @width or buckets that end beyond
 * UINT64_MAX, or -ENOMEM. Free with hg_bins_free() either way.
 */
int hg_bins_linear(struct hg_bins *b, uint64_t first, uint64_t width, size_t n);

/*
 * hg_bins_log2 - @n (1 to 64) empty power-of-two buckets: 0-1, 2-3, 4-7,
 * ..., [2^(n-1), 2^n), then the overflow (nothing overflows with 64)
 * Returns 0, -EINVAL or -ENOMEM. Free with hg_bins_free() either way.
 */
int hg_bins_log2(struct hg_bins *b, size_t n);

/* hg_bins_free - release the counts of @b (which may be zeroed memory). */
void hg_bins_free(struct hg_bins *b);

/*
 * hg_bins_index - the bucket @v falls in: 0 to n - 1, n for the overflow,
 * SIZE_MAX below the first bucket
 */
size_t hg_bins_index(const struct hg_bins *b, uint64_t v);

/* hg_bins_add - count @v @times times. */
void hg_bins_add(struct hg_bins *b, uint64_t v, uint64_t times);

/*
 * hg_bins_low - the lowest value of bucket @i (0 to n; for n, the overflow,
 * the first value that overflows)
 */
uint64_t hg_bins_low(const struct hg_bins *b, size_t i);

/*
 * hg_bins_end - the end of bucket @i (0 to n - 1): the first value past it,
 * UINT64_MAX when that would not fit (the last power-of-two bucket)
 */
uint64_t hg_bins_end(const struct hg_bins *b, size_t i);

/* hg_bins_peak - the largest count of a bucket, overflow included. */
uint64_t hg_bins_peak(const struct hg_bins *b);

/*
 * hg_step125 - the smallest 1, 2 or 5 times a power of ten that is at least
 * @x (1 when @x is not a positive finite number): the width of a histogram
 * bucket, the step of an axis' ticks. @x within 1e-9 of a step (rounding
 * of a floating-point range) gives that step.
 */
double hg_step125(double x);

#endif /* HG_HIST_H */
