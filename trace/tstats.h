/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tstats.h - one thread's streaming statistics
 *
 * Updated once per interval by the thread itself, whether or not its record
 * found room in the arena, so they stay exact when records are dropped.
 */
#ifndef HG_TSTATS_H
#define HG_TSTATS_H

#include <stdint.h>

#include "trace/hist.h"

/* Lateness thresholds a run counts samples above (LAT). */
#define HG_MAX_THRESHOLDS 16

struct hg_tstats {
	uint64_t intervals;		/* intervals of execution */
	uint64_t received_cycles;	/* their total length */
	uint64_t first_cycles;		/* start of the first interval */
	uint64_t last_cycles;		/* end of the last interval */
	uint64_t units;			/* units of work done (scan passes, frames) */
	uint64_t yields;		/* sched_yield() calls */
	struct hg_hist gaps;		/* every gap, in cycles */
	uint64_t hiccups;		/* steps above the hiccup floor, not gaps */
	uint64_t hiccup_cycles;		/* their total length (part of the intervals) */
	/* timed models */
	uint64_t hits;			/* deadlines met */
	uint64_t misses;		/* deadlines missed */
	uint64_t samples_dropped;	/* events that found no room in the trace */
	struct hg_hist events;		/* PERIODIC: response ns; LAT: lateness ns */
	struct hg_hist jitter;		/* PERIODIC: wake-up after a release, ns */
	uint64_t over[HG_MAX_THRESHOLDS]; /* LAT: samples later than each threshold */
};

/* hg_tstats_init - reset @st. */
void hg_tstats_init(struct hg_tstats *st);

/*
 * hg_tstats_init_zeroed - reset @st, whose memory is zero already (calloc):
 * the same result as hg_tstats_init(), but only the histograms' minimums
 * are written, so the pages of buckets never counted are never touched
 * and take no memory
 */
void hg_tstats_init_zeroed(struct hg_tstats *st);

/* hg_tstats_span - cycles from the first interval's start to the last's end. */
static inline uint64_t hg_tstats_span(const struct hg_tstats *st)
{
	return st->intervals ? st->last_cycles - st->first_cycles : 0;
}

#endif /* HG_TSTATS_H */
