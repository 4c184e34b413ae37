// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cpu_scan.c - CPU_SCAN <size KB>: CPU-bound, walking an array; each pass
 * over the array is one unit of work
 */
#include <inttypes.h>
#include <stdio.h>

#include "workloads/spin.h"

static int scan_parse(struct hg_wl_params *p, char *const *args, unsigned int n,
		      char *err, size_t errlen)
{
	(void)n;
	return hg_wl_parse_kb(args[0], "size", &p->scan_bytes, err, errlen);
}

static void scan_describe(const struct hg_wl_params *p, char *buf, size_t len)
{
	snprintf(buf, len, "CPU_SCAN %" PRIu64 "KB", p->scan_bytes / 1024);
}

static int scan_run(struct hg_wl_ctx *ctx)
{
	return hg_spin(ctx, ctx->priv, 0);
}

const struct hg_workload hg_wl_cpu_scan = {
	.name = "CPU_SCAN",
	.args = "<size KB>",
	.help = "run always, walking an array; counts passes",
	.min_args = 1,
	.max_args = 1,
	.unit = "passes",
	.parse = scan_parse,
	.describe = scan_describe,
	.setup = hg_scan_setup,
	.step = hg_scan_step,
	.run = scan_run,
	.teardown = hg_scan_teardown,
};
