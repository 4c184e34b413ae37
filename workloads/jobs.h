/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * jobs.h - the job loop shared by PERIODIC and PERIODIC_TABLE
 */
#ifndef HG_JOBS_H
#define HG_JOBS_H

#include <stdint.h>

#include "workloads/workload.h"

/* The CPU time job @k needs, in ns. */
typedef uint64_t (*hg_job_cost_fn)(struct hg_wl_ctx *ctx, uint64_t k);

/*
 * hg_jobs_run - release a job each period T on the grid start + k T;
 * each runs its sections (hg_jobs_sections), then until it has received
 * the rest of its cost of CPU time, then the thread
 * sleeps on its timer until the next release. A job that overruns keeps
 * running; it is a miss when it completes after release + D, and the next
 * starts at once if its release has passed. When the run ends, jobs whose
 * deadline has passed unfinished are misses too, so hits + misses is the
 * number of deadlines in the run, plus one when the last job finished
 * before its deadline that lies past the end. Each job is an HG_EV_JOB
 * event (release, response time); responses go to stats->events.
 * Returns 0 or -errno.
 */
int hg_jobs_run(struct hg_wl_ctx *ctx, hg_job_cost_fn cost);

/*
 * hg_jobs_sections - run the sections of one job (ctx->p->cs, in order)
 * out of its CPU time *@left: for each, the time asked for the lock is
 * an HG_EV_LOCK event with the wait, then the section's amount (at most
 * what is left) is received holding the lock; *@left is lowered by what
 * the sections took. Returns 0, HG_LOOP_STOP, or -errno.
 */
int hg_jobs_sections(struct hg_wl_ctx *ctx, uint64_t *left);

/*
 * hg_jobs_release - wait for a job's release at @release when it is still
 * to come, and count how late the thread woke (stats->jitter). Returns 0,
 * HG_LOOP_STOP, or -errno.
 */
int hg_jobs_release(struct hg_wl_ctx *ctx, uint64_t release);

/*
 * hg_jobs_work - one job's CPU time @left: its sections (hg_jobs_sections),
 * then the rest received. Returns 0 (all of it received), HG_LOOP_STOP,
 * or -errno.
 */
int hg_jobs_work(struct hg_wl_ctx *ctx, uint64_t left);

/*
 * hg_jobs_done - a job released at @release finished now: its response to
 * stats->events, a hit or (past @deadline) a miss, an HG_EV_JOB event.
 * Returns the time it finished.
 */
uint64_t hg_jobs_done(struct hg_wl_ctx *ctx, uint64_t release, uint64_t deadline);

/*
 * hg_jobs_missed_at_end - jobs that are misses because the run ended at
 * @now_ns after job @k was released unfinished: job k and the later ones
 * whose deadlines had passed
 */
uint64_t hg_jobs_missed_at_end(uint64_t start_ns, uint64_t period_ns, uint64_t deadline_ns,
			       uint64_t k, uint64_t now_ns);

/*
 * hg_jobs_stopped_ns - when the thread's jobs stopped: now, or the thread's
 * end when now is past it. Every job loop (hg_jobs_run, a chain's threads)
 * counts a job released and unfinished then as a miss when its deadline is
 * at or before this moment.
 */
uint64_t hg_jobs_stopped_ns(struct hg_wl_ctx *ctx);

#endif /* HG_JOBS_H */
