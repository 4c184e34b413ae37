// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_ctx.c - hourglass ctx <file>: context-switch costs from a saved trace
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../postprocess/ctxsvg.h"
#include "../trace/atomicfile.h"
#include "../trace/timeval.h"
#include "cmdutil.h"
#include "commands.h"

static void ctx_usage(FILE *f)
{
	fputs("usage: hourglass ctx <file> [--bucket <time>] [--max <time>] [--svg <out.svg>] "
	      "[--json]\n"
	      "\n"
	      "Classify every gap of a saved trace on the per-CPU time lines: a context\n"
	      "switch (voluntary after a yield or sleep, involuntary otherwise) when\n"
	      "another traced thread runs next on that CPU, foreign activity when the\n"
	      "same thread resumes there, a migration when it resumes elsewhere, and\n"
	      "unclassified when the neighbours are unknown. Print per class the count,\n"
	      "the rate, and min, p1, median, mean, p90, p99, p99.9 and max in us, then a\n"
	      "histogram of the switch costs.\n"
	      "\n"
	      "  --bucket <time>   width of a histogram bucket (default: 1-2-5 steps,\n"
	      "                    about 50 buckets up to the 99th percentile or\n"
	      "                    20 medians, whichever is less)\n"
	      "  --max <time>      end of the last bucket (more is counted in one)\n"
	      "  --svg <out.svg>   draw the histogram as a picture\n"
	      "  --json            print the statistics as JSON instead of text\n", f);
}

struct ctx_args {
	const char *file;
	const char *svg;
	uint64_t bucket_ns;
	uint64_t max_ns;
	int json;
};

static int parse(int argc, char **argv, struct ctx_args *a)
{
	int i;

	memset(a, 0, sizeof(*a));
	for (i = 1; i < argc; i++) {
		const char *o = argv[i];
		int has = i + 1 < argc;

		if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
			ctx_usage(stdout);
			return -1;
		} else if (!strcmp(o, "--json")) {
			a->json = 1;
		} else if ((!strcmp(o, "--bucket") || !strcmp(o, "--max") ||
			    !strcmp(o, "--svg")) && !has) {
			fprintf(stderr, "hourglass: ctx: %s: missing value\n", o);
			return 2;
		} else if (!strcmp(o, "--bucket")) {
			if (hg_cmd_time("ctx", o, argv[++i], &a->bucket_ns, false))
				return 2;
		} else if (!strcmp(o, "--max")) {
			if (hg_cmd_time("ctx", o, argv[++i], &a->max_ns, false))
				return 2;
		} else if (!strcmp(o, "--svg")) {
			a->svg = argv[++i];
		} else if (o[0] == '-' && o[1]) {
			fprintf(stderr, "hourglass: ctx: unknown option '%s' (see hourglass help ctx)\n",
				o);
			return 2;
		} else if (a->file) {
			fprintf(stderr, "hourglass: ctx: unexpected argument '%s'\n", o);
			return 2;
		} else {
			a->file = o;
		}
	}
	if (!a->file) {
		fprintf(stderr, "hourglass: ctx: missing trace file (usage: hourglass ctx <file>)\n");
		return 2;
	}
	return 0;
}

static int write_svg(const struct ctx_args *a, const struct hg_trace *t,
		     const struct hg_ctx_report *r)
{
	struct hg_ctx_svg_opts o = {
		.bucket_ns = a->bucket_ns, .max_ns = a->max_ns, .name = a->file,
	};
	struct hg_atomic out;
	char err[512];
	int ret;

	ret = hg_atomic_open(&out, a->svg, err, sizeof(err));
	if (!ret) {
		ret = hg_ctx_svg(out.f, t, r, &o);
		ret = hg_atomic_close(&out, ret, err, sizeof(err));
	}
	if (ret) {
		fprintf(stderr, "hourglass: ctx: %s\n", err);
		return 1;
	}
	return 0;
}

static int ctx_main(int argc, char **argv)
{
	struct ctx_args a;
	struct hg_ctx_report r;
	struct hg_trace *t;
	int ret;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		ctx_usage(stdout);
		return 0;
	}
	ret = parse(argc, argv, &a);
	if (ret)
		return ret < 0 ? 0 : ret;
	if (a.svg && hg_cmd_output("ctx", "--svg", a.svg, a.file))
		return 2;
	if (hg_cmd_read("ctx", a.file, &t))
		return 2;
	ret = hg_ctx_analyse(t, &r);
	if (ret) {
		fprintf(stderr, "hourglass: ctx: %s: %s\n", a.file,
			ret == -EINVAL ? "damaged records" : strerror(-ret));
		ret = 1;
	} else {
		if (a.json)
			hg_ctx_json(stdout, t, &r);
		else if (hg_ctx_print(stdout, t, &r, a.bucket_ns, a.max_ns))
			ret = 1;
		if (!ret && a.svg)
			ret = write_svg(&a, t, &r);
	}
	hg_ctx_free(&r);
	hg_trace_free(t);
	return hg_cmd_flush("ctx", ret);
}

const struct hg_command hg_cmd_ctx = {
	.name = "ctx",
	.usage = "<file> [--bucket <time>] [--max <time>] [--svg <out.svg>] [--json]",
	.help = "context-switch costs and other gap classes (the paper's process_ctx)",
	.main = ctx_main,
	.usage_long = ctx_usage,
};
