// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_render.c - hourglass render <file> -o <out.svg>: a trace as a timeline
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "svg/render.h"
#include "trace/msg.h"
#include "trace/trace.h"
#include "util/atomicfile.h"
#include "util/errlen.h"

struct render_args {
	const char *file;
	const char *out;
	const char *sched;
	uint64_t width;
	struct hg_render_opts o;
};

static const struct hg_arg render_pos[] = {
	{ .name = "<file>", .what = "trace file", .kind = HG_OPT_FILE,
	  .off = offsetof(struct render_args, file), .help = "a trace written with -o" },
	HG_ARG_END
};

static const struct hg_opt render_opts[] = {
	{ .name = "output", .letter = 'o', .kind = HG_OPT_OUTPUT, .flags = HG_OPT_REQUIRED,
	  .off = offsetof(struct render_args, out), .value = "<out.svg>",
	  .help = "where to write (atomically); - for standard output" },
	{ .name = "from", .kind = HG_OPT_TIME, .flags = HG_OPT_ZERO_OK,
	  .off = offsetof(struct render_args, o.from_ns),
	  .help = "start of the window, from the start of the run\n(e.g. 500ms; default 0)" },
	{ .name = "to", .kind = HG_OPT_TIME, .off = offsetof(struct render_args, o.to_ns),
	  .help = "end of the window (default: the end of the run)" },
	{ .name = "width", .kind = HG_OPT_COUNT, .off = offsetof(struct render_args, width),
	  .min = HG_RENDER_MIN_WIDTH, .max = HG_RENDER_MAX_WIDTH, .value = "<px>",
	  .help = "width of the picture, 400 to 20000 (default 1000)" },
	{ .name = "per-cpu", .kind = HG_OPT_FLAG, .off = offsetof(struct render_args, o.per_cpu),
	  .help = "one row per CPU, boxes coloured by thread, LAT\n"
		  "wake-ups under the row of the CPU they woke on" },
	{ .name = "sched", .kind = HG_OPT_FILE, .off = offsetof(struct render_args, sched),
	  .value = "<sched.txt>",
	  .help = "with --per-cpu: draw the other tasks that ran in the\n"
		  "workers' gaps, named, from the text of perf script over\n"
		  "a perf sched record -k CLOCK_MONOTONIC capture (as ctx\n"
		  "--sched), instead of a --kernel trace's own tasks" },
	HG_OPT_END
};

static const struct hg_cmdspec render_spec = {
	.name = "render",
	.summary = "draw a saved trace as an SVG timeline",
	.about = "Draw a trace written with -o as an SVG timeline (the paper's figure 3):\n"
		 "one row per thread, labelled with its id, workload and priority, a box\n"
		 "for each interval of execution in the colour of its CPU, a time axis in\n"
		 "ms from the start of the run. PERIODIC threads also show their releases\n"
		 "(triangles under the row), deadlines (triangles over it) and, in red,\n"
		 "jobs that missed their deadline. Intervals and gaps narrower than a pixel\n"
		 "are merged, so the file stays small however long the trace. A trace\n"
		 "written with --kernel shows its own kernel events in the gaps (no\n"
		 "--sched needed), and one line on standard error names their source.",
	.args = render_pos,
	.opts = render_opts,
};

/* The picture's inputs, for the atomic writer. */
struct render_svg {
	const struct render_args *a;
	const struct hg_render_opts *o;
	const struct hg_trace *t;
};

/* The timeline into @f; damaged records are said here, with the trace's name. */
static int render_svg(FILE *f, const void *arg)
{
	const struct render_svg *r = arg;
	int ret = hg_render_timeline(f, r->t, r->o);

	if (ret != -EINVAL)
		return ret;
	hg_msg("render: %s: damaged records", r->a->file);
	return HG_ATOMIC_SAID;
}

/* Write the picture; returns the exit status (messages on standard error). */
static int write_svg(const struct render_args *a, const struct hg_render_opts *o,
		     const struct hg_trace *t)
{
	const struct render_svg r = { .a = a, .o = o, .t = t };

	/* "-" too: a write error is said once, with its reason */
	return hg_cmd_write("render", a->out, render_svg, &r);
}

static int render_run(const void *args, const struct hg_trace *t)
{
	const struct render_args *a = args;
	struct hg_render_opts o = a->o;
	struct hg_ksched_info info;
	struct hg_kevents *own = NULL;
	struct hg_attrib_in in;
	char err[HG_ERR_LEN];
	int ret;

	o.width_px = (unsigned int)a->width;
	if (hg_render_check(t, &o, err, sizeof(err))) {
		hg_msg("render: %s", err);
		return 2;
	}
	if (a->sched && !o.per_cpu) {
		hg_msg("render: --sched %s: needs --per-cpu (the other "
			"tasks are drawn in the CPUs' rows)", a->sched);
		return 2;
	}
	if (a->sched) {
		ret = hg_cmd_attrib_in("render", a->file, a->sched, t, &in, &own, &info);
		if (ret)
			return ret;
		o.sched = &in;
	}
	ret = write_svg(a, &o, t);
	/* the picture's other tasks and handlers: where they came from */
	if (!ret && (a->sched || t->kev))
		hg_cmd_kev_say("render", t, a->sched ? &info : NULL);
	hg_kevents_free(own);
	return ret;
}

static int render_main(int argc, char **argv)
{
	struct render_args a = { 0 };
	int status;

	if (hg_cmdopt_get(&render_spec, argc, argv, &a, &status))
		return hg_cmd_flush("render", status);
	/* --sched's classifier takes the records whole: the file mapped */
	if (a.sched)
		return hg_cmd_trace_run(&render_spec, &a, a.file, render_run);
	return hg_cmd_stream_run(&render_spec, &a, a.file, render_run);
}

const struct hg_command hg_cmd_render = {
	.name = "render",
	.spec = &render_spec,
	.main = render_main,
};
