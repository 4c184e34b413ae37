/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * interfere.h - the interference of higher-priority tasks in a window, as
 * the uniprocessor response-time analysis (rta.c) asks for it, window
 * after window
 *
 * At a window of x the interference is the sum of ceil((x + J) / T) C
 * over the tasks added. The tasks of one period and one jitter count
 * alike: they are one group, of the sum of their C (a set of 50,000 tasks
 * has a few hundred periods). Each group keeps its job count and the
 * largest window that count holds for, in a heap ordered by that window:
 * as the window grows only the groups whose count changes are visited,
 * so the windows of a whole task set, taken in growing order, cost about
 * the number of jobs of the groups they hold times log n, not a division
 * per task per window. A smaller window than the last counts every task again (n
 * divisions); a mark taken before a walk up and a return to it after
 * undo only what the walk changed, so the walks of the later jobs of a
 * task and of its blocking need not push the next task's windows back.
 */
#ifndef HG_INTERFERE_H
#define HG_INTERFERE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hg_undo;
struct hg_group;

struct hg_interference {
	size_t *of;		/* the group of each task added */
	struct hg_group *g;	/* the groups, by period and jitter */
	size_t ng, gcap;
	size_t *slot;		/* a hash of (T, J) to group + 1, 0: free */
	size_t nslot;
	size_t *heap;		/* group indices, the smallest holds[] on top */
	size_t *pos;		/* where each group is in heap */
	size_t n;		/* groups in the heap */
	uint64_t *k;		/* jobs of each group counted */
	uint64_t *holds;	/* the count holds while x <= this */
	unsigned __int128 sum;	/* of k C (each group's term capped at 2^64 - 1) */
	uint64_t x;
	/* since the mark: what changed, to undo it */
	struct hg_undo *log;
	size_t nlog, logcap;
	bool marked;		/* a mark is set */
	bool lost;		/* the log could not grow: count again on return */
	unsigned __int128 mark_sum;
	uint64_t mark_x;
};

/* hg_intf_init - room for tasks 0 to @n - 1, none added. Returns 0 or -ENOMEM. */
int hg_intf_init(struct hg_interference *w, size_t n);

/* hg_intf_free - release it. */
void hg_intf_free(struct hg_interference *w);

/*
 * hg_intf_add - task @i, of period @t_ns (> 0), release jitter @j_ns and
 * execution time @c_ns, runs before the ones analysed from now on.
 */
void hg_intf_add(struct hg_interference *w, size_t i, uint64_t t_ns, uint64_t j_ns,
		 uint64_t c_ns);

/*
 * hg_intf_rejitter - task @i, added with @t_ns, @c_ns and a jitter other
 * than @j_ns, has @j_ns from now on (once at most for each task).
 */
void hg_intf_rejitter(struct hg_interference *w, size_t i, uint64_t t_ns, uint64_t j_ns,
		      uint64_t c_ns);

/* hg_intf_at - the interference at window @x, saturated to 64 bits. */
uint64_t hg_intf_at(struct hg_interference *w, uint64_t x);

/* hg_intf_mark - remember the state now (one mark at a time). */
void hg_intf_mark(struct hg_interference *w);

/* hg_intf_return - back to the mark's state, undoing what changed since. */
void hg_intf_return(struct hg_interference *w);

#endif /* HG_INTERFERE_H */
