// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * vcount.c - a multiset of integers counted exactly
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/vcount.h"
#include "trace/hist.h"

/* The array of counts, zeroed: its pages cost memory only once written. */
static int make_dense(struct hg_vcount *c, uint64_t first)
{
	c->dense = calloc(HG_VCOUNT_DENSE, sizeof(*c->dense));
	if (!c->dense)
		return -ENOMEM;
	c->lo = first;
	c->hi = first;
	return 0;
}

/* Keep the large value @v (counted and summed by the caller). */
static int keep_big(struct hg_vcount *c, uint64_t v)
{
	if (c->nbig == c->capbig) {
		size_t cap = c->capbig ? 2 * c->capbig : 256;
		uint64_t *b = realloc(c->big, cap * sizeof(*b));

		if (!b)
			return -ENOMEM;
		c->big = b;
		c->capbig = cap;
	}
	c->big[c->nbig++] = v;
	c->sorted = 0;
	return 0;
}

int hg_vcount_add_slow(struct hg_vcount *c, uint64_t v)
{
	int ret;

	if (v < HG_VCOUNT_DENSE) {
		ret = make_dense(c, v);
		return ret ? ret : hg_vcount_add(c, v);
	}
	ret = keep_big(c, v);
	if (ret)
		return ret;
	c->n++;
	c->sum = c->sum + v < c->sum ? UINT64_MAX : c->sum + v;
	return 0;
}

int hg_vcount_add_all(struct hg_vcount *dst, const struct hg_vcount *src)
{
	uint64_t v;
	size_t i;
	int ret;

	if (src->dense) {
		if (!dst->dense && (ret = make_dense(dst, src->lo)))
			return ret;
		for (v = src->lo; v <= src->hi; v++)
			dst->dense[v] += src->dense[v];
		if (src->lo < dst->lo)
			dst->lo = src->lo;
		if (src->hi > dst->hi)
			dst->hi = src->hi;
	}
	for (i = 0; i < src->nbig; i++)
		if ((ret = keep_big(dst, src->big[i])))
			return ret;
	dst->n += src->n;
	/* saturating sums of values that are never negative add up as the whole would */
	dst->sum = dst->sum + src->sum < dst->sum ? UINT64_MAX : dst->sum + src->sum;
	return 0;
}

int hg_vcount_sort(struct hg_vcount *c)
{
	int ret = 0;

	if (!c->sorted && c->nbig)
		ret = hg_sort_u64(c->big, c->nbig);
	c->sorted = !ret;
	return ret;
}

/* The @rank-th smallest value (1 to n) of @c. */
static uint64_t at_rank(const struct hg_vcount *c, uint64_t rank)
{
	uint64_t seen = 0, v;

	if (c->dense) {
		for (v = c->lo; v <= c->hi; v++) {
			seen += c->dense[v];
			if (seen >= rank)
				return v;
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
	size_t i, j;
	uint64_t v;
	int ret;

	if (c->dense) {
		for (v = c->lo; v <= c->hi; v++) {
			if (c->dense[v] && (ret = fn(v, c->dense[v], arg)))
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
	free(c->dense);
	free(c->big);
	memset(c, 0, sizeof(*c));
}
