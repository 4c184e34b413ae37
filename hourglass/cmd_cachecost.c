// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_cachecost.c - hourglass cachecost: the paper's figure 5, the cache
 * penalty of a context switch against the working-set size
 *
 * For each size, trials alternate: one CPU_SCAN thread alone, then N of
 * them on the same CPU, then one again, ... so that a machine that drifts
 * hits both alike. Each pair gives one penalty (analysis/gaps/cachecost.c);
 * pairs repeat under the until-stable rule of analysis/stats/stable.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/cmdopt.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "hourglass/trial.h"
#include "report/cacheout.h"
#include "svg/cachesvg.h"
#include "trace/msg.h"
#include "util/atomicfile.h"
#include "util/errlen.h"
#include "util/timeval.h"

struct cachecost_args {
	struct hg_trial_opts o;		/* first: the shared rows store here */
	struct hg_opt_list sizes;	/* bytes */
	uint64_t yield_ns;
	bool csv;
	const char *svg;
};

static const struct hg_opt cachecost_opts[] = {
	HG_TRIAL_OPT_ROWS,
	{ .name = "sizes", .kind = HG_OPT_LIST, .elem = HG_OPT_SIZE,
	  .off = offsetof(struct cachecost_args, sizes), .min = 1024, .max = 1ULL << 32,
	  .help = "working-set sizes (default 4K,16K,64K,256K,1M,4M)" },
	{ .name = "yield", .kind = HG_OPT_TIME, .off = offsetof(struct cachecost_args, yield_ns),
	  .value = "<amount>",
	  .help = "yield after <amount> of CPU time (CPU_SCAN_YIELD):\n"
		  "more switches, so small penalties rise above the noise" },
	{ .name = "csv", .kind = HG_OPT_FLAG, .off = offsetof(struct cachecost_args, csv),
	  .help = "print the table as CSV instead of text" },
	{ .name = "svg", .kind = HG_OPT_OUTPUT, .off = offsetof(struct cachecost_args, svg),
	  .value = "<out.svg>",
	  .help = "draw the penalty against the size (log axis, error bars)" },
	HG_OPT_END
};

static const struct hg_cmdspec cachecost_spec = {
	.name = "cachecost",
	.summary = "cache penalty of a switch against working-set size (figure 5)",
	.about = "For each working-set size run trials in pairs, one CPU_SCAN thread alone\n"
		 "and then <threads> of them sharing one CPU, alternating so that drift hits\n"
		 "both alike. A pair's penalty per switch is ((r1 - rN) / r1) * (received_N /\n"
		 "switches_N), with r the passes per second of received CPU time and the\n"
		 "switches counted from the trace; the paper's wall-clock formula is printed\n"
		 "beside it. Print per size the median penalty with a bootstrap 95 % interval\n"
		 "(\"no measurable penalty\" when it contains zero), the mean, the pairs,\n"
		 "switches/s and passes/s; pairs with |z| > 2 are flagged, drift across\n"
		 "pairs is reported. --trials and the until-stable options count pairs.",
	.opts = cachecost_opts,
};

static const uint64_t default_kb[] = { 4, 16, 64, 256, 1024, 4096 };

static int parse(int argc, char **argv, struct cachecost_args *a, struct hg_stable_rule *r,
		 int *status)
{
	unsigned int i;

	memset(a, 0, sizeof(*a));
	hg_trial_opts_default(&a->o);
	if (hg_cmdopt_get(&cachecost_spec, argc, argv, a, status))
		return -1;
	*status = hg_trial_opts_check("cachecost", &a->o, r);
	if (*status)
		return -1;
	*status = 2;
	if (a->csv && a->o.json) {
		hg_msg("cachecost: --csv: cannot be combined with --json");
		return -1;
	}
	for (i = 0; i < a->sizes.n; i++)
		if (a->sizes.v[i] % 1024) {
			hg_msg("cachecost: --sizes %" PRIu64 "B: not a whole "
				"number of KB", a->sizes.v[i]);
			return -1;
		}
	if (!a->sizes.n) {
		a->sizes.n = sizeof(default_kb) / sizeof(default_kb[0]);
		for (i = 0; i < a->sizes.n; i++)
			a->sizes.v[i] = default_kb[i] * 1024;
	}
	*status = 0;
	return 0;
}

/* The run of @threads threads scanning @kb KB. */
static int words(const struct cachecost_args *a, uint64_t kb, uint64_t threads,
		 struct hg_trial_args *w)
{
	char d[32], y[32];
	int bad;

	hg_trial_init(w);
	bad = hg_trial_add(w, "-n") || hg_trial_add(w, "%" PRIu64, threads) ||
	      hg_trial_add(w, "-d") ||
	      hg_trial_add(w, "%s", hg_format_time(a->o.duration_ns, d, sizeof(d))) ||
	      hg_trial_add(w, "-a") || hg_trial_add(w, "-w");
	if (!bad && a->yield_ns)
		bad = hg_trial_add(w, "CPU_SCAN_YIELD") || hg_trial_add(w, "%" PRIu64, kb) ||
		      hg_trial_add(w, "%s", hg_format_time(a->yield_ns, y, sizeof(y)));
	else if (!bad)
		bad = hg_trial_add(w, "CPU_SCAN") || hg_trial_add(w, "%" PRIu64, kb);
	return bad || hg_trial_add(w, "--cpu") || hg_trial_add(w, "%" PRIu64, a->o.cpu) ||
	       hg_trial_add(w, "-x") || hg_trial_add(w, "-q") ? -E2BIG : 0;
}

/* One trial: run @w and total it. 0, or the exit status. */
static int trial(const struct hg_trial_args *w, uint64_t kb, struct hg_cache_trial *ct,
		 bool *interrupted)
{
	struct hg_trace *t;
	char err[HG_ERR_LEN];
	int ret;

	ret = hg_trial_run(w, &t, err, sizeof(err));
	if (ret) {
		hg_msg("cachecost: %" PRIu64 " KB: %s", kb, err);
		return ret;
	}
	*interrupted = t->flags & HG_TRACE_INTERRUPTED;
	ret = hg_cache_trial_of(t, ct);
	hg_trace_free(t);
	if (ret) {
		hg_msg("cachecost: %" PRIu64 " KB: %s", kb, strerror(-ret));
		return 1;
	}
	return 0;
}

/*
 * Pairs of trials for one size until the rule says stop. 0, or the exit
 * status; *@interrupted when a signal ended a trial (its pair is dropped).
 */
static int measure_size(const struct cachecost_args *a, const struct hg_stable_rule *rule,
			struct hg_cache_size *s, bool *interrupted)
{
	struct hg_trial_args one, many;
	struct hg_cache_trial t1, tn;
	struct hg_ci ci;
	double ns[HG_TRIAL_MAX];
	int ret, skipped = 0;
	size_t i;

	if (words(a, s->size_kb, 1, &one) || words(a, s->size_kb, a->o.threads, &many)) {
		hg_msg("cachecost: a trial's command line is too long");
		return 2;
	}
	for (;;) {
		ret = trial(&one, s->size_kb, &t1, interrupted);
		if (!ret && !*interrupted)
			ret = trial(&many, s->size_kb, &tn, interrupted);
		if (*interrupted)
			s->verdict = HG_STABLE_INTERRUPTED;
		if (ret || *interrupted)
			return ret;
		ret = hg_cache_size_add(s, &t1, &tn);
		if (ret == -EDOM && ++skipped <= 3)
			continue;	/* a pair without a switch or a pass: try again */
		if (ret) {
			hg_msg("cachecost: %" PRIu64 " KB: %s", s->size_kb,
				ret == -EDOM ? "no switch or no pass in the trials (a trial too "
				"short?)" : strerror(-ret));
			return 1;
		}
		for (i = 0; i < s->pairs; i++)	/* the rule's unit: ns */
			ns[i] = s->penalty_us[i] * 1000;
		ret = hg_stable_check(rule, ns, s->pairs, s->pairs, &ci);
		if (ret < 0)
			return 1;
		s->verdict = ret;
		if (ret != HG_STABLE_MORE || s->pairs >= s->cap)
			return 0;
	}
}

/* The picture's inputs, for the atomic writer. */
struct cache_svg {
	const struct hg_cache_run *run;
	const struct hg_cache_size *s;
	size_t n;
};

static int cache_svg(FILE *f, const void *arg)
{
	const struct cache_svg *c = arg;

	return hg_cache_svg(f, c->run, c->s, c->n);
}

static int write_svg(const struct cachecost_args *a, const struct hg_cache_run *run,
		     const struct hg_cache_size *s, size_t n)
{
	const struct cache_svg c = { .run = run, .s = s, .n = n };

	return hg_cmd_write("cachecost", a->svg, cache_svg, &c);
}

static int report(const struct cachecost_args *a, const struct hg_stable_rule *rule,
		  const struct hg_cache_size *s, size_t n, const char *command)
{
	char workload[64], y[32], how[160];
	struct hg_cache_run run;

	if (a->yield_ns)
		snprintf(workload, sizeof(workload), "CPU_SCAN_YIELD <size> %s",
			 hg_format_time(a->yield_ns, y, sizeof(y)));
	else
		snprintf(workload, sizeof(workload), "CPU_SCAN <size>");
	run = (struct hg_cache_run){ workload, (unsigned int)a->o.threads,
				     (unsigned int)a->o.cpu, a->o.duration_ns,
				     hg_trial_opts_describe(rule, how, sizeof(how)), command };
	if (a->o.json)
		hg_cache_json(stdout, &run, s, n);
	else if (a->csv)
		hg_cache_csv(stdout, s, n);
	else
		hg_cache_print(stdout, &run, s, n);
	if (a->svg && write_svg(a, &run, s, n))
		return 1;
	return 0;
}

static int cachecost_main(int argc, char **argv)
{
	struct hg_cache_size s[HG_OPT_LIST_MAX];
	struct hg_stable_rule rule;
	struct cachecost_args a;
	bool interrupted = false;
	sigset_t held;
	char *command;
	size_t n = 0, cap, i;
	int status, ret = 0;

	if (parse(argc, argv, &a, &rule, &status))
		return status;
	argv[0] = "hourglass cachecost";	/* the whole command, in the outputs */
	command = hg_join_args(argc, argv);
	if (!command) {
		hg_msg("cachecost: %s", strerror(ENOMEM));
		return 1;
	}
	cap = rule.trials ? rule.trials : rule.max_trials;
	/* a signal ends the series: the sizes measured so far are reported */
	hg_trial_hold(&held);
	for (i = 0; i < a.sizes.n && !ret && !interrupted; i++) {
		struct hg_cache_size *cur = &s[n];

		if (hg_cache_size_init(cur, a.sizes.v[i] / 1024, cap)) {
			hg_msg("cachecost: %s", strerror(ENOMEM));
			ret = 1;
			break;
		}
		ret = measure_size(&a, &rule, cur, &interrupted);
		if (!ret && cur->pairs) {
			ret = hg_cache_size_finish(cur) ? 1 : 0;
			if (!ret) {
				n++;
				continue;
			}
		}
		hg_cache_size_free(cur);	/* failed, or interrupted before a pair */
	}
	if (!ret && !n) {
		hg_msg("cachecost: interrupted before a pair was complete");
		ret = 1;
	}
	if (!ret)
		ret = report(&a, &rule, s, n, command);
	if (!ret && interrupted)
		hg_msg("cachecost: interrupted: %zu of %u sizes measured, "
			"the report covers those", n, a.sizes.n);
	hg_trial_release(&held);
	while (n--)
		hg_cache_size_free(&s[n]);
	free(command);
	return hg_cmd_flush("cachecost", ret);
}

const struct hg_command hg_cmd_cachecost = {
	.name = "cachecost",
	.spec = &cachecost_spec,
	.main = cachecost_main,
};
