// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * runopts.c - the table of the run's options, the lookup of a spelling in
 * it, and the options part of --help printed from it
 */
#include <stdio.h>
#include <string.h>

#include "hourglass/runopts.h"
#include "trace/lookup.h"
#include "timers/timer.h"
#include "workloads/workload.h"

#define LEFT_WIDTH	24	/* the spellings' column; help starts 3 further */

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

const struct hg_run_opt hg_run_opts[] = {
	{ "-n", "threads", O_THREADS, 1, "<n>", .rank = 0, GLOBAL,
	  .help = "number of threads (1-1024); required" },
	{ "-d", "duration", O_DURATION, 1, "<time>", .rank = 1, GLOBAL,
	  .help = "length of the run (default 10s; 0: --forever)" },
	{ NULL, "forever", O_FOREVER, 0, NULL, .rank = 26, GLOBAL,
	  .help = "run until SIGINT or SIGTERM; each thread keeps its\n"
		  "newest records (a flight recorder)" },
	{ "-c", "cycles", O_CYCLES, 0, NULL, .rank = 2, GLOBAL,
	  .help = "also print the raw counter values of each interval" },
	{ "-e", "records", O_RECORDS, 1, "<n>", .rank = 5, GLOBAL,
	  .help = "trace capacity in 16-byte records (default 1000000)" },
	{ "-g", "gap", O_GAP, 1, "<time>", .rank = 13, GLOBAL,
	  .help = "gap threshold (default 1 us; shorter steps over twice\n"
		  "the loop time are counted as hiccups)" },
	{ "-gh", "gap-histogram", O_GAP_HIST, 0, NULL, .rank = 14, GLOBAL,
	  .help = "print each thread's gap histogram and percentiles" },
	{ "-x", "no-intervals", O_NO_INTERVALS, 0, NULL, .rank = 15, GLOBAL,
	  .help = "do not print one line per interval" },
	{ "-q", "quiet", O_QUIET, 0, NULL, .rank = 16, GLOBAL,
	  .help = "print nothing on standard output" },
	{ "-v", "verbose", O_VERBOSE, 0, NULL, .rank = 44, GLOBAL,
	  .help = "print everything: the system snapshot, the\n"
		  "calibration, the tables, every audit check and the\n"
		  "noise per CPU (as dump does); without it the answer\n"
		  "and one line each for the machine, audit and noise" },
	{ "-o", "output", O_OUTPUT, 1, "<file>", .rank = 17, GLOBAL,
	  .help = "write the binary trace to <file> (.hgt)" },
	{ NULL, "json", O_JSON, 1, "<file>", .rank = 18, GLOBAL,
	  .help = "write the summary as JSON to <file>" },
	{ NULL, "histogram", O_HISTOGRAM, 1, "<max_us>", .rank = 20, GLOBAL,
	  .help = "LAT: a histogram of 1 us buckets up to <max_us>,\n"
		  "in cyclictest's -h layout" },
	{ NULL, "lat-thresholds", O_THRESHOLDS, 1, "<t>[,<t>...]", .rank = 21, GLOBAL,
	  .help = "LAT: count samples later than each (default\n"
		  "10us,50us,100us,500us,1ms,5ms,10ms,50ms)" },
	{ NULL, "fail-on-miss", O_FAIL_ON_MISS, 0, NULL, .rank = 25, GLOBAL,
	  .help = "exit with status 3 when a deadline was missed" },
	{ NULL, "ktap", O_KTAP, 0, NULL, .rank = 48, GLOBAL,
	  .help = "print KTAP version 1 instead of the report: a test per\n"
		  "thread and per check (misses, --break, --lat-thresholds)" },
	{ NULL, "junit", O_JUNIT, 1, "<file>", .rank = 49, GLOBAL,
	  .help = "write the same tests as JUnit XML to <file>" },
	{ NULL, "break", O_BREAK, 1, "<time>", .rank = 27, GLOBAL,
	  .help = "stop at the first event beyond <time> (exit 3),\n"
		  "marking and stopping a kernel trace (tracefs)" },
	{ NULL, "break-on", O_BREAK_ON, 1, "gap,lat,miss", .rank = 28, GLOBAL,
	  .help = "which events --break watches (default all three)" },
	{ NULL, "on-threshold", O_ON_THRESHOLD, 1, "<action>", .rank = 46, GLOBAL,
	  .help = "what an event beyond --break does, repeatable:\n"
		  "stop (the default), continue[,keep=K] (count\n"
		  "them all, keep the worst K, default 10),\n"
		  "signal,num=<n>[,pid=<pid>|parent],\n"
		  "shell,command=<cmd>, trace[,ms=N][,file=F]\n"
		  "(--kernel: its last N ms of kernel events as text)" },
	{ NULL, "on-end", O_ON_END, 1, "<action>", .rank = 47, GLOBAL,
	  .help = "what the end of the run does, repeatable:\n"
		  "signal,num=<n>[,pid=<pid>|parent] or\n"
		  "shell,command=<cmd>" },
	{ NULL, "prom", O_PROM, 1, "<file>", .rank = 29, GLOBAL,
	  .help = "OpenMetrics text for node_exporter's textfile\n"
		  "collector, written during the run and at its end" },
	{ NULL, "prom-interval", O_PROM_INTERVAL, 1, "<time>", .rank = 30, GLOBAL,
	  .help = "how often --prom is written (default 10s)" },
	{ NULL, "kernel", O_KERNEL, 0, NULL, .rank = 33, GLOBAL,
	  .help = "capture the kernel's scheduling and interrupt\n"
		  "events on the run's CPUs (tracefs, root), kept\n"
		  "in the trace for explain" },
	{ NULL, "protocol", O_PROTOCOL, 1, "<lock>=<protocol>", .rank = 40, GLOBAL,
	  .help = "how lock <lock> of --cs hands priorities on: none,\n"
		  "inherit (the default) or protect (the ceiling is\n"
		  "the highest priority among its users); one a lock" },
	{ NULL, "overheads", O_OVERHEADS, 1, "<file>[,<file>]", .rank = 42, GLOBAL,
	  .help = "the prediction also with the costs of switches\n"
		  "(ctxcost --json) and of the cache (cachecost\n"
		  "--json) charged to each job" },
	{ NULL, "cs-cost", O_CS_COST, 1, "<time>", .rank = 43, GLOBAL,
	  .help = "the same with this switch cost, by hand" },
	{ NULL, "load", O_LOAD, 1, "<kinds>", .rank = 34, GLOBAL,
	  .help = "standard loads during the run, comma-separated,\n"
		  "their throughput reported beside the results:\n"
		  "sched|cpu|memory|io|net|cmd:<command> (last)\n"
		  "(hackbench; stress-ng --cpu, --vm, --hdd; iperf3\n"
		  "over loopback; a shell command); a load that ends\n"
		  "as it starts stops the run before it measures" },
	{ NULL, "load-cpu", O_LOAD_CPU, 1, "<list>", .rank = 35, GLOBAL,
	  .help = "pin the loads to CPUs <list> (default: the CPUs\n"
		  "no pinned thread uses, or all)" },
	{ "-h", "help", O_HELP, 0, NULL, .rank = 31, GLOBAL, .help = "this text;" },
	{ "-V", "version", O_VERSION, 0, NULL, .rank = 32, GLOBAL, .help = "the version",
	  .flags = HG_RUNOPT_SAME_LINE },

	{ "-t", "thread", O_THREAD, 1, "<n>", .rank = 3, SELECT,
	  .help = "the following options apply to thread <n> (0 to n-1)" },
	{ "-a", "all", O_ALL, 0, NULL, .rank = 4, SELECT,
	  .help = "the following options apply to all threads (the\n"
		  "scope before any -t or -a)" },

	{ "-p", "priority", O_PRIORITY, 1, "<prio>", .rank = 6, THREAD,
	  .help = "IDLE               SCHED_IDLE\n"
		  "LOW NORMAL HIGH HIGHEST\n"
		  "                   SCHED_OTHER nice 10, 0, -10, -20\n"
		  "RTLOW RTMED RTHIGH SCHED_FIFO 10, 50, 90\n"
		  "FIFO:<1-98> RR:<1-98> OTHER:<nice> BATCH\n"
		  "(99 is the run's clock thread's)\n"
		  "(default NORMAL)" },
	{ "-w", "workload", O_WORKLOAD, 1, "<model> [<args>]", .rank = 9, THREAD,
	  .help = "", .more = list_workloads },
	{ "-i", "timer", O_TIMER, 1, "<timer>", .rank = 10, THREAD,
	  .help = "what PERIODIC, PERIODIC_TABLE and LAT sleep on:", .more = list_timers },
	{ "-s", "start", O_START, 1, "<time>", .rank = 11, THREAD,
	  .help = "start the thread <time> into the run" },
	{ "-f", "finish", O_FINISH, 1, "<time>", .rank = 12, THREAD,
	  .help = "stop the thread <time> into the run" },
	{ NULL, "cpu", O_CPU, 1, "<list>", .rank = 19, THREAD,
	  .help = "pin the thread to CPUs <list> (e.g. 0-3,5)" },
	{ NULL, "jitter", O_JITTER, 1, "<time>", .rank = 22, THREAD,
	  .help = "for the analysis only: release jitter J" },
	{ NULL, "wcet", O_WCET, 1, "<time>", .rank = 23, THREAD,
	  .help = "for the analysis only: execution time C" },
	{ NULL, "blocking", O_BLOCKING, 1, "<time>", .rank = 24, THREAD,
	  .help = "for the analysis only: blocking B" },
	{ NULL, "cs", O_CS, 2, "<lock> <amount>", .rank = 41, THREAD,
	  .help = "PERIODIC, PERIODIC_TABLE, CPU_PERIODIC: each job\n"
		  "runs <amount> of its CPU time holding <lock> (a\n"
		  "name); repeat it for more sections, run in order;\n"
		  "the summary gives the jobs' waits and what lower-\n"
		  "and middle-priority threads ran meanwhile" },
	{ "-rh", "reserve-hard", O_RH, 2, "<budget> <period>", .rank = 7, THREAD,
	  .help = "SCHED_DEADLINE reservation, throttled at the budget" },
	{ "-rs", "reserve-soft", O_RS, 2, "<budget> <period>", .rank = 8, THREAD,
	  .help = "the same, reclaiming spare bandwidth\n"
		  "(a reservation replaces -p)" },
	{ .lg = NULL },
};

static const char *lg_name(const void *ctx, size_t i)
{
	(void)ctx;
	return hg_run_opts[i].lg;
}

const struct hg_run_opt *hg_runopts_find(const char *arg, const char **inline_val)
{
	const struct hg_run_opt *o;

	*inline_val = NULL;
	if (arg[0] == '-' && arg[1] == '-') {
		size_t n = strcspn(arg + 2, "="), i, count = 0;

		while (hg_run_opts[count].lg)
			count++;
		/* the name, or a unique prefix of one ("--hist") */
		if (hg_match(arg + 2, n, lg_name, NULL, count, &i))
			return NULL;
		if (arg[2 + n] == '=')
			*inline_val = arg + 3 + n;
		return &hg_run_opts[i];
	}
	for (o = hg_run_opts; o->lg; o++)
		if (o->sh && !strcmp(o->sh, arg))
			return o;
	return NULL;
}

/* "-n, --threads <n>", "    --json <file>": the row's left column. */
static const char *spellings(const struct hg_run_opt *o, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s--%s%s%s", o->sh ? o->sh : "    ", o->sh ? ", " : "",
		 o->lg, o->arg ? " " : "", o->arg ? o->arg : "");
	return buf;
}

/*
 * One row: its spellings, its help lines under the column, the rows that
 * share its line, then what its @more writes.
 */
static void help_row(FILE *f, const struct hg_run_opt *o)
{
	const struct hg_run_opt *next;
	const char *help = o->help, *nl;
	char left[128];
	int w = fprintf(f, "  %s", spellings(o, left, sizeof(left)));

	if (*help && w > LEFT_WIDTH + 2)
		fprintf(f, "\n%*s", LEFT_WIDTH + 3, "");
	else if (*help)
		fprintf(f, "%*s", LEFT_WIDTH + 3 - w, "");
	while ((nl = strchr(help, '\n'))) {
		fprintf(f, "%.*s\n%*s", (int)(nl - help), help, LEFT_WIDTH + 3, "");
		help = nl + 1;
	}
	fputs(help, f);
	for (next = o + 1; next->lg && (next->flags & HG_RUNOPT_SAME_LINE); next++)
		fprintf(f, "  %s  %s", spellings(next, left, sizeof(left)), next->help);
	fputc('\n', f);
	if (o->more)
		o->more(f);
}

void hg_runopts_help(FILE *f)
{
	static const char *const heading[] = {
		[HG_SCOPE_GLOBAL] = "Global options:",
		[HG_SCOPE_SELECT] = "Scope of per-thread options:",
		[HG_SCOPE_THREAD] = "Per-thread options:",
	};
	const struct hg_run_opt *o;

	for (o = hg_run_opts; o->lg; o++) {
		if (o == hg_run_opts || o->scope != o[-1].scope)
			fprintf(f, "%s%s\n", o == hg_run_opts ? "" : "\n", heading[o->scope]);
		if (!(o->flags & HG_RUNOPT_SAME_LINE))
			help_row(f, o);
	}
}
