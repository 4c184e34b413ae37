/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lockwait.h - what a thread's jobs waited for their locks (--cs), from
 * the HG_EV_LOCK records of its trace, and which other threads ran while
 * they waited, from those threads' own intervals
 *
 * A job's wait is the sum of its sections' waits (each measured on the
 * cycle counter around the lock call); a job is blocked when it waited
 * longer than HG_LOCKWAIT_BLOCKED_NS: below that, the wait is the lock's
 * own cost, above it another thread held the lock (the waiter slept).
 * The waits recorded before a job's completion (HG_EV_JOB, HG_EV_FRAME)
 * are that job's.
 *
 * A wait of lock k spans [asked, asked + wait] on the counter, on the
 * CPU its record names (where the waiter ran on after it). The intervals
 * of the other threads on that CPU that overlap it are split by their
 * real-time priority against the waiter's (no real-time priority is the
 * lowest; threads of the waiter's own priority or above count in neither):
 *
 *  - middle: below the waiter and above the lowest-priority thread below
 *    it that takes k, without taking k itself: it can run then only by
 *    preempting the holder, which no protocol prevents (priority
 *    inversion); inheritance and ceilings keep this near zero;
 *  - lower: every other thread below the waiter (k's users, one of which
 *    held it: the blocking proper; and the threads below them).
 *
 * Nothing of this is timed in the run: the intervals are those every
 * thread records anyway. Only the stored records count (see dropped).
 */
#ifndef HG_LOCKWAIT_H
#define HG_LOCKWAIT_H

#include <stdint.h>

#include "trace/locks.h"
#include "trace/trace.h"

#define HG_LOCKWAIT_BLOCKED_NS 1000ULL	/* 1 us */

struct hg_lockwait {
	uint64_t jobs;			/* jobs with sections, complete in the records */
	uint64_t blocked;		/* of them, waited longer than HG_LOCKWAIT_BLOCKED_NS */
	uint64_t max_ns;		/* the longest wait of a job */
	uint64_t p99_ns;		/* 99 % of the jobs waited no longer (nearest rank) */
	uint64_t lock_max_ns[HG_MAX_LOCKS];	/* the longest wait for each lock */
	/* over the blocked jobs, the most that ran within one job's waits: */
	uint64_t lower_max_ns;		/* lower-priority threads (see above) */
	uint64_t middle_max_ns;		/* middle-priority threads (see above) */
};

/*
 * hg_lockwait - the waits of thread @th of @t into @w, and what the other
 * threads of @t ran meanwhile. Returns 1 when the thread has sections
 * (--cs), 0 when not, -ENOMEM.
 */
int hg_lockwait(const struct hg_trace *t, const struct hg_trace_thread *th,
		struct hg_lockwait *w);

#endif /* HG_LOCKWAIT_H */
