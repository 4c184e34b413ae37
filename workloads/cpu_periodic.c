// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cpu_periodic.c - CPU_PERIODIC <C> <T>: never blocks; each time C of CPU
 * time has been received a frame is done and a new period begins; a period
 * of T that elapses with no frame done is a missed deadline (and the next
 * period begins then, the frame's work going on). So hits count periods
 * with a frame done, misses periods without one; a frame's time runs from
 * the previous frame's completion. A frame runs its sections (--cs) first,
 * whatever the period's end (a lock is not given up half-way), then the
 * rest of its amount.
 */
#include <stdbool.h>
#include <stdio.h>

#include "util/timeval.h"
#include "workloads/jobs.h"
#include "workloads/workload.h"

static int cpu_periodic_parse(struct hg_wl_params *p, char *const *args, unsigned int n,
			      char *err, size_t errlen)
{
	int ret;

	(void)n;
	ret = hg_wl_parse_time(args[0], "amount", &p->amount_ns, err, errlen);
	if (!ret)
		ret = hg_wl_parse_time(args[1], "period", &p->period_ns, err, errlen);
	p->deadline_ns = p->period_ns;
	return ret;
}

static void cpu_periodic_describe(const struct hg_wl_params *p, char *buf, size_t len)
{
	char c[32], t[32];

	snprintf(buf, len, "CPU_PERIODIC %s %s", hg_format_time(p->amount_ns, c, sizeof(c)),
		 hg_format_time(p->period_ns, t, sizeof(t)));
}

static int cpu_periodic_run(struct hg_wl_ctx *ctx)
{
	const struct hg_wl_env *env = ctx->env;
	struct hg_tstats *st = ctx->stats;
	uint64_t period_start = ctx->start_ns, frame_start = period_start;
	uint64_t need = ctx->p->amount_ns, got;
	bool fresh = true;	/* a frame whose sections have not run */

	for (;;) {
		uint64_t period_end = period_start + ctx->p->period_ns;
		int ret = 0;
		bool cut = false;	/* stopped in a section */

		if (fresh && ctx->p->ncs) {
			ret = hg_jobs_sections(ctx, &need);
			if (ret < 0)
				return ret;
			cut = ret == HG_LOOP_STOP;
		}
		fresh = false;
		got = 0;
		if (!ret && need)
			ret = env->receive(ctx, need, period_end, &got);

		need -= got < need ? got : need;
		if (!cut && (ret == HG_LOOP_BUDGET || !need)) {
			uint64_t now = env->now_ns(ctx);

			st->hits++;
			st->units++;
			hg_hist_add(&st->events, now - frame_start);
			env->event(ctx, HG_EV_FRAME, now, now - frame_start, 0);
			period_start = now;
			frame_start = now;
			need = ctx->p->amount_ns;
			fresh = true;
		} else if (ret == HG_LOOP_DEADLINE) {
			st->misses++;
			env->event(ctx, HG_EV_PERIOD, period_end, ctx->p->period_ns, HG_REC_MISS);
			period_start = period_end;
		} else {
			/* periods that ran out unseen while the thread was kept off */
			uint64_t now = env->now_ns(ctx);

			if (now > ctx->end_ns)
				now = ctx->end_ns;
			if (now > period_start)
				st->misses += (now - period_start) / ctx->p->period_ns;
			return 0;
		}
	}
}

const struct hg_workload hg_wl_cpu_periodic = {
	.name = "CPU_PERIODIC",
	.args = "<amount> <period>",
	.help = "never block; a frame each <amount> of CPU, due each <period>",
	.min_args = 2,
	.max_args = 2,
	.unit = "frames",
	.model = HG_MODEL_CPU_PERIODIC,
	.parse = cpu_periodic_parse,
	.describe = cpu_periodic_describe,
	.run = cpu_periodic_run,
};
