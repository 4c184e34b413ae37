// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * env.c - the real world of the timed models: the gap loop, the thread's
 * timer, the trace
 */
#include <errno.h>

#include "trace/counter.h"
#include "util/timeval.h"
#include "workloads/workload.h"

static uint64_t real_now_ns(struct hg_wl_ctx *ctx)
{
	(void)ctx;
	return hg_mono_ns();
}

/* CPU time received so far, the open interval included. */
static uint64_t received_cycles(const struct hg_tracer *tr)
{
	return tr->stats->received_cycles + (tr->running ? tr->last - tr->start : 0);
}

static int real_receive(struct hg_wl_ctx *ctx, uint64_t budget_ns, uint64_t until_ns,
			uint64_t *got_ns)
{
	struct hg_tracer *tr = ctx->tr;
	uint64_t deadline = HG_NO_LIMIT, before = received_cycles(tr);
	uint64_t budget = hg_ns_to_cycles(budget_ns, ctx->tsc_hz);
	int ret;

	if (until_ns != HG_NO_LIMIT) {
		/* convert over the time to go only: the clocks cannot drift apart */
		uint64_t now = hg_mono_ns(), c = hg_counter_read();

		if (until_ns <= now) {
			*got_ns = 0;
			return HG_LOOP_DEADLINE;
		}
		deadline = c + hg_ns_to_cycles(until_ns - now, ctx->tsc_hz);
	}
	hg_tracer_set(tr, deadline, budget ? budget : 1);
	ret = hg_tracer_loop(tr);
	*got_ns = hg_cycles_to_ns(received_cycles(tr) - before, ctx->tsc_hz);
	return ret;
}

static int real_sleep_until(struct hg_wl_ctx *ctx, uint64_t mono_ns)
{
	struct hg_tracer *tr = ctx->tr;
	int ret;

	if (mono_ns > ctx->end_ns)
		mono_ns = ctx->end_ns;
	/* the run wakes sleepers with a signal when it stops */
	while ((ret = ctx->timer->ops->sleep_until(ctx->timer, mono_ns)) == -EINTR)
		if (atomic_load_explicit(tr->stop, memory_order_relaxed))
			return HG_LOOP_STOP;
	if (ret)
		return ret;
	if (tr->running) {	/* a traced model: the sleep ends its interval */
		hg_tracer_set(tr, HG_NO_LIMIT, HG_NO_LIMIT);
		ret = hg_tracer_block(tr, HG_REC_SLEEP);
		return ret == HG_LOOP_STOP ? HG_LOOP_STOP : 0;
	}
	if (atomic_load_explicit(tr->stop, memory_order_relaxed) || hg_mono_ns() >= ctx->end_ns)
		return HG_LOOP_STOP;
	return 0;
}

/*
 * --break on a late wake-up (LAT), or on a job done later than the
 * threshold past its deadline (PERIODIC; a missed CPU_PERIODIC period is
 * as late as a period)
 */
static void check_break(struct hg_wl_ctx *ctx, unsigned int type, uint64_t at_cycles,
			unsigned int cpu, uint64_t value_ns, unsigned int extra)
{
	struct hg_break *b = ctx->tr->brk;
	uint64_t d = ctx->p->deadline_ns ? ctx->p->deadline_ns : ctx->p->period_ns;

	if (type == HG_EV_LAT && (b->on & HG_BREAK_LAT) && value_ns > b->threshold_ns)
		hg_break_trip(b, HG_BREAK_LAT, ctx->tr->id, cpu, at_cycles, value_ns);
	else if ((extra & HG_REC_MISS) && (b->on & HG_BREAK_MISS) && type == HG_EV_JOB &&
		 value_ns > d && value_ns - d > b->threshold_ns)
		hg_break_trip(b, HG_BREAK_MISS, ctx->tr->id, cpu, at_cycles, value_ns - d);
	else if ((extra & HG_REC_MISS) && (b->on & HG_BREAK_MISS) && type == HG_EV_PERIOD &&
		 value_ns > b->threshold_ns)
		hg_break_trip(b, HG_BREAK_MISS, ctx->tr->id, cpu, at_cycles, value_ns);
}

static void real_event(struct hg_wl_ctx *ctx, unsigned int type, uint64_t at_ns,
		       uint64_t value_ns, unsigned int extra)
{
	struct hg_record r = {
		.len_cycles = value_ns > UINT32_MAX ? UINT32_MAX : (uint32_t)value_ns,
		.flags = hg_event_flags(type, extra),
	};
	unsigned int cpu;

	/*
	 * on the trace's time line (the counter's), through a clock pair read
	 * now: events lie near now, so NTP's slewing of CLOCK_MONOTONIC against
	 * the counter over a long run does not shift them
	 */
	{
		uint64_t mono = hg_mono_ns(), c = hg_counter_read();

		r.start_cycles = at_ns >= mono ? c + hg_ns_to_cycles(at_ns - mono, ctx->tsc_hz) :
				 c - hg_ns_to_cycles(mono - at_ns, ctx->tsc_hz);
	}
	hg_counter_read_cpu(ctx->tr->cpu_aux, &cpu);
	r.cpu = (uint16_t)cpu;
	if (ctx->tr->brk)
		check_break(ctx, type, r.start_cycles, cpu, value_ns, extra);
	if (hg_writer_put(ctx->tr->writer, &r))
		ctx->stats->samples_dropped++;
}

static int real_lock(struct hg_wl_ctx *ctx, unsigned int lock, uint64_t *wait_ns)
{
	uint64_t c0 = hg_counter_read(), c1;
	int ret = pthread_mutex_lock(&ctx->locks[lock]);

	c1 = hg_counter_read();
	*wait_ns = c1 > c0 ? hg_cycles_to_ns(c1 - c0, ctx->tsc_hz) : 0;
	return -ret;
}

static void real_unlock(struct hg_wl_ctx *ctx, unsigned int lock)
{
	pthread_mutex_unlock(&ctx->locks[lock]);
}

const struct hg_wl_env hg_wl_env_real = {
	.now_ns = real_now_ns,
	.receive = real_receive,
	.sleep_until = real_sleep_until,
	.event = real_event,
	.lock = real_lock,
	.unlock = real_unlock,
};
