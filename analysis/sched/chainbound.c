// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chainbound.c - a run's chains bounded from its task set
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/chainbound.h"
#include "analysis/sched/holistic.h"
#include "analysis/sched/partition.h"
#include "analysis/sched/predict.h"
#include "analysis/sched/tschain.h"

/* The bounds of @s's chains into @sb (one a chain of s->chains); 0 or -errno. */
static int bound_set(const struct hg_taskset *s, struct hg_chain_bound *sb)
{
	struct hg_rta_task *ts = hg_taskset_rta(s);
	struct hg_rta_result *rh = malloc((s->n ? s->n : 1) * sizeof(*rh));
	struct hg_rta_analysis an;
	unsigned int rounds = 0;
	bool event = false;
	size_t c;
	int ret;

	memset(&an, 0, sizeof(an));
	for (c = 0; c < s->chains.n; c++)
		event |= s->chains.chain[c].event;
	ret = ts && rh ? hg_rta_analyse_locks(ts, s->n, s->locks, s->nlocks, &an) : -ENOMEM;
	if (!ret && event)
		ret = hg_holistic(s, ts, sb, rh, &rounds);
	for (c = 0; !ret && c < s->chains.n; c++)
		if (!s->chains.chain[c].event)
			hg_chain_bounds(&s->chains.chain[c], ts, event ? rh : an.r, &sb[c]);
	hg_rta_analysis_free(&an);
	free(rh);
	free(ts);
	return ret;
}

/* The run's task set as the prediction after the run has it (predict.h), its chains in. */
static int taskset_of(const struct hg_trace *t, const struct hg_prediction *p,
		      struct hg_taskset *s)
{
	char why[256];
	size_t i;

	if (hg_taskset_alloc(s, p->n))
		return -ENOMEM;
	for (i = 0; i < p->n; i++)
		s->task[i].rta = p->ts[i];
	s->nlocks = t->nlocks < HG_MAX_LOCKS ? t->nlocks : HG_MAX_LOCKS;
	memcpy(s->locks, t->locks, sizeof(s->locks));
	s->hogs = p->hogs;	/* borrowed: given back before the set is freed */
	s->nhogs = p->nhogs;
	return hg_tschain_add(t, s, why, sizeof(why));
}

int hg_chainrun_bounds(const struct hg_trace *t, struct hg_chain_bound *b)
{
	struct hg_chain_bound *sb = NULL;
	struct hg_prediction p;
	struct hg_taskset s;
	size_t c, k;
	int ret;

	if (!t->chains)
		return 0;	/* no chain: nothing to bound */
	for (c = 0; c < t->chains->n; c++)
		b[c] = (struct hg_chain_bound){ UINT64_MAX, UINT64_MAX, SIZE_MAX,
			"a thread of it is not in the analysis of the run's PERIODIC threads" };
	memset(&s, 0, sizeof(s));
	ret = hg_predict(t, &p);
	if (!ret && p.n)
		ret = taskset_of(t, &p, &s);
	if (!ret && s.chains.n) {
		sb = calloc(s.chains.n, sizeof(*sb));
		ret = sb ? bound_set(&s, sb) : -ENOMEM;
	}
	for (k = 0; !ret && k < s.chains.n; k++)
		for (c = 0; c < t->chains->n; c++)
			if (!strcmp(s.chains.chain[k].name, t->chains->chain[c].name))
				b[c] = sb[k];
	free(sb);
	s.hogs = NULL;
	s.nhogs = 0;
	hg_taskset_free(&s);
	hg_prediction_free(&p);
	return ret == -ENOMEM ? ret : 0;
}
