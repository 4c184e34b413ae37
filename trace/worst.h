/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * worst.h - --on-threshold continue: the worst K events past the
 * threshold, in constant memory, for runs of days
 *
 * One table per measuring thread, allocated and touched before the start,
 * written by that thread alone: no lock (a spin lock shared by threads of
 * different real-time priorities on one CPU could be held by the lower
 * one while the higher spins), no atomic, no allocation, no system call.
 * An event is counted; one no worse than the least kept goes no further;
 * another replaces the least (at most K compares). The main thread
 * merges the tables once the threads are stopped.
 */
#ifndef HG_WORST_H
#define HG_WORST_H

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

/* One thread's table; a cache line of its own, so that threads do not share one. */
struct hg_worst {
	_Alignas(64) uint32_t keep;	/* K */
	uint32_t n;			/* kept so far, at most K */
	uint32_t least;			/* the index of the least kept, once full */
	uint64_t count;			/* every event past the threshold */
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
 * hg_worst_alloc - @n tables of room for @keep events each (1 to
 * HG_WORST_MAX), every page written once so that no measuring thread
 * touches one first; free with hg_worst_free()
 * Returns the tables, or NULL (@keep out of range, out of memory).
 */
struct hg_worst *hg_worst_alloc(unsigned int n, uint32_t keep);

/*
 * hg_worst_add - count @e and keep it when it is worse than the least kept
 * (or the table is not full); by the table's own thread only
 */
void hg_worst_add(struct hg_worst *w, const struct hg_worst_ev *e);

/*
 * hg_worst_merge - the worst @keep of @n tables into @out (room for
 * @keep), the worst first (equal values: the earlier first), and the
 * events they counted into *@count; call once their threads are stopped
 * Returns how many were written, or -ENOMEM.
 */
int hg_worst_merge(const struct hg_worst *w, unsigned int n, uint32_t keep,
		   struct hg_worst_ev *out, uint64_t *count);

/* hg_worst_free - free @n tables of hg_worst_alloc(); NULL is fine. */
void hg_worst_free(struct hg_worst *w, unsigned int n);

/* hg_over_free - free @o and what it holds; NULL is fine. */
void hg_over_free(struct hg_over *o);

#endif /* HG_WORST_H */
