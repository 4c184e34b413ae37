// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_ctxcost.c - hourglass ctxcost: the paper's direct switch cost as one
 * command, trials repeated until the median is known well enough
 *
 * Each trial is a run (trial.c) of CPU_YIELD threads on one CPU, and its
 * gaps are classified as ctx classifies them (analysis/gaps/ctx.c); the
 * trial's median voluntary switch cost is one sample of the until-stable
 * rule (analysis/stats/stable.c). The pipe ping-pong of calibrate --ctx is
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

#include "analysis/gaps/ctx.h"
#include "analysis/kernel/noise.h"
#include "analysis/stats/stable.h"
#include "hourglass/cmdopt.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "hourglass/savedir.h"
#include "hourglass/trial.h"
#include "report/ctxcostout.h"
#include "run/cpulist.h"
#include "run/pingpong.h"
#include "trace/msg.h"
#include "util/errlen.h"
#include "util/timeval.h"

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

/* The trials, the ping-pong figure and the report; 0, or the exit status. */
static int measure(const struct ctxcost_args *a, struct result *res)
{
	struct hg_ctxcost_out o = {
		.cpu = a->o.cpu, .threads = a->o.threads, .duration_ns = a->o.duration_ns,
		.yield_ns = a->yield_ns, .rate = res->rate,
	};
	struct hg_calib cal;
	char rule[160];
	int status, ret, c;

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
			    &o.rate_ci) ||
	    summarise(&res->cls[0], res->trials, &o.cls[0].med, &o.cls[0].mean) ||
	    summarise(&res->cls[1], res->trials, &o.cls[1].med, &o.cls[1].mean)) {
		hg_msg("ctxcost: %s", strerror(ENOMEM));
		return 1;
	}
	for (c = 0; c < 2; c++) {
		o.cls[c].med_ns = res->cls[c].med_ns;
		o.cls[c].mean_ns = res->cls[c].mean_ns;
		o.cls[c].n = res->cls[c].n;
		o.cls[c].switches = res->cls[c].switches;
	}
	o.trials = res->trials;
	o.verdict = res->verdict;
	o.rule = hg_trial_opts_describe(&res->rule, rule, sizeof(rule));
	o.command = res->command;
	o.noise_known = res->noise_known;
	o.quiet = res->quiet;
	o.have_pp = res->have_pp;
	o.pingpong_ns = res->pp.pipe_median_ns;
	if (a->o.json)
		hg_ctxcost_json(stdout, &o);
	else
		hg_ctxcost_print(stdout, &o);
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
