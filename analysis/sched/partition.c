// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * partition.c - the analyses of a task set, CPU by CPU
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/global.h"
#include "analysis/sched/partition.h"
#include "analysis/sched/rtamath.h"

static bool same_cpus(const cpu_set_t *a, const cpu_set_t *b)
{
	return CPU_EQUAL(a, b);
}

static bool overlap(const cpu_set_t *a, const cpu_set_t *b)
{
	cpu_set_t both;

	CPU_AND(&both, a, b);
	return CPU_COUNT(&both) > 0;
}

/* A task whose blocking has no bound has no response bound. */
static void unbounded(struct hg_rta_result *r)
{
	r->response_ns = UINT64_MAX;
	r->bound = HG_RTA_UNBOUNDED;
	r->schedulable = false;
}

/*
 * Analyse group @g, whose tasks are @idx[0..k) of @ts, on one CPU with
 * the blocking @blk of each task of @ts, or on several without locks.
 */
static int analyse_group(const struct hg_rta_task *ts, const size_t *idx, size_t k,
			 const struct hg_block *blk, struct hg_rta_group *g,
			 struct hg_rta_result *r, enum hg_rta_order *order)
{
	struct hg_rta_task *sub = calloc(k ? k : 1, sizeof(*sub));
	struct hg_rta_result *sr = calloc(k ? k : 1, sizeof(*sr));
	struct hg_rta_held *held = calloc(k ? k : 1, sizeof(*held));
	size_t i;
	int ret = 0;

	if (!sub || !sr || !held) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < k; i++) {
		sub[i] = ts[idx[i]];
		sub[i].b_ns = hg_sat_add(sub[i].b_ns, blk[idx[i]].b_ns);
		held[i] = (struct hg_rta_held){ .j_ns = blk[idx[i]].held_ns,
			.until = blk[idx[i]].held_until };
	}
	g->utilisation = hg_rta_utilisation(sub, k);
	g->demand = HG_EDF_UNDECIDED;
	if (g->test == HG_RTA_TEST_NONE) {
		for (i = 0; i < k; i++)
			sr[i] = (struct hg_rta_result){ .response_ns = UINT64_MAX,
				.bound = HG_RTA_UNDECIDED, .test = HG_RTA_TEST_NONE };
	} else if (g->test == HG_RTA_TEST_GLOBAL) {
		ret = hg_rta_global(sub, k, g->ncpus, sr, order);
	} else {
		ret = hg_rta_fp_held(sub, k, held, sr, order);
		g->demand = hg_rta_edf_demand(sub, k, &g->fail_ns);
	}
	for (i = 0; !ret && i < k; i++) {
		r[idx[i]] = sr[i];
		if (blk[idx[i]].kind == HG_BLOCK_UNBOUNDED && g->test == HG_RTA_TEST_UNI)
			unbounded(&r[idx[i]]);
	}
out:
	free(sub);
	free(sr);
	free(held);
	return ret;
}

/* Does task @t run a section on lock @k? */
static bool uses(const struct hg_rta_task *t, uint32_t k)
{
	return hg_cs_uses(t->cs, t->ncs, k);
}

/*
 * The locks against the groups: a lock of two tasks or more used in more
 * than one group, or in a group of several CPUs, leaves its users' groups
 * not covered.
 */
static void remote_locks(const struct hg_rta_task *ts, size_t n, uint32_t nlocks,
			 struct hg_rta_analysis *a)
{
	size_t i, first;
	uint32_t k;

	for (k = 0; k < nlocks; k++) {
		bool remote = false;
		size_t users = 0;

		for (first = n, i = 0; i < n; i++) {
			if (!uses(&ts[i], k))
				continue;
			users++;
			first = first == n ? i : first;
			remote |= a->group[i] != a->group[first] ||
				  a->g[a->group[i]].test != HG_RTA_TEST_UNI;
		}
		/* a lock of one task blocks nobody */
		remote &= users > 1;
		for (i = 0; remote && i < n; i++) {
			struct hg_rta_group *g = &a->g[a->group[i]];

			if (!uses(&ts[i], k) || g->remote_lock >= 0)
				continue;
			g->remote_lock = (int32_t)k;
			g->test = HG_RTA_TEST_NONE;
		}
	}
}

/* The blocking of the tasks of each group of one CPU. */
static int group_blocking(const struct hg_rta_task *ts, size_t n, const struct hg_lock *locks,
			  uint32_t nlocks, struct hg_rta_analysis *a, size_t *idx)
{
	struct hg_rta_task *sub = calloc(n ? n : 1, sizeof(*sub));
	struct hg_block *sb = calloc(n ? n : 1, sizeof(*sb));
	size_t k, i, m;
	int ret = 0;

	if (!sub || !sb)
		ret = -ENOMEM;
	for (k = 0; !ret && k < a->ngroups; k++) {
		for (m = 0, i = 0; i < n; i++)
			if (a->group[i] == k) {
				idx[m] = i;
				sub[m++] = ts[i];
			}
		if (a->g[k].remote_lock >= 0) {
			for (i = 0; i < m; i++)
				a->blk[idx[i]] = (struct hg_block){ .kind = HG_BLOCK_REMOTE,
					.lock = (uint32_t)a->g[k].remote_lock };
			continue;
		}
		/* no lock: no blocking, and no ranking of the tasks for it */
		if (a->g[k].test != HG_RTA_TEST_UNI || !nlocks)
			continue;
		ret = hg_rta_blocking(sub, m, locks, nlocks, sb);
		for (i = 0; !ret && i < m; i++)
			a->blk[idx[i]] = sb[i];
	}
	free(sub);
	free(sb);
	return ret;
}

int hg_rta_analyse(const struct hg_rta_task *ts, size_t n, struct hg_rta_analysis *a)
{
	return hg_rta_analyse_locks(ts, n, NULL, 0, a);
}

int hg_rta_analyse_locks(const struct hg_rta_task *ts, size_t n, const struct hg_lock *locks,
			 uint32_t nlocks, struct hg_rta_analysis *a)
{
	size_t *idx = calloc(n ? n : 1, sizeof(*idx)), i, j, k;
	bool first_order = true;
	int ret = 0;

	memset(a, 0, sizeof(*a));
	a->n = n;
	a->r = calloc(n ? n : 1, sizeof(*a->r));
	a->group = calloc(n ? n : 1, sizeof(*a->group));
	a->g = calloc(n ? n : 1, sizeof(*a->g));
	a->blk = calloc(n ? n : 1, sizeof(*a->blk));
	if (!idx || !a->r || !a->group || !a->g || !a->blk) {
		ret = -ENOMEM;
		goto out;
	}
	a->order = HG_RTA_RATE_MONOTONIC;
	for (i = 0; i < n; i++) {
		if (!ts[i].c_ns || !ts[i].t_ns) {
			ret = -EINVAL;
			goto out;
		}
		for (j = 0; j < i && !same_cpus(&ts[j].cpus, &ts[i].cpus); j++)
			;
		if (j < i) {
			a->group[i] = a->group[j];
			continue;
		}
		a->group[i] = a->ngroups;
		a->g[a->ngroups].remote_lock = -1;
		a->g[a->ngroups++].cpus = ts[i].cpus;
	}
	for (k = 0; k < a->ngroups; k++) {
		struct hg_rta_group *g = &a->g[k];

		g->ncpus = CPU_COUNT(&g->cpus) ? (unsigned int)CPU_COUNT(&g->cpus) : 1;
		g->test = g->ncpus > 1 ? HG_RTA_TEST_GLOBAL : HG_RTA_TEST_UNI;
		for (i = 0; i < n; i++)
			if (a->group[i] != k && overlap(&ts[i].cpus, &g->cpus) &&
			    g->test != HG_RTA_TEST_NONE) {
				g->test = HG_RTA_TEST_NONE;
				g->overlap = ts[i].id;
			}
	}
	remote_locks(ts, n, locks ? nlocks : 0, a);
	ret = group_blocking(ts, n, locks, locks ? nlocks : 0, a, idx);
	if (ret)
		goto out;
	for (k = 0; k < a->ngroups; k++) {
		struct hg_rta_group *g = &a->g[k];
		enum hg_rta_order order = HG_RTA_RATE_MONOTONIC;
		size_t m = 0;

		for (i = 0; i < n; i++)
			if (a->group[i] == k)
				idx[m++] = i;
		g->ntasks = m;
		ret = analyse_group(ts, idx, m, a->blk, g, a->r, &order);
		if (ret)
			goto out;
		if (g->test == HG_RTA_TEST_NONE)
			continue;
		a->order = first_order || a->order == order ? order : HG_RTA_MIXED;
		first_order = false;
	}
out:
	free(idx);
	return ret;
}

void hg_rta_analysis_free(struct hg_rta_analysis *a)
{
	free(a->r);
	free(a->group);
	free(a->g);
	free(a->blk);
	memset(a, 0, sizeof(*a));
}
