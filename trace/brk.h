/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * brk.h - --break: stop the run at the first event beyond a threshold
 *
 * Set up before the start and shared by all threads. The thread that sees
 * the first event beyond the threshold (a gap in the gap loop's slow path,
 * a late wake-up or a missed deadline where its model records the event)
 * claims the break with one compare-and-swap, notes what and where, marks
 * the kernel trace and stops it (two write() calls on files opened before
 * the start, as cyclictest -b does, so that a kernel trace running beside
 * the run ends at the event), raises the stop flag and wakes the main
 * thread. Nothing of this runs unless an event crosses the threshold.
 *
 * With --on-threshold continue (@worst set) the run goes on: each event
 * past the threshold is counted and the worst are kept in the seeing
 * thread's own table (trace/worst.h), and when the main thread asked for one (@armed: it has actions to run,
 * at most once a second) the first to come is handed over in @pending and
 * the main thread woken; no I/O, no allocation on the measuring thread.
 */
#ifndef HG_BRK_H
#define HG_BRK_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/worst.h"

/* What may stop the run (--break-on), and what did. */
enum hg_break_kind {
	HG_BREAK_GAP = 1 << 0,	/* a gap longer than the threshold */
	HG_BREAK_LAT = 1 << 1,	/* a LAT wake-up later than the threshold */
	HG_BREAK_MISS = 1 << 2,	/* a job done later than the threshold past its deadline */
};

struct hg_break {
	/* set before the start */
	unsigned int on;		/* enum hg_break_kind bits */
	uint64_t threshold_ns;
	uint64_t threshold_cycles;	/* the same, for gaps */
	int marker_fd;			/* tracefs trace_marker, or -1 */
	int tracing_on_fd;		/* tracefs tracing_on, or -1 */
	atomic_int *stop;		/* the run's stop flag */
	void (*wake)(void *arg);	/* wakes the main thread */
	void *wake_arg;
	uint64_t tsc_hz;		/* a gap's cycles as ns (continue) */
	struct hg_worst *worst;		/* continue: a table per thread, or NULL: stop */
	unsigned int nworst;
	/* continue: one event handed to the main thread's actions */
	atomic_int armed;		/* the main thread waits for one */
	atomic_int pending_ready;	/* @pending holds it */
	struct hg_worst_ev pending;
	/* set once, by the thread that trips it */
	atomic_int fired;
	unsigned int kind;		/* one enum hg_break_kind */
	unsigned int thread;
	unsigned int cpu;
	uint64_t at_cycles;		/* when, on the counter */
	uint64_t value;			/* the gap in cycles, or lateness/tardiness in ns */
	bool unmarked;			/* writing to tracefs failed */
};

/*
 * hg_break_init - nothing selected yet; no tracefs files
 */
void hg_break_init(struct hg_break *b, atomic_int *stop);

/*
 * hg_break_trip - an event of @kind beyond the threshold was seen: the first
 * call notes it, writes the marker, stops kernel tracing, raises the stop
 * flag and wakes the main thread; later calls do nothing. With @worst
 * (continue): every call counts and maybe keeps the event, and hands it
 * to the main thread when that is armed.
 * Returns 0 for the call that tripped it (continue: that handed the event
 * over), -EALREADY for the others.
 */
int hg_break_trip(struct hg_break *b, unsigned int kind, unsigned int thread,
		  unsigned int cpu, uint64_t at_cycles, uint64_t value);

/*
 * hg_break_gap - the check of a gap of @gap_cycles: a gap beyond the
 * threshold trips the break (inline; the slow path calls it per gap)
 */
static inline void hg_break_gap(struct hg_break *b, unsigned int thread, unsigned int cpu,
				uint64_t at_cycles, uint64_t gap_cycles)
{
	if (b && (b->on & HG_BREAK_GAP) && gap_cycles > b->threshold_cycles)
		hg_break_trip(b, HG_BREAK_GAP, thread, cpu, at_cycles, gap_cycles);
}

/* hg_break_kind_name - "gap", "lat", "miss". */
const char *hg_break_kind_name(unsigned int kind);

/*
 * hg_break_parse_on - "gap,lat,miss" (any of them, in any order) into bits
 * Returns 0, or -EINVAL with the word that is not one in @bad (first 31 bytes).
 */
int hg_break_parse_on(const char *list, unsigned int *on, char *bad, size_t badlen);

#endif /* HG_BRK_H */
