// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * jobs.c - periodic jobs with deadlines on a fixed release grid
 */
#include "workloads/jobs.h"

uint64_t hg_jobs_missed_at_end(uint64_t start_ns, uint64_t period_ns, uint64_t deadline_ns,
			       uint64_t k, uint64_t now_ns)
{
	uint64_t first_deadline = start_ns + k * period_ns + deadline_ns;

	if (now_ns < first_deadline)
		return 0;
	return (now_ns - first_deadline) / period_ns + 1;
}

uint64_t hg_jobs_stopped_ns(struct hg_wl_ctx *ctx)
{
	uint64_t now = ctx->env->now_ns(ctx);

	return now < ctx->end_ns ? now : ctx->end_ns;
}

int hg_jobs_sections(struct hg_wl_ctx *ctx, uint64_t *left)
{
	const struct hg_wl_env *env = ctx->env;
	const struct hg_wl_params *p = ctx->p;
	uint32_t i;
	int ret;

	for (i = 0; i < p->ncs && *left; i++) {
		uint64_t amount = p->cs[i].ns < *left ? p->cs[i].ns : *left;
		uint64_t asked = env->now_ns(ctx), wait = 0, got;

		ret = env->lock(ctx, p->cs[i].lock, &wait);
		if (ret)
			return ret;
		env->event(ctx, HG_EV_LOCK, asked, wait, hg_event_lock_extra(p->cs[i].lock));
		ret = env->receive(ctx, amount, HG_NO_LIMIT, &got);
		env->unlock(ctx, p->cs[i].lock);
		*left -= amount;
		if (ret == HG_LOOP_STOP)
			return ret;
	}
	return 0;
}

int hg_jobs_release(struct hg_wl_ctx *ctx, uint64_t release)
{
	uint64_t woke;
	int ret;

	if (ctx->env->now_ns(ctx) >= release)
		return 0;
	ret = ctx->env->sleep_until(ctx, release);
	if (ret)
		return ret;
	/* release jitter: how late the timer let the job start */
	woke = ctx->env->now_ns(ctx);
	hg_hist_add(&ctx->stats->jitter, woke > release ? woke - release : 0);
	return 0;
}

int hg_jobs_work(struct hg_wl_ctx *ctx, uint64_t left)
{
	uint64_t got;
	int ret = hg_jobs_sections(ctx, &left);

	if (!ret && left && ctx->env->receive(ctx, left, HG_NO_LIMIT, &got) == HG_LOOP_STOP)
		ret = HG_LOOP_STOP;
	return ret;
}

uint64_t hg_jobs_done(struct hg_wl_ctx *ctx, uint64_t release, uint64_t deadline)
{
	struct hg_tstats *st = ctx->stats;
	uint64_t done = ctx->env->now_ns(ctx), response = done - release;

	hg_hist_add(&st->events, response);
	st->units++;
	if (done > deadline)
		st->misses++;
	else
		st->hits++;
	ctx->env->event(ctx, HG_EV_JOB, release, response, done > deadline ? HG_REC_MISS : 0);
	return done;
}

int hg_jobs_run(struct hg_wl_ctx *ctx, hg_job_cost_fn cost)
{
	const struct hg_wl_params *p = ctx->p;
	struct hg_tstats *st = ctx->stats;
	uint64_t k;
	int ret;

	for (k = 0;; k++) {
		uint64_t release = ctx->start_ns + k * p->period_ns;

		if (release >= ctx->end_ns)
			return 0;
		ret = hg_jobs_release(ctx, release);
		if (!ret)
			ret = hg_jobs_work(ctx, cost(ctx, k));
		if (ret == HG_LOOP_STOP)
			break;
		if (ret)
			return ret;
		hg_jobs_done(ctx, release, release + p->deadline_ns);
	}
	/* the run ended with job k unfinished: count the deadlines already past */
	st->misses += hg_jobs_missed_at_end(ctx->start_ns, p->period_ns, p->deadline_ns, k,
					    hg_jobs_stopped_ns(ctx));
	return 0;
}
