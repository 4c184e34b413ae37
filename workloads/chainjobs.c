// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chainjobs.c - the jobs of a chain's threads: released on their period or
 * by their predecessor, each with its input's sequence number
 */
#include "workloads/chainjobs.h"
#include "workloads/chainlink.h"

/*
 * One job released at @release (its deadline @deadline) reading input
 * @seq produced at @avail. Returns 0, HG_LOOP_STOP or -errno.
 */
static int chain_job(struct hg_wl_ctx *ctx, hg_job_cost_fn cost, uint64_t k,
		     uint64_t release, uint64_t deadline, uint64_t seq, uint64_t avail)
{
	struct hg_chain_job j = { .seq = seq, .avail_ns = avail, .release_ns = release };
	int ret;

	j.start_ns = ctx->env->now_ns(ctx);
	j.cpu_ns = cost(ctx, k);
	ret = hg_jobs_work(ctx, j.cpu_ns);
	if (ret)
		return ret;
	j.done_ns = hg_jobs_done(ctx, release, deadline);
	hg_chain_record(ctx->chain->rec, &j);
	if (ctx->chain->out)
		hg_chain_publish(ctx->chain->out, seq, j.done_ns);
	return 0;
}

/* The first thread, or a sampled one: jobs on the grid start + k T. */
static int periodic_stage(struct hg_wl_ctx *ctx, hg_job_cost_fn cost)
{
	const struct hg_wl_params *p = ctx->p;
	struct hg_wl_chain *c = ctx->chain;
	uint64_t k, seq, avail;
	int ret;

	for (k = 0;; k++) {
		uint64_t release = ctx->start_ns + k * p->period_ns;

		if (release >= ctx->end_ns)
			return 0;
		ret = hg_jobs_release(ctx, release);
		if (ret == HG_LOOP_STOP)
			break;
		if (ret)
			return ret;
		seq = k;
		avail = release;
		if (c->in && hg_chain_latest(c->in, &seq, &avail))
			avail = release;	/* nothing yet: HG_CHAIN_NO_SEQ */
		ret = chain_job(ctx, cost, k, release, release + p->deadline_ns, seq, avail);
		if (ret == HG_LOOP_STOP)
			break;
		if (ret)
			return ret;
	}
	ctx->stats->misses += hg_jobs_missed_at_end(ctx->start_ns, p->period_ns, p->deadline_ns,
						    k, hg_jobs_stopped_ns(ctx));
	return 0;
}

/*
 * A later thread of an event chain stopped with the job of input @avail
 * released and unfinished: it is a miss when its deadline had passed, and
 * so is each input its predecessor had output and it had not taken yet
 * (each a job released at the output), as for the first thread's jobs.
 */
static void event_missed_at_end(struct hg_wl_ctx *ctx, uint64_t avail)
{
	uint64_t stopped = hg_jobs_stopped_ns(ctx), seq;

	do
		ctx->stats->misses += avail + ctx->p->deadline_ns <= stopped;
	while (!hg_chain_take(ctx->chain, ctx->tr->stop, 0, &seq, &avail));
}

/* A later thread of an event chain: each job released by its predecessor's finish. */
static int event_stage(struct hg_wl_ctx *ctx, hg_job_cost_fn cost)
{
	struct hg_tracer *tr = ctx->tr;
	uint64_t k, seq, avail, now;
	int ret;

	for (k = 0;; k++) {
		ret = hg_chain_take(ctx->chain, tr->stop, ctx->end_ns, &seq, &avail);
		if (ret)
			return ret < 0 ? ret : 0;
		if (tr->running) {	/* the wait ends the interval, as a sleep does */
			hg_tracer_set(tr, HG_NO_LIMIT, HG_NO_LIMIT);
			ret = hg_tracer_block(tr, HG_REC_SLEEP);
		}
		if (ret != HG_LOOP_STOP) {
			/* the wake-up: the mechanism's cost and the wait for the CPU */
			now = ctx->env->now_ns(ctx);
			hg_hist_add(&ctx->stats->jitter, now > avail ? now - avail : 0);
			ret = chain_job(ctx, cost, k, avail, avail + ctx->p->deadline_ns, seq,
					avail);
		}
		if (ret == HG_LOOP_STOP)
			event_missed_at_end(ctx, avail);
		if (ret)
			return ret == HG_LOOP_STOP ? 0 : ret;
	}
}

int hg_chain_jobs_run(struct hg_wl_ctx *ctx, hg_job_cost_fn cost)
{
	if (ctx->chain->mode == HG_CHAIN_EVENT && ctx->chain->in)
		return event_stage(ctx, cost);
	return periodic_stage(ctx, cost);
}

int hg_jobs_any(struct hg_wl_ctx *ctx, hg_job_cost_fn cost)
{
	return ctx->chain ? hg_chain_jobs_run(ctx, cost) : hg_jobs_run(ctx, cost);
}
