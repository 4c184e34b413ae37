/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * onthresh.h - --on-threshold in the main thread of a run: continue's
 * table set up before the start, the signal and shell actions run for an
 * event a measuring thread handed over (at most once a second) or for the
 * one that stopped the run, and what was kept noted in the trace
 *
 * Private to run.c and live.c: @r is the run of run/runint.h.
 */
#ifndef HG_ONTHRESH_H
#define HG_ONTHRESH_H

#include <stdint.h>

#include "trace/trace.h"

struct run;

#define HG_ONTHRESH_EVERY_NS	1000000000ULL	/* an action at most this often */

/*
 * hg_onthresh_init - after --break's own set-up: with continue, the table
 * of the worst (allocated and touched now) hung on the break; with an
 * action to run, the break armed
 * Returns 0 or -ENOMEM.
 */
int hg_onthresh_init(struct run *r);

/*
 * hg_onthresh_poll - in the main thread's wait, at CLOCK_MONOTONIC @now:
 * run the signal and shell actions for an event handed over, arm the
 * break again a second after
 * Returns when to call it again (CLOCK_MONOTONIC ns), UINT64_MAX for never.
 */
uint64_t hg_onthresh_poll(struct run *r, uint64_t now);

/* hg_onthresh_stopped - once the threads stopped: the actions for the event that stopped the run. */
void hg_onthresh_stopped(struct run *r);

/* hg_onthresh_note - continue: the count, the worst kept and the actions into @t (OVER). */
void hg_onthresh_note(struct run *r, struct hg_trace *t);

/* hg_onthresh_free - free what init took; fine when it took nothing. */
void hg_onthresh_free(struct run *r);

#endif /* HG_ONTHRESH_H */
