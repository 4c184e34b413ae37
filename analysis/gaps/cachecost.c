// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cachecost.c - the cache penalty of a switch from pairs of CPU_SCAN trials
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/gaps/cachecost.h"
#include "analysis/gaps/ctx.h"
#include "util/timeval.h"

int hg_cache_trial_of(const struct hg_trace *t, struct hg_cache_trial *ct)
{
	struct hg_ctx_report r;
	uint64_t cycles = 0;
	uint32_t i;
	int ret;

	memset(ct, 0, sizeof(*ct));
	ct->threads = t->nthreads;
	for (i = 0; i < t->nthreads; i++) {
		ct->units += t->threads[i].stats.units;
		cycles += t->threads[i].stats.received_cycles;
	}
	ct->received_s = (double)cycles / (double)t->calib.tsc_hz;
	ct->wall_s = (double)hg_trace_ns(t, t->stop_cycles) / 1e9;
	ret = hg_ctx_analyse(t, &r);
	if (!ret)
		ct->switches = r.nswitches;
	hg_ctx_free(&r);
	return ret;
}

int hg_cache_penalty(const struct hg_cache_trial *one, const struct hg_cache_trial *many,
		     double *received_s, double *paper_s)
{
	double r1, rn, w1, wn;

	if (!(one->received_s > 0) || !(many->received_s > 0) || !one->units ||
	    !many->switches || !(one->wall_s > 0) || !(many->wall_s > 0))
		return -EDOM;
	r1 = (double)one->units / one->received_s;
	rn = (double)many->units / many->received_s;
	*received_s = (r1 - rn) / r1 * (many->received_s / (double)many->switches);
	w1 = (double)one->units / one->wall_s;
	wn = (double)many->units / many->wall_s;
	*paper_s = (w1 - wn) / w1 * (many->wall_s / (double)many->switches);
	return 0;
}

int hg_cache_size_init(struct hg_cache_size *s, uint64_t size_kb, size_t max)
{
	memset(s, 0, sizeof(*s));
	s->size_kb = size_kb;
	s->penalty_us = calloc(max + 1, sizeof(double));
	s->paper_us = calloc(max + 1, sizeof(double));
	s->r1 = calloc(max + 1, sizeof(double));
	s->rn = calloc(max + 1, sizeof(double));
	s->switch_rate = calloc(max + 1, sizeof(double));
	s->outlier = calloc(max + 1, sizeof(bool));
	s->pairs = 0;
	if (!s->penalty_us || !s->paper_us || !s->r1 || !s->rn || !s->switch_rate ||
	    !s->outlier) {
		hg_cache_size_free(s);
		return -ENOMEM;
	}
	s->cap = max;
	return 0;
}

void hg_cache_size_free(struct hg_cache_size *s)
{
	free(s->penalty_us);
	free(s->paper_us);
	free(s->r1);
	free(s->rn);
	free(s->switch_rate);
	free(s->outlier);
	s->penalty_us = s->paper_us = s->r1 = s->rn = s->switch_rate = NULL;
	s->outlier = NULL;
}

int hg_cache_size_add(struct hg_cache_size *s, const struct hg_cache_trial *one,
		      const struct hg_cache_trial *many)
{
	double c, paper;
	size_t i = s->pairs;
	int ret;

	if (i >= s->cap)
		return -ENOSPC;
	ret = hg_cache_penalty(one, many, &c, &paper);
	if (ret)
		return ret;
	s->penalty_us[i] = c * 1e6;
	s->paper_us[i] = paper * 1e6;
	s->r1[i] = (double)one->units / one->received_s;
	s->rn[i] = (double)many->units / many->received_s;
	s->switch_rate[i] = (double)many->switches / many->wall_s;
	s->pairs++;
	return 0;
}

static double mean_of(const double *v, size_t n)
{
	struct hg_welford w;
	size_t i;

	hg_welford_init(&w);
	for (i = 0; i < n; i++)
		hg_welford_add(&w, v[i]);
	return w.mean;
}

int hg_cache_size_finish(struct hg_cache_size *s)
{
	size_t n = s->pairs;
	int ret;

	if (!n)
		return -EINVAL;
	ret = hg_bootstrap_ci(s->penalty_us, n, 50, 0.95, HG_BOOT_REPS, HG_BOOT_SEED,
			      &s->median_us);
	if (!ret)
		ret = hg_ci_mean(s->penalty_us, n, 0.95, &s->mean_us);
	if (!ret)
		ret = hg_ci_mean(s->paper_us, n, 0.95, &s->paper_mean_us);
	if (ret)
		return ret;
	s->noutliers = hg_outliers_z(s->penalty_us, n, 2.0, s->outlier);
	memset(&s->drift, 0, sizeof(s->drift));
	s->drift.p = 1;
	s->drifting = n >= 3 && !hg_drift(s->penalty_us, n, &s->drift) && s->drift.p < 0.05;
	s->no_penalty = s->median_us.lo <= 0 && s->median_us.hi >= 0;
	s->passes_1 = mean_of(s->r1, n);
	s->passes_n = mean_of(s->rn, n);
	s->switches_per_s = mean_of(s->switch_rate, n);
	return 0;
}
