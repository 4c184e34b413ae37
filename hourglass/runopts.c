// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * runopts.c - the table of the run's options, and what takes the global
 * values that no kind of cmdopt.h describes (locks, actions, loads, lists;
 * the per-thread ones are runopts_thread.c's); options.c reads the line
 * with it, usage.c prints --help from it
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "hourglass/optionsint.h"
#include "hourglass/overin.h"
#include "hourglass/runopts.h"
#include "run/action.h"
#include "run/config.h"
#include "run/cpulist.h"
#include "timers/timer.h"
#include "trace/brk.h"
#include "util/errlen.h"
#include "util/lookup.h"
#include "workloads/workload.h"

/* -n <n>: the number of threads */
static int set_threads(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		       char *const *v)
{
	uint64_t n;
	int ret = hg_opt_value(HG_OPT_COUNT, opt, v[0], 1, HG_MAX_THREADS, 0, &n, ps->err,
			       ps->errlen);

	(void)r;
	if (ret)
		return ret;
	ps->cfg->nthreads = (unsigned int)n;
	ps->have_n = true;
	return 0;
}

/* -d <time>: 0, with or without a unit, is --forever */
static int set_duration(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			char *const *v)
{
	(void)r;
	if (!strcmp(v[0], "0")) {
		ps->cfg->duration_ns = 0;
		return 0;
	}
	return hg_opt_value(HG_OPT_TIME, opt, v[0], 0, 0, HG_OPT_ZERO_OK,
			    &ps->cfg->duration_ns, ps->err, ps->errlen);
}

static int set_forever(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		       char *const *v)
{
	(void)r, (void)opt, (void)v;
	ps->cfg->duration_ns = 0;
	return 0;
}

/* --histogram <max_us> */
static int set_histogram(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			 char *const *v)
{
	uint64_t n = 0;
	int ret = hg_opt_value(HG_OPT_COUNT, opt, v[0], 1, HG_MAX_HISTOGRAM_US, 0, &n,
			       ps->err, ps->errlen);

	(void)r;
	ps->cfg->histogram_us = (uint32_t)n;
	return ret;
}

_Static_assert(HG_MAX_THRESHOLDS <= HG_OPT_LIST_MAX, "--lat-thresholds fits a list");

/* --lat-thresholds <t>[,<t>...]: increasing times, at most HG_MAX_THRESHOLDS. */
static int set_thresholds(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			  char *const *v)
{
	struct hg_list_parse lp = { .row = &r->opt, .maxn = HG_MAX_THRESHOLDS,
				    .maxlen = HG_LIST_ITEM_MAX };
	struct hg_config *cfg = ps->cfg;
	const char *val = v[0];
	int ret;

	cfg->thresholds_set = true;
	if (strlen(val) >= HG_LIST_ITEM_MAX)
		return hg_args_fail(ps, -EINVAL, "%s: list too long", opt);
	ret = hg_opt_list(&lp, opt, val, ps->err, ps->errlen);
	switch (lp.fault) {
	case HG_LIST_OK:
		memcpy(cfg->thresholds_ns, lp.list.v, lp.list.n * sizeof(lp.list.v[0]));
		cfg->nthresholds = lp.list.n;
		return 0;
	case HG_LIST_EMPTY:
		return hg_args_fail(ps, ret, "%s: empty list (write e.g. 100us,1ms)", opt);
	case HG_LIST_EMPTY_ITEM:
		return hg_args_fail(ps, ret, "%s %s: empty item in the list (write e.g. "
				    "100us,1ms)", opt, val);
	case HG_LIST_TOO_MANY:
		return hg_args_fail(ps, ret, "%s %s: at most %d thresholds", opt, val,
				    HG_MAX_THRESHOLDS);
	case HG_LIST_NOT_INCREASING:
		return hg_args_fail(ps, ret, "%s %s: thresholds must increase", opt, val);
	case HG_LIST_TOO_LONG:	/* not with the whole list shorter than an item may be */
	case HG_LIST_BAD_VALUE:	/* the message is in ps->err */
		break;
	}
	return ret;
}

/* --break-on gap,lat,miss */
static int set_break_on(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			char *const *v)
{
	char why[512];

	(void)r;
	if (hg_break_parse_on(v[0], &ps->cfg->break_on, why, sizeof(why)))
		return hg_args_fail(ps, -EINVAL, "%s %s: %s%s%schoose from gap, lat, miss, "
				    "separated by commas", opt, hg_quote(v[0]).s, *why ? "'" : "",
				    why, *why ? "' is not one; " : "");
	ps->break_on_given = true;
	return 0;
}

/*
 * --on-threshold, --on-end <action>: one more action; of stop and
 * continue (what becomes of the run) at most one
 */
static int add_action(struct parser *ps, const char *opt, const char *val,
		      struct hg_actions *as, bool on_end)
{
	struct hg_action a;
	char why[160];
	unsigned int i;

	if (hg_action_parse(val, on_end, &a, why, sizeof(why)))
		return hg_args_fail(ps, -EINVAL, "%s %s: %s", opt, hg_quote(val).s, why);
	if (as->n == HG_MAX_ACTIONS)
		return hg_args_fail(ps, -EINVAL, "%s %s: more than %d actions", opt,
				    hg_quote(val).s, HG_MAX_ACTIONS);
	for (i = 0; i < as->n; i++)
		if ((a.type == HG_ACT_STOP || a.type == HG_ACT_CONTINUE) &&
		    (as->a[i].type == HG_ACT_STOP || as->a[i].type == HG_ACT_CONTINUE))
			return hg_args_fail(ps, -EINVAL, "%s %s: the run already %s at an event "
					    "(give stop or continue once)", opt,
					    hg_quote(val).s, as->a[i].type == HG_ACT_STOP ?
					    "stops" : "continues");
	if (a.type == HG_ACT_CONTINUE)
		ps->cfg->over_keep = a.keep;
	as->a[as->n++] = a;
	return 0;
}

static int set_on_threshold(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			    char *const *v)
{
	(void)r;
	return add_action(ps, opt, v[0], &ps->cfg->on_threshold, false);
}

static int set_on_end(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		      char *const *v)
{
	(void)r;
	return add_action(ps, opt, v[0], &ps->cfg->on_end, true);
}

static int set_prom_interval(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			     char *const *v)
{
	(void)r;
	ps->prom_interval_given = true;
	return hg_opt_value(HG_OPT_TIME, opt, v[0], 0, 0, 0, &ps->cfg->prom_interval_ns,
			    ps->err, ps->errlen);
}

/* --protocol <lock>=none|inherit|protect; a lock given two protocols is refused */
static int set_protocol(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			char *const *v)
{
	const char *val = v[0], *eq = strchr(val, '=');
	char name[HG_LOCK_NAME_LEN + 1];
	uint32_t p;
	int k;

	(void)r;
	if (!eq || eq == val)
		return hg_args_fail(ps, -EINVAL, "%s %s: write <lock>=none|inherit|protect "
				    "(e.g. L=inherit)", opt, hg_quote(val).s);
	if (hg_lock_protocol_parse(eq + 1, &p))
		return hg_args_fail(ps, -EINVAL, "%s %s: unknown protocol '%s' (choose "
				    "none, inherit or protect)", opt, hg_quote(val).s,
				    hg_quote(eq + 1).s);
	snprintf(name, sizeof(name), "%.*s", (int)(eq - val < HG_LOCK_NAME_LEN ?
		 eq - val : HG_LOCK_NAME_LEN), val);
	k = hg_args_lock(ps, opt, name);
	if (k < 0)
		return k;
	if (ps->protocol_given[k] && ps->cfg->locks[k].protocol != p)
		return hg_args_fail(ps, -EINVAL, "%s %s: lock %s is given two protocols, %s "
				    "and %s (give it one)", opt, hg_quote(val).s, name,
				    hg_lock_protocol_name(ps->cfg->locks[k].protocol),
				    hg_lock_protocol_name(p));
	ps->cfg->locks[k].protocol = p;
	ps->protocol_given[k] = true;
	ps->protocol_arg[k] = val;
	return 0;
}

static int set_overheads(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			 char *const *v)
{
	char why[512];

	(void)r;
	if (hg_overheads_read_list(v[0], &ps->cfg->overheads, why, sizeof(why)))
		return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
	return 0;
}

/* --cs-cost: applied once the line is read, so that it wins over --overheads */
static int set_cs_cost(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		       char *const *v)
{
	(void)r;
	return hg_opt_value(HG_OPT_TIME, opt, v[0], 0, 0, 0, &ps->cs_cost_ns, ps->err,
			    ps->errlen);
}

static int set_load(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		    char *const *v)
{
	char why[512];

	(void)r, (void)opt;
	if (hg_load_parse(v[0], ps->cfg->loads, &ps->cfg->nloads, why, sizeof(why)))
		return hg_args_fail(ps, -EINVAL, "%s", why);
	return 0;
}

static int set_load_cpu(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			char *const *v)
{
	char why[512];

	(void)r;
	if (hg_cpulist_parse(v[0], &ps->cfg->load_cpus, why, sizeof(why)))
		return hg_args_fail(ps, -EINVAL, "%s: %s", opt, why);
	ps->cfg->load_cpus_given = true;
	return 0;
}

/* -t <n>: the per-thread options that follow are thread <n>'s */
static int set_thread(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		      char *const *v)
{
	uint64_t n;
	int ret = hg_opt_value(HG_OPT_COUNT, opt, v[0], 0, HG_MAX_THREADS - 1, HG_OPT_ZERO_OK,
			       &n, ps->err, ps->errlen);

	(void)r;
	if (ret)
		return ret;
	ps->scope = (int)n;
	ps->scope_arg = v[0];
	if (ps->scope > ps->max_scope) {
		ps->max_scope = ps->scope;
		ps->max_scope_arg = v[0];
	}
	return 0;
}

/* -a: the per-thread options that follow are every thread's */
static int set_all(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		   char *const *v)
{
	(void)r, (void)opt, (void)v;
	ps->scope = -1;
	ps->scope_arg = NULL;
	return 0;
}

static void list_workloads(FILE *f)
{
	size_t i;

	for (i = 0; hg_workloads[i]; i++) {
		const struct hg_workload *w = hg_workloads[i];
		char name[64];

		snprintf(name, sizeof(name), "%s %s", w->name, w->args);
		fprintf(f, "      %-34s %s\n", name, w->help);
	}
}

static void list_timers(FILE *f)
{
	size_t i;

	for (i = 0; hg_timers[i]; i++)
		fprintf(f, "      %-8s %s\n", hg_timers[i]->name, hg_timers[i]->help);
}

#define GLOBAL	.scope = HG_SCOPE_GLOBAL
#define SELECT	.scope = HG_SCOPE_SELECT
#define THREAD	.scope = HG_SCOPE_THREAD
/* a value stored at @field of struct hg_config, or of struct hg_thread_cfg */
#define CFG(kind_, field)	.kind = (kind_), .off = offsetof(struct hg_config, field)
#define THR(kind_, field)	.kind = (kind_), .off = offsetof(struct hg_thread_cfg, field)

const struct hg_run_opt hg_run_opts[] = {
	{ { .name = "threads", .letter = 'n', .kind = HG_OPT_COUNT, .value = "<n>",
	    .help = "number of threads (1-1024); required" },
	  GLOBAL, .nargs = 1, .rank = 0, .set = set_threads },
	{ { .name = "duration", .letter = 'd', .kind = HG_OPT_TIME, .value = "<time>",
	    .help = "length of the run (default 10s; 0: --forever)" },
	  GLOBAL, .nargs = 1, .rank = 1, .set = set_duration },
	{ { .name = "forever", .kind = HG_OPT_FLAG,
	    .help = "run until SIGINT or SIGTERM; each thread keeps its\n"
		    "newest records (a flight recorder)" },
	  GLOBAL, .rank = 26, .set = set_forever },
	{ { .name = "cycles", .letter = 'c', CFG(HG_OPT_FLAG, raw_cycles),
	    .help = "also print the raw counter values of each interval" },
	  GLOBAL, .rank = 2 },
	{ { .name = "records", .letter = 'e', CFG(HG_OPT_COUNT, records), .value = "<n>",
	    .min = 1, .max = HG_MAX_RECORDS,
	    .help = "trace capacity in 16-byte records (default 1000000)" },
	  GLOBAL, .nargs = 1, .rank = 5 },
	{ { .name = "gap", .letter = 'g', CFG(HG_OPT_TIME, gap_ns), .value = "<time>",
	    .help = "gap threshold (default 1 us; shorter steps over twice\n"
		    "the loop time are counted as hiccups)" },
	  GLOBAL, .nargs = 1, .rank = 13 },
	{ { .name = "gap-histogram", CFG(HG_OPT_FLAG, gap_hist),
	    .help = "print each thread's gap histogram and percentiles" },
	  .sh = "-gh", GLOBAL, .rank = 14 },
	{ { .name = "no-intervals", .letter = 'x', CFG(HG_OPT_FLAG, no_intervals),
	    .help = "do not print one line per interval" },
	  GLOBAL, .rank = 15 },
	{ { .name = "quiet", .letter = 'q', CFG(HG_OPT_FLAG, quiet),
	    .help = "print nothing on standard output" },
	  GLOBAL, .rank = 16 },
	{ { .name = "verbose", .letter = 'v', CFG(HG_OPT_FLAG, verbose),
	    .help = "print everything: the system snapshot, the\n"
		    "calibration, the tables, every audit check and the\n"
		    "noise per CPU (as dump does); without it the answer\n"
		    "and one line each for the machine, audit and noise" },
	  GLOBAL, .rank = 44 },
	{ { .name = "output", .letter = 'o', CFG(HG_OPT_STRING, out_path), .value = "<file>",
	    .help = "write the binary trace to <file> (.hgt)" },
	  GLOBAL, .nargs = 1, .rank = 17 },
	{ { .name = "json", CFG(HG_OPT_STRING, json_path), .value = "<file>",
	    .help = "write the summary as JSON to <file>" },
	  GLOBAL, .nargs = 1, .rank = 18 },
	{ { .name = "histogram", .kind = HG_OPT_COUNT, .value = "<max_us>",
	    .help = "LAT: a histogram of 1 us buckets up to <max_us>,\n"
		    "in cyclictest's -h layout" },
	  GLOBAL, .nargs = 1, .rank = 20, .set = set_histogram },
	{ { .name = "lat-thresholds", .kind = HG_OPT_LIST, .elem = HG_OPT_TIME,
	    .flags = HG_OPT_INCREASING, .value = "<t>[,<t>...]",
	    .help = "LAT: count samples later than each (default\n"
		    "10us,50us,100us,500us,1ms,5ms,10ms,50ms)" },
	  GLOBAL, .nargs = 1, .rank = 21, .set = set_thresholds },
	{ { .name = "fail-on-miss", CFG(HG_OPT_FLAG, fail_on_miss),
	    .help = "exit with status 3 when a deadline was missed" },
	  GLOBAL, .rank = 25 },
	{ { .name = "ktap", CFG(HG_OPT_FLAG, ktap),
	    .help = "print KTAP version 1 instead of the report: a test per\n"
		    "thread and per check (misses, --break, --lat-thresholds)" },
	  GLOBAL, .rank = 48 },
	{ { .name = "junit", CFG(HG_OPT_STRING, junit_path), .value = "<file>",
	    .help = "write the same tests as JUnit XML to <file>" },
	  GLOBAL, .nargs = 1, .rank = 49 },
	{ { .name = "break", CFG(HG_OPT_TIME, break_ns), .value = "<time>",
	    .help = "stop at the first event beyond <time> (exit 3),\n"
		    "marking and stopping a kernel trace (tracefs)" },
	  GLOBAL, .nargs = 1, .rank = 27 },
	{ { .name = "break-on", .kind = HG_OPT_STRING, .value = "gap,lat,miss",
	    .help = "which events --break watches (default all three)" },
	  GLOBAL, .nargs = 1, .rank = 28, .set = set_break_on },
	{ { .name = "on-threshold", .kind = HG_OPT_STRING, .value = "<action>",
	    .help = "what an event beyond --break does, repeatable:\n"
		    "stop (the default), continue[,keep=K] (count\n"
		    "them all, keep the worst K, default 10),\n"
		    "signal,num=<n>[,pid=<pid>|parent],\n"
		    "shell,command=<cmd>, trace[,ms=N][,file=F]\n"
		    "(--kernel: its last N ms of kernel events as text)" },
	  GLOBAL, .nargs = 1, .rank = 46, .set = set_on_threshold },
	{ { .name = "on-end", .kind = HG_OPT_STRING, .value = "<action>",
	    .help = "what the end of the run does, repeatable:\n"
		    "signal,num=<n>[,pid=<pid>|parent] or\n"
		    "shell,command=<cmd>" },
	  GLOBAL, .nargs = 1, .rank = 47, .set = set_on_end },
	{ { .name = "prom", CFG(HG_OPT_STRING, prom_path), .value = "<file>",
	    .help = "OpenMetrics text for node_exporter's textfile\n"
		    "collector, written during the run and at its end" },
	  GLOBAL, .nargs = 1, .rank = 29 },
	{ { .name = "prom-interval", .kind = HG_OPT_TIME, .value = "<time>",
	    .help = "how often --prom is written (default 10s)" },
	  GLOBAL, .nargs = 1, .rank = 30, .set = set_prom_interval },
	{ { .name = "kernel", CFG(HG_OPT_FLAG, kernel),
	    .help = "capture the kernel's scheduling and interrupt\n"
		    "events on the run's CPUs (tracefs, root), kept\n"
		    "in the trace for explain" },
	  GLOBAL, .rank = 33 },
	{ { .name = "protocol", .kind = HG_OPT_STRING, .value = "<lock>=<protocol>",
	    .help = "how lock <lock> of --cs hands priorities on: none,\n"
		    "inherit (the default) or protect (the ceiling is\n"
		    "the highest priority among its users); one a lock" },
	  GLOBAL, .nargs = 1, .rank = 40, .set = set_protocol },
	{ { .name = "overheads", .kind = HG_OPT_STRING, .value = "<file>[,<file>]",
	    .help = "the prediction also with the costs of switches\n"
		    "(ctxcost --json) and of the cache (cachecost\n"
		    "--json) charged to each job" },
	  GLOBAL, .nargs = 1, .rank = 42, .set = set_overheads },
	{ { .name = "cs-cost", .kind = HG_OPT_TIME, .value = "<time>",
	    .help = "the same with this switch cost, by hand" },
	  GLOBAL, .nargs = 1, .rank = 43, .set = set_cs_cost },
	{ { .name = "load", .kind = HG_OPT_STRING, .value = "<kinds>",
	    .help = "standard loads during the run, comma-separated,\n"
		    "their throughput reported beside the results:\n"
		    "sched|cpu|memory|io|net|cmd:<command> (last)\n"
		    "(hackbench; stress-ng --cpu, --vm, --hdd; iperf3\n"
		    "over loopback; a shell command); a load that ends\n"
		    "as it starts stops the run before it measures" },
	  GLOBAL, .nargs = 1, .rank = 34, .set = set_load },
	{ { .name = "load-cpu", .kind = HG_OPT_STRING, .value = "<list>",
	    .help = "pin the loads to CPUs <list> (default: the CPUs\n"
		    "no pinned thread uses, or all)" },
	  GLOBAL, .nargs = 1, .rank = 35, .set = set_load_cpu },
	{ { .name = "chain", .kind = HG_OPT_STRING, .value = "<name> <a>><b>...",
	    .help = "a cause-effect chain of PERIODIC or PERIODIC_TABLE\n"
		    "threads, first to last (e.g. ctl 0>1>2), each\n"
		    "job's input traced to the output; repeatable; its\n"
		    "reaction time and data age measured and bounded" },
	  GLOBAL, .nargs = 2, .rank = 50, .set = hg_run_set_chain },
	{ { .name = "chain-mode", .kind = HG_OPT_WORD, .value = "event|sampled",
	    .help = "event (the default): a job released when its\n"
		    "predecessor's finishes; sampled: each thread on its\n"
		    "period, reading its predecessor's latest output" },
	  GLOBAL, .nargs = 1, .rank = 51, .set = hg_run_set_chain_mode },
	{ { .name = "chain-wake", .kind = HG_OPT_WORD, .value = "cond|futex|pipe|eventfd",
	    .help = "what releases an event chain's next job: a\n"
		    "condition variable (the default), a futex, a pipe\n"
		    "or an eventfd; its cost is in the hops' wake-ups" },
	  GLOBAL, .nargs = 1, .rank = 52, .set = hg_run_set_chain_wake },
	{ { .name = "help", .letter = 'h', .kind = HG_OPT_FLAG, .help = "this text;" },
	  GLOBAL, .rank = 31, .flags = HG_RUNOPT_HELP },
	{ { .name = "version", .letter = 'V', .kind = HG_OPT_FLAG, .help = "the version" },
	  GLOBAL, .rank = 32, .flags = HG_RUNOPT_VERSION | HG_RUNOPT_SAME_LINE },

	{ { .name = "thread", .letter = 't', .kind = HG_OPT_COUNT, .value = "<n>",
	    .help = "the following options apply to thread <n> (0 to n-1)" },
	  SELECT, .nargs = 1, .rank = 3, .set = set_thread },
	{ { .name = "all", .letter = 'a', .kind = HG_OPT_FLAG,
	    .help = "the following options apply to all threads (the\n"
		    "scope before any -t or -a)" },
	  SELECT, .rank = 4, .flags = HG_RUNOPT_ALL, .set = set_all },

	{ { .name = "priority", .letter = 'p', .kind = HG_OPT_STRING, .value = "<prio>",
	    .help = "IDLE               SCHED_IDLE\n"
		    "LOW NORMAL HIGH HIGHEST\n"
		    "                   SCHED_OTHER nice 10, 0, -10, -20\n"
		    "RTLOW RTMED RTHIGH SCHED_FIFO 10, 50, 90\n"
		    "FIFO:<1-98> RR:<1-98> OTHER:<nice> BATCH\n"
		    "(99 is the run's clock thread's)\n"
		    "(default NORMAL)" },
	  THREAD, .nargs = 1, .rank = 6, .set = hg_run_set_priority, .apply = hg_run_apply_priority },
	{ { .name = "workload", .letter = 'w', .kind = HG_OPT_STRING, .value = "<model> [<args>]",
	    .help = "" },
	  THREAD, .nargs = 1, .rank = 9, .more = list_workloads, .set = hg_run_set_workload,
	  .apply = hg_run_apply_workload },
	{ { .name = "timer", .letter = 'i', .kind = HG_OPT_STRING, .value = "<timer>",
	    .help = "what PERIODIC, PERIODIC_TABLE and LAT sleep on:" },
	  THREAD, .nargs = 1, .rank = 10, .more = list_timers, .set = hg_run_set_timer,
	  .apply = hg_run_apply_timer },
	{ { .name = "start", .letter = 's', THR(HG_OPT_TIME, start_ns), .value = "<time>",
	    .flags = HG_OPT_ZERO_OK, .help = "start the thread <time> into the run" },
	  THREAD, .nargs = 1, .rank = 11 },
	{ { .name = "finish", .letter = 'f', THR(HG_OPT_TIME, finish_ns), .value = "<time>",
	    .help = "stop the thread <time> into the run" },
	  THREAD, .nargs = 1, .rank = 12 },
	{ { .name = "cpu", .kind = HG_OPT_STRING, .value = "<list>",
	    .help = "pin the thread to CPUs <list> (e.g. 0-3,5)" },
	  THREAD, .nargs = 1, .rank = 19, .set = hg_run_set_cpu, .apply = hg_run_apply_cpu },
	{ { .name = "jitter", THR(HG_OPT_TIME, jitter_ns), .value = "<time>",
	    .flags = HG_OPT_ZERO_OK, .help = "for the analysis only: release jitter J" },
	  THREAD, .nargs = 1, .rank = 22 },
	{ { .name = "wcet", THR(HG_OPT_TIME, wcet_ns), .value = "<time>",
	    .help = "for the analysis only: execution time C" },
	  THREAD, .nargs = 1, .rank = 23 },
	{ { .name = "blocking", THR(HG_OPT_TIME, blocking_ns), .value = "<time>",
	    .flags = HG_OPT_ZERO_OK, .help = "for the analysis only: blocking B" },
	  THREAD, .nargs = 1, .rank = 24 },
	{ { .name = "cs", .kind = HG_OPT_TIME, .value = "<lock> <amount>",
	    .help = "PERIODIC, PERIODIC_TABLE, CPU_PERIODIC: each job\n"
		    "runs <amount> of its CPU time holding <lock> (a\n"
		    "name); repeat it for more sections, run in order;\n"
		    "the summary gives the jobs' waits and what lower-\n"
		    "and middle-priority threads ran meanwhile" },
	  THREAD, .nargs = 2, .rank = 41, .set = hg_run_set_cs, .apply = hg_run_apply_cs },
	{ { .name = "reserve-hard", .kind = HG_OPT_TIME, .value = "<budget> <period>",
	    .help = "SCHED_DEADLINE reservation, throttled at the budget" },
	  .sh = "-rh", THREAD, .nargs = 2, .rank = 7, .set = hg_run_set_reserve,
	  .apply = hg_run_apply_hard },
	{ { .name = "reserve-soft", .kind = HG_OPT_TIME, .value = "<budget> <period>",
	    .help = "the same, reclaiming spare bandwidth\n"
		    "(a reservation replaces -p)" },
	  .sh = "-rs", THREAD, .nargs = 2, .rank = 8, .set = hg_run_set_reserve,
	  .apply = hg_run_apply_soft },
	{ .opt = { .name = NULL } },
};
