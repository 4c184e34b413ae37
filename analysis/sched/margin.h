/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * margin.h - how far a task set is from the edge, under the analyses of
 * partition.h (the test each task has, its locks included)
 *
 * The critical scaling factor (Lehoczky, Sha and Ding, RTSS 1989): the
 * largest lambda such that the set stays schedulable with every C, and
 * every lock section with it, multiplied by lambda (below 1 when it is not
 * schedulable as it is); the breakdown utilisation, the set's utilisation
 * times lambda; and per task the largest C it could have, the others as
 * they are. Each is found by bisection over whole nanoseconds, the whole
 * analysis run at each step: schedulability only grows as C shrinks,
 * under each test here (the uniprocessor analysis is sustainable in C;
 * the global test's right-hand side does not decrease as a C grows).
 */
#ifndef HG_MARGIN_H
#define HG_MARGIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/sched/rta.h"
#include "trace/locks.h"

/* hg_rta_margin()'s per-task figures are found for sets of up to this many tasks. */
#define HG_MARGIN_MAX_TASKS 1000

struct hg_rta_margin {
	bool known;		/* some scale makes every task schedulable (else the rest is 0) */
	double scaling;		/* lambda, to 1e-6 of it */
	double breakdown;	/* utilisation times lambda */
	bool per_task;		/* max_c was found (the set is schedulable, not too large) */
};

/*
 * hg_rta_margin - the margins above of the @n tasks @ts sharing the @nlocks
 * locks @locks, into @m; per task, in the order of @ts, the largest C
 * (whole ns, the sections as they are, at least the longest of them) with
 * every task still schedulable into @max_c (may be NULL: not looked for),
 * when the set is schedulable and has at most HG_MARGIN_MAX_TASKS tasks,
 * else 0. A set with a task no test covers, or whose tasks are not all
 * schedulable at any scale, is not known. Returns 0, -EINVAL for a task
 * with C or T of 0, or -ENOMEM.
 */
int hg_rta_margin(const struct hg_rta_task *ts, size_t n, const struct hg_lock *locks,
		  uint32_t nlocks, struct hg_rta_margin *m, uint64_t *max_c);

#endif /* HG_MARGIN_H */
