// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cpu_periodic.c - CPU_PERIODIC <C> <T>: never blocks; a frame is done each
 * time C has been received; a period with no frame done is a miss
 *
 * The arguments are parsed and checked; the model itself is not available
 * yet, and a run that asks for it stops before it starts.
 */
#include <stdio.h>

#include "../trace/timeval.h"
#include "workload.h"

static int cpu_periodic_parse(struct hg_wl_params *p, char *const *args, unsigned int n,
			      char *err, size_t errlen)
{
	int ret;

	(void)n;
	ret = hg_wl_parse_time(args[0], "amount", &p->amount_ns, err, errlen);
	if (!ret)
		ret = hg_wl_parse_time(args[1], "period", &p->period_ns, err, errlen);
	return ret;
}

static void cpu_periodic_describe(const struct hg_wl_params *p, char *buf, size_t len)
{
	char c[32], t[32];

	snprintf(buf, len, "CPU_PERIODIC %s %s", hg_format_time(p->amount_ns, c, sizeof(c)),
		 hg_format_time(p->period_ns, t, sizeof(t)));
}

const struct hg_workload hg_wl_cpu_periodic = {
	.name = "CPU_PERIODIC",
	.args = "<amount> <period>",
	.help = "never block; a frame is done each <amount> of CPU time, one due each <period>",
	.min_args = 2,
	.max_args = 2,
	.unit = "frames",
	.parse = cpu_periodic_parse,
	.describe = cpu_periodic_describe,
};
