// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_ctx.c - hourglass ctx <file>: context-switch costs from a saved trace
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "report/ctx.h"
#include "svg/ctxsvg.h"
#include "trace/msg.h"
#include "trace/tstream.h"
#include "util/atomicfile.h"
#include "util/errlen.h"
#include "util/timeval.h"

struct ctx_args {
	const char *file;
	const char *svg;
	const char *sched;
	uint64_t bucket_ns;
	uint64_t max_ns;
	bool log_y;
	bool json;
};

static const struct hg_arg ctx_pos[] = {
	{ .name = "<file>", .what = "trace file", .kind = HG_OPT_FILE,
	  .off = offsetof(struct ctx_args, file), .help = "a trace written with -o" },
	HG_ARG_END
};

static const struct hg_opt ctx_opts[] = {
	{ .name = "bucket", .kind = HG_OPT_TIME, .off = offsetof(struct ctx_args, bucket_ns),
	  .help = "width of a histogram bucket (default: 1-2-5 steps,\n"
	  "about 50 buckets up to the 99th percentile or\n"
	  "20 medians, whichever is less)" },
	{ .name = "max", .kind = HG_OPT_TIME, .off = offsetof(struct ctx_args, max_ns),
	  .help = "end of the last bucket (more is counted in one)" },
	{ .name = "svg", .kind = HG_OPT_OUTPUT, .off = offsetof(struct ctx_args, svg),
	  .value = "<out.svg>", .help = "draw the histogram as a picture: voluntary and\n"
	  "involuntary switches as two series, their\n"
	  "medians and 99th percentiles marked" },
	{ .name = "log-y", .kind = HG_OPT_FLAG, .off = offsetof(struct ctx_args, log_y),
	  .help = "the picture's count axis logarithmic, for\n"
	  "rare long switches beside many short ones" },
	{ .name = "json", .kind = HG_OPT_FLAG, .off = offsetof(struct ctx_args, json),
	  .help = "print the statistics as JSON instead of text" },
	{ .name = "sched", .kind = HG_OPT_FILE, .off = offsetof(struct ctx_args, sched),
	  .value = "<sched.txt>",
	  .help = "attribute every gap from the kernel's switches: the\n"
	  "text of perf script over a capture of the run by\n"
	  "perf sched record -k CLOCK_MONOTONIC (a --kernel\n"
	  "trace's own switches are used without it; given,\n"
	  "it takes precedence)" },
	HG_OPT_END
};

static const struct hg_cmdspec ctx_spec = {
	.name = "ctx",
	.summary = "context-switch costs and the other gap classes",
	.about = "Classify every gap of a saved trace on the per-CPU time lines: a context\n"
		 "switch (voluntary after a yield or sleep, involuntary otherwise) when\n"
		 "another traced thread runs next on that CPU, foreign activity when the\n"
		 "same thread resumes there, a migration when it resumes elsewhere, and\n"
		 "unclassified when the neighbours are unknown. Print per class the count,\n"
		 "the rate, and min, p1, median, mean, p90, p99, p99.9 and max in us, then a\n"
		 "histogram of the switch costs. With the kernel's own switches (the\n"
		 "trace's, written with --kernel, or those of --sched, which takes\n"
		 "precedence), every gap is attributed from them: direct switches,\n"
		 "indirect switches (another task ran between the two threads; left out of\n"
		 "the costs), foreign tasks, foreign other (no switch), migrations,\n"
		 "unclassified; and the ten other tasks that took most time from the\n"
		 "workers. The report's first line names the switches' source.",
	.args = ctx_pos,
	.opts = ctx_opts,
};

/* The picture's inputs, for the atomic writer. */
struct ctx_svg {
	const struct hg_trace *t;
	const struct hg_ctx_report *r;
	struct hg_ctx_svg_opts o;
};

static int ctx_svg(FILE *f, const void *arg)
{
	const struct ctx_svg *c = arg;

	return hg_ctx_svg(f, c->t, c->r, &c->o);
}

static int write_svg(const struct ctx_args *a, const struct hg_trace *t,
		     const struct hg_ctx_report *r)
{
	struct ctx_svg c = {
		.t = t, .r = r,
		.o = { .bucket_ns = a->bucket_ns, .max_ns = a->max_ns, .log_y = a->log_y,
		       .name = a->file },
	};

	return hg_cmd_write("ctx", a->svg, ctx_svg, &c);
}

/*
 * Print @r (analysed with status @ret), draw it; the exit status. @kev:
 * it was attributed with the kernel's events, named first (@info: a
 * text's, NULL: the trace's own).
 */
static int report(const struct ctx_args *a, const struct hg_trace *t,
		  struct hg_ctx_report *r, int ret, const char *err, bool kev,
		  const struct hg_ksched_info *info)
{
	if (ret == -ENODATA || ret == -ERANGE || ret == -ESRCH) {
		hg_msg("ctx: %s%s: %s", a->sched ? "--sched " : "", a->sched ? a->sched : a->file,
		       err);
		hg_ctx_free(r);
		return 2;
	}
	if (ret) {
		hg_ctx_free(r);
		hg_msg("ctx: %s: %s", a->file,
			ret == -EINVAL ? "damaged records" : strerror(-ret));
		return 1;
	}
	if (kev && !a->json)
		hg_cmd_kev_source(stdout, "# ", t, info);
	if (a->json ? hg_ctx_json(stdout, t, r) :
	    hg_ctx_print(stdout, t, r, a->bucket_ns, a->max_ns))
		ret = 1;
	if (!ret && a->svg)
		ret = write_svg(a, t, r);
	hg_ctx_free(r);
	return ret;
}

/*
 * With the kernel's switches (--sched: the file mapped; or the trace's own
 * from --kernel: its records through cursors), for the attribution.
 */
static int ctx_run(const void *args, const struct hg_trace *t)
{
	const struct ctx_args *a = args;
	struct hg_ksched_info info;
	struct hg_ctx_report r;
	struct hg_attrib_in in;
	struct hg_kevents *own;
	char err[HG_ERR_LEN];
	int ret = hg_cmd_attrib_in("ctx", a->file, a->sched, t, &in, &own, &info);

	if (ret)
		return ret;
	if (!in.k) {
		ret = hg_ctx_analyse(t, &r);
		return report(a, t, &r, ret, "", false, NULL);
	}
	ret = hg_ctx_analyse_sched(t, &in, &r, err, sizeof(err));
	ret = report(a, t, &r, ret, err, true, own ? &info : NULL);
	hg_kevents_free(own);
	return ret;
}

/*
 * Without: the trace read as a stream, each record once, in chunks; its
 * checksum checked before anything is printed. A trace with the kernel's
 * events (--kernel) is opened for cursors instead (hg_cmd_stream_run()):
 * the attribution reads its records twice, the events' switches beside.
 */
static int ctx_stream(const struct ctx_args *a)
{
	struct hg_ctx_report r;
	struct hg_tstream *ts;
	const struct hg_trace *t;
	struct hg_recsrc src;
	char err[HG_ERR_LEN];
	int ret = hg_tstream_open(a->file, &ts, &t, &src, err, sizeof(err)), status;

	if (ret)
		return hg_cmd_read_failed("ctx", a->file, err);
	if (t->flags & HG_TRACE_KEVENTS) {
		hg_tstream_close(ts);
		return hg_cmd_stream_run(&ctx_spec, (void *)a, a->file, ctx_run);
	}
	ret = hg_ctx_analyse_src(t, &src, &r);
	/* a damaged file is said to be one, whatever the records made of it */
	if (hg_tstream_verify(ts, err, sizeof(err))) {
		hg_ctx_free(&r);
		hg_tstream_close(ts);
		return hg_cmd_read_failed("ctx", a->file, err);
	}
	status = report(a, t, &r, ret, "", false, NULL);
	hg_tstream_close(ts);
	return status;
}

static int ctx_main(int argc, char **argv)
{
	struct ctx_args a = { 0 };
	int status;

	if (hg_cmdopt_get(&ctx_spec, argc, argv, &a, &status))
		return hg_cmd_flush("ctx", status);
	if (a.sched)
		return hg_cmd_trace_run(&ctx_spec, &a, a.file, ctx_run);
	return hg_cmd_flush("ctx", ctx_stream(&a));
}

const struct hg_command hg_cmd_ctx = {
	.name = "ctx",
	.spec = &ctx_spec,
	.main = ctx_main,
};
