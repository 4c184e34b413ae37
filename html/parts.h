/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * parts.h - the sections of the report for one run, each the existing
 * text (report/) or picture (svg/) of it, on the page
 */
#ifndef HG_HTML_PARTS_H
#define HG_HTML_PARTS_H

#include <stdio.h>

#include "html/html.h"

/* The pictures of a page: their numbers (ids), the width of a run's column. */
struct hg_html_pics {
	unsigned int next;	/* the next picture's number */
	unsigned int width_px;	/* a column's width at 1280 px */
};

/*
 * Each writes the part of run @r into @f; a picture takes the next number
 * of @pics. Each returns 0, -ENOMEM, or -EINVAL for records that do not
 * decode.
 */

/* hg_html_verdict - the run's answer per thread and, with kernel events, the verdict. */
int hg_html_verdict(FILE *f, const struct hg_html_run *r);

/* hg_html_threads - a table: per thread its model, priority, CPUs and figures. */
int hg_html_threads(FILE *f, const struct hg_html_run *r);

/* hg_html_latency - the LAT threads' lateness histogram and the tails' estimates. */
int hg_html_latency(FILE *f, const struct hg_html_run *r, struct hg_html_pics *pics);

/*
 * hg_html_worst - the timeline around the worst window (the longest gap,
 * latest wake-up or miss by most, in ns) and, with kernel events, that
 * window taken apart with its diagnosis; the timeline as wide as a column,
 * so that its type is not made smaller
 */
int hg_html_worst(FILE *f, const struct hg_html_run *r, struct hg_html_pics *pics);

/* hg_html_causes - where each thread's gap time went (kernel events). */
int hg_html_causes(FILE *f, const struct hg_html_run *r);

/* hg_html_audit - the audit's checks that did not pass: found, why, fix. */
int hg_html_audit(FILE *f, const struct hg_html_run *r);

/* hg_html_system - the machine, the loads, the noise and the system snapshot. */
int hg_html_system(FILE *f, const struct hg_html_run *r);

/* hg_html_commands - the run's command line and those that redraw each part. */
int hg_html_commands(FILE *f, const struct hg_html_run *r);

#endif /* HG_HTML_PARTS_H */
