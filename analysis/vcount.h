/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vcount.h - a multiset of integers counted exactly: each value below
 * HG_VCOUNT_DENSE has a count of its own (in chunks of 4096 values, made
 * as values fall in them), larger ones are kept as they are and sorted at
 * the end. Its order statistics are those of the sorted values
 * (hg_stats_compute(), hg_percentile_sorted()), without keeping or sorting
 * the millions of small values a long trace has: the costs of ctx.
 */
#ifndef HG_VCOUNT_H
#define HG_VCOUNT_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/stats.h"

#define HG_VCOUNT_DENSE	(1u << 20)
#define HG_VCOUNT_CHUNK_BITS	12	/* counts a chunk: 4096, 32 KiB */
#define HG_VCOUNT_CHUNKS	(HG_VCOUNT_DENSE >> HG_VCOUNT_CHUNK_BITS)

struct hg_vcount {
	/* the counts of the small values, in chunks made as values fall in them */
	uint64_t *chunk[HG_VCOUNT_CHUNKS];
	uint64_t hi;		/* the largest small value counted (0 for none) */
	uint64_t *big;		/* the values of HG_VCOUNT_DENSE and more */
	size_t nbig, capbig;
	uint64_t n;		/* values counted */
	uint64_t sum;		/* their sum; saturates at UINT64_MAX */
	int sorted;		/* @big sorted since the last value added */
};

/* hg_vcount_add_slow - hg_vcount_add() for a new chunk and the large values. */
int hg_vcount_add_slow(struct hg_vcount *c, uint64_t v);

/*
 * hg_vcount_add - count @v in @c (zeroed memory is an empty multiset)
 * Returns 0 or -ENOMEM.
 */
static inline int hg_vcount_add(struct hg_vcount *c, uint64_t v)
{
	uint64_t *k;

	if (v >= HG_VCOUNT_DENSE || !(k = c->chunk[v >> HG_VCOUNT_CHUNK_BITS]))
		return hg_vcount_add_slow(c, v);
	k[v & ((1u << HG_VCOUNT_CHUNK_BITS) - 1)]++;
	if (v > c->hi)
		c->hi = v;
	c->n++;
	c->sum = c->sum + v < c->sum ? UINT64_MAX : c->sum + v;
	return 0;
}

/*
 * hg_vcount_add_all - count every value of @src in @dst as well
 * Returns 0 or -ENOMEM.
 */
int hg_vcount_add_all(struct hg_vcount *dst, const struct hg_vcount *src);

/* hg_vcount_sort - ready @c for the reads below. Returns 0 or -ENOMEM. */
int hg_vcount_sort(struct hg_vcount *c);

/*
 * hg_vcount_stats - what hg_stats_compute() gives for the values of @c
 * (sorted by hg_vcount_sort())
 */
void hg_vcount_stats(const struct hg_vcount *c, struct hg_stats *s);

/*
 * hg_vcount_percentile - what hg_percentile_sorted() gives for the values
 * of @c (sorted): the nearest-rank percentile @pct; 0 when @c is empty
 */
uint64_t hg_vcount_percentile(const struct hg_vcount *c, double pct);

/* Called for each distinct value, smallest first, with its count; 0 goes on. */
typedef int (*hg_vcount_fn)(uint64_t v, uint64_t count, void *arg);

/* hg_vcount_each - @fn for each distinct value of @c (sorted). Returns what @fn returned, or 0. */
int hg_vcount_each(const struct hg_vcount *c, hg_vcount_fn fn, void *arg);

/* hg_vcount_free - release @c, left empty. */
void hg_vcount_free(struct hg_vcount *c);

#endif /* HG_VCOUNT_H */
