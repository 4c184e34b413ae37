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

static int curs_rewind(void *priv, uint32_t i)
{
	struct hg_reccurs *m = priv;

	hg_reccur_seek(&m->c[i], 0);
	return 0;
}

static int curs_read(void *priv, uint32_t i, const struct hg_record **recs, size_t *n)
{
	struct hg_reccurs *m = priv;

	return hg_reccur_chunk(&m->c[i], recs, n);
}

/* Records looked at a step when the last one is sought from the end. */
#define TAIL_STEP 64

/* @k records from the @at-th into @buf through @c; 0 or -errno (-EIO: fewer). */
static int read_at(struct hg_reccur *c, uint64_t at, struct hg_record *buf, size_t k)
{
	const struct hg_record *r;
	size_t j;

	hg_reccur_seek(c, at);
	for (j = 0; j < k; j++) {
		int got = hg_reccur_next(c, &r);

		if (got <= 0)
			return got ? got : -EIO;
		buf[j] = *r;
	}
	return 0;
}

static int curs_last(void *priv, uint32_t i, struct hg_record *rec)
{
	struct hg_reccurs *m = priv;
	uint64_t end = m->t->threads[i].stored;
	struct hg_record tail[TAIL_STEP];
	struct hg_reccur c;
	int ret = -ENODATA;

	hg_reccur_init(&c, &m->t->threads[i]);
	while (end && ret == -ENODATA) {
		size_t k = (size_t)(end > TAIL_STEP ? TAIL_STEP : end);
		const struct hg_record *r;

		end -= k;
		ret = read_at(&c, end, tail, k);
		if (ret)
			break;
		ret = -ENODATA;
		r = hg_recs_last(tail, k);
		if (r) {
			*rec = *r;
			ret = 0;
		}
	}
	hg_reccur_free(&c);
	return ret;
}

static const struct hg_recsrc_ops curs_ops = {
	.rewind = curs_rewind,
	.read = curs_read,
	.last = curs_last,
};

int hg_reccurs_init(struct hg_reccurs *m, struct hg_recsrc *src, const struct hg_trace *t)
{
	uint32_t i;

	m->t = t;
	m->c = calloc(t->nthreads ? t->nthreads : 1, sizeof(*m->c));
	if (!m->c)
		return -ENOMEM;
	for (i = 0; i < t->nthreads; i++)
		hg_reccur_init(&m->c[i], &t->threads[i]);
	src->ops = &curs_ops;
	src->priv = m;
	return 0;
}

void hg_reccurs_free(struct hg_reccurs *m)
{
	uint32_t i;

	for (i = 0; m->c && i < m->t->nthreads; i++)
		hg_reccur_free(&m->c[i]);
	free(m->c);
	m->c = NULL;
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
