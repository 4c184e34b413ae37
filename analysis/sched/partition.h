/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * partition.h - a task set on the CPUs its tasks may run on: each group
 * of tasks with the same CPUs analysed on those CPUs
 *
 * Tasks are grouped by their CPU sets. A group that shares no CPU with a
 * task outside it is analysed alone: on one CPU (or none named) with the
 * uniprocessor analysis and the EDF processor-demand test (rta.h, edf.h),
 * on several with the global fixed-priority test (global.h). Tasks whose
 * CPUs overlap without being equal are not covered: no test here applies
 * to them (they are still measured by a run).
 *
 * With locks (blocking.h), each task on one CPU gets its blocking term
 * from the sections of the tasks below it, added to its own B; a task
 * whose blocking has no bound has no response bound either. A lock whose
 * users are not all in one group of one CPU (shared across CPUs, or among
 * tasks free on several) is not covered: its users' groups are not
 * analysed (that needs a multiprocessor protocol such as MPCP), only measured.
 */
#ifndef HG_PARTITION_H
#define HG_PARTITION_H

#include <sched.h>
#include <stddef.h>

#include "analysis/sched/blocking.h"
#include "analysis/sched/edf.h"
#include "analysis/sched/rta.h"

/* One group of tasks with the same CPUs. */
struct hg_rta_group {
	cpu_set_t cpus;			/* empty: none named, one CPU assumed */
	unsigned int ncpus;		/* CPUs in it; 1 when none is named */
	enum hg_rta_test test;
	size_t ntasks;
	double utilisation;		/* sum of C / T over its tasks */
	enum hg_edf_verdict demand;	/* one CPU only; else HG_EDF_UNDECIDED */
	uint64_t fail_ns;		/* where the demand exceeded the time, or 0 */
	unsigned int overlap;		/* not covered: a thread whose CPUs overlap */
	int32_t remote_lock;		/* not covered: a lock shared with other CPUs, or -1 */
};

/* The analysis of a set: per task a result and its group. */
struct hg_rta_analysis {
	size_t n;
	struct hg_rta_result *r;	/* in the order of the tasks */
	size_t *group;			/* the group of each task */
	struct hg_block *blk;		/* the blocking from locks of each task */
	struct hg_rta_group *g;
	size_t ngroups;			/* in the order of their first task */
	enum hg_rta_order order;	/* the groups' own when they agree, else mixed */
};

/*
 * hg_rta_analyse - analyse @n tasks as above into @a (free it with
 * hg_rta_analysis_free() either way). Returns 0, -EINVAL for a task with
 * C or T of 0, or -ENOMEM.
 */
int hg_rta_analyse(const struct hg_rta_task *ts, size_t n, struct hg_rta_analysis *a);

/*
 * hg_rta_analyse_locks - the same, the tasks' sections on the @nlocks
 * locks @locks giving their blocking (added to each task's B).
 */
int hg_rta_analyse_locks(const struct hg_rta_task *ts, size_t n, const struct hg_lock *locks,
			 uint32_t nlocks, struct hg_rta_analysis *a);

/* hg_rta_analysis_free - release it. */
void hg_rta_analysis_free(struct hg_rta_analysis *a);

#endif /* HG_PARTITION_H */
