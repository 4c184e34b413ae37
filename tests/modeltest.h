/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * modeltest.h - shared by the tests of the timed models (check_models.c,
 * check_models_frames.c, check_models_lat.c): a fake world to run a model in
 *
 * Every model runs in a fake world, a struct hg_wl_env of our own whose
 * clock moves only when the model receives CPU time or sleeps:
 *  - receive call i first waits out a "preemption" scripted for it, then
 *    runs its budget; it stops at the caller's deadline (HG_LOOP_DEADLINE)
 *    or the thread's end (HG_LOOP_STOP), whichever comes first, and as the
 *    gap loop does, it sees a limit that passed while it was preempted
 *    only when it runs again (the end first, as hg_tracer_event() does);
 *  - sleep i wakes at the time asked for (at most the thread's end) plus a
 *    lateness scripted for it, and says HG_LOOP_STOP at or past the end;
 *  - event records what it is given.
 */
#ifndef HG_TEST_MODELTEST_H
#define HG_TEST_MODELTEST_H

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "workloads/jobs.h"
#include "workloads/workload.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define MAX_CALLS	64
#define MAX_EVENTS	64

#define S0	1000000000ULL	/* the thread's start: not zero, to catch offsets */
#define T	10000ULL	/* period */
#define C	3000ULL		/* CPU time of a job or frame */

/* ------------------------------------------------------- fake world */

struct fake_event {
	unsigned int type;
	uint64_t at_ns;		/* from S0 */
	uint64_t value_ns;
	unsigned int extra;
};

struct fake {
	struct hg_wl_ctx ctx;
	struct hg_wl_params p;
	struct hg_tstats st;
	uint64_t now;			/* the fake CLOCK_MONOTONIC */
	/* the script */
	uint64_t preempt[MAX_CALLS];	/* receive call i: preempted this long first */
	uint64_t late[MAX_CALLS];	/* sleep i: wakes this late */
	int sleep_err[MAX_CALLS];	/* sleep i: fails with this -errno */
	unsigned int stop_in_sleep;	/* the stop flag is raised in sleep (n - 1); 0: never */
	unsigned int stop_in_receive;	/* ... or half-way through receive call (n - 1) */
	/* what the model did */
	unsigned int nreceive, nsleep, nevents;
	uint64_t budget[MAX_CALLS];	/* receive call i: the budget asked for */
	uint64_t until[MAX_CALLS];	/* receive call i: its deadline, from S0 */
	int received[MAX_CALLS];	/* receive call i: what it returned */
	uint64_t asked[MAX_CALLS];	/* sleep i: the time asked for, from S0 */
	struct fake_event ev[MAX_EVENTS];
};

static inline struct fake *fake_of(struct hg_wl_ctx *ctx)
{
	return (struct fake *)((char *)ctx - offsetof(struct fake, ctx));
}

static inline uint64_t fake_now(struct hg_wl_ctx *ctx)
{
	return fake_of(ctx)->now;
}

static inline int fake_receive(struct hg_wl_ctx *ctx, uint64_t budget_ns, uint64_t until_ns,
			       uint64_t *got_ns)
{
	struct fake *f = fake_of(ctx);
	unsigned int i = f->nreceive++;
	uint64_t limit = until_ns < ctx->end_ns ? until_ns : ctx->end_ns;
	uint64_t run_from;
	int ret;

	ck_assert_uint_lt(i, MAX_CALLS);
	f->budget[i] = budget_ns;
	f->until[i] = until_ns == HG_NO_LIMIT ? HG_NO_LIMIT : until_ns - S0;
	run_from = f->now + f->preempt[i];
	if (f->stop_in_receive == i + 1) {
		/* a signal once half the budget is received */
		f->now = run_from + budget_ns / 2;
		*got_ns = budget_ns / 2;
		ret = HG_LOOP_STOP;
	} else if (run_from + budget_ns <= limit) {
		f->now = run_from + budget_ns;
		*got_ns = budget_ns;
		ret = HG_LOOP_BUDGET;
	} else {
		/* running when the limit comes, or back from preemption after it */
		*got_ns = run_from < limit ? limit - run_from : 0;
		f->now = run_from < limit ? limit : run_from;
		ret = f->now >= ctx->end_ns ? HG_LOOP_STOP : HG_LOOP_DEADLINE;
	}
	f->received[i] = ret;
	return ret;
}

static inline int fake_sleep_until(struct hg_wl_ctx *ctx, uint64_t mono_ns)
{
	struct fake *f = fake_of(ctx);
	unsigned int i = f->nsleep++;

	ck_assert_uint_lt(i, MAX_CALLS);
	f->asked[i] = mono_ns - S0;
	if (f->sleep_err[i])
		return f->sleep_err[i];
	if (f->stop_in_sleep == i + 1) {
		/* a signal half-way through the sleep */
		if (mono_ns > f->now)
			f->now += (mono_ns - f->now) / 2;
		return HG_LOOP_STOP;
	}
	if (mono_ns > ctx->end_ns)
		mono_ns = ctx->end_ns;
	if (mono_ns > f->now)
		f->now = mono_ns;
	f->now += f->late[i];
	return f->now >= ctx->end_ns ? HG_LOOP_STOP : 0;
}

static inline void fake_event(struct hg_wl_ctx *ctx, unsigned int type, uint64_t at_ns,
			      uint64_t value_ns, unsigned int extra)
{
	struct fake *f = fake_of(ctx);

	ck_assert_uint_lt(f->nevents, MAX_EVENTS);
	f->ev[f->nevents++] = (struct fake_event){
		.type = type, .at_ns = at_ns - S0, .value_ns = value_ns, .extra = extra,
	};
}

static const struct hg_wl_env fake_env = {
	.now_ns = fake_now,
	.receive = fake_receive,
	.sleep_until = fake_sleep_until,
	.event = fake_event,
};

/* A fake world for a thread from S0 to S0 + @end. */
static inline struct fake *fake_new(uint64_t end)
{
	struct fake *f = calloc(1, sizeof(*f));

	ck_assert_ptr_nonnull(f);
	hg_tstats_init(&f->st);
	f->ctx.p = &f->p;
	f->ctx.env = &fake_env;
	f->ctx.stats = &f->st;
	f->ctx.tsc_hz = 1000000000ULL;
	f->ctx.start_ns = S0;
	f->ctx.end_ns = S0 + end;
	f->now = S0;
	return f;
}

static inline const struct hg_workload *model(const char *name)
{
	char err[256];
	const struct hg_workload *wl = hg_workload_find(name, err, sizeof(err));

	ck_assert_msg(wl != NULL, "%s", err);
	ck_assert_ptr_nonnull(wl->run);
	return wl;
}

/* Run @name's model in @f; returns what run returned. */
static inline int run_model(struct fake *f, const char *name)
{
	return model(name)->run(&f->ctx);
}

static inline void assert_event(const struct fake *f, unsigned int i, const struct fake_event *want)
{
	const struct fake_event *e = &f->ev[i];

	ck_assert_msg(e->type == want->type && e->at_ns == want->at_ns &&
		      e->value_ns == want->value_ns && e->extra == want->extra,
		      "event %u: type %u at %llu value %llu extra %u, want type %u at %llu "
		      "value %llu extra %u", i, e->type, (unsigned long long)e->at_ns,
		      (unsigned long long)e->value_ns, e->extra, want->type,
		      (unsigned long long)want->at_ns, (unsigned long long)want->value_ns,
		      want->extra);
}

/* The histogram holds exactly the @n values of @v. */
static inline void assert_hist_holds(const struct hg_hist *h, const uint64_t *v, unsigned int n)
{
	uint64_t sum = 0, min = UINT64_MAX, max = 0;
	unsigned int i, j, count;

	for (i = 0; i < n; i++) {
		sum += v[i];
		min = v[i] < min ? v[i] : min;
		max = v[i] > max ? v[i] : max;
	}
	ck_assert_uint_eq(h->count, n);
	ck_assert_uint_eq(h->sum, sum);
	ck_assert_uint_eq(h->min, min);
	ck_assert_uint_eq(h->max, max);
	for (i = 0; i < n; i++) {
		for (count = 0, j = 0; j < n; j++)
			count += hg_hist_index(v[j]) == hg_hist_index(v[i]);
		ck_assert_msg(h->bucket[hg_hist_index(v[i])] == count,
			      "value %llu: bucket holds %llu, want %u",
			      (unsigned long long)v[i],
			      (unsigned long long)h->bucket[hg_hist_index(v[i])], count);
	}
}

#endif /* HG_TEST_MODELTEST_H */
