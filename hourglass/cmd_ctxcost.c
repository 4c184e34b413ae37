// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_ctxcost.c - hourglass ctxcost: the paper's direct switch cost as one
 * command, trials repeated until the median is known well enough
 *
 * Each trial is a run (trial.c) of CPU_YIELD threads on one CPU, and its
 * gaps are classified as ctx classifies them (analysis/ctx.c); the
 * trial's median voluntary switch cost is one sample of the until-stable
 * rule (analysis/stable.c). The pipe ping-pong of calibrate --ctx is
 * measured on the same CPU afterwards and printed beside the result.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "analysis/ctx.h"
#include "analysis/noise.h"
#include "analysis/stable.h"
#include "hourglass/cmdopt.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "hourglass/savedir.h"
#include "hourglass/trial.h"
#include "report/ciout.h"
#include "report/json.h"
#include "run/cpulist.h"
#include "run/pingpong.h"
#include "trace/errlen.h"
#include "trace/msg.h"
#include "trace/timeval.h"

struct ctxcost_args {
	struct hg_trial_opts o;		/* first: the shared rows store here */
	uint64_t yield_ns;
	const char *save;
	bool append;
	size_t first;			/* the number of the first trial saved */
};

static const struct hg_opt ctxcost_opts[] = {
	HG_TRIAL_OPT_ROWS,
	{ .name = "yield", .kind = HG_OPT_TIME, .off = offsetof(struct ctxcost_args, yield_ns),
	  .value = "<amount>",
	  .help = "CPU time between two yields (default 0.9ms, the paper's)" },
	{ .name = "save", .kind = HG_OPT_STRING, .off = offsetof(struct ctxcost_args, save),
	  .value = "<dir>",
	  .help = "write each trial's trace to <dir>/trial-<n>.hgt\n(for ctx, render or diff); "
		  "<dir> is made when\nmissing and must be empty" },
	{ .name = "append", .kind = HG_OPT_FLAG, .off = offsetof(struct ctxcost_args, append),
	  .help = "--save into a directory that holds trials already:\nadd to them, "
		  "numbered after the last" },
	HG_OPT_END
};

static const struct hg_cmdspec ctxcost_spec = {
	.name = "ctxcost",
	.summary = "direct context-switch cost with confidence intervals (figure 4)",
	.about = "Run trials of <threads> CPU_YIELD threads sharing one CPU, classify each\n"
		 "trial's gaps as ctx does, and report the voluntary and involuntary\n"
		 "switch cost: the median of the trials' medians and the mean of their\n"
		 "means, each with a bootstrap 95 % interval (never below zero), the\n"
		 "switches per second, and beside them the pipe ping-pong of calibrate --ctx\n"
		 "on the same CPU. Until stable (the default), trials go on until the\n"
		 "median voluntary cost's interval is within 5 % or 0.1 us, from 6 to\n"
		 "30 trials.",
	.opts = ctxcost_opts,
};

/* What one class of switch came to in each trial (NAN: none in it). */
struct per_class {
	double med_ns[HG_TRIAL_MAX];
	double mean_ns[HG_TRIAL_MAX];
	size_t n;		/* trials that had any */
	uint64_t switches;	/* in all trials */
};

struct result {
	struct per_class cls[2];	/* voluntary, involuntary */
	double rate[HG_TRIAL_MAX];		/* switches per second */
	size_t trials;
	size_t noise_known;		/* trials whose kernel counters were read */
	size_t quiet;			/* of them, trials on a quiet CPU */
	enum hg_stable_verdict verdict;
	struct hg_stable_rule rule;
	struct hg_pingpong pp;
	bool have_pp;
	char *command;			/* a trial, as a run's command line */
};

static int parse(int argc, char **argv, struct ctxcost_args *a, struct hg_stable_rule *r,
		 int *status)
{
	char err[HG_ERR_LEN];

	memset(a, 0, sizeof(*a));
	hg_trial_opts_default(&a->o);
	a->yield_ns = 900000;
	if (hg_cmdopt_get(&ctxcost_spec, argc, argv, a, status))
		return -1;
	*status = hg_trial_opts_check("ctxcost", &a->o, r);
	if (*status)
		return -1;
	if (a->append && !a->save) {
		hg_msg("ctxcost: --append: only with --save <dir>");
		*status = 2;
		return -1;
	}
	/* before the first trial: no series runs to fail at its first save */
	if (a->save && hg_savedir_check(a->save, a->append, &a->first, err, sizeof(err))) {
		hg_msg("ctxcost: %s", err);
		*status = 2;
		return -1;
	}
	return 0;
}

static int trial_words(const struct ctxcost_args *a, struct hg_trial_args *w)
{
	char d[32], y[32];

	hg_trial_init(w);
	return hg_trial_add(w, "-n") || hg_trial_add(w, "%" PRIu64, a->o.threads) ||
	       hg_trial_add(w, "-d") || hg_trial_add(w, "%s", hg_format_time(a->o.duration_ns, d, sizeof(d))) ||
	       hg_trial_add(w, "-a") || hg_trial_add(w, "-w") || hg_trial_add(w, "CPU_YIELD") ||
	       hg_trial_add(w, "%s", hg_format_time(a->yield_ns, y, sizeof(y))) ||
	       hg_trial_add(w, "--cpu") || hg_trial_add(w, "%" PRIu64, a->o.cpu) ||
	       hg_trial_add(w, "-x") || hg_trial_add(w, "-q") ? -E2BIG : 0;
}

static double to_ns(double cycles, uint64_t hz)
{
	return cycles * 1e9 / (double)hz;
}

/* Add one analysed trial of @t to @res. */
static void add_trial(struct result *res, const struct hg_trace *t,
		      const struct hg_ctx_report *r)
{
	struct hg_noise nz;

	static const enum hg_gap_class which[2] = { HG_GAP_VOLUNTARY, HG_GAP_INVOLUNTARY };
	int c;

	for (c = 0; c < 2; c++) {
		const struct hg_stats *s = &r->st[which[c]];
		struct per_class *pc = &res->cls[c];

		pc->switches += s->count;
		pc->med_ns[res->trials] = s->count ? to_ns((double)s->median, r->tsc_hz) : NAN;
		pc->mean_ns[res->trials] = s->count ? to_ns(s->mean, r->tsc_hz) : NAN;
		pc->n += s->count > 0;
	}
	res->rate[res->trials] = r->elapsed_ns ?
		(double)r->nswitches * 1e9 / (double)r->elapsed_ns : 0;
	res->trials++;
	if (!hg_noise_compute(t, &nz)) {
		res->noise_known++;
		res->quiet += nz.quiet;
	}
	hg_noise_free(&nz);
}

static int save_trial(const struct ctxcost_args *a, const struct hg_trace *t, size_t i)
{
	char path[4096], err[HG_ERR_LEN];

	snprintf(path, sizeof(path), "%s/trial-%02zu.hgt", a->save, a->first + i);
	if (hg_trace_write(t, path, err, sizeof(err))) {
		hg_msg("ctxcost: %s", err);
		return 1;
	}
	return 0;
}

/* The @n values of @v that are numbers, into @out; returns how many. */
static size_t compact(const double *v, size_t n, double *out)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (!isnan(v[i]))
			out[k++] = v[i];
	return k;
}

/* Run trials until the rule says stop; 0, or the exit status. */
static int run_trials(const struct ctxcost_args *a, struct result *res, struct hg_calib *cal)
{
	struct hg_trial_args w;
	struct hg_ctx_report r;
	struct hg_trace *t;
	double vol[HG_TRIAL_MAX];
	struct hg_ci ci;
	char err[HG_ERR_LEN];
	size_t n;
	int ret;

	if (trial_words(a, &w)) {
		hg_msg("ctxcost: the trial's command line is too long");
		return 2;
	}
	res->command = hg_join_args(w.argc, w.argv);
	if (!res->command) {
		hg_msg("ctxcost: %s", strerror(ENOMEM));
		return 1;
	}
	do {
		ret = hg_trial_run(&w, &t, err, sizeof(err));
		if (ret) {
			hg_msg("ctxcost: trial %zu: %s", res->trials + 1, err);
			return ret;
		}
		if (t->flags & HG_TRACE_INTERRUPTED) {
			hg_trace_free(t);
			res->verdict = HG_STABLE_INTERRUPTED;
			break;	/* report the trials that ran whole */
		}
		*cal = t->calib;
		ret = hg_ctx_analyse(t, &r);
		if (!ret) {
			add_trial(res, t, &r);
			if (a->save)
				ret = save_trial(a, t, res->trials - 1);
		} else {
			hg_msg("ctxcost: trial %zu: %s", res->trials + 1,
				strerror(-ret));
			ret = 1;
		}
		hg_ctx_free(&r);
		hg_trace_free(t);
		if (ret)
			return ret;
		n = compact(res->cls[0].med_ns, res->trials, vol);
		ret = hg_stable_check(&res->rule, vol, n, res->trials, &ci);
		if (ret < 0)
			return 1;
		res->verdict = ret;
		if (!res->cls[0].n && res->trials >= 3) {
			hg_msg("ctxcost: no voluntary switch in %zu trials "
				"(is something else running on cpu %" PRIu64 "?)", res->trials, a->o.cpu);
			return 1;
		}
	} while (res->verdict == HG_STABLE_MORE && res->trials < HG_TRIAL_MAX);
	return 0;
}

/*
 * The median and mean of one class over the @trials trials, each with a
 * percentile bootstrap interval. A switch cost (and a rate) is positive
 * and its trials' means are skewed: one trial in which another task ran
 * raises its mean tenfold, and a Student-t interval, symmetric about the
 * mean, then reaches below zero (mean 1667 us, CI -643 .. 3977 us). A
 * percentile bootstrap's interval lies within the values' range, so it
 * stays positive, and it is as lopsided as they are. A log scale would
 * give an interval of the geometric mean, not of the mean printed.
 */
static int summarise(const struct per_class *pc, size_t trials, struct hg_ci *med,
		     struct hg_ci *mean)
{
	double v[HG_TRIAL_MAX];
	size_t n;

	memset(med, 0, sizeof(*med));
	memset(mean, 0, sizeof(*mean));
	n = compact(pc->med_ns, trials, v);
	if (!n)
		return 0;
	if (hg_bootstrap_ci(v, n, 50, 0.95, HG_BOOT_REPS, HG_BOOT_SEED, med))
		return -ENOMEM;
	n = compact(pc->mean_ns, trials, v);
	return hg_bootstrap_ci(v, n, HG_BOOT_MEAN, 0.95, HG_BOOT_REPS, HG_BOOT_SEED, mean);
}

/* A per-trial figure in us, or "-". */
static const char *us_or_dash(double ns, char *buf, size_t len)
{
	if (isnan(ns))
		return "-";
	snprintf(buf, len, "%.3f", ns / 1000);
	return buf;
}

static const char *const class_name[2] = { "voluntary", "involuntary" };

static void print_text(const struct ctxcost_args *a, const struct result *res,
		       const struct hg_ci med[2], const struct hg_ci mean[2],
		       const struct hg_ci *rate)
{
	char d[32], y[32], b1[160], b2[160], t[4][32];
	size_t i;
	int c;

	printf("# ctxcost: %" PRIu64 " threads CPU_YIELD %s on cpu %" PRIu64 ", %s a trial, "
	       "%zu trials (%s; %s)\n# a trial: %s\n", a->o.threads,
	       hg_format_time(a->yield_ns, y, sizeof(y)), a->o.cpu,
	       hg_format_time(a->o.duration_ns, d, sizeof(d)), res->trials,
	       hg_stable_name(res->verdict), hg_trial_opts_describe(&res->rule, b1, sizeof(b1)),
	       res->command);
	printf("# %5s %14s %14s %14s %14s %12s\n", "trial", "vol_median_us", "vol_mean_us",
	       "invol_median_us", "invol_mean_us", "switches/s");
	for (i = 0; i < res->trials; i++)
		printf("  %5zu %14s %14s %14s %14s %12.1f\n", i + 1,
		       us_or_dash(res->cls[0].med_ns[i], t[0], sizeof(t[0])),
		       us_or_dash(res->cls[0].mean_ns[i], t[1], sizeof(t[1])),
		       us_or_dash(res->cls[1].med_ns[i], t[2], sizeof(t[2])),
		       us_or_dash(res->cls[1].mean_ns[i], t[3], sizeof(t[3])), res->rate[i]);
	for (c = 0; c < 2; c++) {
		if (!res->cls[c].n) {
			printf("%s switch: none seen\n", class_name[c]);
			continue;
		}
		printf("%s switch: median %s, mean %s; %" PRIu64 " switches in %zu trials\n",
		       class_name[c],
		       hg_ci_text(&med[c], HG_CI_BOOT_MEDIAN, 1000, 3, "us", "trial", b1,
				  sizeof(b1)),
		       hg_ci_text(&mean[c], HG_CI_BOOT_MEAN, 1000, 3, "us", "trial", b2,
				  sizeof(b2)),
		       res->cls[c].switches, res->cls[c].n);
	}
	printf("switches per second: %s\n",
	       hg_ci_text(rate, HG_CI_BOOT_MEAN, 1, 1, "/s", "trial", b1, sizeof(b1)));
	if (res->noise_known)
		printf("machine: %s (cpu %" PRIu64 " quiet in %zu of %zu trials)\n",
		       res->quiet == res->noise_known ? "quiet" :
		       "not quiet: switch costs may include other tasks' run time",
		       a->o.cpu, res->quiet, res->noise_known);
	if (res->have_pp)
		printf("pipe ping-pong (calibrate --ctx): %s per switch, pipe system calls "
		       "included\n", hg_ci_text(&res->pp.pipe_median_ns, HG_CI_BOOT_MEDIAN, 1000, 3,
						"us", "round trip", b1, sizeof(b1)));
}

static void json_class(struct hg_json *j, const struct per_class *pc, size_t trials,
		       const struct hg_ci *med, const struct hg_ci *mean, const char *name)
{
	size_t i;

	hg_json_obj(j, name);
	hg_json_ci(j, med, HG_CI_BOOT_MEDIAN, 1, "median_ns", "ci_low_ns", "ci_high_ns");
	hg_json_ci(j, mean, HG_CI_BOOT_MEAN, 1, "mean_ns", "mean_ci_low_ns", "mean_ci_high_ns");
	hg_json_u64(j, "trials", pc->n);
	hg_json_u64(j, "switches", pc->switches);
	hg_json_row(j, "trial_median_ns");
	for (i = 0; i < trials; i++)
		hg_json_num(j, NULL, pc->med_ns[i], 1);	/* null: none in that trial */
	hg_json_close(j);
	hg_json_close(j);
}

static void print_json(const struct ctxcost_args *a, const struct result *res,
		       const struct hg_ci med[2], const struct hg_ci mean[2],
		       const struct hg_ci *rate)
{
	struct hg_json j;

	hg_json_begin(&j, stdout);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", 1);
	hg_json_string(&j, "generator", "hourglass ctxcost");
	hg_json_u64(&j, "cpu", a->o.cpu);
	hg_json_u64(&j, "threads", a->o.threads);
	hg_json_u64(&j, "duration_ns", a->o.duration_ns);
	hg_json_u64(&j, "yield_ns", a->yield_ns);
	hg_json_u64(&j, "trials", res->trials);
	hg_json_string(&j, "stopped", hg_stable_name(res->verdict));
	hg_json_string(&j, "trial_command", res->command);
	json_class(&j, &res->cls[0], res->trials, &med[0], &mean[0], "voluntary");
	json_class(&j, &res->cls[1], res->trials, &med[1], &mean[1], "involuntary");
	hg_json_ci(&j, rate, HG_CI_BOOT_MEAN, 1, "switches_per_s", "switches_per_s_ci_low",
		   "switches_per_s_ci_high");
	if (res->noise_known) {
		hg_json_bool(&j, "quiet", res->quiet == res->noise_known);
		hg_json_u64(&j, "quiet_trials", res->quiet);
	} else {
		hg_json_null(&j, "quiet");
	}
	if (res->have_pp)
		hg_json_ci(&j, &res->pp.pipe_median_ns, HG_CI_BOOT_MEDIAN, 1, "pingpong_ns",
			   "pingpong_ci_low_ns",
			   "pingpong_ci_high_ns");
	else
		hg_json_null(&j, "pingpong_ns");
	hg_json_end_doc(&j);
}

/* The trials, the ping-pong figure and the report; 0, or the exit status. */
static int measure(const struct ctxcost_args *a, struct result *res)
{
	struct hg_ci med[2], mean[2], rate;
	struct hg_calib cal;
	int status, ret;

	status = run_trials(a, res, &cal);
	if (!status && !res->trials) {
		hg_msg("ctxcost: interrupted before a trial was complete");
		status = 1;
	}
	if (status)
		return status;
	ret = hg_pingpong_measure((unsigned int)a->o.cpu, HG_PINGPONG_ROUNDS, &cal, &res->pp);
	if (ret)
		hg_msg("ctxcost: ping-pong on cpu %" PRIu64 ": %s", a->o.cpu,
			strerror(-ret));
	res->have_pp = !ret;
	if (hg_bootstrap_ci(res->rate, res->trials, HG_BOOT_MEAN, 0.95, HG_BOOT_REPS, HG_BOOT_SEED,
			    &rate) ||
	    summarise(&res->cls[0], res->trials, &med[0], &mean[0]) ||
	    summarise(&res->cls[1], res->trials, &med[1], &mean[1])) {
		hg_msg("ctxcost: %s", strerror(ENOMEM));
		return 1;
	}
	if (a->o.json)
		print_json(a, res, med, mean, &rate);
	else
		print_text(a, res, med, mean, &rate);
	return hg_cmd_flush("ctxcost", 0);
}

static int ctxcost_main(int argc, char **argv)
{
	struct ctxcost_args a;
	struct result *res;
	sigset_t held;
	int status;

	res = calloc(1, sizeof(*res));
	if (!res) {
		hg_msg("ctxcost: %s", strerror(ENOMEM));
		return 1;
	}
	if (parse(argc, argv, &a, &res->rule, &status)) {
		free(res);
		return status;
	}
	/* a signal ends the series: the trials done are reported */
	hg_trial_hold(&held);
	status = measure(&a, res);
	hg_trial_release(&held);
	free(res->command);
	free(res);
	return status;
}

const struct hg_command hg_cmd_ctxcost = {
	.name = "ctxcost",
	.spec = &ctxcost_spec,
	.main = ctxcost_main,
};
