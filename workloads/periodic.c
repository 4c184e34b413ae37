// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * periodic.c - PERIODIC <C> <T> [<D>]: in each period, receive C of CPU time,
 * then sleep on the thread's timer until the next release
 *
 * The arguments are parsed and checked; the model itself is not available
 * yet, and a run that asks for it stops before it starts.
 */
#include <stdio.h>

#include "../trace/timeval.h"
#include "workload.h"

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

const struct hg_workload hg_wl_periodic = {
	.name = "PERIODIC",
	.args = "<amount> <period> [<deadline>]",
	.help = "receive <amount> of CPU time each <period>, then sleep",
	.min_args = 2,
	.max_args = 3,
	.parse = periodic_parse,
	.describe = periodic_describe,
};
