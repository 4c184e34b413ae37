// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lat.c - LAT <T> [GRID]: read the clock, sleep one period on the thread's
 * timer, and measure how late the wake-up is: lateness = CLOCK_MONOTONIC
 * after the wake-up minus the time asked for, as cyclictest measures it.
 * By default the next wake-up is asked for at now + T after each wake-up,
 * so the period follows the timer (as in the paper; cyclictest -r). With
 * GRID the wake-ups are on a fixed grid, start + k*T, as cyclictest's
 * default: a wake-up later than a period skips the points already past.
 * No gap trace is kept.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/errlen.h"
#include "util/timeval.h"
#include "workloads/workload.h"

static int lat_parse(struct hg_wl_params *p, char *const *args, unsigned int n,
		     char *err, size_t errlen)
{
	if (n == 2) {
		if (strcasecmp(args[1], "GRID")) {
			snprintf(err, errlen, "'%s': not GRID (write -w LAT %s GRID for wake-ups "
				 "on a fixed grid, as cyclictest's)", hg_quote(args[1]).s,
				 hg_quote(args[0]).s);
			return -EINVAL;
		}
		p->grid = true;
	}
	if (*args[0] && strspn(args[0], "0123456789") == strlen(args[0])) {
		/* "LAT 1000" from cyclictest's habit: its -i counts microseconds */
		snprintf(err, errlen, "period '%s': missing time unit (cyclictest's -i is in "
			 "us: write %sus)", hg_quote(args[0]).s, hg_quote(args[0]).s);
		return -EINVAL;
	}
	return hg_wl_parse_time(args[0], "period", &p->period_ns, err, errlen);
}

static void lat_describe(const struct hg_wl_params *p, char *buf, size_t len)
{
	char t[32];

	snprintf(buf, len, "LAT %s%s", hg_format_time(p->period_ns, t, sizeof(t)),
		 p->grid ? " GRID" : "");
}

/* Count one lateness sample in the thread's statistics. */
static void lat_sample(struct hg_wl_ctx *ctx, uint64_t late_ns)
{
	struct hg_tstats *st = ctx->stats;
	unsigned int i;

	hg_hist_add(&st->events, late_ns);
	for (i = 0; i < ctx->nthresholds; i++)
		if (late_ns > ctx->thresholds_ns[i])
			st->over[i]++;
}

static int lat_run(struct hg_wl_ctx *ctx)
{
	const struct hg_wl_env *env = ctx->env;
	const uint64_t period = ctx->p->period_ns;
	uint64_t next = env->now_ns(ctx) + period;	/* GRID: start + k*T */
	int ret;

	for (;;) {
		uint64_t want = ctx->p->grid ? next : env->now_ns(ctx) + period, woke;

		if (want > ctx->end_ns)
			return 0;
		ret = env->sleep_until(ctx, want);
		woke = env->now_ns(ctx);
		if (ret == HG_LOOP_STOP && woke < want)
			return 0;	/* stopped early: no sample */
		if (ret < 0)
			return ret;
		lat_sample(ctx, woke - want);
		env->event(ctx, HG_EV_LAT, want, woke - want, 0);
		if (ret == HG_LOOP_STOP)
			return 0;
		/* the grid's next point not yet past */
		for (next += period; next < woke; next += period)
			;
	}
}

const struct hg_workload hg_wl_lat = {
	.name = "LAT",
	.args = "<period> [GRID]",
	.help = "sleep <period>, report each wake-up's lateness (GRID: at start + k*<period>)",
	.min_args = 1,
	.max_args = 2,
	.model = HG_MODEL_LAT,
	.untraced = true,
	.timed = true,
	.parse = lat_parse,
	.describe = lat_describe,
	.run = lat_run,
};
