/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * renderint.h - what the timeline's files share inside their folder: the
 * state of one picture, its layout, the boxes merged per pixel and the
 * legend's entries
 *
 * render.c lays the picture out and draws the title, rows and intervals;
 * render_boxes.c clips and merges the boxes, render_legend.c draws the
 * legend, render_marks.c the markers and misses, render_sched.c the other
 * tasks of --sched, render_kernel.c the kernel's events of --kernel (their
 * slices indexed by render_kset.c). Calls go from render.c to the others
 * and from all to render_boxes.c, never back. Not installed, not used
 * outside these files.
 */
#ifndef HG_RENDERINT_H
#define HG_RENDERINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "svg/svg.h"
#include "trace/trace.h"

struct hg_render_opts;
struct hg_attrib_in;

/* Layout (px). */
#define ROW_H		40	/* pitch of the rows */
#define BAND_H		18	/* height of the boxes */
#define LEGEND_TOP	62
#define LEGEND_LINE	20
#define NCPUS		65536	/* a record's CPU is 16 bits */

/* Where everything goes. */
struct layout {
	double width, height;
	double label_w;		/* the row labels' column */
	double top;		/* the first row's top */
	unsigned int nrows;
	unsigned int legend_lines;
	struct hg_svg_scale x;	/* ms from the run's start -> px */
	uint64_t from_ns, to_ns;
	double ns_per_px;
};

struct render {
	FILE *f;
	const struct hg_trace *t;
	const struct hg_render_opts *o;	/* render.c's: the others are given
					 * what they need of it */
	struct layout l;
	int *cpu_row;		/* per CPU: its row, -1 when never seen */
	unsigned int ncpus;	/* CPUs seen */
	bool ktasks;		/* the kernel's events show other tasks
				 * (--kernel, and no --sched drawing its own) */
};

/* The open box of a row, extended while the next interval starts near its end. */
struct merge {
	uint64_t s, e;		/* ns from the run's start, clipped to the window */
	const char *cls;	/* its class */
	bool open;
};

/* One entry of a legend: a swatch of a class, and what it means. */
struct legend_entry {
	const char *cls;	/* "rel", "dl", "miss", "wake", "kirq", "other", "chain";
				 * NULL: a box */
	int colour;		/* of the box or wake-up, -1: the class' own */
	char text[160];
};

/* row_top - the top of row @row, px */
static inline double row_top(const struct render *r, unsigned int row)
{
	return r->l.top + row * ROW_H;
}

/* band_top - the top of row @row's boxes, centred in the row, px */
static inline double band_top(const struct render *r, unsigned int row)
{
	return row_top(r, row) + (ROW_H - BAND_H) / 2.0;
}

/* x_of - where @ns from the run's start falls on the time axis, px */
static inline double x_of(const struct render *r, uint64_t ns)
{
	return hg_svg_map(&r->l.x, (double)ns / 1e6);
}

/* cpu_colour - the colour of CPU @cpu in thread rows: its row's */
static inline unsigned int cpu_colour(const struct render *r, unsigned int cpu)
{
	return (unsigned int)r->cpu_row[cpu] % HG_SVG_NCOLOURS;
}

/*
 * hg_render_clip - clip [@s, @e] (ns from the run's start) to the window;
 * false when nothing of it is inside
 */
bool hg_render_clip(const struct render *r, uint64_t *s, uint64_t *e);

/*
 * hg_render_flush_box - draw the box @m holds in row @row, at least a
 * pixel wide and @grow px taller than the band on each side, and close it
 */
void hg_render_flush_box(const struct render *r, struct merge *m, unsigned int row,
			 double grow);

/*
 * hg_render_merge_add - add [@s, @e] of class @cls to the row's box @m:
 * extend it when it starts within a pixel and is of the same class, else
 * draw @m and open it anew on [@s, @e]; nothing outside the window
 */
void hg_render_merge_add(const struct render *r, struct merge *m, unsigned int row,
			 const char *cls, double grow, uint64_t s, uint64_t e);

/*
 * hg_render_legend_entries - the legend's entries, at most @max of them,
 * into @e: of CPU rows when @per_cpu, else of thread rows; returns how many
 */
size_t hg_render_legend_entries(const struct render *r, bool per_cpu, struct legend_entry *e,
				size_t max);

/*
 * hg_render_legend_lines - lay the @n entries @e out from @x0 to @x1 px,
 * drawing them on @f when it is not NULL; returns the number of lines
 */
unsigned int hg_render_legend_lines(FILE *f, const struct legend_entry *e, size_t n,
				    double x0, double x1);

/*
 * hg_render_events - thread rows: releases, deadlines, misses and LAT
 * wake-ups of every thread
 */
void hg_render_events(const struct render *r);

/*
 * hg_render_chains - thread rows: each chain (--chain) as lines from each
 * output of a thread to the start of the job of the next that read it first
 * (render_chain.c)
 */
void hg_render_chains(const struct render *r);

/*
 * The style of a chain's lines, and of their swatch in the legend: dark
 * and dashed, told apart from the kernel's purple interrupt boxes they
 * cross and from the colours of the CPUs
 */
#define HG_RENDER_CHAIN_STYLE "stroke:#333;stroke-width:1;stroke-dasharray:4,2;fill:none"

/*
 * hg_render_cpu_wakes - CPU rows: each LAT thread's wake-ups under the row
 * of the CPU it woke on, in its colour
 */
void hg_render_cpu_wakes(const struct render *r);

/*
 * hg_render_others - CPU rows with --sched: the other tasks that ran in the
 * workers' gaps, as the kernel's switches @sched say, a named box each
 * Returns 0 or the -errno of hg_attribute(), which reads them.
 */
int hg_render_others(const struct render *r, const struct hg_attrib_in *sched);

/*
 * hg_render_kernel - the kernel's events of a --kernel trace: interrupt
 * contexts (class "kirq", inside the band) and other tasks' runs (class
 * "other", named; not the idle task, and only when r->ktasks), in thread
 * rows those inside the thread's gaps (not after a sleep of its own) on
 * the CPUs it stopped and resumed on, or a LAT thread's wake-ups (from the
 * timer's expiry to the thread running), in CPU rows (@per_cpu) all of
 * the CPU's
 * Returns 0, -ENOMEM, or -EINVAL for records that do not decode.
 */
int hg_render_kernel(const struct render *r, bool per_cpu);

#endif /* HG_RENDERINT_H */
