// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * recsrc.c - a trace's records in memory as a record source
 */
#include <errno.h>
#include <stdlib.h>

#include "trace/recsrc.h"

const struct hg_record *hg_recs_last(const struct hg_record *recs, size_t n)
{
	while (n--)
		if (!(recs[n].flags & HG_REC_EVENT))
			return &recs[n];
	return NULL;
}

static int mem_rewind(void *priv, uint32_t i)
{
	struct hg_recmem *m = priv;

	m->pos[i] = 0;
	return 0;
}

static int mem_read(void *priv, uint32_t i, const struct hg_record **recs, size_t *n)
{
	struct hg_recmem *m = priv;
	const struct hg_trace_thread *th = &m->t->threads[i];
	uint64_t left = th->stored - m->pos[i];

	*n = (size_t)(m->chunk && left > m->chunk ? m->chunk : left);
	*recs = th->recs + m->pos[i];
	m->pos[i] += *n;
	return 0;
}

static int mem_last(void *priv, uint32_t i, struct hg_record *rec)
{
	struct hg_recmem *m = priv;
	const struct hg_trace_thread *th = &m->t->threads[i];
	const struct hg_record *r = hg_recs_last(th->recs, (size_t)th->stored);

	if (!r)
		return -ENODATA;
	*rec = *r;
	return 0;
}

static const struct hg_recsrc_ops mem_ops = {
	.rewind = mem_rewind,
	.read = mem_read,
	.last = mem_last,
};

int hg_recmem_init(struct hg_recmem *m, struct hg_recsrc *src, const struct hg_trace *t,
		   size_t chunk)
{
	m->t = t;
	m->chunk = chunk;
	m->pos = calloc(t->nthreads ? t->nthreads : 1, sizeof(*m->pos));
	if (!m->pos)
		return -ENOMEM;
	src->ops = &mem_ops;
	src->priv = m;
	return 0;
}

void hg_recmem_free(struct hg_recmem *m)
{
	free(m->pos);
	m->pos = NULL;
}

static int tap_rewind(void *priv, uint32_t i)
{
	struct hg_rectap *tap = priv;
	int ret = tap->inner.ops->rewind(tap->inner.priv, i);

	if (!ret)
		tap->rewound(tap->arg, i);
	return ret;
}

static int tap_read(void *priv, uint32_t i, const struct hg_record **recs, size_t *n)
{
	struct hg_rectap *tap = priv;
	int ret = tap->inner.ops->read(tap->inner.priv, i, recs, n);

	if (!ret && *n)
		tap->seen(tap->arg, i, *recs, *n);
	return ret;
}

static int tap_last(void *priv, uint32_t i, struct hg_record *rec)
{
	struct hg_rectap *tap = priv;

	return tap->inner.ops->last(tap->inner.priv, i, rec);
}

static const struct hg_recsrc_ops tap_ops = {
	.rewind = tap_rewind,
	.read = tap_read,
	.last = tap_last,
};

void hg_rectap_src(struct hg_rectap *tap, struct hg_recsrc *src)
{
	src->ops = &tap_ops;
	src->priv = tap;
}
