/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jobrecv.h - what each job of a thread received, from its records: the
 * measured execution time C of a run's PERIODIC, CPU_PERIODIC and LAT
 * threads, and their worst response
 *
 * A job's window is read from its event record: a PERIODIC job runs from
 * its release (or the previous job's completion, when later: a job starts
 * when the one before it is done) to its release plus its response
 * (HG_EV_JOB); a CPU_PERIODIC frame from the previous frame's completion
 * to its own (HG_EV_FRAME); a LAT wake-up from the time asked for to that
 * time plus the period (HG_EV_LAT: the thread sleeps again before the
 * next). What a job received is the time the thread's intervals spent in
 * its window: the thread ran then (its own gaps over the threshold are
 * left out, those under it counted, as in every received time). The
 * windows of a thread never overlap and come in order, so the walk keeps
 * two cursors over the records and constant memory. Only the stored
 * records count (a run that dropped records, or a flight recorder that
 * overwrote them, measured fewer jobs).
 */
#ifndef HG_JOBRECV_H
#define HG_JOBRECV_H

#include <stdint.h>

#include "trace/trace.h"

struct hg_jobrecv {
	uint64_t jobs;		/* jobs whose window was found */
	uint64_t max_ns;	/* the most one job received (C) */
	uint64_t max_job;	/* which job (0 is the first counted) */
	uint64_t resp_max_ns;	/* LAT: the latest end of a wake-up's run after
				   the time asked for; else the event's value */
};

/*
 * hg_jobrecv - the jobs of thread @th of @t into @r. Returns 0, or
 * -ENODATA when the thread's model has no jobs (a CPU-bound model).
 */
int hg_jobrecv(const struct hg_trace *t, const struct hg_trace_thread *th,
	       struct hg_jobrecv *r);

#endif /* HG_JOBRECV_H */
