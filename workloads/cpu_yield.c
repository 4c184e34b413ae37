// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cpu_yield.c - CPU_YIELD <amount>: yield each time <amount> of CPU time
 * has been received
 */
#include <stdio.h>

#include "workloads/spin.h"

static int yield_parse(struct hg_wl_params *p, char *const *args, unsigned int n,
		       char *err, size_t errlen)
{
	(void)n;
	return hg_wl_parse_time(args[0], "amount", &p->amount_ns, err, errlen);
}

static void yield_describe(const struct hg_wl_params *p, char *buf, size_t len)
{
	char t[32];

	snprintf(buf, len, "CPU_YIELD %s", hg_format_time(p->amount_ns, t, sizeof(t)));
}

static int yield_run(struct hg_wl_ctx *ctx)
{
	return hg_spin(ctx, NULL, ctx->p->amount_ns);
}

const struct hg_workload hg_wl_cpu_yield = {
	.name = "CPU_YIELD",
	.args = "<amount>",
	.help = "yield after each <amount> of CPU time",
	.min_args = 1,
	.max_args = 1,
	.parse = yield_parse,
	.describe = yield_describe,
	.run = yield_run,
};
