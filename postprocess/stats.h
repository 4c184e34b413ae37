/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stats.h - exact order statistics of a set of values
 */
#ifndef HG_STATS_H
#define HG_STATS_H

#include <stddef.h>
#include <stdint.h>

struct hg_stats {
	uint64_t count;
	uint64_t sum;		/* saturates at UINT64_MAX */
	uint64_t min;
	uint64_t p1;
	uint64_t median;
	uint64_t p90;
	uint64_t p99;
	uint64_t p999;
	uint64_t max;
	double mean;
};

/*
 * hg_sort_u64 - sort @n values in place (LSD radix, 8 bits a pass, passes
 * over bytes that are zero in every value skipped)
 * Returns 0 or -ENOMEM.
 */
int hg_sort_u64(uint64_t *v, size_t n);

/*
 * hg_percentile_sorted - the nearest-rank percentile @pct (0 to 100) of
 * @n sorted values: the smallest value with at least pct % of the values
 * at or below it; 0 when @n is 0
 */
uint64_t hg_percentile_sorted(const uint64_t *v, size_t n, double pct);

/*
 * hg_stats_compute - sort @v (in place) and fill @s
 * Returns 0 or -ENOMEM.
 */
int hg_stats_compute(uint64_t *v, size_t n, struct hg_stats *s);

#endif /* HG_STATS_H */
