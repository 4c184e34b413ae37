/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * taskset.h - a set of periodic tasks as the schedulability analyses take
 * it, with the words that name each task and the machine's admission limit
 */
#ifndef HG_ANALYSIS_TASKSET_H
#define HG_ANALYSIS_TASKSET_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/chain.h"
#include "analysis/hog.h"
#include "analysis/overheads.h"
#include "analysis/rta.h"

struct hg_tsfrom;

/* One task: its times and priority, its names and its reservation. */
struct hg_taskset_task {
	struct hg_rta_task rta;
	char label[64];			/* e.g. "PERIODIC 3ms 8ms" */
	char prio[64];			/* e.g. "RTMED (SCHED_FIFO 50)", or "-" */
	/* reservation (SCHED_DEADLINE): budget and period, 0 when none */
	uint64_t resv_budget_ns;
	uint64_t resv_period_ns;
};

/* A task set. */
struct hg_taskset {
	size_t n;
	size_t cap;			/* room in @task */
	struct hg_taskset_task *task;
	/* the admission limit: CPUs of the root domain x rt_runtime / rt_period */
	unsigned int cpus;
	uint64_t rt_runtime_us;
	uint64_t rt_period_us;
	/* the locks of the tasks' sections (rta.h's cs), by number */
	uint32_t nlocks;
	struct hg_lock locks[HG_MAX_LOCKS];
	/* the machine's costs (--overheads, --cs-cost); none when zero */
	struct hg_overheads ovh;
	/*
	 * the threads left out that never block at a real-time priority
	 * (hog.h), each's index its place here; malloc'd, NULL when none
	 */
	size_t nhogs;
	struct hg_hog *hogs;
	/* rta --from: what the run measured of each task (tsfrom.h), or NULL */
	const struct hg_tsfrom *from;
	/* the cause-effect chains of a task file's CHAIN= words (chain.h) */
	struct hg_chains chains;
};

/* hg_taskset_alloc - room for @n tasks, zeroed, @n of them counted. Returns 0 or -ENOMEM. */
int hg_taskset_alloc(struct hg_taskset *s, size_t n);

/*
 * hg_taskset_add - one more task at the end, zeroed (the room grows by
 * doubling). Returns it, or NULL when out of memory (@s unchanged).
 */
struct hg_taskset_task *hg_taskset_add(struct hg_taskset *s);

/*
 * hg_taskset_rta - the tasks' times and priorities as one array, the shape
 * the analyses of rta.h take; malloc'd (free it), NULL when out of memory.
 */
struct hg_rta_task *hg_taskset_rta(const struct hg_taskset *s);

/*
 * hg_taskset_lonely_lock - the first lock at or after number @from that
 * only one task uses (its id into *@user), or -1 for none: no task ever
 * waits for such a lock.
 */
int hg_taskset_lonely_lock(const struct hg_taskset *s, uint32_t from, unsigned int *user);

/* hg_taskset_free - release it. */
void hg_taskset_free(struct hg_taskset *s);

#endif /* HG_ANALYSIS_TASKSET_H */
