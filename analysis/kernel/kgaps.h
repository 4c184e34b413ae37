/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kgaps.h - a thread's records walked in order as the kernel-event
 * analyses see them: its event records (LAT samples, jobs, periods, ...)
 * and its gaps, each from the end of one of its intervals to the start of
 * its next, except after a sleep of its own (HG_REC_SLEEP: not
 * interference) and across a record continued in the next (HG_REC_CONTINUED).
 * The one gap finder of the attribution (kattr.h) and of the windows
 * (kwin.h).
 */
#ifndef HG_KGAPS_H
#define HG_KGAPS_H

#include <stdint.h>

#include "trace/record.h"
#include "trace/trace.h"

#define HG_KGAPS_ANY_THREAD UINT32_MAX

/* One step of the walk: an event record, or a gap. */
struct hg_kstep {
	uint32_t thread;
	const struct hg_record *ev;	/* the event record; NULL for a gap */
	uint32_t from_cpu;		/* a gap: where the thread stopped ... */
	uint32_t cpu;			/* ... and where it resumed */
	uint64_t at_cycles;		/* the end of its interval */
	uint64_t len_cycles;
};

typedef int (*hg_kstep_fn)(const struct hg_kstep *s, void *arg);

/*
 * hg_kgaps_walk - the records of thread @thread of @t (HG_KGAPS_ANY_THREAD:
 * every thread, in order), record by record wherever the trace holds them
 * (trace/reccur.h: its array, or its file in chunks), to @fn: each event
 * record (good for the call), and each gap
 * Returns 0, what @fn returned when not 0, or -errno of a failed read.
 */
int hg_kgaps_walk(const struct hg_trace *t, uint32_t thread, hg_kstep_fn fn, void *arg);

#endif /* HG_KGAPS_H */
