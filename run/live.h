/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * live.h - look at a run while it goes on (the main thread of hourglass/run.c)
 *
 * Private to run.c: @r is the run of hourglass/runint.h.
 */
#ifndef HG_LIVE_H
#define HG_LIVE_H

#include <sched.h>
#include <stdbool.h>
#include <stdint.h>

#include "run/config.h"
#include "trace/trace.h"

struct run;
struct worker;

/*
 * hg_live_thread_state - what the trace says of worker @w in @tt, in a
 * copy of the run and at its end alike: its description (workload,
 * priority or reservation, model, timing parameters, timer, CPUs (@online
 * when it is not pinned), unit), its gap and hiccup thresholds, its begin,
 * @end_cycles as its end, its tid and the records it dropped
 */
void hg_live_thread_state(struct hg_trace_thread *tt, const struct worker *w,
			  const cpu_set_t *online, uint64_t end_cycles);

/*
 * hg_live_copy - the run so far, as a trace of its own flagged a snapshot,
 * handed at normal priority to the monitor's snapshot hook (@records: with
 * the records the writers had finished, on SIGUSR1) or to its periodic
 * hook (statistics only); says so (hg_msg()) when out of memory
 */
void hg_live_copy(struct run *r, const struct hg_trace *t, bool records);

/*
 * hg_live_status - the status line's numbers, over the last second and of
 * the whole run, to the monitor's status hook at normal priority; @now_ns
 * on CLOCK_MONOTONIC
 */
void hg_live_status(struct run *r, uint64_t now_ns);

/*
 * hg_live_init - what the main thread needs while the threads run, taken
 * before they start: the copies' scratch space, the status line's numbers;
 * with --break, arms it (threshold in cycles, waking the main thread) and
 * opens tracefs's trace_marker and tracing_on, or says once (hg_msg()) why
 * not. Needs r->cfg, r->calib and r->brk initialised.
 * Returns 0 or -ENOMEM; hg_live_free() releases what was taken either way.
 */
int hg_live_init(struct run *r);

/* hg_live_free - release what hg_live_init() took and close tracefs */
void hg_live_free(struct run *r);

/*
 * hg_live_main_raise - the calling (main) thread to SCHED_FIFO
 * HG_PRIO_MAIN_RT when any thread of @cfg is real-time, so the clock can
 * preempt real-time workers to stop them; nothing otherwise
 */
void hg_live_main_raise(const struct hg_config *cfg);

/* hg_live_main_lower - the calling (main) thread back to SCHED_OTHER */
void hg_live_main_lower(void);

/* hg_live_break_note - what --break stopped at, into @t (nothing if it did not fire) */
void hg_live_break_note(struct run *r, struct hg_trace *t);

#endif /* HG_LIVE_H */
