// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_export.c - hourglass export <file> --format perfetto|csv|json|prom -o <out>
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "export/export.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "trace/msg.h"
#include "trace/trace.h"
#include "util/atomicfile.h"

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
		  "capture of the run (as ctx --sched); it takes\n"
		  "precedence over a --kernel trace's own tasks" },
	HG_OPT_END
};

static const struct hg_cmdspec export_spec = {
	.name = "export",
	.summary = "write a trace for Perfetto, as CSV or as JSON",
	.about = "Write every record of a trace written with -o in a format other tools\n"
		 "read. Timestamps are CLOCK_MONOTONIC (from the pair recorded at the\n"
		 "run's start), so they line up with perf or trace-cmd captures taken\n"
		 "with the monotonic clock. Perfetto also shows the kernel's events of a\n"
		 "trace written with --kernel (its own, used without --sched), and one\n"
		 "line on standard error names their source.",
	.args = export_pos,
	.opts = export_opts,
};

/* What the atomic writer is given. */
struct export_out {
	const struct hg_trace *t;
	enum hg_export_format fmt;
	const struct hg_attrib_in *s;
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
	bool kev = hg_export_takes_sched(fmt);
	struct hg_ksched_info info;
	struct hg_kevents *own = NULL;
	struct hg_attrib_in in;
	struct export_out e = { .t = t, .fmt = fmt };
	int ret;

	if (hg_export_check(t)) {
		hg_msg("export: %s: damaged records", a->file);
		return 1;
	}
	if (a->sched && !kev) {
		hg_msg("export: --sched %s: only --format perfetto shows other tasks", a->sched);
		return 2;
	}
	if (a->sched) {
		ret = hg_cmd_attrib_in("export", a->file, a->sched, t, &in, &own, &info);
		if (ret)
			return ret;
		e.s = &in;
	}
	/* "-" and files that are not regular are written in place by it */
	ret = hg_cmd_write("export", a->out, export_out, &e);
	/* the other tasks and handlers on the CPU tracks: where they came from */
	if (!ret && kev && (a->sched || t->kev))
		hg_cmd_kev_say("export", t, a->sched ? &info : NULL);
	hg_kevents_free(own);
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
