// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_tail.c - hourglass tail: how rare a large latency, response time or
 * gap is, by peaks over a threshold (analysis/stats/tail.h), from a trace, a file
 * of values or a cyclictest histogram
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/stats/tail.h"
#include "analysis/stats/tailsrc.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "hourglass/tailin.h"
#include "report/json.h"
#include "report/tail.h"
#include "export/tailprom.h"
#include "svg/tailsvg.h"
#include "trace/msg.h"
#include "trace/trace.h"
#include "util/atomicfile.h"
#include "util/grow.h"
#include "util/infile.h"

#define TAIL_BOOT 199		/* the goodness-of-fit bootstrap's samples */
#define TAIL_SEED 20021		/* its generator's seed: the same answer every time */
#define TAIL_NO_THREAD UINT64_MAX

struct tail_args {
	const char *file;
	const char *values;
	const char *cyclictest;
	const char *svg;
	const char *prom;
	int of;
	uint64_t thread;
	struct hg_opt_list at;
	uint64_t per_ns;
	uint64_t threshold_ns;
	uint64_t interval_ns;
	bool force;
	bool json;
};

static const char *const of_words[] = { "latency", "response", "gap", NULL };

static const struct hg_arg tail_pos[] = {
	{ .name = "<file>", .what = "trace file", .kind = HG_OPT_FILE, .optional = true,
	  .off = offsetof(struct tail_args, file),
	  .help = "a trace written with -o (or --values, --cyclictest)" },
	HG_ARG_END
};

static const struct hg_opt tail_opts[] = {
	{ .name = "of", .kind = HG_OPT_WORD, .words = of_words,
	  .off = offsetof(struct tail_args, of),
	  .help = "the samples of a trace: LAT threads' wake-up lateness\n"
		  "(latency, the default), PERIODIC threads' response\n"
		  "times (response) or the gaps of every other thread (gap)" },
	{ .name = "thread", .kind = HG_OPT_COUNT, .flags = HG_OPT_ZERO_OK,
	  .off = offsetof(struct tail_args, thread), .max = UINT32_MAX,
	  .help = "this thread of the trace alone (default: each that has\n"
		  "the samples); of a cyclictest histogram, this column\n"
		  "(from 0; default: every column added)" },
	{ .name = "at", .kind = HG_OPT_LIST, .elem = HG_OPT_TIME,
	  .off = offsetof(struct tail_args, at), .value = "<time,...>",
	  .help = "P(X > x) at each of these values (e.g. 500us,1ms;\n"
		  "default: the largest seen)" },
	{ .name = "per", .kind = HG_OPT_TIME, .off = offsetof(struct tail_args, per_ns),
	  .help = "the expected count of each --at per this much time,\n"
		  "at the run's rate of samples (default: 1h)" },
	{ .name = "threshold", .kind = HG_OPT_TIME,
	  .off = offsetof(struct tail_args, threshold_ns),
	  .help = "fit the values above this one (default: the\n"
		  "ceil(sqrt(n)) largest samples, 50 to 5000)" },
	{ .name = "values", .kind = HG_OPT_FILE, .off = offsetof(struct tail_args, values),
	  .help = "read the samples from this file instead: one a line,\n"
		  "in us unless a unit follows (800ns, 1.2ms), in time order" },
	{ .name = "cyclictest", .kind = HG_OPT_FILE,
	  .off = offsetof(struct tail_args, cyclictest),
	  .help = "read the histogram that cyclictest -h <max_us> -q\n"
		  "prints instead (no time order: independence and\n"
		  "stationarity cannot be checked)" },
	{ .name = "interval", .kind = HG_OPT_TIME,
	  .off = offsetof(struct tail_args, interval_ns),
	  .help = "the time between two samples of --values or\n"
		  "--cyclictest (cyclictest -i), for the counts per --per" },
	{ .name = "force", .kind = HG_OPT_FLAG, .off = offsetof(struct tail_args, force),
	  .help = "print the estimate even when a check failed,\n"
		  "marked [forced]" },
	{ .name = "json", .kind = HG_OPT_FLAG, .off = offsetof(struct tail_args, json),
	  .help = "the fits as one JSON object instead\n"
		  "(schemas/tail.schema.json)" },
	{ .name = "svg", .kind = HG_OPT_OUTPUT, .off = offsetof(struct tail_args, svg),
	  .value = "<out.svg>",
	  .help = "also draw each fit, written atomically: the log of\n"
		  "P(X > x) against x, observed and fitted with its band,\n"
		  "the threshold marked" },
	{ .name = "prom", .kind = HG_OPT_OUTPUT, .off = offsetof(struct tail_args, prom),
	  .value = "<out.prom>",
	  .help = "also write the estimates as OpenMetrics text, atomically,\n"
		  "for node_exporter's textfile collector (hourglass_tail_*)" },
	HG_OPT_END
};

static const struct hg_cmdspec tail_spec = {
	.name = "tail",
	.summary = "how rare a large latency is: extreme-value fits of a trace or of cyclictest",
	.about = "Fit the generalized Pareto distribution by maximum likelihood to the\n"
		 "samples above a threshold (peaks over threshold), check that the fit may\n"
		 "be believed (enough exceedances, independence by the extremal index,\n"
		 "the same tail in both halves, Anderson-Darling goodness of fit), then\n"
		 "give P(X > x) per sample and per period, the values exceeded with\n"
		 "probability 1e-6 to 1e-9 per sample and the run length needed to see\n"
		 "them, each with a 95% interval. A failed check is named and the estimate\n"
		 "withheld unless --force.",
	.args = tail_pos,
	.opts = tail_opts,
};

/* One series: its samples, what the fit needs of them, the fit. */
struct tail_one {
	struct hg_tail_series s;
	char what[96];
	double *x;
	size_t n;
	uint64_t below;
	bool ordered;
	double at[HG_OPT_LIST_MAX];
	struct hg_tail t;
};

/* Every series of one command. */
struct tail_all {
	const struct tail_args *a;
	const char *source;
	const char *input;	/* "trace", "values", "cyclictest" */
	struct tail_one *v;
	size_t n, cap;
};

static void all_free(struct tail_all *all)
{
	size_t i;

	for (i = 0; i < all->n; i++)
		free(all->v[i].x);
	free(all->v);
}

/* A new series of @all with the options' common parts; NULL on no memory. */
static struct tail_one *one_add(struct tail_all *all)
{
	struct tail_one *o;

	if (HG_GROW(all->v, all->cap, all->n + 1))
		return NULL;
	o = &all->v[all->n++];
	memset(o, 0, sizeof(*o));
	o->s.of = of_words[all->a->of];
	o->s.thread = -1;
	o->s.what = o->what;
	o->s.per_s = (double)all->a->per_ns / 1e9;
	o->s.boot = TAIL_BOOT;
	o->s.force = all->a->force;
	o->ordered = true;
	if (all->a->interval_ns) {
		o->s.rate_hz = 1e9 / (double)all->a->interval_ns;
		o->s.rate_from = "--interval";
	}
	return o;
}

/* The fit of every series; returns 0 or -ENOMEM. */
static int fit_all(struct tail_all *all)
{
	const struct tail_args *a = all->a;
	size_t i, j;

	for (i = 0; i < all->n; i++) {
		struct tail_one *o = &all->v[i];
		struct hg_tail_opts opts = {
			.threshold = a->threshold_ns ? (double)a->threshold_ns : -1,
			.at = o->at, .nat = a->at.n ? a->at.n : 1, .rate_hz = o->s.rate_hz,
			.per_s = o->s.per_s, .ordered = o->ordered, .below = o->below,
			.boot = TAIL_BOOT, .seed = TAIL_SEED,
		};

		for (j = 0; j < a->at.n; j++)
			o->at[j] = (double)a->at.v[j];
		if (!a->at.n)	/* the largest seen */
			for (j = 0; j < o->n; j++)
				o->at[0] = fmax(o->at[0], o->x[j]);
		if (hg_tail_analyse(o->x, o->n, &opts, &o->t))
			return -ENOMEM;
	}
	return 0;
}

/* The series of the trace's threads; returns 0, 2 (said why) or -ENOMEM. */
static int from_trace(struct tail_all *all, const struct hg_trace *t)
{
	const struct tail_args *a = all->a;
	bool found = false;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		struct tail_one *o;
		double span;

		if (a->thread != TAIL_NO_THREAD && th->id != a->thread)
			continue;
		found = true;
		if (!hg_tail_of_has(th, (enum hg_tail_of)a->of))
			continue;
		o = one_add(all);
		if (!o || hg_tail_samples(t, th, (enum hg_tail_of)a->of, &o->x, &o->n, &span))
			return -ENOMEM;
		o->s.thread = (int)th->id;
		snprintf(o->what, sizeof(o->what), "thread %" PRIu32 " (%s)", th->id,
			 th->workload);
		if (o->n > 1 && span > 0) {
			o->s.rate_hz = (double)(o->n - 1) / (span / 1e9);
			o->s.rate_from = "measured";
		}
		if (!o->n) {
			hg_msg("tail: %s: thread %" PRIu32 " has no %s sample",
				all->source, th->id, of_words[a->of]);
			return 2;
		}
	}
	if (!found) {
		hg_msg("tail: %s: --thread %" PRIu64 ": no such thread "
			"(the trace has %" PRIu32 ")", all->source, a->thread, t->nthreads);
		return 2;
	}
	if (!all->n) {
		hg_msg("tail: %s: no thread with %s samples (%s)",
			all->source, of_words[a->of],
			a->of == HG_TAIL_OF_LATENCY ? "a LAT thread has them: -w LAT <period>" :
			a->of == HG_TAIL_OF_RESPONSE ? "a PERIODIC thread has them: -w PERIODIC" :
			"every thread but a LAT one has them");
		return 2;
	}
	return 0;
}

/* The samples of @f as --values or --cyclictest say; 0, -EINVAL (in @err) or -ENOMEM. */
static int read_file(struct tail_all *all, struct tail_one *o, FILE *f, char *err,
		     size_t errlen)
{
	const struct tail_args *a = all->a;
	struct hg_tailin_hist h;
	double keep = INFINITY;
	unsigned int i;
	int ret;

	if (a->values) {
		ret = hg_tailin_values(f, &o->x, &o->n, err, errlen);
		if (!ret && hg_tailin_spread(o->x, o->n))
			o->s.note = "every value a whole microsecond: taken as truncated, each "
				    "spread inside its microsecond (fixed seed)";
		return ret;
	}
	ret = hg_tailin_cyclictest(f, a->thread == TAIL_NO_THREAD ? -1 : (int)a->thread, &h,
				   err, errlen);
	if (!ret && h.overflows) {
		snprintf(err, errlen, "%" PRIu64 " samples overflowed the histogram, their values "
			 "unknown (run cyclictest with a larger -h)", h.overflows);
		ret = -EINVAL;
	}
	for (i = 0; i < a->at.n; i++)
		keep = fmin(keep, (double)a->at.v[i]);
	if (a->threshold_ns)
		keep = fmin(keep, (double)a->threshold_ns);
	if (!ret)
		ret = hg_tailin_expand(&h, 4 * hg_tail_rule_k(h.total) + 1, keep, &o->x, &o->n,
				       &o->below);
	o->ordered = false;
	o->s.note = "a histogram: each bucket's samples spread evenly inside it, in no time order";
	free(h.count);
	return ret;
}

/* The series of --values or --cyclictest; returns 0, 2 (said why) or -ENOMEM. */
static int from_file(struct tail_all *all)
{
	char err[HG_TAILIN_ERR];
	struct tail_one *o = one_add(all);
	FILE *f;
	int ret;

	if (!o)
		return -ENOMEM;
	snprintf(o->what, sizeof(o->what), "%s", all->source);
	if (all->a->thread != TAIL_NO_THREAD && all->a->values) {
		hg_msg("tail: --thread: a --values file has one series "
			"(--thread picks a column of --cyclictest)");
		return 2;
	}
	f = hg_infile_text(all->source, all->a->values ? HG_TAILIN_VALUES_MAX : HG_TAILIN_HIST_MAX,
			   &ret, err, sizeof(err));
	if (!f) {
		hg_msg("tail: %s: %s", all->source, err);
		return 2;
	}
	ret = read_file(all, o, f, err, sizeof(err));
	fclose(f);
	if (ret == -EINVAL || (!ret && !o->n && !o->below)) {
		hg_msg("tail: %s: %s", all->source,
			ret ? err : "no values in the file");
		return 2;
	}
	return ret;
}

/* The report on standard output: text or JSON; 0 or -EIO. */
static int print_all(const struct tail_all *all)
{
	struct hg_json j;
	size_t i;

	if (!all->a->json) {
		for (i = 0; i < all->n; i++)
			hg_tail_print(stdout, &all->v[i].s, &all->v[i].t);
		return 0;
	}
	hg_json_begin(&j, stdout);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", 1);
	hg_json_string(&j, "generator", "hourglass tail");
	hg_json_string(&j, "source", all->source);
	hg_json_string(&j, "input", all->input);
	hg_json_arr(&j, "fits");
	for (i = 0; i < all->n; i++)
		hg_tail_json(&j, &all->v[i].s, &all->v[i].t);
	return hg_json_end_doc(&j) ? -EIO : 0;
}

/* The report, then the picture into @f (the atomic writer's function). */
static int write_svg(FILE *f, const void *arg)
{
	const struct tail_all *all = arg;
	struct hg_tail_panel *p;
	size_t i;
	int ret;

	if (print_all(all) || fflush(stdout))
		return HG_ATOMIC_SAID;	/* hg_cmd_flush() says why */
	p = calloc(all->n, sizeof(*p));
	if (!p)
		return -ENOMEM;
	for (i = 0; i < all->n; i++)
		p[i] = (struct hg_tail_panel){ .s = &all->v[i].s, .t = &all->v[i].t,
					       .x = all->v[i].x, .n = all->v[i].n };
	ret = hg_tail_svg(f, all->source, p, all->n);
	free(p);
	return ret;
}

/* The estimates as OpenMetrics text into @f (the atomic writer's function). */
static int write_prom(FILE *f, const void *arg)
{
	const struct tail_all *all = arg;
	struct hg_tail_prom *v = calloc(all->n, sizeof(*v));
	size_t i;
	int ret;

	if (!v)
		return -ENOMEM;
	for (i = 0; i < all->n; i++)
		v[i] = (struct hg_tail_prom){ .s = &all->v[i].s, .t = &all->v[i].t };
	ret = hg_tail_prom_print(f, all->source, v, all->n);
	free(v);
	return ret;
}

/* Fit and say; returns the exit status. */
static int answer(struct tail_all *all)
{
	if (fit_all(all)) {
		hg_msg("tail: %s", strerror(ENOMEM));
		return 1;
	}
	if (all->a->prom && hg_cmd_write("tail", all->a->prom, write_prom, all))
		return 1;
	if (all->a->svg)
		return hg_cmd_write("tail", all->a->svg, write_svg, all);
	return print_all(all) ? 1 : 0;
}

static int tail_run(const void *args, const struct hg_trace *t)
{
	struct tail_all all = { .a = args, .input = "trace" };
	int ret;

	all.source = all.a->file;
	ret = from_trace(&all, t);
	if (ret == -ENOMEM)
		hg_msg("tail: %s", strerror(ENOMEM));
	if (!ret)
		ret = answer(&all);
	all_free(&all);
	return ret < 0 ? 1 : ret;
}

/* Exactly one of a trace, --values and --cyclictest; else says why. */
static bool one_input(const struct tail_args *a)
{
	int n = !!a->file + !!a->values + !!a->cyclictest;

	if (n == 1)
		return true;
	hg_msg("tail: %s (usage: hourglass tail <file> | --values <file> | "
		"--cyclictest <file> [options])",
		n ? "give one input: a trace, --values or --cyclictest" :
		"missing input: a trace, --values <file> or --cyclictest <file>");
	return false;
}

static int tail_main(int argc, char **argv)
{
	struct tail_args a = { .thread = TAIL_NO_THREAD, .per_ns = 3600000000000ull };
	struct tail_all all = { .a = &a };
	int status;

	if (hg_cmdopt_get(&tail_spec, argc, argv, &a, &status))
		return hg_cmd_flush("tail", status);
	if (!one_input(&a))
		return 2;
	if (a.file)
		return hg_cmd_trace_run(&tail_spec, &a, a.file, tail_run);
	all.source = a.values ? a.values : a.cyclictest;
	all.input = a.values ? "values" : "cyclictest";
	status = from_file(&all);
	if (status == -ENOMEM)
		hg_msg("tail: %s", strerror(ENOMEM));
	if (!status)
		status = answer(&all);
	all_free(&all);
	return hg_cmd_flush("tail", status < 0 ? 1 : status);
}

const struct hg_command hg_cmd_tail = {
	.name = "tail",
	.spec = &tail_spec,
	.main = tail_main,
};
