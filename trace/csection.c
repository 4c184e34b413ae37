// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * csection.c - the CHAINS section's payload
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "trace/chains.h"
#include "trace/csection.h"

void hg_sec_put_chains(struct hg_buf *b, const struct hg_trace *t)
{
	const struct hg_chainset *cs = t->chains;
	uint32_t c, s;
	uint64_t k;

	hg_put_u32(b, cs->n);
	for (c = 0; c < cs->n; c++) {
		const struct hg_chain_run *ch = &cs->chain[c];

		hg_put_str(b, ch->name);
		hg_put_u32(b, ch->mode);
		hg_put_u32(b, ch->wake);
		hg_put_u32(b, ch->nstages);
		for (s = 0; s < ch->nstages; s++) {
			const struct hg_chain_stage *st = &ch->stage[s];

			hg_put_u32(b, st->thread);
			hg_put_u64(b, st->dropped);
			hg_put_u64(b, st->n);
			for (k = 0; k < st->n; k++) {
				const struct hg_chain_job *j = &st->jobs[k];

				hg_put_u64(b, j->seq);
				hg_put_u64(b, j->avail_ns);
				hg_put_u64(b, j->release_ns);
				hg_put_u64(b, j->start_ns);
				hg_put_u64(b, j->done_ns);
				hg_put_u64(b, j->cpu_ns);
			}
		}
	}
}

/* A job's times: produced, released, started, done in this order. */
static int job_ok(const struct hg_chain_job *j)
{
	return j->avail_ns <= j->done_ns && j->release_ns <= j->start_ns &&
	       j->start_ns <= j->done_ns;
}

static int get_stage(struct hg_cur *c, struct hg_trace *t, struct hg_chain_stage *st)
{
	uint64_t n, k;

	st->thread = hg_get_u32(c);
	st->dropped = hg_get_u64(c);
	n = hg_get_u64(c);
	/* six u64 a job: a count the payload cannot hold is damage */
	if (c->bad || st->thread >= t->nthreads || n > HG_CHAIN_JOBS_MAX ||
	    n > (c->len - c->pos) / 48)
		return -EINVAL;
	st->jobs = calloc(n ? n : 1, sizeof(*st->jobs));
	if (!st->jobs)
		return -ENOMEM;
	st->cap = n;
	st->n = n;
	for (k = 0; k < n; k++) {
		struct hg_chain_job *j = &st->jobs[k];

		j->seq = hg_get_u64(c);
		j->avail_ns = hg_get_u64(c);
		j->release_ns = hg_get_u64(c);
		j->start_ns = hg_get_u64(c);
		j->done_ns = hg_get_u64(c);
		j->cpu_ns = hg_get_u64(c);
		if (c->bad || !job_ok(j))
			return -EINVAL;
	}
	return 0;
}

static int get_chain(struct hg_cur *c, struct hg_trace *t, struct hg_chain_run *ch)
{
	uint32_t s;
	int ret;

	hg_get_label(c, ch->name, sizeof(ch->name));
	ch->mode = hg_get_u32(c);
	ch->wake = hg_get_u32(c);
	ch->nstages = hg_get_u32(c);
	if (c->bad || !hg_chain_name_ok(ch->name) || ch->mode > HG_CHAIN_SAMPLED ||
	    ch->wake >= HG_CHAIN_WAKE_N || ch->nstages < 2 ||
	    ch->nstages > HG_CHAIN_STAGES_MAX)
		return -EINVAL;
	for (s = 0; s < ch->nstages; s++) {
		ret = get_stage(c, t, &ch->stage[s]);
		if (ret)
			return ret;
	}
	return 0;
}

int hg_sec_get_chains(struct hg_cur *c, struct hg_trace *t, char *err, size_t errlen)
{
	struct hg_chainset *cs = calloc(1, sizeof(*cs));
	uint32_t i;
	int ret = -EINVAL;

	if (!cs)
		return -ENOMEM;
	t->chains = cs;
	cs->n = hg_get_u32(c);
	if (c->bad || !cs->n || cs->n > HG_CHAINS_MAX)
		goto bad;
	for (i = 0; i < cs->n; i++) {
		ret = get_chain(c, t, &cs->chain[i]);
		if (ret)
			goto bad;
	}
	if (!c->bad && c->pos == c->len)
		return 0;
	ret = -EINVAL;
bad:
	c->bad = 1;
	if (ret == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	else
		snprintf(err, errlen, "damaged chains section");
	return ret;
}
