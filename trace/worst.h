/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * worst.h - --on-threshold continue: the worst K events past the
 * threshold, in constant memory, for runs of days
 *
 * The table is allocated and touched before the start. A measuring thread
 * that sees an event past the threshold counts it with one atomic add;
 * an event no worse than the least kept (read without the lock) goes no
 * further; another takes a spinlock held for at most K compares, and
 * replaces the least. No allocation, no system call, no I/O.
 */
#ifndef HG_WORST_H
#define HG_WORST_H

#include <stdatomic.h>
#include <stdint.h>

#define HG_WORST_MAX 1000u		/* keep=K at most */
#define HG_WORST_DEFAULT 10u		/* keep=K when not given */

/* One event past the threshold. */
struct hg_worst_ev {
	uint32_t kind;			/* one enum hg_break_kind */
	uint32_t thread;
	uint32_t cpu;
	uint64_t at_cycles;		/* when, on the counter */
	uint64_t value_ns;		/* the gap, the lateness or the tardiness */
};

struct hg_worst {
	uint32_t keep;			/* K */
	uint32_t n;			/* kept so far, at most K */
	uint32_t least;			/* the index of the least kept, once full */
	atomic_flag lock;
	_Atomic uint64_t count;		/* every event past the threshold */
	_Atomic uint64_t floor_ns;	/* once full: the least kept value */
	struct hg_worst_ev *ev;		/* keep of them */
};

/* The actions a continue run had, besides counting (struct hg_over's @actions). */
enum hg_over_action {
	HG_OVER_SIGNAL = 1 << 0,
	HG_OVER_SHELL = 1 << 1,
	HG_OVER_TRACE = 1 << 2,
};

/* What a continue run kept, as the trace holds it (its OVER section). */
struct hg_over {
	uint64_t threshold_ns;		/* --break */
	uint32_t on;			/* --break-on: enum hg_break_kind bits */
	uint32_t keep;			/* K */
	uint32_t actions;		/* enum hg_over_action bits */
	uint64_t count;			/* every event past the threshold */
	uint64_t acted;			/* of them, those signal and shell ran for */
	uint32_t n;			/* kept, at most @keep */
	struct hg_worst_ev *ev;		/* the worst first */
};

/*
 * hg_worst_init - room for @keep events (1 to HG_WORST_MAX), allocated and
 * written once so that no page is first touched by a measuring thread
 * Returns 0, -EINVAL or -ENOMEM.
 */
int hg_worst_init(struct hg_worst *w, uint32_t keep);

/*
 * hg_worst_add - count @e and keep it when it is worse than the least kept
 * (or the table is not full); safe from any number of threads at once
 */
void hg_worst_add(struct hg_worst *w, const struct hg_worst_ev *e);

/*
 * hg_worst_sorted - copy what is kept into @out (room for w->keep), the
 * worst first (equal values: the earlier first); call once the threads
 * that add are stopped
 * Returns how many were copied.
 */
uint32_t hg_worst_sorted(const struct hg_worst *w, struct hg_worst_ev *out);

/* hg_worst_free - free the table; a zeroed one is fine. */
void hg_worst_free(struct hg_worst *w);

/* hg_over_free - free @o and what it holds; NULL is fine. */
void hg_over_free(struct hg_over *o);

#endif /* HG_WORST_H */
