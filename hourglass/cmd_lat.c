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

#include "../postprocess/svg.h"
#include "../postprocess/text.h"
#include "../trace/atomicfile.h"
#include "../trace/timeval.h"
#include "../trace/trace.h"
#include "cmdutil.h"
#include "commands.h"

#define LAT_SYNOPSIS "hourglass lat <file> [--histogram <max_us>] [--svg <out.svg>]"
#define LAT_MAX_BUCKETS 1000000	/* --histogram */
#define LAT_MAX_BARS 200	/* the picture: wider buckets beyond */

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

/* The LAT threads of @t: how many, and the first. */
static uint32_t lat_threads(const struct hg_trace *t, const struct hg_trace_thread **first)
{
	uint32_t i, n = 0;

	for (i = 0; i < t->nthreads; i++) {
		if (t->threads[i].model != HG_MODEL_LAT)
			continue;
		if (!n++)
			*first = &t->threads[i];
	}
	return n;
}

/* The picture's buckets: [first_us, first_us + width_us * n) */
struct buckets {
	uint64_t min_us, max_us;
	uint64_t first_us, width_us;
	size_t n;
	struct hg_svg_bar *bars;
};

static void find_range(void *arg, uint64_t ns)
{
	struct buckets *b = arg;

	if (ns / 1000 < b->min_us)
		b->min_us = ns / 1000;
	if (ns / 1000 > b->max_us)
		b->max_us = ns / 1000;
}

static void count_sample(void *arg, uint64_t ns)
{
	struct buckets *b = arg;

	b->bars[(ns / 1000 - b->first_us) / b->width_us].count++;
}

/*
 * Buckets of 1 us, or of a nice width giving at most LAT_MAX_BARS bars;
 * from 0, unless the samples start so far from 0 that it would hide them.
 */
static int make_bars(const struct hg_trace *t, struct buckets *b)
{
	uint64_t span;
	bool from_zero;
	size_t i;

	*b = (struct buckets){ .min_us = UINT64_MAX };
	hg_for_each_lat_sample(t, find_range, b);
	if (b->min_us == UINT64_MAX)
		return 0;
	span = b->max_us - b->min_us + 1;
	from_zero = b->min_us <= span;
	if (from_zero)
		span = b->max_us + 1;
	b->width_us = span <= LAT_MAX_BARS ? 1 :
		(uint64_t)hg_svg_nice((double)span / LAT_MAX_BARS);
	b->first_us = from_zero ? 0 : b->min_us / b->width_us * b->width_us;
	b->n = (size_t)((b->max_us - b->first_us) / b->width_us + 1);
	b->bars = calloc(b->n, sizeof(*b->bars));
	if (!b->bars)
		return -ENOMEM;
	for (i = 0; i < b->n; i++) {
		b->bars[i].lo = (double)(b->first_us + i * b->width_us);
		b->bars[i].hi = b->bars[i].lo + (double)b->width_us;
	}
	hg_for_each_lat_sample(t, count_sample, b);
	return 0;
}

static int draw_histogram(FILE *f, const struct hg_trace *t)
{
	const struct hg_trace_thread *th = NULL;
	uint32_t n = lat_threads(t, &th);
	char title[256], xlabel[96];
	struct buckets b;
	int ret;

	ret = make_bars(t, &b);
	if (ret)
		return ret;
	if (n == 1)
		snprintf(title, sizeof(title), "Wake-up lateness, thread %u: %s%s%s, %s",
			 th->id, th->workload, th->timer[0] ? " on " : "", th->timer,
			 th->priority);
	else
		snprintf(title, sizeof(title), "Wake-up lateness of %u LAT threads", n);
	snprintf(xlabel, sizeof(xlabel), "lateness (us), buckets of %" PRIu64 " us",
		 b.width_us ? b.width_us : 1);
	ret = hg_svg_histogram(f, title, xlabel, b.bars, b.n, true);
	free(b.bars);
	return ret;
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
	ret = draw_histogram(at.f, t);
	if (hg_atomic_close(&at, ret, err, sizeof(err))) {
		fprintf(stderr, "hourglass: lat: %s\n", err);
		return 1;
	}
	return 0;
}

static int lat_main(int argc, char **argv)
{
	const struct hg_trace_thread *th;
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
	if (!lat_threads(t, &th)) {
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
