// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vcount.c - a multiset of integers counted exactly
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/stats/vcount.h"
#include "trace/hist.h"
#include "util/grow.h"

#define CHUNK_N		(1u << HG_VCOUNT_CHUNK_BITS)

/* a + b, saturating at UINT64_MAX */
static uint64_t sat_add(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

/* The count of value @j of chunk @ci (made). */
static uint64_t count_of(const struct hg_vcount *c, size_t ci, size_t j)
{
	return (c->upper[ci] ? (uint64_t)c->upper[ci][j] << 32 : 0) | c->chunk[ci][j];
}

/* Add @n to the count of value @j of chunk @ci (made). Returns 0 or -ENOMEM. */
static int count_add(struct hg_vcount *c, size_t ci, size_t j, uint64_t n)
{
	uint64_t v = count_of(c, ci, j) + n;

	if ((v >> 32) && !c->upper[ci] && !(c->upper[ci] = calloc(CHUNK_N, sizeof(uint32_t))))
		return -ENOMEM;
	c->chunk[ci][j] = (uint32_t)v;
	if (c->upper[ci])
		c->upper[ci][j] = (uint32_t)(v >> 32);
	return 0;
}

/* Keep the large value @v. */
static int keep_big(struct hg_vcount *c, uint64_t v)
{
	if (HG_GROW(c->big, c->capbig, c->nbig + 1))
		return -ENOMEM;
	c->big[c->nbig++] = v;
	c->bigsum = sat_add(c->bigsum, v);
	c->sorted = 0;
	return 0;
}

int hg_vcount_add_slow(struct hg_vcount *c, uint64_t v)
{
	uint32_t **k;

	if (v >= HG_VCOUNT_DENSE)
		return keep_big(c, v);
	k = &c->chunk[v >> HG_VCOUNT_CHUNK_BITS];
	if (!*k && !(*k = calloc(CHUNK_N, sizeof(**k))))
		return -ENOMEM;
	return count_add(c, v >> HG_VCOUNT_CHUNK_BITS, v & (CHUNK_N - 1), 1);
}

int hg_vcount_add_all(struct hg_vcount *dst, const struct hg_vcount *src)
{
	size_t ci, j;
	int ret;

	for (ci = 0; ci < HG_VCOUNT_CHUNKS; ci++) {
		if (!src->chunk[ci])
			continue;
		if (!dst->chunk[ci] && !(dst->chunk[ci] = calloc(CHUNK_N, sizeof(uint32_t))))
			return -ENOMEM;
		for (j = 0; j < CHUNK_N; j++)
			if ((ret = count_add(dst, ci, j, count_of(src, ci, j))))
				return ret;
	}
	for (j = 0; j < src->nbig; j++)
		if ((ret = keep_big(dst, src->big[j])))
			return ret;
	return 0;
}

int hg_vcount_sort(struct hg_vcount *c)
{
	uint64_t n = c->nbig, sum = c->bigsum;
	size_t ci, j;
	int ret = 0;

	/* saturating sums of values that are never negative add up as the whole would */
	for (ci = 0; ci < HG_VCOUNT_CHUNKS; ci++) {
		for (j = 0; c->chunk[ci] && j < CHUNK_N; j++) {
			uint64_t k = count_of(c, ci, j), v = ((uint64_t)ci << HG_VCOUNT_CHUNK_BITS) + j;
			unsigned __int128 s = (unsigned __int128)k * v;

			n += k;
			sum = sat_add(sum, s > UINT64_MAX ? UINT64_MAX : (uint64_t)s);
		}
	}
	c->n = n;
	c->sum = sum;
	if (!c->sorted && c->nbig)
		ret = hg_sort_u64(c->big, c->nbig);
	c->sorted = !ret;
	return ret;
}

/* The @rank-th smallest value (1 to n) of @c. */
static uint64_t at_rank(const struct hg_vcount *c, uint64_t rank)
{
	uint64_t seen = 0;
	size_t ci, j;

	for (ci = 0; ci < HG_VCOUNT_CHUNKS; ci++) {
		for (j = 0; c->chunk[ci] && j < CHUNK_N; j++) {
			seen += count_of(c, ci, j);
			if (seen >= rank)
				return ((uint64_t)ci << HG_VCOUNT_CHUNK_BITS) + j;
		}
	}
	return c->big[rank - seen - 1];
}

uint64_t hg_vcount_percentile(const struct hg_vcount *c, double pct)
{
	return c->n ? at_rank(c, hg_rank(pct, c->n)) : 0;
}

void hg_vcount_stats(const struct hg_vcount *c, struct hg_stats *s)
{
	memset(s, 0, sizeof(*s));
	if (!c->n)
		return;
	s->count = c->n;
	s->sum = c->sum;
	s->min = at_rank(c, 1);
	s->max = at_rank(c, c->n);
	s->p1 = hg_vcount_percentile(c, 1);
	s->median = hg_vcount_percentile(c, 50);
	s->p90 = hg_vcount_percentile(c, 90);
	s->p99 = hg_vcount_percentile(c, 99);
	s->p999 = hg_vcount_percentile(c, 99.9);
	s->mean = (double)s->sum / (double)s->count;
}

int hg_vcount_each(const struct hg_vcount *c, hg_vcount_fn fn, void *arg)
{
	size_t ci, i, j;
	int ret;

	for (ci = 0; ci < HG_VCOUNT_CHUNKS; ci++) {
		for (j = 0; c->chunk[ci] && j < CHUNK_N; j++) {
			uint64_t n = count_of(c, ci, j);

			if (n && (ret = fn(((uint64_t)ci << HG_VCOUNT_CHUNK_BITS) + j, n, arg)))
				return ret;
		}
	}
	for (i = 0; i < c->nbig; i = j) {
		for (j = i + 1; j < c->nbig && c->big[j] == c->big[i]; j++)
			;
		ret = fn(c->big[i], j - i, arg);
		if (ret)
			return ret;
	}
	return 0;
}

void hg_vcount_free(struct hg_vcount *c)
{
	size_t ci;

	for (ci = 0; ci < HG_VCOUNT_CHUNKS; ci++) {
		free(c->chunk[ci]);
		free(c->upper[ci]);
	}
	free(c->big);
	memset(c, 0, sizeof(*c));
}
