// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lat.c - LAT <T>: sleep one period on the thread's timer, again and again,
 * and measure how late each wake-up is (dispatch latency)
 *
 * The argument is parsed and checked; the model itself is not available
 * yet, and a run that asks for it stops before it starts.
 */
#include <stdio.h>

#include "../trace/timeval.h"
#include "workload.h"

static int lat_parse(struct hg_wl_params *p, char *const *args, unsigned int n,
		     char *err, size_t errlen)
{
	(void)n;
	return hg_wl_parse_time(args[0], "period", &p->period_ns, err, errlen);
}

static void lat_describe(const struct hg_wl_params *p, char *buf, size_t len)
{
	char t[32];

	snprintf(buf, len, "LAT %s", hg_format_time(p->period_ns, t, sizeof(t)));
}

const struct hg_workload hg_wl_lat = {
	.name = "LAT",
	.args = "<period>",
	.help = "sleep one <period> at a time and report how late each wake-up is",
	.min_args = 1,
	.max_args = 1,
	.parse = lat_parse,
	.describe = lat_describe,
};
