// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chainrun.c - a chain's reaction times, data ages and hops, from the
 * records of its jobs
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/chainrun.h"

/* Sort the @n values of @d and fill its figures; @d keeps them. */
static int dist_done(struct hg_chain_dist *d, size_t n)
{
	return hg_stats_compute(d->v, n, &d->s);
}

static int dist_alloc(struct hg_chain_dist *d, uint64_t n)
{
	d->v = malloc((n ? n : 1) * sizeof(*d->v));
	return d->v ? 0 : -ENOMEM;
}

static uint64_t sub0(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

/* The head's job of sequence @seq, or NULL (a dropped record). */
static const struct hg_chain_job *head_job(const struct hg_chain_stage *h, uint64_t seq)
{
	/* job k carries seq k: its index unless records before it were dropped */
	if (seq < h->n && h->jobs[seq].seq == seq)
		return &h->jobs[seq];
	return NULL;
}

/* Reaction times and data ages: the last stage's jobs walked once, in order. */
static int end_to_end(const struct hg_chain_run *ch, struct hg_chain_meas *m)
{
	const struct hg_chain_stage *h = &ch->stage[0], *t = &ch->stage[ch->nstages - 1];
	size_t nr = 0, na = 0;
	uint64_t s = 1, i;

	if (dist_alloc(&m->reaction, h->n) || dist_alloc(&m->data_age, h->n))
		return -ENOMEM;
	for (i = 0; i < t->n; i++) {
		const struct hg_chain_job *o = &t->jobs[i], *in;

		if (o->seq == HG_CHAIN_NO_SEQ)
			continue;
		/* the first output based on input s or later: s's reaction */
		for (; s <= o->seq; s++) {
			const struct hg_chain_job *prev = head_job(h, s - 1);

			if (prev && head_job(h, s) && nr < h->n)
				m->reaction.v[nr++] = sub0(o->done_ns, prev->start_ns);
		}
		/* the last output based on input o->seq: its data age */
		in = head_job(h, o->seq);
		if (in && (i + 1 == t->n || t->jobs[i + 1].seq != o->seq) && na < h->n)
			m->data_age.v[na++] = sub0(o->done_ns, in->start_ns);
	}
	m->unread = h->n > na ? h->n - na : 0;
	if (dist_done(&m->reaction, nr) || dist_done(&m->data_age, na))
		return -ENOMEM;
	return 0;
}

/* Hop @k: the jobs of stage k that produced new data, and where their time went. */
static int hop(const struct hg_chain_run *ch, uint32_t k, struct hg_chain_hop *hp)
{
	const struct hg_chain_stage *st = &ch->stage[k];
	uint64_t i, prev = HG_CHAIN_NO_SEQ;
	size_t n = 0;

	hp->thread = st->thread;
	if (dist_alloc(&hp->delay, st->n))
		return -ENOMEM;
	for (i = 0; i < st->n; i++) {
		const struct hg_chain_job *j = &st->jobs[i];
		uint64_t from = k ? j->avail_ns : j->release_ns;

		if (j->seq == HG_CHAIN_NO_SEQ || (k && j->seq == prev))
			continue;
		prev = j->seq;
		hp->delay.v[n++] = sub0(j->done_ns, from);
		hp->release_ns += sub0(j->release_ns, from);
		hp->cpu_ns += sub0(j->start_ns, j->release_ns);
		hp->run_ns += j->cpu_ns;
		hp->blocked_ns += sub0(sub0(j->done_ns, j->start_ns), j->cpu_ns);
	}
	return dist_done(&hp->delay, n);
}

int hg_chain_measure(const struct hg_chain_run *ch, struct hg_chain_meas *m)
{
	uint32_t k;
	int ret;

	memset(m, 0, sizeof(*m));
	if (ch->nstages < 2)
		return 0;
	m->inputs = ch->stage[0].n;
	for (k = 0; k < ch->nstages; k++)
		m->dropped += ch->stage[k].dropped;
	ret = end_to_end(ch, m);
	for (k = 0; !ret && k < ch->nstages; k++) {
		ret = hop(ch, k, &m->hop[k]);
		m->nhops = k + 1;
	}
	if (ret)
		hg_chain_meas_free(m);
	return ret;
}

void hg_chain_meas_free(struct hg_chain_meas *m)
{
	uint32_t k;

	free(m->reaction.v);
	free(m->data_age.v);
	for (k = 0; k < m->nhops; k++)
		free(m->hop[k].delay.v);
	m->reaction.v = m->data_age.v = NULL;
	m->nhops = 0;
}
