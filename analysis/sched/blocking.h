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
 *
 * Without a protocol, a task h waiting for a lock that a task l below it
 * holds is suspended as far as every task between them sees it: its jobs
 * are held back while l (not counted as their interference) runs, then
 * come at once. Such a task between is charged h's work with a release
 * jitter of R_h - C_h (the suspension taken as jitter: Bletsas et al.,
 * "Errata for three papers (2004-05) on fixed-priority scheduling with
 * self-suspensions", Leibniz Transactions on Embedded Systems 5(1), 2018),
 * with R_h bounded by the busy period that holds every interval in which
 * h's jobs are pending: that of the tasks at or above y, y the lowest user
 * of h's unprotected locks, lowered again while a lock without a protocol
 * has users on both sides of it. In that interval a task below y runs only
 * in a section of an inherit or protect lock it held when the interval
 * began, at a priority of the interval: L = max B + sum over those
 * sections + sum over the tasks at or above y of ceil((L + J) / T) C
 * (the B given by hand of the tasks at or above y, the largest).
 */
#ifndef HG_BLOCKING_H
#define HG_BLOCKING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/sched/rta.h"
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
	/*
	 * a user of a lock without a protocol with a lower user and a task
	 * between them: J + L - C, the release jitter the tasks between see
	 * (UINT64_MAX: no bound, the busy period never ends), else 0 ...
	 */
	uint64_t held_ns;
	size_t held_until;	/* ... seen by the tasks ranked above this rank */
	/* a task between such a user and a lower user: charged its held-back work */
	bool charged;
	unsigned int held_by;	/* charged: the id of one such user (the widest) ... */
	unsigned int held_low;	/* ... the id of its lowest fellow user ... */
	uint32_t held_lock;	/* ... and the lock */
	uint64_t held_by_ns;	/* ... and the jitter charged for it */
};

/*
 * hg_rta_blocking - the blocking of each of @n tasks that share one CPU,
 * in priority order as hg_rta_rank() gives it, from their sections
 * (ts[i].ncs, ts[i].cs) on @nlocks locks @locks, into @out (one per task,
 * in the order of @ts), and the work held back by locks without a
 * protocol (held_ns, charged; see above). Returns 0, or -ENOMEM.
 */
int hg_rta_blocking(const struct hg_rta_task *ts, size_t n, const struct hg_lock *locks,
		    uint32_t nlocks, struct hg_block *out);

#endif /* HG_BLOCKING_H */
