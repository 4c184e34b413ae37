/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cachecost.h - the indirect (cache) cost of a context switch, the paper's
 * figure 5, from pairs of trials: one CPU_SCAN thread alone, then N of
 * them sharing the CPU, on the same working-set size
 *
 * A gap trace knows what wall-clock time cannot: the CPU time each thread
 * really received, and every switch. With r1 and rN the passes per second
 * of received CPU time of the one thread and of the N threads, the time
 * lost refilling caches per switch is
 *
 *	C = ((r1 - rN) / r1) * (received_N / switches_N)
 *
 * The paper's formula, from passes W in wall time T, is printed beside it:
 *
 *	C = ((W1 - WN) / W1) * (T / switches_N)
 *
 * (here with passes per wall second, so trials of unequal length compare).
 */
#ifndef HG_CACHECOST_H
#define HG_CACHECOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/stats/stable.h"
#include "analysis/stats/stats.h"
#include "trace/trace.h"

/* What a penalty rests on: one trial's totals over all its threads. */
struct hg_cache_trial {
	uint32_t threads;
	uint64_t units;		/* passes over the array */
	double received_s;	/* CPU time received */
	uint64_t switches;	/* context switches, classified from the trace */
	double wall_s;		/* the trial's length */
};

/*
 * hg_cache_trial_of - the totals of trace @t (switches as ctx counts them)
 * Returns 0 or -errno of the classification.
 */
int hg_cache_trial_of(const struct hg_trace *t, struct hg_cache_trial *ct);

/*
 * hg_cache_penalty - the penalty per switch, in seconds, of the pair
 * @one (a thread alone) and @many: from received time (@received_s) and by
 * the paper's wall-clock formula (@paper_s)
 * Returns 0, or -EDOM when a trial received nothing, did no pass or
 * @many saw no switch.
 */
int hg_cache_penalty(const struct hg_cache_trial *one, const struct hg_cache_trial *many,
		     double *received_s, double *paper_s);

/* One working-set size: its pairs of trials and what they come to. */
struct hg_cache_size {
	uint64_t size_kb;
	size_t pairs;
	size_t cap;		/* room for pairs */
	double *penalty_us;	/* per pair: received-time formula */
	double *paper_us;	/* per pair: the paper's */
	double *r1;		/* passes per received second, one thread */
	double *rn;		/* the same, N threads */
	double *switch_rate;	/* switches per wall second, N threads */
	bool *outlier;		/* |z| > 2 among the penalties */
	size_t noutliers;
	struct hg_ci median_us;	/* median penalty, bootstrap 95 % */
	struct hg_ci mean_us;	/* mean penalty, Student t 95 % */
	struct hg_ci paper_mean_us;
	double passes_1, passes_n;	/* mean passes per received second */
	double switches_per_s;
	struct hg_drift drift;	/* of the penalty across pairs */
	bool drifting;		/* its slope is not near zero (p < 0.05) */
	bool no_penalty;	/* the median's interval contains zero */
	int verdict;		/* enum hg_stable_verdict */
};

/* hg_cache_size_init - room for @max pairs of size @size_kb; -ENOMEM */
int hg_cache_size_init(struct hg_cache_size *s, uint64_t size_kb, size_t max);

/* hg_cache_size_free - release what hg_cache_size_init() took. */
void hg_cache_size_free(struct hg_cache_size *s);

/*
 * hg_cache_size_add - add the pair @one, @many (room permitting)
 * Returns 0, -EDOM as hg_cache_penalty() or -ENOSPC.
 */
int hg_cache_size_add(struct hg_cache_size *s, const struct hg_cache_trial *one,
		      const struct hg_cache_trial *many);

/*
 * hg_cache_size_finish - the statistics of the pairs so far: median and
 * mean with their intervals, outliers, drift, "no measurable penalty"
 * Returns 0, -EINVAL without pairs, or -ENOMEM.
 */
int hg_cache_size_finish(struct hg_cache_size *s);

#endif /* HG_CACHECOST_H */
