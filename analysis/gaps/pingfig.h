/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pingfig.h - the figures of a context switch measured by two threads
 * handing a turn back and forth (run/pingpong.h measures them, calibrate
 * --ctx prints them through report/calibout.h)
 */
#ifndef HG_PINGFIG_H
#define HG_PINGFIG_H

#include <stddef.h>

#include "analysis/stats/stats.h"

struct hg_pingpong {
	unsigned int cpu;
	size_t rounds;			/* round trips timed */
	double read_ns;			/* the counter-read cost subtracted */
	struct hg_ci pipe_median_ns;	/* half a pipe round trip: median, bootstrap CI */
	struct hg_ci pipe_mean_ns;	/* and mean, bootstrap interval */
	struct hg_ci yield_median_ns;	/* half a sched_yield round trip */
	struct hg_ci yield_mean_ns;
};

#endif /* HG_PINGFIG_H */
