/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chainjobs.h - the job loop of a thread in a chain (--chain)
 */
#ifndef HG_CHAINJOBS_H
#define HG_CHAINJOBS_H

#include "workloads/jobs.h"

/*
 * hg_chain_jobs_run - the jobs of a thread in a chain (ctx->chain). The
 * first thread of a chain, and every thread of a sampled chain, releases
 * its jobs on its period as hg_jobs_run() does; a sampled job reads its
 * predecessor's latest output when it starts. A later thread of an event
 * chain waits for each output of its predecessor and is released at its
 * finish (its deadline D after that). Each job is recorded with the
 * sequence number of its input (the first thread's job number), when its
 * input was produced, its release, start, finish and CPU time, and its
 * output published for the next thread. Returns 0 or -errno.
 */
int hg_chain_jobs_run(struct hg_wl_ctx *ctx, hg_job_cost_fn cost);

/* hg_jobs_any - hg_chain_jobs_run() for a thread in a chain, else hg_jobs_run(). */
int hg_jobs_any(struct hg_wl_ctx *ctx, hg_job_cost_fn cost);

#endif /* HG_CHAINJOBS_H */
