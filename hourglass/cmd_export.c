// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_export.c - hourglass export <file> --format perfetto|csv|json|prom -o <out>
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>

#include "export/export.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "trace/atomicfile.h"
#include "trace/msg.h"
#include "trace/trace.h"

/* --format's words, in the order of enum hg_export_format */
static const char *const formats[] = { "perfetto", "csv", "json", "prom", NULL };

struct export_args {
	const char *file;
	int format;
	const char *out;
	const char *sched;
};

static const struct hg_arg export_pos[] = {
	{ .name = "<file>", .what = "trace file", .kind = HG_OPT_FILE,
	  .off = offsetof(struct export_args, file), .help = "a trace written with -o" },
	HG_ARG_END
};

static const struct hg_opt export_opts[] = {
	{ .name = "format", .kind = HG_OPT_WORD, .words = formats, .flags = HG_OPT_REQUIRED,
	  .off = offsetof(struct export_args, format),
	  .help = "perfetto: Chrome trace-event JSON for ui.perfetto.dev\n"
		  "and chrome://tracing: a track per thread and per CPU,\n"
		  "jobs, latency samples and frames\n"
		  "csv: one row per interval or event: thread, kind,\n"
		  "start_ns, end_ns, duration_ns, cpu, flags, mono_ns, cycles\n"
		  "json: the run and, per thread, its records\n"
		  "prom: OpenMetrics text of the statistics, as --prom\n"
		  "writes it for node_exporter's textfile collector" },
	{ .name = "output", .letter = 'o', .kind = HG_OPT_OUTPUT, .flags = HG_OPT_REQUIRED,
	  .off = offsetof(struct export_args, out), .value = "<out>",
	  .help = "where to write (a new file replaces <out> whole);\n"
		  "- for standard output" },
	{ .name = "sched", .kind = HG_OPT_FILE, .off = offsetof(struct export_args, sched),
	  .value = "<sched.txt>",
	  .help = "perfetto: also put the other tasks that ran in the\n"
		  "workers' gaps on the CPU tracks, from the text of perf\n"
		  "script over a perf sched record -k CLOCK_MONOTONIC\n"
		  "capture of the run (as ctx --sched)" },
	HG_OPT_END
};

static const struct hg_cmdspec export_spec = {
	.name = "export",
	.summary = "write a trace for Perfetto, as CSV or as JSON",
	.about = "Write every record of a trace written with -o in a format other tools\n"
		 "read. Timestamps are CLOCK_MONOTONIC (from the pair recorded at the\n"
		 "run's start), so they line up with perf or trace-cmd captures taken\n"
		 "with the monotonic clock.",
	.args = export_pos,
	.opts = export_opts,
};

/* --sched: read, and check that it fits @t; returns 0 or the exit status. */
static int read_sched(const struct export_args *a, const struct hg_trace *t,
		      enum hg_export_format fmt, struct hg_sched *s)
{
	if (!hg_export_takes_sched(fmt)) {
		hg_msg("export: --sched %s: only --format perfetto shows "
			"other tasks", a->sched);
		return 2;
	}
	return hg_cmd_read_sched("export", a->sched, t, s);
}

/* What the atomic writer is given. */
struct export_out {
	const struct hg_trace *t;
	enum hg_export_format fmt;
	const struct hg_sched *s;
};

static int export_out(FILE *f, const void *arg)
{
	const struct export_out *e = arg;

	return hg_export_sched(f, e->t, e->fmt, e->s);
}

/* Write the export of @t; returns the exit status (messages on standard error). */
static int write_export(const struct export_args *a, const struct hg_trace *t,
			enum hg_export_format fmt)
{
	struct hg_sched s = { 0 };
	const struct export_out e = { .t = t, .fmt = fmt, .s = a->sched ? &s : NULL };
	int ret;

	if (hg_export_check(t)) {
		hg_msg("export: %s: damaged records", a->file);
		return 1;
	}
	if (a->sched) {
		ret = read_sched(a, t, fmt, &s);
		if (ret)
			return ret;
	}
	/* "-" and files that are not regular are written in place by it */
	ret = hg_cmd_write("export", a->out, export_out, &e);
	hg_sched_free(&s);
	return ret;
}

static int export_run(const void *args, const struct hg_trace *t)
{
	const struct export_args *a = args;

	return write_export(a, t, (enum hg_export_format)a->format);
}

static int export_main(int argc, char **argv)
{
	struct export_args a = { 0 };
	int status;

	if (hg_cmdopt_get(&export_spec, argc, argv, &a, &status))
		return hg_cmd_flush("export", status);
	/* --sched's classifier takes the records whole: the file mapped */
	if (a.sched)
		return hg_cmd_trace_run(&export_spec, &a, a.file, export_run);
	return hg_cmd_stream_run(&export_spec, &a, a.file, export_run);
}

const struct hg_command hg_cmd_export = {
	.name = "export",
	.spec = &export_spec,
	.main = export_main,
};
