/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rta.h - schedulability analyses of periodic task sets
 *
 * Fixed-priority preemptive response-time analysis (Audsley et al. 1993,
 * Tindell et al. 1994): for task i with execution time C, period T,
 * deadline D, release jitter J and blocking B, the worst-case response is
 * J + R, where R is the smallest solution of
 *
 *     R = C + B + sum over higher-priority j of ceil((R + J_j) / T_j) * C_j
 *
 * found by iterating from R = C + B. The iteration is followed to
 * convergence when the higher-priority utilisation is below 1 (so an
 * unschedulable task's response is still the true worst case); otherwise
 * there is no fixed point and it stops as soon as J + R exceeds D. So it
 * ends for any utilisation, and no sum overflows (they saturate). A task
 * with D > T may have several jobs in its busy period (Lehoczky 1990,
 * Tindell et al. 1994): job q completes at the smallest
 * w = (q + 1) C + B + sum of ceil((w + J_j) / T_j) C_j and responds
 * J + w - q T; the jobs are followed until one completes before the next
 * release, and the response is the longest.
 *
 * For SCHED_DEADLINE (EDF): the total bandwidth against the admission
 * limit, and the processor-demand test.
 */
#ifndef HG_RTA_H
#define HG_RTA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HG_RTA_NO_PRIO INT32_MIN

struct hg_rta_task {
	unsigned int id;	/* thread number, for reports */
	uint64_t c_ns;		/* worst-case execution time */
	uint64_t t_ns;		/* period */
	uint64_t d_ns;		/* relative deadline (may exceed T) */
	uint64_t j_ns;		/* release jitter */
	uint64_t b_ns;		/* blocking */
	int32_t prio;		/* larger runs first; HG_RTA_NO_PRIO: none */
};

struct hg_rta_result {
	uint64_t response_ns;	/* J + R; past D when unschedulable */
	bool schedulable;
	unsigned int rank;	/* 0 is the highest priority */
	unsigned int iterations;
};

/* How the priorities were ordered. */
enum hg_rta_order {
	HG_RTA_BY_PRIORITY,	/* every task has its own priority */
	HG_RTA_RATE_MONOTONIC,	/* no task has one: shorter period first */
	HG_RTA_MIXED,		/* priorities (none is lowest), rate-monotonic among equals */
};

/* hg_rta_order_name - "priority", "rate-monotonic", ... */
const char *hg_rta_order_name(enum hg_rta_order o);

/*
 * hg_rta_fp - response-time analysis of @n tasks
 * @res:   one result per task, in the order of @ts
 * @order: how the priority order was chosen (may be NULL)
 * Ties are broken by period, then deadline, then id (rate-monotonic).
 * Returns 0, or -EINVAL for a task with C or T of 0.
 */
int hg_rta_fp(const struct hg_rta_task *ts, size_t n, struct hg_rta_result *res,
	      enum hg_rta_order *order);

/* hg_rta_utilisation - sum of C / T. */
double hg_rta_utilisation(const struct hg_rta_task *ts, size_t n);

/* What the processor-demand test found. */
enum hg_edf_verdict {
	HG_EDF_SCHEDULABLE,
	HG_EDF_UNSCHEDULABLE,
	HG_EDF_UNDECIDED,	/* too many deadlines to check in time: nothing is promised */
};

/*
 * hg_rta_edf_demand - the processor-demand test on one CPU, for any
 * deadlines (D below, equal to or above T): dbf(t) = sum of
 * (floor((t - D) / T) + 1) C over tasks with D <= t must not exceed t at
 * any absolute deadline t up to the end of the synchronous busy period (or,
 * when that does not settle, the bound of Baruah et al. below a
 * utilisation of 1, or the hyperperiod plus the largest D). The deadlines
 * are walked in order from the first; when there are too many, back from
 * that end (QPA, Zhang and Burns 2009). Release jitter and blocking are
 * not part of this test.
 * @fail_ns: a t where the demand exceeds t (the first one when the walk
 *           from the start found it), or 0
 * Returns the verdict; a total utilisation above 1 is unschedulable, and a
 * test that cannot finish its walk in a bounded number of steps is
 * HG_EDF_UNDECIDED, never schedulable.
 */
enum hg_edf_verdict hg_rta_edf_demand(const struct hg_rta_task *ts, size_t n, uint64_t *fail_ns);

#endif /* HG_RTA_H */
