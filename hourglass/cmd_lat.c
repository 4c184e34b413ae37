// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_lat.c - hourglass lat <file>: the LAT report of a saved trace, its
 * histogram in cyclictest's layout, and the histogram as a picture
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../postprocess/latsvg.h"
#include "../postprocess/text.h"
#include "../trace/atomicfile.h"
#include "../trace/timeval.h"
#include "../trace/trace.h"
#include "cmdutil.h"
#include "commands.h"

#define LAT_SYNOPSIS "hourglass lat <file> [--histogram <max_us>] [--svg <out.svg>]"
#define LAT_MAX_BUCKETS 1000000	/* --histogram */

static void lat_usage(FILE *f)
{
	fputs("usage: " LAT_SYNOPSIS "\n"
	      "\n"
	      "Print the wake-up lateness report of the LAT threads of a trace written\n"
	      "with -o, as the run printed it: statistics, samples later than each\n"
	      "threshold and, with --histogram (or when the run had one), the histogram\n"
	      "in cyclictest's -h layout.\n"
	      "\n"
	      "  --histogram <max_us>  buckets of 1 us from 0 to <max_us>, 1 to 1000000\n"
	      "                        (default: the run's --histogram)\n"
	      "  --svg <out.svg>       also draw the lateness histogram (log counts) as an\n"
	      "                        SVG picture, written atomically; buckets of 1 us,\n"
	      "                        or wider when the range is large\n", f);
}

struct lat_args {
	const char *file;
	const char *histogram;
	const char *svg;
	uint32_t buckets;
};

/* Returns 0, 1 for --help (printed), 2 for bad arguments (reported). */
static int parse_args(int argc, char **argv, struct lat_args *a)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i], **dst = NULL, *name = NULL;

		if (!strcmp(arg, "-h") || !strcmp(arg, "--help")) {
			lat_usage(stdout);
			return 1;
		}
		if (hg_cmd_is_opt(arg, "--histogram")) {
			dst = &a->histogram;
			name = "--histogram";
		} else if (hg_cmd_is_opt(arg, "--svg")) {
			dst = &a->svg;
			name = "--svg";
		}
		if (dst) {
			if (arg[strlen(name)] == '=') {
				*dst = arg + strlen(name) + 1;
			} else if (i + 1 < argc) {
				*dst = argv[++i];
			} else {
				fprintf(stderr, "hourglass: lat: %s: missing value\n", arg);
				return 2;
			}
		} else if (arg[0] == '-' && arg[1]) {
			fprintf(stderr, "hourglass: lat: unknown option '%s' (usage: "
				LAT_SYNOPSIS ")\n", arg);
			return 2;
		} else if (a->file) {
			fputs("hourglass: lat: too many arguments (usage: " LAT_SYNOPSIS ")\n", stderr);
			return 2;
		} else {
			a->file = arg;
		}
	}
	return 0;
}

/* Everything that needs no file: a reason on stderr and 2, or 0. */
static int check_args(struct lat_args *a)
{
	uint64_t v;

	if (!a->file) {
		fputs("hourglass: lat: missing trace file (usage: " LAT_SYNOPSIS ")\n", stderr);
		return 2;
	}
	if (a->histogram) {
		if (hg_parse_u64(a->histogram, &v) || !v || v > LAT_MAX_BUCKETS) {
			fprintf(stderr, "hourglass: lat: --histogram %s: not a number of us from "
				"1 to %u\n", a->histogram, LAT_MAX_BUCKETS);
			return 2;
		}
		a->buckets = (uint32_t)v;
	}
	if (a->svg && !a->svg[0]) {
		fputs("hourglass: lat: --svg: missing file name\n", stderr);
		return 2;
	}
	return 0;
}

/* Whether @t has a LAT thread. */
static bool has_lat(const struct hg_trace *t)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model == HG_MODEL_LAT)
			return true;
	return false;
}

/* The text report on stdout; returns 0 or -EIO. */
static int print_report(const struct lat_args *a, const struct hg_trace *t)
{
	uint32_t nb = a->buckets ? a->buckets : t->histogram_us, i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model == HG_MODEL_LAT)
			hg_print_lat(stdout, t, &t->threads[i]);
	if (nb)
		hg_print_lat_histogram(stdout, t, nb);
	return fflush(stdout) || ferror(stdout) ? -EIO : 0;
}

/*
 * The report, and the picture with --svg: its file is created first, so
 * that nothing is printed when it cannot be. Returns the exit status.
 */
static int report(const struct lat_args *a, const struct hg_trace *t)
{
	struct hg_atomic at;
	char err[512];
	int ret;

	if (a->svg && hg_atomic_open(&at, a->svg, err, sizeof(err))) {
		fprintf(stderr, "hourglass: lat: %s\n", err);
		return 1;
	}
	ret = print_report(a, t);
	if (ret) {
		fputs("hourglass: lat: cannot write standard output\n", stderr);
		if (a->svg)	/* removes the temporary file */
			hg_atomic_close(&at, ret, err, sizeof(err));
		return 1;
	}
	if (!a->svg)
		return 0;
	ret = hg_lat_svg(at.f, t, 0);
	if (hg_atomic_close(&at, ret, err, sizeof(err))) {
		fprintf(stderr, "hourglass: lat: %s\n", err);
		return 1;
	}
	return 0;
}

static int lat_main(int argc, char **argv)
{
	struct lat_args a = { 0 };
	struct hg_trace *t;
	int ret;

	ret = parse_args(argc, argv, &a);
	if (ret)
		return ret == 1 ? 0 : ret;
	ret = check_args(&a);
	if (ret)
		return ret;
	if ((a.svg && hg_cmd_output("lat", "--svg", a.svg, a.file)) ||
	    hg_cmd_read("lat", a.file, &t))
		return 2;
	if (!has_lat(t)) {
		fprintf(stderr, "hourglass: lat: %s: no LAT thread in this trace "
			"(run one with -w LAT <period>)\n", a.file);
		hg_trace_free(t);
		return 2;
	}
	ret = report(&a, t);
	hg_trace_free(t);
	return ret;
}

const struct hg_command hg_cmd_lat = {
	.name = "lat",
	.usage = "<file> [--histogram <max_us>] [--svg <out.svg>]",
	.help = "the wake-up lateness report of a saved trace, as text or SVG",
	.main = lat_main,
	.usage_long = lat_usage,
};
