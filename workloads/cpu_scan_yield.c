// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cpu_scan_yield.c - CPU_SCAN_YIELD <size KB> <amount>: CPU_SCAN that
 * yields each time <amount> of CPU time has been received
 */
#include <inttypes.h>
#include <stdio.h>

#include "workloads/spin.h"

static int scan_yield_parse(struct hg_wl_params *p, char *const *args, unsigned int n,
			    char *err, size_t errlen)
{
	int ret;

	(void)n;
	ret = hg_wl_parse_kb(args[0], "size", &p->scan_bytes, err, errlen);
	if (!ret)
		ret = hg_wl_parse_time(args[1], "amount", &p->amount_ns, err, errlen);
	return ret;
}

static void scan_yield_describe(const struct hg_wl_params *p, char *buf, size_t len)
{
	char t[32];

	snprintf(buf, len, "CPU_SCAN_YIELD %" PRIu64 "KB %s", p->scan_bytes / 1024,
		 hg_format_time(p->amount_ns, t, sizeof(t)));
}

static int scan_yield_run(struct hg_wl_ctx *ctx)
{
	return hg_spin(ctx, ctx->priv, ctx->p->amount_ns);
}

const struct hg_workload hg_wl_cpu_scan_yield = {
	.name = "CPU_SCAN_YIELD",
	.args = "<size KB> <amount>",
	.help = "CPU_SCAN, yielding after each <amount> of CPU time",
	.min_args = 2,
	.max_args = 2,
	.unit = "passes",
	.parse = scan_yield_parse,
	.describe = scan_yield_describe,
	.setup = hg_scan_setup,
	.step = hg_scan_step,
	.run = scan_yield_run,
	.teardown = hg_scan_teardown,
};
