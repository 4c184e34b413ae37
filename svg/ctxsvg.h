/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ctxsvg.h - context-switch costs as a picture
 */
#ifndef HG_CTXSVG_H
#define HG_CTXSVG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/gaps/ctx.h"
#include "trace/trace.h"

/* What the picture shows beyond the report. */
struct hg_ctx_svg_opts {
	uint64_t bucket_ns;	/* as hg_ctx_histogram() takes them */
	uint64_t max_ns;
	bool log_y;		/* a logarithmic count axis */
	const char *name;	/* the trace's file name, for the title */
};

/*
 * hg_ctx_svg - the switch costs of @r as an SVG histogram: voluntary and
 * involuntary switches as two series over the same buckets, each with its
 * count, median and p99 in the legend and as marks, costs beyond the last
 * bucket in a labelled overflow bar, the run's command line under the title
 * Returns 0, -ENOMEM or -EIO.
 */
int hg_ctx_svg(FILE *f, const struct hg_trace *t, const struct hg_ctx_report *r,
	       const struct hg_ctx_svg_opts *o);

#endif /* HG_CTXSVG_H */
