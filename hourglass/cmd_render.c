// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_render.c - hourglass render <file> -o <out.svg>: a trace as a timeline
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "../postprocess/render.h"
#include "../trace/atomicfile.h"
#include "../trace/timeval.h"
#include "../trace/trace.h"
#include "cmdutil.h"
#include "commands.h"

#define RENDER_SYNOPSIS "hourglass render <file> -o <out.svg> [--from <time>] " \
	"[--to <time>] [--width <px>] [--per-cpu]"

static void render_usage(FILE *f)
{
	fputs("usage: " RENDER_SYNOPSIS "\n"
	      "\n"
	      "Draw a trace written with -o as an SVG timeline (the paper's figure 3):\n"
	      "one row per thread, labelled with its id, workload and priority, a box\n"
	      "for each interval of execution in the colour of its CPU, a time axis in\n"
	      "ms from the start of the run. PERIODIC threads also show their releases\n"
	      "(triangles under the row), deadlines (triangles over it) and, in red,\n"
	      "jobs that missed their deadline. Intervals and gaps narrower than a pixel\n"
	      "are merged, so the file stays small however long the trace.\n"
	      "\n"
	      "  -o, --output <out.svg>  where to write (atomically); - for standard output\n"
	      "  --from <time>           start of the window, from the start of the run\n"
	      "                          (e.g. 500ms; default 0)\n"
	      "  --to <time>             end of the window (default: the end of the run)\n"
	      "  --width <px>            width of the picture, 400 to 20000 (default 1000)\n"
	      "  --per-cpu               one row per CPU, boxes coloured by thread, LAT\n"
	      "                          wake-ups under the row of the CPU they woke on\n", f);
}

struct render_args {
	const char *file;
	const char *out;
	const char *from;
	const char *to;
	const char *width;
	struct hg_render_opts o;
};

/* Where the value of option @arg goes, or NULL when it takes none. */
static const char **value_slot(struct render_args *a, const char *arg, const char **name)
{
	static const char *const names[] = { "--output", "--from", "--to", "--width" };
	const char **slots[] = { &a->out, &a->from, &a->to, &a->width };
	size_t i;

	if (!strcmp(arg, "-o")) {
		*name = "-o";
		return &a->out;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (hg_cmd_is_opt(arg, names[i])) {
			*name = names[i];
			return slots[i];
		}
	}
	return NULL;
}

/* Returns 0, 1 for --help (printed), 2 for bad arguments (reported). */
static int parse_args(int argc, char **argv, struct render_args *a)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i], *name, **dst;
		size_t n;

		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			render_usage(stdout);
			return 1;
		}
		if (!strcmp(arg, "--per-cpu")) {
			a->o.per_cpu = true;
			continue;
		}
		dst = value_slot(a, arg, &name);
		if (dst) {
			n = strlen(name);
			if (arg[n] == '=')
				*dst = arg + n + 1;
			else if (i + 1 < argc)
				*dst = argv[++i];
			else {
				fprintf(stderr, "hourglass: render: %s: missing value\n", arg);
				return 2;
			}
		} else if (arg[0] == '-' && arg[1]) {
			fprintf(stderr, "hourglass: render: unknown option '%s' (usage: "
				RENDER_SYNOPSIS ")\n", arg);
			return 2;
		} else if (a->file) {
			fputs("hourglass: render: too many arguments (usage: " RENDER_SYNOPSIS ")\n",
			      stderr);
			return 2;
		} else {
			a->file = arg;
		}
	}
	return 0;
}

static int parse_time_opt(const char *opt, const char *s, uint64_t *ns)
{
	return s ? hg_cmd_time("render", opt, s, ns, true) : 0;
}

/* Everything that needs no file: a reason on stderr and 2, or 0. */
static int check_args(struct render_args *a)
{
	uint64_t w;

	if (!a->file) {
		fputs("hourglass: render: missing trace file (usage: " RENDER_SYNOPSIS ")\n",
		      stderr);
		return 2;
	}
	if (!a->out) {
		fputs("hourglass: render: missing -o <out.svg> (- for standard output)\n", stderr);
		return 2;
	}
	if (parse_time_opt("--from", a->from, &a->o.from_ns) ||
	    parse_time_opt("--to", a->to, &a->o.to_ns))
		return 2;
	if (a->to && !a->o.to_ns) {
		fprintf(stderr, "hourglass: render: --to %s: must be after the start\n", a->to);
		return 2;
	}
	if (a->to && a->o.to_ns <= a->o.from_ns) {
		fprintf(stderr, "hourglass: render: --to %s: not after --from %s\n", a->to,
			a->from);
		return 2;
	}
	if (!a->width)
		return 0;
	if (hg_parse_u64(a->width, &w) || w < HG_RENDER_MIN_WIDTH || w > HG_RENDER_MAX_WIDTH) {
		fprintf(stderr, "hourglass: render: --width %s: not a width from %u to %u px\n",
			a->width, HG_RENDER_MIN_WIDTH, HG_RENDER_MAX_WIDTH);
		return 2;
	}
	a->o.width_px = (unsigned int)w;
	return 0;
}

/* Write the picture; returns the exit status (messages on stderr). */
static int write_svg(const struct render_args *a, const struct hg_trace *t)
{
	struct hg_atomic at;
	char err[512];
	int ret;

	if (!strcmp(a->out, "-")) {
		ret = hg_render_timeline(stdout, t, &a->o);
		if (ret == -EINVAL)
			fprintf(stderr, "hourglass: render: %s: damaged records\n", a->file);
		else if (ret)
			fprintf(stderr, "hourglass: render: cannot write standard output: %s\n",
				strerror(-ret));
		return ret ? 1 : 0;
	}
	if (hg_atomic_open(&at, a->out, err, sizeof(err))) {
		fprintf(stderr, "hourglass: render: %s\n", err);
		return 1;
	}
	ret = hg_render_timeline(at.f, t, &a->o);
	if (ret == -EINVAL)
		fprintf(stderr, "hourglass: render: %s: damaged records\n", a->file);
	if (hg_atomic_close(&at, ret, err, sizeof(err))) {
		if (ret != -EINVAL)
			fprintf(stderr, "hourglass: render: %s\n", err);
		return 1;
	}
	return 0;
}

static int render_main(int argc, char **argv)
{
	struct render_args a = { 0 };
	struct hg_trace *t;
	char err[256];
	int ret;

	ret = parse_args(argc, argv, &a);
	if (ret)
		return ret == 1 ? 0 : ret;
	ret = check_args(&a);
	if (ret)
		return ret;
	if (hg_cmd_output("render", "-o", a.out, a.file) || hg_cmd_read("render", a.file, &t))
		return 2;
	if (hg_render_check(t, &a.o, err, sizeof(err))) {
		fprintf(stderr, "hourglass: render: %s\n", err);
		hg_trace_free(t);
		return 2;
	}
	ret = write_svg(&a, t);
	hg_trace_free(t);
	return ret;
}

const struct hg_command hg_cmd_render = {
	.name = "render",
	.usage = "<file> -o <out.svg> [--from <time>] [--to <time>] [--width <px>] [--per-cpu]",
	.help = "draw a saved trace as an SVG timeline",
	.main = render_main,
	.usage_long = render_usage,
};
