// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tschain.c - a run's chains in the task set built from it
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/sched/tschain.h"

/* The task of thread @id in @s, or SIZE_MAX. */
static size_t task_of(const struct hg_taskset *s, uint32_t id)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->task[i].rta.id == id)
			return i;
	return SIZE_MAX;
}

/* Chain @ch's links, when every thread of it is a task; 0, 1 (left out) or -errno. */
static int add_chain(const struct hg_chain_run *ch, struct hg_taskset *s, char *why,
		     size_t whylen)
{
	size_t task[HG_CHAIN_STAGES_MAX] = { 0 };
	char word[HG_CHAIN_RUN_NAME_LEN + 16];
	uint32_t k;
	int ret;

	if (!ch->nstages || ch->nstages > HG_CHAIN_STAGES_MAX)
		return 1;	/* as the trace's reader refuses: left out */
	for (k = 0; k < ch->nstages; k++) {
		task[k] = task_of(s, ch->stage[k].thread);
		if (task[k] == SIZE_MAX)
			return 1;
	}
	for (k = 0; k < ch->nstages; k++) {
		if (ch->mode == HG_CHAIN_EVENT && k)
			s->task[task[k]].rta.t_ns = s->task[task[0]].rta.t_ns;
		snprintf(word, sizeof(word), "%s:%u", ch->name, k);
		ret = hg_chain_word(&s->chains, word, task[k], why, whylen);
		if (ret)
			return ret;
	}
	if (ch->mode == HG_CHAIN_EVENT)
		return hg_chain_mode(&s->chains, ch->name, "event", why, whylen);
	return 0;
}

int hg_tschain_add(const struct hg_trace *t, struct hg_taskset *s, char *why, size_t whylen)
{
	struct hg_rta_task *ts;
	uint32_t c;
	int ret = 0;

	if (!t->chains)
		return 0;
	for (c = 0; c < t->chains->n && ret >= 0; c++)
		ret = add_chain(&t->chains->chain[c], s, why, whylen);
	if (ret >= 0 && s->chains.nlinks) {
		ts = hg_taskset_rta(s);
		ret = ts ? hg_chains_build(&s->chains, ts, why, whylen) : -ENOMEM;
		free(ts);
	}
	if (ret < 0)
		hg_chains_free(&s->chains);
	return ret < 0 ? ret : 0;
}
