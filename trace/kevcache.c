// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kevcache.c - a trace's kernel events read from its file a block at a
 * time, the blocks read last kept (the rules are kevents.h's)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace/kevents.h"

/* Blocks kept: a cut reads a window of each CPU, a few apart. */
#define NBLOCKS 8

struct block {
	uint64_t first;		/* the index of its first event; UINT64_MAX: empty */
	uint64_t used;		/* when it was used last */
	struct hg_kev *ev;
};

struct hg_kevcache {
	struct hg_kevsrc src;
	struct block b[NBLOCKS];
	uint64_t clock;
	int err;		/* the first read that failed */
	struct hg_kev *first;	/* each block's first event: a search reads one block */
	uint64_t nfirst;
};

int hg_kevents_attach(struct hg_kevents *k, const struct hg_kevsrc *src)
{
	struct hg_kevcache *c = calloc(1, sizeof(*c));
	uint64_t j;
	int i, ret = 0;

	if (!c)
		return -ENOMEM;
	c->src = *src;
	for (i = 0; i < NBLOCKS; i++)
		c->b[i].first = UINT64_MAX;
	c->nfirst = (k->n + HG_KEVCACHE_BLOCK - 1) / HG_KEVCACHE_BLOCK;
	c->first = malloc((c->nfirst ? c->nfirst : 1) * sizeof(*c->first));
	for (j = 0; c->first && j < c->nfirst && !ret; j++)
		ret = src->read(src->priv, j * HG_KEVCACHE_BLOCK, &c->first[j], 1);
	if (!c->first || ret) {
		ret = c->first ? ret : -ENOMEM;
		hg_kevcache_free(c);
		return ret;
	}
	free(k->ev);
	k->ev = NULL;
	k->cap_ev = 0;
	hg_kevcache_free(k->cache);
	k->cache = c;
	return 0;
}

/* The block of @k's events that holds the @i-th: kept, or read into the oldest. */
static const struct block *block_of(const struct hg_kevents *k, uint64_t i)
{
	struct hg_kevcache *c = k->cache;
	uint64_t first = i - i % HG_KEVCACHE_BLOCK;
	struct block *old = &c->b[0];
	size_t n;
	int j, ret;

	for (j = 0; j < NBLOCKS; j++) {
		if (c->b[j].first == first) {
			c->b[j].used = ++c->clock;
			return &c->b[j];
		}
		if (c->b[j].used < old->used)
			old = &c->b[j];
	}
	if (!old->ev) {
		old->ev = malloc(HG_KEVCACHE_BLOCK * sizeof(*old->ev));
		if (!old->ev) {
			c->err = c->err ? c->err : -ENOMEM;
			return NULL;
		}
	}
	n = (size_t)(k->n - first < HG_KEVCACHE_BLOCK ? k->n - first : HG_KEVCACHE_BLOCK);
	ret = c->src.read(c->src.priv, first, old->ev, n);
	if (ret) {
		old->first = UINT64_MAX;
		c->err = c->err ? c->err : ret;
		return NULL;
	}
	old->first = first;
	old->used = ++c->clock;
	return old;
}

struct hg_kev hg_kevents_read(const struct hg_kevents *k, uint64_t i)
{
	const struct block *b = k->cache && i < k->n ? block_of(k, i) : NULL;
	struct hg_kev none = { .name = HG_KEV_NO_NAME };

	return b ? b->ev[i - b->first] : none;
}

/* Whether @e comes before (@cpu, @cycles) in the records' order. */
static int below(const struct hg_kev *e, uint32_t cpu, uint64_t cycles)
{
	return e->cpu < cpu || (e->cpu == cpu && e->cycles < cycles);
}

uint64_t hg_kevents_find(const struct hg_kevents *k, uint32_t cpu, uint64_t cycles)
{
	uint64_t lo = 0, hi = k->n;

	if (k->cache) {	/* the block first, by the blocks' first events */
		const struct hg_kevcache *c = k->cache;
		uint64_t blo = 0, bhi = c->nfirst;

		while (blo < bhi) {
			uint64_t mid = blo + (bhi - blo) / 2;

			if (below(&c->first[mid], cpu, cycles))
				blo = mid + 1;
			else
				bhi = mid;
		}
		if (!blo)
			return 0;
		lo = (blo - 1) * HG_KEVCACHE_BLOCK;
		hi = blo * HG_KEVCACHE_BLOCK < k->n ? blo * HG_KEVCACHE_BLOCK : k->n;
	}
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		struct hg_kev e = hg_kevents_ev(k, mid);

		if (below(&e, cpu, cycles))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int hg_kevents_status(const struct hg_kevents *k)
{
	return k->cache ? k->cache->err : 0;
}

void hg_kevcache_free(struct hg_kevcache *c)
{
	int i;

	if (!c)
		return;
	for (i = 0; i < NBLOCKS; i++)
		free(c->b[i].ev);
	free(c->first);
	free(c);
}
