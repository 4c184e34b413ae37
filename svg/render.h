/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * render.h - a trace as a timeline picture (SVG), like the paper's figure 3
 *
 * One row per thread, a box for each interval of execution in the colour
 * of the CPU it ran on (or one row per CPU, boxes in the colour of their
 * thread), a time axis in ms from the run's start, a legend of the colours.
 * Periodic threads also show their releases (a small triangle under the
 * row), their deadlines (a triangle over it) and, in red, the span of each
 * job that missed its deadline; LAT threads a tick at each wake-up (in CPU
 * rows: under the row of the CPU it woke on, in the thread's colour).
 * A trace with the kernel's events (--kernel) also shows each interrupt
 * context and other task's run in the threads' gaps (in CPU rows: all of
 * the CPU's).
 * Intervals, gaps and markers narrower than a pixel are merged with their
 * neighbours (intervals only on the same CPU), so the picture holds at most
 * a few boxes per pixel column and row however long the trace.
 *
 * Classes of the elements, for scripts and tests: "iv" interval boxes with
 * "c<k>", the colour of their CPU (thread rows: the k-th CPU seen, in CPU
 * number order) or of their thread (CPU rows: the k-th thread); "miss"
 * missed jobs, "rel" and "dl" paths of release and deadline markers (a
 * subpath "M..." each), "wake" LAT wake-ups ("wake mark c<k>" in CPU
 * rows), "kirq" the kernel's interrupt contexts and "other" other
 * tasks' runs (with --sched or --kernel); the legend's swatches add "key".
 */
#ifndef HG_RENDER_H
#define HG_RENDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/gaps/attrib.h"
#include "trace/trace.h"

#define HG_RENDER_WIDTH		1000u	/* default width of the picture, px */
#define HG_RENDER_MIN_WIDTH	400u
#define HG_RENDER_MAX_WIDTH	20000u

struct hg_render_opts {
	uint64_t from_ns;	/* start of the window, from the run's start */
	uint64_t to_ns;		/* its end; 0: the end of the run */
	unsigned int width_px;	/* width of the picture; 0: HG_RENDER_WIDTH */
	bool per_cpu;		/* one row per CPU, boxes coloured by thread */
	const struct hg_attrib_in *sched;	/* with per_cpu: the switches of
						 * perf script text (--sched), to draw
						 * the other tasks in the gaps instead
						 * of the trace's own events' tasks;
						 * NULL: none (checked against the
						 * trace already, as ctx does) */
};

/*
 * hg_render_end_ns - the end of the run, in ns from its start: when the
 * stop flag was raised (the requested duration if the trace does not say),
 * or later if an interval ends later
 */
uint64_t hg_render_end_ns(const struct hg_trace *t);

/*
 * hg_render_check - check @o against @t: the width in range, the window
 * not empty and not after the end of the run
 * Returns 0 or -EINVAL with a one-line reason in @err.
 */
int hg_render_check(const struct hg_trace *t, const struct hg_render_opts *o,
		    char *err, size_t errlen);

/*
 * hg_render_timeline - write the timeline of @t as a complete SVG document
 * Returns 0, -EINVAL for options hg_render_check() refuses or records
 * that do not decode, -ENOMEM, or -EIO when writing failed.
 */
int hg_render_timeline(FILE *f, const struct hg_trace *t, const struct hg_render_opts *o);

#endif /* HG_RENDER_H */
