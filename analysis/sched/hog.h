/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * hog.h - threads that never block at a real-time priority, and the tasks
 * they keep from running
 *
 * A CPU-bound model (CPU, CPU_SCAN, ...) or CPU_PERIODIC (a frame begins
 * as soon as the last is done) never blocks: at a SCHED_FIFO/RR priority,
 * not under a reservation, nothing at or below that priority runs on its
 * CPU while it does. A task at or below it on its one CPU has no response
 * bound; a task that has other CPUs besides is not covered (no test here
 * models a CPU taken away). rta and the prediction after a run both decide
 * it here (hg_hog_apply()).
 */
#ifndef HG_HOG_H
#define HG_HOG_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/sched/rta.h"
#include "trace/trace.h"

/* One thread that never blocks. */
struct hg_hog {
	unsigned int id;	/* thread number, for reports */
	uint32_t index;		/* the caller's index of it (in its trace, its task set) */
	int32_t prio;		/* its SCHED_FIFO/RR priority */
	cpu_set_t cpus;		/* where it may run; empty: not named (shares every CPU) */
	char label[64];		/* e.g. "CPU_PERIODIC 2ms 10ms" */
	char priority[64];	/* e.g. "FIFO:50 (SCHED_FIFO 50)" */
};

/*
 * hg_hog_is - whether a thread of model @model (enum hg_model), with a
 * real-time priority when @rt, under reservation @reserve (enum
 * hg_reserve) never blocks at a real-time priority: a CPU-bound model or
 * CPU_PERIODIC, at a SCHED_FIFO/RR priority, not under a reservation.
 */
bool hg_hog_is(uint32_t model, bool rt, uint32_t reserve);

/*
 * hg_hog_apply - for each of the @n tasks @ts, the first of the @nh
 * threads @h that can run on one of its CPUs at its priority or above
 * (a task without a priority is below every one): 1 + its index (struct
 * hg_hog's) into @by[i], 0 for none, and the task's result @r[i] made
 * unbounded (every CPU of the task is the hog's, or no CPU is named on
 * either side) or not covered (HG_RTA_UNDECIDED, HG_RTA_TEST_NONE: it has
 * other CPUs), never schedulable. @by may be NULL.
 */
void hg_hog_apply(const struct hg_rta_task *ts, size_t n, const struct hg_hog *h, size_t nh,
		  uint32_t *by, struct hg_rta_result *r);

#endif /* HG_HOG_H */
