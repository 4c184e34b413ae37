/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * vcount.h - a multiset of integers counted exactly: each value below
 * HG_VCOUNT_DENSE has a count of its own (in chunks of 4096 values, made
 * as values fall in them; 32 bits a count, its upper half apart, made when
 * a count first passes 2^32 - 1), larger ones are kept as they are and
 * sorted at the end. Counting a small value is one increment: how many
 * values there are and their sum are summed up by hg_vcount_sort(). Its
 * order statistics are those of the sorted values (hg_stats_compute(),
 * hg_percentile_sorted()), without keeping or sorting
 * the millions of small values a long trace has: the costs of ctx.
 */
#ifndef HG_VCOUNT_H
#define HG_VCOUNT_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/stats/stats.h"

#define HG_VCOUNT_DENSE	(1u << 20)
#define HG_VCOUNT_CHUNK_BITS	12	/* counts a chunk: 4096, 16 KiB */
#define HG_VCOUNT_CHUNKS	(HG_VCOUNT_DENSE >> HG_VCOUNT_CHUNK_BITS)

struct hg_vcount {
	/* the counts of the small values (their lower 32 bits), in chunks made
	 * as values fall in them */
	uint32_t *chunk[HG_VCOUNT_CHUNKS];
	uint32_t *upper[HG_VCOUNT_CHUNKS];	/* a chunk's upper 32 bits, or NULL */
	uint64_t *big;		/* the values of HG_VCOUNT_DENSE and more */
	size_t nbig, capbig;
	uint64_t bigsum;	/* the sum of @big; saturates at UINT64_MAX */
	/* as of the last hg_vcount_sort() */
	uint64_t n;		/* values counted */
	uint64_t sum;		/* their sum; saturates at UINT64_MAX */
	int sorted;		/* @big sorted since the last large value added */
};

/*
 * hg_vcount_add_slow - hg_vcount_add() for a new chunk, a count past
 * 2^32 - 1 and the large values
 */
int hg_vcount_add_slow(struct hg_vcount *c, uint64_t v);

/*
 * hg_vcount_add - count @v in @c (zeroed memory is an empty multiset)
 * Returns 0 or -ENOMEM.
 */
static inline int hg_vcount_add(struct hg_vcount *c, uint64_t v)
{
	uint32_t *k;

	if (v >= HG_VCOUNT_DENSE || !(k = c->chunk[v >> HG_VCOUNT_CHUNK_BITS]) ||
	    k[v & ((1u << HG_VCOUNT_CHUNK_BITS) - 1)] == UINT32_MAX)
		return hg_vcount_add_slow(c, v);
	k[v & ((1u << HG_VCOUNT_CHUNK_BITS) - 1)]++;
	return 0;
}

/*
 * hg_vcount_add_all - count every value of @src in @dst as well
 * Returns 0 or -ENOMEM.
 */
int hg_vcount_add_all(struct hg_vcount *dst, const struct hg_vcount *src);

/*
 * hg_vcount_sort - ready @c for the reads below (the large values sorted,
 * @n and @sum summed up). Returns 0 or -ENOMEM.
 */
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

/*
 * hg_vcount_each - @fn for each distinct value of @c (sorted, or with no
 * large values). Returns what @fn returned, or 0.
 */
int hg_vcount_each(const struct hg_vcount *c, hg_vcount_fn fn, void *arg);

/* hg_vcount_free - release @c, left empty. */
void hg_vcount_free(struct hg_vcount *c);

#endif /* HG_VCOUNT_H */
