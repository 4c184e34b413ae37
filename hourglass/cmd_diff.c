// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_diff.c - hourglass diff <a> <b>: did a change change switch costs,
 * gaps, latency, deadline misses or shares?
 *
 * Each side is a trace, a summary JSON file, or a directory of either (its
 * files are the trials). Loading is here; the comparison is
 * analysis/compare/diff.c.
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis/compare/diffaudit.h"
#include "analysis/compare/diffchain.h"
#include "analysis/compare/diffcause.h"
#include "analysis/compare/thresh.h"
#include "hourglass/cmdopt.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "hourglass/diffin.h"
#include "report/diff.h"
#include "report/labdiff.h"
#include "trace/msg.h"
#include "util/errlen.h"
#include "util/grow.h"
#include "util/lookup.h"
#include "util/timeval.h"

struct diff_args {
	const char *a, *b;
	const char *fail_if_worse;
	const char *junit;
	bool json;
	bool ktap;
};

static const struct hg_arg diff_pos[] = {
	{ .name = "<a>", .what = "first trace, summary or directory", .kind = HG_OPT_FILE,
	  .off = offsetof(struct diff_args, a),
	  .help = "before: a trace (-o), a summary (--json) or a\ndirectory of them (trials)" },
	{ .name = "<b>", .what = "second trace, summary or directory", .kind = HG_OPT_FILE,
	  .off = offsetof(struct diff_args, b), .help = "after: the same" },
	HG_ARG_END
};

static const struct hg_opt diff_opts[] = {
	{ .name = "fail-if-worse", .kind = HG_OPT_STRING,
	  .off = offsetof(struct diff_args, fail_if_worse), .value = "<metric>[:<tolerance>]",
	  .help = "exit 3 when B is significantly worse in <metric>\n"
		  "(higher; lower for a share) by more than <tolerance>:\n"
		  "a percentage of A (10%), a time (5us) or a number" },
	{ .name = "json", .kind = HG_OPT_FLAG, .off = offsetof(struct diff_args, json),
	  .help = "print the comparison as JSON instead of text" },
	{ .name = "ktap", .kind = HG_OPT_FLAG, .off = offsetof(struct diff_args, ktap),
	  .help = "print it as KTAP version 1 instead: a test per metric,\n"
		  "not ok for the one --fail-if-worse gates when B is worse" },
	{ .name = "junit", .kind = HG_OPT_OUTPUT, .off = offsetof(struct diff_args, junit),
	  .value = "<file>", .help = "write the same tests as JUnit XML to <file>" },
	HG_OPT_END
};

static const struct hg_cmdspec diff_spec = {
	.name = "diff",
	.summary = "compare two runs or two sets of trials, with tests and verdicts",
	.about = "Compare A and B metric by metric: switch costs per class, each thread's\n"
		 "gaps and LAT latency (count, median, p99, p99.9, max), deadline misses,\n"
		 "received shares, the loads' throughputs (--load); with the kernel's\n"
		 "events (--kernel, or a summary's causes), each thread's gap time and\n"
		 "count per kind of cause.\n"
		 "For each: A, B, the difference B - A with its 95 %\n"
		 "interval, the test (Mann-Whitney on two traces' samples, a bootstrap for\n"
		 "high percentiles, Welch across trials, Fisher's exact test for misses)\n"
		 "and a verdict: B higher, B lower or no significant difference, or too\n"
		 "few samples (a percentile of one trace each needs as many samples a\n"
		 "side as cover it: 6 for the median, 299 p99, 2995 p99.9). The two\n"
		 "system snapshots are compared line by line first, then the checks of the\n"
		 "runs' audits whose verdicts differ. Exit status 0 whatever the verdict,\n"
		 "unless --fail-if-worse.",
	.args = diff_pos,
	.opts = diff_opts,
};

struct side {
	struct hg_diff_trial *t;
	size_t n, cap;
};

static void side_free(struct side *s)
{
	while (s->n)
		hg_diff_trial_free(&s->t[--s->n]);
	free(s->t);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

/* Load one file into @s; 0, or the exit status (message printed). */
static int load_file(const char *path, struct side *s)
{
	struct hg_diff_trial *tr;
	struct hg_trace *t;
	char err[HG_ERR_LEN];
	int ret;

	if (HG_GROW(s->t, s->cap, s->n + 1)) {
		hg_msg("diff: %s", strerror(ENOMEM));
		return 1;
	}
	tr = &s->t[s->n];
	if (ends_with(path, ".json")) {
		ret = hg_diff_from_json(path, tr, err, sizeof(err));
		if (ret) {
			hg_msg("diff: %s: %s", path, err);
			return ret == -ENOMEM || ret == -EIO ? 1 : 2;
		}
	} else {
		if (hg_cmd_read("diff", path, &t))
			return 2;
		ret = hg_diff_from_trace(t, tr);
		if (!ret)
			ret = hg_diff_chains_trace(t, tr);	/* --chain: reaction, data age */
		if (!ret)
			ret = hg_diff_causes_from_trace(t, tr);	/* --kernel: what filled the gaps */
		if (!ret)
			ret = hg_diff_audit_from_trace(t, tr);	/* the audit, --load's throughput */
		hg_trace_free(t);
		if (ret) {
			hg_msg("diff: %s: %s", path,
				ret == -EINVAL ? "damaged records" : strerror(-ret));
			hg_diff_trial_free(tr);
			return ret == -EINVAL ? 2 : 1;
		}
	}
	s->n++;
	return 0;
}

static int trial_file(const struct dirent *d)
{
	return ends_with(d->d_name, ".hgt") || ends_with(d->d_name, ".json");
}

/* A file, or every trace and summary in a directory, in name order. */
static int load(const char *path, struct side *s)
{
	struct dirent **names;
	struct stat st;
	char file[4096];
	int n, i, ret = 0;

	if (stat(path, &st) || !S_ISDIR(st.st_mode))
		return load_file(path, s);
	n = scandir(path, &names, trial_file, alphasort);
	if (n < 0) {
		hg_msg("diff: %s: %s", path, strerror(errno));
		return 2;
	}
	for (i = 0; i < n; i++) {
		snprintf(file, sizeof(file), "%s/%s", path, names[i]->d_name);
		if (!ret)
			ret = load_file(file, s);
		free(names[i]);
	}
	free(names);
	if (!ret && !n) {
		hg_msg("diff: %s: no trace (.hgt) or summary (.json) in it",
			path);
		ret = 2;
	}
	return ret;
}

struct worse {
	char metric[HG_DIFF_NAME + 8];
	double tol;
	bool pct;
};

/* Parse <metric>[:<tolerance>]; 0 or 2 (message printed). */
static int parse_worse(const char *arg, struct worse *w)
{
	const char *colon = strchr(arg, ':');
	size_t len = colon ? (size_t)(colon - arg) : strlen(arg);
	char *end, why[HG_ERR_LEN];
	uint64_t ns;

	memset(w, 0, sizeof(*w));
	if (!len || len >= sizeof(w->metric)) {
		hg_msg("diff: --fail-if-worse %s: no metric (e.g. "
			"latency.p99:10%%)", arg);
		return 2;
	}
	memcpy(w->metric, arg, len);
	if (!colon)
		return 0;
	w->tol = strtod(colon + 1, &end);
	if (end != colon + 1 && *end == '%' && !end[1] && w->tol >= 0) {
		w->pct = true;
		return 0;
	}
	if (end != colon + 1 && !*end && w->tol >= 0)
		return 0;
	if (!hg_parse_time(colon + 1, &ns, why, sizeof(why))) {
		w->tol = (double)ns / 1000;	/* the metrics' times are in us */
		return 0;
	}
	hg_msg("diff: --fail-if-worse %s: tolerance '%s' is not a "
		"percentage, a time or a number", arg, colon + 1);
	return 2;
}

static const char *row_name(const void *ctx, size_t i)
{
	return ((const struct hg_diff_row *)ctx)[i].name;
}

/*
 * The row of @w's metric, or NULL with the message printed (the nearest
 * name by the one suggestion rule), before anything else is printed
 */
static const struct hg_diff_row *worse_row(const struct worse *w, const char *arg,
					   const struct hg_diff_row *r, size_t n)
{
	const char *near;
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(r[i].name, w->metric))
			return &r[i];
	near = hg_suggest(w->metric, strlen(w->metric), row_name, r, n);
	if (near)
		hg_msg("diff: --fail-if-worse %s: no metric '%s' in both "
			"(did you mean %s?)", arg, w->metric, near);
	else
		hg_msg("diff: --fail-if-worse %s: no metric '%s' in both "
			"(the metric column of diff without it lists them)", arg, w->metric);
	return NULL;
}

/* 3 when row @r shows B worse than @w's tolerance allows, else 0. */
static int check_worse(const struct worse *w, const struct hg_diff_row *r)
{
	double tol, by;

	tol = w->pct ? fabs(r->a) * w->tol / 100 : w->tol;
	by = r->kind == HG_DK_SHARE ? -r->delta : r->delta;
	if ((r->kind == HG_DK_SHARE ? r->sign < 0 : r->sign > 0) && by > tol) {
		hg_msg("diff: %s is worse in B: %.3f against %.3f, by %.3f "
			"(tolerance %.3f; %s, adjusted p %.4f)", r->name, r->b, r->a, by, tol,
			r->test, r->p_adj);
		return 3;
	}
	return 0;
}

static int write_junit(FILE *f, const void *arg)
{
	return hg_lab_junit(f, arg);
}

/* --ktap, --junit: the metrics as tests; returns 0, or 1 (said why). */
static int lab_results(const struct diff_args *a, const struct hg_diff_row *rows, size_t n,
		       const struct hg_diff_row *gate, bool worse)
{
	struct hg_lab l;
	int ret;

	hg_lab_init(&l, "diff");
	ret = hg_labdiff(&l, rows, n, gate, worse);
	if (ret)
		hg_msg("diff: %s", strerror(-ret));
	if (!ret && a->ktap && hg_lab_ktap(stdout, &l))
		ret = 1;
	if (!ret && a->junit)
		ret = hg_cmd_write("diff", a->junit, write_junit, &l);
	hg_lab_free(&l);
	return ret ? 1 : 0;
}

/* The comparison on standard output: JSON, KTAP or text; 0 or 1 (said why). */
static int print_rows(const struct diff_args *a, const struct hg_diff_sides *sides,
		      const struct hg_diff_row *rows, size_t n)
{
	if (a->ktap)
		return 0;	/* lab_results() prints it */
	if (!a->json) {
		hg_diff_print(stdout, sides, rows, n);
		return 0;
	}
	if (!hg_diff_json(stdout, sides, rows, n))
		return 0;
	hg_msg("diff: writing the JSON: %s", strerror(EIO));
	return 1;
}

static int diff_main(int argc, char **argv)
{
	struct diff_args a = { 0 };
	struct side sa = { 0 }, sb = { 0 };
	struct hg_diff_sides sides;
	struct hg_diff_row *rows = NULL;
	const struct hg_diff_row *wr = NULL;
	struct worse w;
	size_t n = 0;
	int ret;

	if (hg_cmdopt_get(&diff_spec, argc, argv, &a, &ret))
		return ret;
	if (a.json && a.ktap) {
		hg_msg("diff: --json and --ktap: both on standard output "
			"(give one)");
		return 2;
	}
	if (a.fail_if_worse && parse_worse(a.fail_if_worse, &w))
		return 2;
	ret = load(a.a, &sa);
	if (!ret)
		ret = load(a.b, &sb);
	if (!ret && hg_diff_compare(sa.t, sa.n, sb.t, sb.n, &rows, &n)) {
		hg_msg("diff: %s", strerror(ENOMEM));
		ret = 1;
	}
	if (!ret && a.fail_if_worse && !(wr = worse_row(&w, a.fail_if_worse, rows, n)))
		ret = 2;
	if (!ret) {
		if (sa.t[0].gap_threshold_ns && sb.t[0].gap_threshold_ns &&
		    hg_thresh_differ_ns(sa.t[0].gap_threshold_ns, sb.t[0].gap_threshold_ns))
			hg_msg("diff: warning: gap thresholds differ (A %llu ns, "
				"B %llu ns): gaps shorter than the larger were not seen in both",
				(unsigned long long)sa.t[0].gap_threshold_ns,
				(unsigned long long)sb.t[0].gap_threshold_ns);
		sides = (struct hg_diff_sides){ a.a, a.b, sa.n, sb.n, &sa.t[0], &sb.t[0] };
		ret = print_rows(&a, &sides, rows, n);
		if (!ret && a.fail_if_worse)
			ret = check_worse(&w, wr);
		if ((a.ktap || a.junit) && lab_results(&a, rows, n, wr, ret == 3))
			ret = 1;
	}
	free(rows);
	side_free(&sa);
	side_free(&sb);
	return ret;
}

const struct hg_command hg_cmd_diff = {
	.name = "diff",
	.spec = &diff_spec,
	.main = diff_main,
};
