/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * blocking.h - the blocking term of each task on one CPU from the lock
 * sections of the tasks below it
 *
 * Tasks share locks (trace/locks.h); a job runs its sections one after
 * another, never nested, each section's amount is the longest the lock
 * is held. Task i can be blocked by a section of a lower-priority task j
 * on lock k only when k's ceiling (the highest priority among k's users)
 * is at least i's priority. Then, after Buttazzo, "Hard Real-Time
 * Computing Systems", 3rd ed., Springer 2011, chapter 7 (Sha, Rajkumar
 * and Lehoczky, IEEE Trans. Computers 39(9), 1990), in continuous time
 * (the book's "- 1" of discrete time units left out):
 *
 *  - priority inheritance (PTHREAD_PRIO_INHERIT), section 7.6: at most
 *    one section of each lower task and one section on each lock:
 *        B_i = min(sum over j of max_k s_jk, sum over k of max_j s_jk)
 *    (direct and push-through blocking);
 *  - immediate priority ceiling (PTHREAD_PRIO_PROTECT), sections 7.7-7.8:
 *    at most one section of one lower task: B_i = max over j, k of s_jk;
 *  - no protocol (PTHREAD_PRIO_NONE): only direct blocking (i uses k), and
 *    it has no bound when a task of a priority between i and j can run on
 *    the CPU: it preempts j while i waits (priority inversion). With none
 *    between, the sum over the lower tasks as for inheritance.
 *
 * Locks of several protocols: the inheritance bound over all the sections
 * that can block (each lower job still blocks at most once at a time).
 */
#ifndef HG_BLOCKING_H
#define HG_BLOCKING_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/rta.h"
#include "trace/locks.h"

/* What bounds a task's blocking. */
enum hg_block_kind {
	HG_BLOCK_NONE = 0,	/* no section below can block it */
	HG_BLOCK_INHERIT,	/* the priority-inheritance bound */
	HG_BLOCK_CEILING,	/* the immediate-ceiling bound: one section */
	HG_BLOCK_DIRECT,	/* no protocol, no task between: direct blocking */
	HG_BLOCK_UNBOUNDED,	/* no protocol and a task between: no bound */
	HG_BLOCK_REMOTE,	/* a lock shared with tasks on other CPUs: not covered */
};

/* hg_block_kind_name - "none", "inheritance", "ceiling", "direct", "unbounded", "not-covered". */
const char *hg_block_kind_name(enum hg_block_kind k);

/* A task's blocking from the locks. */
struct hg_block {
	enum hg_block_kind kind;
	uint64_t b_ns;		/* the bound (0 unless INHERIT, CEILING or DIRECT) */
	uint32_t lock;		/* UNBOUNDED, REMOTE: the lock */
	unsigned int low;	/* UNBOUNDED: the id of the lower task holding it ... */
	unsigned int middle;	/* ... and of one task between */
};

/*
 * hg_rta_blocking - the blocking of each of @n tasks that share one CPU,
 * in priority order as hg_rta_rank() gives it, from their sections
 * (ts[i].ncs, ts[i].cs) on @nlocks locks @locks, into @out (one per task,
 * in the order of @ts). Returns 0, or -ENOMEM.
 */
int hg_rta_blocking(const struct hg_rta_task *ts, size_t n, const struct hg_lock *locks,
		    uint32_t nlocks, struct hg_block *out);

#endif /* HG_BLOCKING_H */
