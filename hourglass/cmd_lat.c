// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_lat.c - hourglass lat <file>: the LAT report of a saved trace, its
 * histogram in cyclictest's layout, and the histogram as a picture
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "report/text.h"
#include "svg/latsvg.h"
#include "trace/msg.h"
#include "trace/trace.h"
#include "util/atomicfile.h"
#include "util/timeval.h"

#define LAT_MAX_BUCKETS 1000000u	/* --histogram */

struct lat_args {
	const char *file;
	const char *svg;
	bool json;
	uint64_t buckets;
	uint64_t max_ns;
};

static const struct hg_arg lat_pos[] = {
	{ .name = "<file>", .what = "trace file", .kind = HG_OPT_FILE,
	  .off = offsetof(struct lat_args, file), .help = "a trace written with -o" },
	HG_ARG_END
};

static const struct hg_opt lat_opts[] = {
	{ .name = "histogram", .kind = HG_OPT_COUNT, .off = offsetof(struct lat_args, buckets),
	  .max = LAT_MAX_BUCKETS, .value = "<max_us>",
	  .help = "buckets of 1 us from 0 to <max_us>, 1 to 1000000\n"
		  "(default: the run's --histogram)" },
	{ .name = "svg", .kind = HG_OPT_OUTPUT, .off = offsetof(struct lat_args, svg),
	  .value = "<out.svg>",
	  .help = "also draw the lateness histogram (log counts) as an\n"
		  "SVG picture, written atomically: a series per LAT\n"
		  "thread, buckets of 1 us or wider when the range is\n"
		  "large, up to the 99.9th percentile; what lies\n"
		  "beyond in a labelled last bar" },
	{ .name = "json", .kind = HG_OPT_FLAG, .off = offsetof(struct lat_args, json),
	  .help = "the report's figures as one JSON object instead,\n"
		  "per LAT thread (schemas/lat.schema.json)" },
	{ .name = "max", .kind = HG_OPT_TIME, .off = offsetof(struct lat_args, max_ns),
	  .min = 1000,
	  .help = "end the picture's lateness axis here instead\n"
		  "(whole us, rounded up; e.g. 200us)" },
	HG_OPT_END
};

static const struct hg_cmdspec lat_spec = {
	.name = "lat",
	.summary = "the LAT report of a saved trace, as text or SVG",
	.about = "Print the wake-up lateness report of the LAT threads of a trace written\n"
		 "with -o, as the run printed it: statistics, samples later than each\n"
		 "threshold and, with --histogram (or when the run had one), the histogram\n"
		 "in cyclictest's -h layout.",
	.args = lat_pos,
	.opts = lat_opts,
};

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
	uint32_t nb = a->buckets ? (uint32_t)a->buckets : t->histogram_us, i;

	if (a->json) {
		int ret = hg_lat_json(stdout, t, nb);

		if (ret == -ENOMEM)
			hg_msg("lat: %s", strerror(ENOMEM));
		return ret || fflush(stdout) || ferror(stdout) ? -EIO : 0;
	}
	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model == HG_MODEL_LAT)
			hg_print_lat(stdout, t, &t->threads[i]);
	if (nb)
		hg_print_lat_histogram(stdout, t, nb);
	return fflush(stdout) || ferror(stdout) ? -EIO : 0;
}

/* What the atomic writer of --svg is given. */
struct lat_out {
	const struct lat_args *a;
	const struct hg_trace *t;
};

/* The report on standard output, then the picture into @f. */
static int lat_svg(FILE *f, const void *arg)
{
	const struct lat_out *l = arg;

	if (print_report(l->a, l->t))
		return HG_ATOMIC_SAID;	/* hg_cmd_on_trace() says why */
	return hg_lat_svg(f, l->t, (l->a->max_ns + 999) / 1000);
}

/*
 * The report, and the picture with --svg: its file is created first, so
 * that nothing is printed when it cannot be. Returns the exit status.
 */
static int report(const struct lat_args *a, const struct hg_trace *t)
{
	const struct lat_out l = { .a = a, .t = t };

	if (!a->svg)	/* a write error: hg_cmd_on_trace() says why */
		return print_report(a, t) ? 1 : 0;
	return hg_cmd_write("lat", a->svg, lat_svg, &l);
}

static int lat_run(const void *args, const struct hg_trace *t)
{
	const struct lat_args *a = args;

	if (!has_lat(t)) {
		hg_msg("lat: %s: no LAT thread in this trace "
			"(run one with -w LAT <period>)", a->file);
		return 2;
	}
	return report(a, t);
}

static int lat_main(int argc, char **argv)
{
	struct lat_args a = { 0 };

	return hg_cmd_on_trace(&lat_spec, argc, argv, &a, &a.file, lat_run);
}

const struct hg_command hg_cmd_lat = {
	.name = "lat",
	.spec = &lat_spec,
	.main = lat_main,
};
