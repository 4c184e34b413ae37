// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * edf.c - the EDF processor-demand test on one CPU, with release jitter
 * and blocking
 */
#include <stdlib.h>

#include "analysis/sched/edf.h"
#include "analysis/sched/rtamath.h"

/*
 * dbf(t) + B(t): the demand of jobs with both release and deadline in
 * [0, t] (the deadlines here are D - J), and the longest blocking among
 * the tasks with a deadline by t: the job that blocks them has a later
 * deadline, and it blocks at most once (Baker 1991, Spuri 1996).
 */
static uint64_t demand(const struct hg_rta_task *ts, size_t n, uint64_t t)
{
	uint64_t d = 0, b = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (t < ts[i].d_ns)
			continue;
		d = hg_sat_add(d, hg_sat_mul((t - ts[i].d_ns) / ts[i].t_ns + 1, ts[i].c_ns));
		b = ts[i].b_ns > b ? ts[i].b_ns : b;
	}
	return hg_sat_add(d, b);
}

/*
 * The synchronous busy period, started by the longest blocking: the
 * smallest L with L = Bmax + sum of ceil(L / T) C. A missed deadline, if
 * any, lies within it. UINT64_MAX when the iteration does not settle
 * (utilisation 1 or more) within @steps steps.
 */
static uint64_t busy_period(const struct hg_rta_task *ts, size_t n, uint64_t bmax,
			    uint64_t steps)
{
	uint64_t L = bmax, next, k;
	size_t i;

	for (i = 0; i < n; i++)
		L = hg_sat_add(L, ts[i].c_ns);
	for (k = 0; k < steps; k++) {
		next = bmax;
		for (i = 0; i < n; i++)
			next = hg_sat_add(next, hg_sat_mul(hg_ceil_div(L, ts[i].t_ns), ts[i].c_ns));
		if (next == L || next == UINT64_MAX)
			return next;
		L = next;
	}
	return UINT64_MAX;
}

/*
 * A time past which no deadline needs checking, or 0 when none is known:
 * the busy period when it settles; else, below a utilisation of 1, the
 * bound of Baruah et al. max(D, (Bmax + sum of (T - D) U) / (1 - U));
 * else the hyperperiod plus the largest D, when it fits in 64 bits (from
 * there on the demand repeats, H more each hyperperiod).
 */
static uint64_t horizon(const struct hg_rta_task *ts, size_t n, double u, uint64_t steps)
{
	uint64_t busy, lcm = 1, maxd = 0, bmax = 0;
	long double la = 0;
	size_t i;

	for (i = 0; i < n; i++)
		bmax = ts[i].b_ns > bmax ? ts[i].b_ns : bmax;
	busy = busy_period(ts, n, bmax, steps);
	if (busy != UINT64_MAX)
		return busy;
	la = (long double)bmax;
	for (i = 0; i < n; i++) {
		maxd = ts[i].d_ns > maxd ? ts[i].d_ns : maxd;
		la += ((long double)ts[i].t_ns - (long double)ts[i].d_ns) *
		      (long double)ts[i].c_ns / (long double)ts[i].t_ns;
	}
	if (u < 1.0 - 1e-9) {
		la /= 1.0L - (long double)u;
		la = la * (1.0L + 1e-12L) + 1.0L;	/* above any rounding */
		if (la < (long double)maxd)
			return maxd;
		return la < 9.2e18L ? (uint64_t)la : 0;
	}
	for (i = 0; i < n; i++) {
		uint64_t g = hg_gcd(lcm, ts[i].t_ns);

		if (!g || hg_sat_mul(lcm / g, ts[i].t_ns) == UINT64_MAX)
			return 0;
		lcm = lcm / g * ts[i].t_ns;
	}
	return hg_sat_add(lcm, maxd) == UINT64_MAX ? 0 : lcm + maxd;
}

/* The first absolute deadline after @t, UINT64_MAX when there is none. */
static uint64_t deadline_after(const struct hg_rta_task *ts, size_t n, uint64_t t)
{
	uint64_t next = UINT64_MAX;
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t k = t < ts[i].d_ns ? 0 : (t - ts[i].d_ns) / ts[i].t_ns + 1;
		uint64_t dl = hg_sat_add(ts[i].d_ns, hg_sat_mul(k, ts[i].t_ns));

		next = dl < next ? dl : next;
	}
	return next;
}

/* The last absolute deadline before @t, 0 when there is none. */
static uint64_t deadline_before(const struct hg_rta_task *ts, size_t n, uint64_t t)
{
	uint64_t last = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (t > ts[i].d_ns) {
			uint64_t dl = ts[i].d_ns + (t - 1 - ts[i].d_ns) / ts[i].t_ns * ts[i].t_ns;

			last = dl > last ? dl : last;
		}
	}
	return last;
}

/* Task-steps each walk may take: a set of many tasks takes fewer steps. */
#define HG_RTA_EDF_FORWARD_WORK 10000000u
#define HG_RTA_EDF_BACKWARD_WORK 100000000u

/* The walks, on @ts with deadlines D - J (each at least 1). */
static enum hg_edf_verdict walk(const struct hg_rta_task *ts, size_t n, uint64_t *fail_ns)
{
	uint64_t forward = HG_RTA_EDF_FORWARD_WORK / (n ? n : 1);
	uint64_t backward = HG_RTA_EDF_BACKWARD_WORK / (n ? n : 1);
	uint64_t L, t, h, dmin = UINT64_MAX, steps;
	double u;
	size_t i;

	for (i = 0; i < n; i++)
		dmin = ts[i].d_ns < dmin ? ts[i].d_ns : dmin;
	/* exactly 1 may sum to 1 + an ulp: let the demand test decide then */
	u = hg_rta_utilisation(ts, n);
	if (u > 1.0 + 1e-9)
		return HG_EDF_UNSCHEDULABLE;
	if (!n)
		return HG_EDF_SCHEDULABLE;
	forward = forward < 1000000 ? (forward ? forward : 1) : 1000000;
	backward = backward < 1000 ? 1000 : backward;
	L = horizon(ts, n, u, forward);
	if (!L)
		return HG_EDF_UNDECIDED;
	/*
	 * the demand changes only at absolute deadlines: walk them in order
	 * from the first, so that a failure found is the first one
	 */
	for (t = 0, steps = 0; steps < forward; steps++) {
		t = deadline_after(ts, n, t);
		if (t > L || t == UINT64_MAX)
			return HG_EDF_SCHEDULABLE;
		if (demand(ts, n, t) > t) {
			*fail_ns = t;
			return HG_EDF_UNSCHEDULABLE;
		}
	}
	/*
	 * Too many deadlines to walk them all: back from the horizon (QPA,
	 * Zhang and Burns 2009): while dbf(t) <= t, go to dbf(t) when it is
	 * below t, else to the deadline before t; schedulable once dbf(t) is
	 * at most the smallest D.
	 */
	t = deadline_before(ts, n, hg_sat_add(L, 1));
	for (steps = 0; steps < backward && t; steps++) {
		h = demand(ts, n, t);
		if (h > t) {
			*fail_ns = t;
			return HG_EDF_UNSCHEDULABLE;
		}
		if (h <= dmin)
			return HG_EDF_SCHEDULABLE;
		t = h < t ? h : deadline_before(ts, n, t);
	}
	return t ? HG_EDF_UNDECIDED : HG_EDF_SCHEDULABLE;
}

enum hg_edf_verdict hg_rta_edf_demand(const struct hg_rta_task *ts, size_t n, uint64_t *fail_ns)
{
	struct hg_rta_task *dj;
	enum hg_edf_verdict v;
	size_t i;

	*fail_ns = 0;
	for (i = 0; i < n; i++) {
		if (!ts[i].t_ns)
			return HG_EDF_UNSCHEDULABLE;
		/* released as late as its deadline: due before it may run */
		if (ts[i].j_ns >= ts[i].d_ns && ts[i].c_ns)
			return HG_EDF_UNSCHEDULABLE;
	}
	if (!n)
		return HG_EDF_SCHEDULABLE;
	dj = calloc(n, sizeof(*dj));
	if (!dj)
		return HG_EDF_UNDECIDED;
	for (i = 0; i < n; i++) {
		dj[i] = ts[i];
		/* a job released J late has D - J left (Spuri 1996) */
		dj[i].d_ns = ts[i].j_ns < ts[i].d_ns ? ts[i].d_ns - ts[i].j_ns : 1;
	}
	v = walk(dj, n, fail_ns);
	free(dj);
	return v;
}
