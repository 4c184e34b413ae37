/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * edf.h - the processor-demand test of EDF (SCHED_DEADLINE) on one CPU
 *
 * Baruah, Rosier and Howell 1990; release jitter after Spuri 1996 (a job
 * released up to J late has D - J left); blocking after Baker 1991 (at
 * each t, the longest blocking among the tasks due by t is added: the
 * job that blocks them has a later deadline, and blocks once); the walk
 * back from the horizon is QPA (Zhang and Burns 2009).
 */
#ifndef HG_EDF_H
#define HG_EDF_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/sched/rta.h"

/* What the processor-demand test found. */
enum hg_edf_verdict {
	HG_EDF_SCHEDULABLE,
	HG_EDF_UNSCHEDULABLE,
	HG_EDF_UNDECIDED,	/* too many deadlines to check in time: nothing is promised */
};

/*
 * hg_rta_edf_demand - the processor-demand test on one CPU, for any
 * deadlines (D below, equal to or above T): with D' = D - J,
 * dbf(t) = sum of (floor((t - D') / T) + 1) C over tasks with D' <= t,
 * plus the largest B among them, must not exceed t at any absolute
 * deadline t up to the end of the synchronous busy period (started by the
 * largest B), or, when that does not settle, the bound of Baruah et al.
 * below a utilisation of 1, or the hyperperiod plus the largest D'. The
 * deadlines are walked in order from the first; when there are too many,
 * back from that end (QPA).
 * @fail_ns: a t where the demand exceeds t (the first one when the walk
 *           from the start found it), or 0 (utilisation above 1, or a
 *           task whose jitter is not shorter than its deadline)
 * Returns the verdict; a test that cannot finish its walk in a bounded
 * number of steps is HG_EDF_UNDECIDED, never schedulable.
 */
enum hg_edf_verdict hg_rta_edf_demand(const struct hg_rta_task *ts, size_t n, uint64_t *fail_ns);

#endif /* HG_EDF_H */
