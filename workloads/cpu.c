// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cpu.c - CPU: run whenever possible
 */
#include <stdio.h>

#include "workloads/spin.h"

static int cpu_parse(struct hg_wl_params *p, char *const *args, unsigned int n,
		     char *err, size_t errlen)
{
	(void)p; (void)args; (void)n; (void)err; (void)errlen;
	return 0;
}

static void cpu_describe(const struct hg_wl_params *p, char *buf, size_t len)
{
	(void)p;
	snprintf(buf, len, "CPU");
}

static int cpu_run(struct hg_wl_ctx *ctx)
{
	return hg_spin(ctx, NULL, 0);
}

const struct hg_workload hg_wl_cpu = {
	.name = "CPU",
	.args = "",
	.help = "run whenever possible",
	.parse = cpu_parse,
	.describe = cpu_describe,
	.run = cpu_run,
};
