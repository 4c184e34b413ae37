/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hist.h - streaming log-linear histogram of uint64_t values
 *
 * Values below 128 have a bucket each; above, every power of two is split
 * into 64 buckets, so a percentile read from the histogram is within 1/64
 * (1.6 %) of the true value, and min, max, count and sum are exact. Adding
 * a value is a few instructions and never allocates: it is safe on a
 * measuring thread. One module, used for every histogram of the program.
 */
#ifndef HG_HIST_H
#define HG_HIST_H

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

#endif /* HG_HIST_H */
