// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * reccur.c - one thread's records in order, from memory or a chunk at a time
 */
#include <errno.h>
#include <stdlib.h>

#include "trace/reccur.h"

void hg_reccur_init(struct hg_reccur *c, const struct hg_trace_thread *th)
{
	*c = (struct hg_reccur){ .th = th };
	if (!th->rfile) {
		c->recs = th->recs;
		c->n = (size_t)th->stored;
	}
}

/* The chunk that starts at the cursor's next record; 0 or -errno. */
static int refill(struct hg_reccur *c)
{
	const struct hg_recfile *rf = c->th->rfile;
	uint64_t next = c->at + c->pos, left = c->th->stored - next;
	size_t chunk = rf->chunk ? rf->chunk : HG_RECCUR_CHUNK;
	size_t k = (size_t)(left < chunk ? left : chunk);
	int ret;

	if (!k)
		return 0;
	if (!c->buf) {
		c->buf = malloc(k * sizeof(*c->buf));
		if (!c->buf)
			return -ENOMEM;
		c->cap = k;
	}
	if (k > c->cap)
		k = c->cap;
	ret = rf->read(rf->priv, c->th->id, next, c->buf, k);
	if (ret)
		return ret;
	c->recs = c->buf;
	c->at = next;
	c->n = k;
	c->pos = 0;
	return 0;
}

int hg_reccur_next(struct hg_reccur *c, const struct hg_record **r)
{
	if (c->pos == c->n) {
		int ret;

		if (!c->th->rfile)
			return 0;
		ret = refill(c);
		if (ret)
			return ret < 0 ? ret : -EIO;
		if (c->pos == c->n)
			return 0;
	}
	*r = &c->recs[c->pos++];
	return 1;
}

int hg_reccur_chunk(struct hg_reccur *c, const struct hg_record **recs, size_t *n)
{
	const struct hg_record *r;
	int ret = hg_reccur_peek(c, &r);

	*n = 0;
	if (ret <= 0)
		return ret;
	*recs = r;
	*n = c->n - c->pos;
	c->pos = c->n;
	return 0;
}

int hg_reccur_peek(struct hg_reccur *c, const struct hg_record **r)
{
	int ret = hg_reccur_next(c, r);

	if (ret > 0)
		c->pos--;
	return ret;
}

/* Whether @r continues the piece that ends at @next: a record of the same interval. */
static int joins(const struct hg_record *r, uint64_t next)
{
	return !(r->flags & HG_REC_EVENT) && r->start_cycles == next;
}

int hg_reccur_interval(struct hg_reccur *c, struct hg_interval *iv)
{
	const struct hg_record *r;
	int ret;

	/* the common case, all its pieces in the chunk at hand: as in memory */
	if (c->pos < c->n) {
		size_t pos = c->pos;

		ret = hg_record_decode(c->recs, c->n, &pos, iv);
		if (ret > 0 || !c->th->rfile) {
			if (ret >= 0)
				c->pos = pos;
			return ret;
		}
	}
	do {
		ret = hg_reccur_next(c, &r);
		if (ret <= 0)
			return ret;
	} while (r->flags & HG_REC_EVENT);
	iv->start_cycles = r->start_cycles;
	iv->len_cycles = r->len_cycles;
	iv->cpu = r->cpu;
	while (r->flags & HG_REC_CONTINUED) {
		uint64_t next = r->start_cycles + r->len_cycles;

		ret = hg_reccur_next(c, &r);
		if (ret < 0)
			return ret;
		if (!ret || !joins(r, next))
			return -EINVAL;
		iv->len_cycles += r->len_cycles;
	}
	iv->flags = r->flags & ~(unsigned int)HG_REC_CONTINUED;
	return 1;
}

void hg_reccur_seek(struct hg_reccur *c, uint64_t k)
{
	if (k >= c->at && k <= c->at + c->n) {
		c->pos = (size_t)(k - c->at);
		return;
	}
	/* from a file: the chunk at @k is read at the next call */
	c->at = k;
	c->n = 0;
	c->pos = 0;
}

void hg_reccur_free(struct hg_reccur *c)
{
	free(c->buf);
	c->buf = NULL;
	c->cap = 0;
}
