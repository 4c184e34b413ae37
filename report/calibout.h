/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * calibout.h - hourglass calibrate's results as text or JSON
 * (schemas/calibrate.schema.json): the calibration, the spread of --repeat,
 * the context switch of --ctx
 */
#ifndef HG_CALIBOUT_H
#define HG_CALIBOUT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/stats/stats.h"
#include "analysis/compare/thresh.h"
#include "trace/calib.h"

/* --ctx's context switch, measured two ways (run/pingpong.h). */
struct hg_calib_ctx {
	unsigned int cpu;
	size_t rounds;			/* round trips timed */
	double read_ns;			/* the counter-read cost subtracted */
	struct hg_ci pipe_median_ns;	/* half a pipe round trip: median, bootstrap CI */
	struct hg_ci pipe_mean_ns;	/* and mean, t interval */
	struct hg_ci yield_median_ns;	/* half a sched_yield round trip */
	struct hg_ci yield_mean_ns;
};

/* What calibrate measured. */
struct hg_calib_out {
	const struct hg_calib *calib;		/* the last calibration */
	const char *counter;			/* the counter's name */
	const char *unstable;			/* why the kernel calls the counter unstable, or NULL */
	const struct hg_thresh_spread *spread;	/* of the thresholds (--repeat), or NULL */
	const struct hg_thresh_spread *floors;	/* of the hiccup floors, with @spread */
	const struct hg_calib_ctx *ctx;		/* --ctx's figures, or NULL */
};

/*
 * hg_calib_out_text - the calibration as the summary gives it, "# counter:
 * the kernel calls it unstable (...)" when it does, the two "# repeat:"
 * lines of --repeat and the three "# ctx:" lines of --ctx (in us)
 */
void hg_calib_out_text(FILE *f, const struct hg_calib_out *o);

/*
 * hg_calib_out_json - the same as one JSON object: the calibration, then
 * "repeat" and the spreads' members, then --ctx's (in ns)
 */
void hg_calib_out_json(FILE *f, const struct hg_calib_out *o);

#endif /* HG_CALIBOUT_H */
