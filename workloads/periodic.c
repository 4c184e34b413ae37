// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * periodic.c - PERIODIC <C> <T> [<D>]: in each period, receive C of CPU
 * time (summed gap-free intervals, not wall time), then sleep on the
 * thread's timer until the next release; a job done after release + D
 * (D defaults to T) is a missed deadline
 */
#include <stdio.h>

#include "util/timeval.h"
#include "workloads/chainjobs.h"
#include "workloads/workload.h"

static int periodic_parse(struct hg_wl_params *p, char *const *args, unsigned int n,
			  char *err, size_t errlen)
{
	int ret;

	ret = hg_wl_parse_time(args[0], "amount", &p->amount_ns, err, errlen);
	if (!ret)
		ret = hg_wl_parse_time(args[1], "period", &p->period_ns, err, errlen);
	p->deadline_ns = p->period_ns;
	if (!ret && n > 2)
		ret = hg_wl_parse_time(args[2], "deadline", &p->deadline_ns, err, errlen);
	return ret;
}

static void periodic_describe(const struct hg_wl_params *p, char *buf, size_t len)
{
	char c[32], t[32], d[32];

	if (p->deadline_ns == p->period_ns)
		snprintf(buf, len, "PERIODIC %s %s", hg_format_time(p->amount_ns, c, sizeof(c)),
			 hg_format_time(p->period_ns, t, sizeof(t)));
	else
		snprintf(buf, len, "PERIODIC %s %s %s",
			 hg_format_time(p->amount_ns, c, sizeof(c)),
			 hg_format_time(p->period_ns, t, sizeof(t)),
			 hg_format_time(p->deadline_ns, d, sizeof(d)));
}

static uint64_t fixed_cost(struct hg_wl_ctx *ctx, uint64_t k)
{
	(void)k;
	return ctx->p->amount_ns;
}

static int periodic_wcet(const struct hg_wl_params *p, uint64_t *ns)
{
	*ns = p->amount_ns;
	return 0;
}

static int periodic_run(struct hg_wl_ctx *ctx)
{
	return hg_jobs_any(ctx, fixed_cost);
}

const struct hg_workload hg_wl_periodic = {
	.name = "PERIODIC",
	.args = "<amount> <period> [<deadline>]",
	.help = "<amount> of CPU time each <period>, then sleep",
	.min_args = 2,
	.max_args = 3,
	.unit = "jobs",
	.model = HG_MODEL_PERIODIC,
	.timed = true,
	.parse = periodic_parse,
	.describe = periodic_describe,
	.run = periodic_run,
	.wcet = periodic_wcet,
};
