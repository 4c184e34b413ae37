// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hog.c - threads that never block at a real-time priority, and the tasks
 * they keep from running (hog.h)
 */
#include "analysis/sched/hog.h"

bool hg_hog_is(uint32_t model, bool rt, uint32_t reserve)
{
	return (model == HG_MODEL_SPIN || model == HG_MODEL_CPU_PERIODIC) && rt &&
	       reserve == HG_RESERVE_NONE;
}

/* How @k stands to hog @h: 0 apart, 1 kept out of every CPU, 2 of some. */
static int keeps_out(const struct hg_rta_task *k, const struct hg_hog *h)
{
	cpu_set_t both;

	if (k->prio != HG_RTA_NO_PRIO && k->prio > h->prio)
		return 0;
	/* no CPU named on either side: take them as sharing one CPU */
	if (!CPU_COUNT(&h->cpus) || !CPU_COUNT(&k->cpus))
		return 1;
	CPU_AND(&both, &h->cpus, &k->cpus);
	if (!CPU_COUNT(&both))
		return 0;
	return CPU_EQUAL(&both, &k->cpus) && CPU_COUNT(&k->cpus) == 1 ? 1 : 2;
}

void hg_hog_apply(const struct hg_rta_task *ts, size_t n, const struct hg_hog *h, size_t nh,
		  uint32_t *by, struct hg_rta_result *r)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		int how = 0;

		for (k = 0; k < nh && !how; k++)
			how = keeps_out(&ts[i], &h[k]);
		if (by)
			by[i] = how ? h[k - 1].index + 1 : 0;
		if (!how)
			continue;
		r[i].response_ns = UINT64_MAX;
		r[i].schedulable = false;
		r[i].bound = how == 1 ? HG_RTA_UNBOUNDED : HG_RTA_UNDECIDED;
		if (how == 2)
			r[i].test = HG_RTA_TEST_NONE;
	}
}
