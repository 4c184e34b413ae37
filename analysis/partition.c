// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * partition.c - the analyses of a task set, CPU by CPU
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/global.h"
#include "analysis/partition.h"

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

/* Analyse group @g, whose tasks are @idx[0..k) of @ts. */
static int analyse_group(const struct hg_rta_task *ts, const size_t *idx, size_t k,
			 struct hg_rta_group *g, struct hg_rta_result *r,
			 enum hg_rta_order *order)
{
	struct hg_rta_task *sub = calloc(k ? k : 1, sizeof(*sub));
	struct hg_rta_result *sr = calloc(k ? k : 1, sizeof(*sr));
	size_t i;
	int ret = 0;

	if (!sub || !sr) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < k; i++)
		sub[i] = ts[idx[i]];
	g->utilisation = hg_rta_utilisation(sub, k);
	g->demand = HG_EDF_UNDECIDED;
	if (g->test == HG_RTA_TEST_NONE) {
		for (i = 0; i < k; i++)
			sr[i] = (struct hg_rta_result){ .response_ns = UINT64_MAX,
				.bound = HG_RTA_UNDECIDED, .test = HG_RTA_TEST_NONE };
	} else if (g->test == HG_RTA_TEST_GLOBAL) {
		ret = hg_rta_global(sub, k, g->ncpus, sr, order);
	} else {
		ret = hg_rta_fp(sub, k, sr, order);
		g->demand = hg_rta_edf_demand(sub, k, &g->fail_ns);
	}
	for (i = 0; !ret && i < k; i++)
		r[idx[i]] = sr[i];
out:
	free(sub);
	free(sr);
	return ret;
}

int hg_rta_analyse(const struct hg_rta_task *ts, size_t n, struct hg_rta_analysis *a)
{
	size_t *idx = calloc(n ? n : 1, sizeof(*idx)), i, j, k;
	bool first_order = true;
	int ret = 0;

	memset(a, 0, sizeof(*a));
	a->n = n;
	a->r = calloc(n ? n : 1, sizeof(*a->r));
	a->group = calloc(n ? n : 1, sizeof(*a->group));
	a->g = calloc(n ? n : 1, sizeof(*a->g));
	if (!idx || !a->r || !a->group || !a->g) {
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
		a->g[a->ngroups++].cpus = ts[i].cpus;
	}
	for (k = 0; k < a->ngroups; k++) {
		struct hg_rta_group *g = &a->g[k];
		enum hg_rta_order order = HG_RTA_RATE_MONOTONIC;
		size_t m = 0;

		g->ncpus = CPU_COUNT(&g->cpus) ? (unsigned int)CPU_COUNT(&g->cpus) : 1;
		g->test = g->ncpus > 1 ? HG_RTA_TEST_GLOBAL : HG_RTA_TEST_UNI;
		for (i = 0; i < n; i++) {
			if (a->group[i] == k) {
				idx[m++] = i;
			} else if (overlap(&ts[i].cpus, &g->cpus) && g->test != HG_RTA_TEST_NONE) {
				g->test = HG_RTA_TEST_NONE;
				g->overlap = ts[i].id;
			}
		}
		g->ntasks = m;
		ret = analyse_group(ts, idx, m, g, a->r, &order);
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
	memset(a, 0, sizeof(*a));
}
