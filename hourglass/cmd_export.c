// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_export.c - hourglass export <file> --format perfetto|csv|json -o <out>
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "../postprocess/export.h"
#include "../trace/atomicfile.h"
#include "../trace/trace.h"
#include "cmdutil.h"
#include "commands.h"

#define EXPORT_SYNOPSIS "hourglass export <file> --format perfetto|csv|json -o <out>"

static void export_usage(FILE *f)
{
	fputs("usage: " EXPORT_SYNOPSIS "\n"
	      "\n"
	      "Write every record of a trace written with -o in a format other tools\n"
	      "read. Timestamps are CLOCK_MONOTONIC (from the pair recorded at the\n"
	      "run's start), so they line up with perf or trace-cmd captures taken\n"
	      "with the monotonic clock.\n"
	      "\n"
	      "  --format perfetto   Chrome trace-event JSON for ui.perfetto.dev and\n"
	      "                      chrome://tracing: a track per thread and per CPU,\n"
	      "                      jobs, latency samples and frames\n"
	      "  --format csv        one row per interval or event: thread, kind,\n"
	      "                      start_ns, end_ns, duration_ns, cpu, flags,\n"
	      "                      mono_ns, cycles\n"
	      "  --format json       the run and, per thread, its records\n"
	      "  -o, --output <out>  where to write (a new file replaces <out> whole);\n"
	      "                      - for standard output\n", f);
}

struct export_args {
	const char *file;
	const char *format;
	const char *out;
};

/*
 * If @argv[*i] is option @name (or @alias), "--name v" or "--name=v": set
 * *@val to v (NULL when missing), step *@i past it and return 1.
 */
static int take_opt(int argc, char **argv, int *i, const char *name, const char *alias,
		    const char **val)
{
	const char *arg = argv[*i];
	size_t n = strlen(name);

	if (!strncmp(arg, name, n) && arg[n] == '=') {
		*val = arg + n + 1;
		return 1;
	}
	if (strcmp(arg, name) && (!alias || strcmp(arg, alias)))
		return 0;
	*val = *i + 1 < argc ? argv[++*i] : NULL;
	return 1;
}

/* Returns 0, 1 for --help (printed), 2 for bad arguments (reported). */
static int parse_args(int argc, char **argv, struct export_args *a)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i], *v = NULL;
		const char **dst = NULL;

		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			export_usage(stdout);
			return 1;
		}
		if (take_opt(argc, argv, &i, "--format", NULL, &v))
			dst = &a->format;
		else if (take_opt(argc, argv, &i, "--output", "-o", &v))
			dst = &a->out;
		if (dst && (!v || !*v)) {
			fprintf(stderr, "hourglass: export: %s: missing value\n", arg);
			return 2;
		} else if (dst) {
			*dst = v;
		} else if (arg[0] == '-' && arg[1]) {
			fprintf(stderr, "hourglass: export: unknown option '%s' (usage: "
				EXPORT_SYNOPSIS ")\n", arg);
			return 2;
		} else if (a->file) {
			fprintf(stderr, "hourglass: export: too many arguments (usage: "
				EXPORT_SYNOPSIS ")\n");
			return 2;
		} else {
			a->file = arg;
		}
	}
	return 0;
}

/* Everything that needs no file: a reason on stderr and 2, or 0. */
static int check_args(const struct export_args *a, enum hg_export_format *fmt)
{
	if (!a->file) {
		fputs("hourglass: export: missing trace file (usage: " EXPORT_SYNOPSIS ")\n",
		      stderr);
		return 2;
	}
	if (!a->format) {
		fputs("hourglass: export: missing --format (choose from " HG_EXPORT_FORMATS ")\n",
		      stderr);
		return 2;
	}
	if (hg_export_parse_format(a->format, fmt)) {
		fprintf(stderr, "hourglass: export: unknown format '%s' (choose from "
			HG_EXPORT_FORMATS ")\n", a->format);
		return 2;
	}
	if (!a->out) {
		fputs("hourglass: export: missing -o <out> (- for standard output)\n", stderr);
		return 2;
	}
	return 0;
}

/* Write the export of @t; returns the exit status (messages on stderr). */
static int write_export(const struct export_args *a, const struct hg_trace *t,
			enum hg_export_format fmt)
{
	struct hg_atomic at;
	char err[512];
	int ret;

	if (hg_export_check(t)) {
		fprintf(stderr, "hourglass: export: %s: damaged records\n", a->file);
		return 1;
	}
	/* "-" and files that are not regular are written in place by it */
	if (hg_atomic_open(&at, a->out, err, sizeof(err))) {
		fprintf(stderr, "hourglass: export: %s\n", err);
		return 1;
	}
	ret = hg_atomic_close(&at, hg_export(at.f, t, fmt), err, sizeof(err));
	if (ret)
		fprintf(stderr, "hourglass: export: %s\n", err);
	return ret ? 1 : 0;
}

static int export_main(int argc, char **argv)
{
	struct export_args a = { 0 };
	enum hg_export_format fmt;
	struct hg_trace *t;
	int ret;

	ret = parse_args(argc, argv, &a);
	if (ret)
		return ret == 1 ? 0 : ret;
	ret = check_args(&a, &fmt);
	if (ret)
		return ret;
	if (hg_cmd_output("export", "-o", a.out, a.file) || hg_cmd_read("export", a.file, &t))
		return 2;
	ret = write_export(&a, t, fmt);
	hg_trace_free(t);
	return ret;
}

const struct hg_command hg_cmd_export = {
	.name = "export",
	.usage = "<file> --format perfetto|csv|json -o <out>",
	.help = "write a trace for Perfetto, as CSV or as JSON",
	.main = export_main,
	.usage_long = export_usage,
};
