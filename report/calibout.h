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
#include "analysis/gaps/pingfig.h"
#include "trace/calib.h"

/* What calibrate measured. */
struct hg_calib_out {
	const struct hg_calib *calib;		/* the last calibration */
	const char *counter;			/* the counter's name */
	const char *unstable;			/* why the kernel calls the counter unstable, or NULL */
	const struct hg_thresh_spread *spread;	/* of the thresholds (--repeat), or NULL */
	const struct hg_thresh_spread *floors;	/* of the hiccup floors, with @spread */
	const struct hg_pingpong *ctx;		/* --ctx's figures, or NULL */
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
