/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * svghist.h - a histogram picture: one or more series over the same
 * buckets (struct hg_bins), each drawn as a filled outline in its colour,
 * a legend, median and 99th-percentile marks, and the overflow bucket as a
 * labelled bar of its own after the end of the axis
 *
 * Classes, for scripts and tests (k: the series, 0 first): "area c<k>" and
 * "line c<k>" the series' fill and outline (a path of "M x y" then "H x" and
 * "V y" steps, one bucket after the other); "over c<k>" its overflow bar,
 * with the count over it in a "count" text and the bucket's "≥ <value>
 * <unit>" under the axis in an "overlab" text; "mark median c<k>" and
 * "mark p99 c<k>" the marks with their "marklab" labels; "key" the
 * legend's swatches and "legend" its texts.
 */
#ifndef HG_SVGHIST_H
#define HG_SVGHIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "trace/hist.h"

/* One series: its counts, its name and its marks. */
struct hg_svg_series {
	const char *name;		/* the legend's text */
	const struct hg_bins *bins;	/* linear; the same buckets in every series */
	double median;			/* the marks, in the axis' unit; NAN: none */
	double p99;
};

struct hg_svg_hist {
	const char *title;
	const char *subtitle;		/* the command line, or NULL */
	const char *xlabel;		/* with its unit, "context-switch cost (us)" */
	const char *ylabel;		/* what is counted, "switches" */
	const char *unit;		/* of the axis, for the overflow label: "us" */
	double per_unit;		/* bucket values per unit of the axis (1000: ns as us) */
	bool log_counts;		/* a logarithmic count axis */
	const struct hg_svg_series *series;
	size_t nseries;			/* 1 to HG_SVG_NCOLOURS */
};

#define HG_SVG_HIST_WIDTH	800	/* px; the height grows with the legend */

/*
 * hg_svg_hist - @h as a complete SVG document
 * Returns 0, -EINVAL for no series, too many or series whose buckets differ,
 * or -EIO when writing failed.
 */
int hg_svg_hist(FILE *f, const struct hg_svg_hist *h);

#endif /* HG_SVGHIST_H */
