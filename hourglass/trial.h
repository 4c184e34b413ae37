/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * trial.h - one trial of an experiment: a run, in this process, described
 * by the words a user would type after "hourglass"
 *
 * The experiments (ctxcost, cachecost) do not re-implement a run: they
 * write the run's command line, parse it with the run's parser, check it
 * as a run is checked and hand it to hg_run(). The trace keeps that
 * command line, so a saved trial says how to repeat it by hand.
 */
#ifndef HG_TRIAL_H
#define HG_TRIAL_H

#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/stats/stable.h"
#include "hourglass/cmdopt.h"
#include "trace/trace.h"

/* Words of a trial's command line, at most. */
#define HG_TRIAL_WORDS 64

struct hg_trial_args {
	int argc;
	char *argv[HG_TRIAL_WORDS];	/* argv[0] is "hourglass" */
	char buf[2048];			/* the words' storage */
	size_t used;
};

/* hg_trial_init - an empty command line: "hourglass". */
void hg_trial_init(struct hg_trial_args *a);

/*
 * hg_trial_add - append one word, printf-style
 * Returns 0, or -E2BIG when the words or their storage are full.
 */
int hg_trial_add(struct hg_trial_args *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * hg_trial_run - parse, check and run @a
 * @t:   the finished trace; free with hg_trace_free()
 * @err: on failure, one line (without "hourglass: ")
 * Returns 0; 2 when the words are not a valid run (nothing ran); 1 when
 * the run failed or a thread failed during it.
 */
int hg_trial_run(const struct hg_trial_args *a, struct hg_trace **t, char *err,
		 size_t errlen);

/*
 * hg_trial_hold - from now on SIGINT, SIGTERM and SIGHUP stop the series of
 * trials instead of the process: one during a trial ends that trial early
 * (its trace flagged interrupted), one between two trials ends the next
 * trial at once, so the experiment can report the trials it has. @old
 * keeps the signal mask to give back to hg_trial_release().
 */
void hg_trial_hold(sigset_t *old);

/*
 * hg_trial_release - take the signals still pending (they were meant for
 * the series, now over) and give back the mask @old
 */
void hg_trial_release(const sigset_t *old);

/*
 * The options every experiment shares. An experiment's arguments struct
 * begins with one of these, so that HG_TRIAL_OPT_ROWS (the rows of its
 * cmdopt table) store into it.
 */
struct hg_trial_opts {
	uint64_t cpu;
	uint64_t threads;
	uint64_t duration_ns;
	uint64_t trials;
	bool until_stable;
	uint64_t min_trials;
	uint64_t max_trials;
	uint64_t within_pct;
	uint64_t within_ns;
	bool json;
};

#define HG_TRIAL_OPT(field) offsetof(struct hg_trial_opts, field)

/* The shared rows of an experiment's option table. */
#define HG_TRIAL_OPT_ROWS \
	{ .name = "cpu", .kind = HG_OPT_COUNT, .off = HG_TRIAL_OPT(cpu), \
	  .flags = HG_OPT_ZERO_OK, .max = CPU_SETSIZE - 1, \
	  .help = "the CPU all threads share (default: the last one\n" \
		  "this process may use)" }, \
	{ .name = "threads", .kind = HG_OPT_COUNT, .off = HG_TRIAL_OPT(threads), \
	  .min = 2, .max = 1024, .help = "threads sharing the CPU (default 10)" }, \
	{ .name = "duration", .kind = HG_OPT_TIME, .off = HG_TRIAL_OPT(duration_ns), \
	  .help = "length of a trial (default 2s)" }, \
	{ .name = "trials", .kind = HG_OPT_COUNT, .off = HG_TRIAL_OPT(trials), \
	  .max = HG_TRIAL_MAX, .help = "run exactly <n> trials" }, \
	{ .name = "until-stable", .kind = HG_OPT_FLAG, .off = HG_TRIAL_OPT(until_stable), \
	  .help = "run trials until the 95 % interval of the median\n" \
		  "is narrow enough (the default)" }, \
	{ .name = "min-trials", .kind = HG_OPT_COUNT, .off = HG_TRIAL_OPT(min_trials), \
	  .max = HG_TRIAL_MAX, .help = "until stable: at least <n> trials (default 6)" }, \
	{ .name = "max-trials", .kind = HG_OPT_COUNT, .off = HG_TRIAL_OPT(max_trials), \
	  .max = HG_TRIAL_MAX, .help = "until stable: at most <n> trials (default 30)" }, \
	{ .name = "within", .kind = HG_OPT_COUNT, .off = HG_TRIAL_OPT(within_pct), \
	  .value = "<percent>", .max = 100, \
	  .help = "until stable: stop when the interval's half-width\n" \
		  "is within <percent> of the median (default 5) ..." }, \
	{ .name = "within-abs", .kind = HG_OPT_TIME, .off = HG_TRIAL_OPT(within_ns), \
	  .help = "... or within <time> (default 0.1us)" }, \
	{ .name = "json", .kind = HG_OPT_FLAG, .off = HG_TRIAL_OPT(json), \
	  .help = "print the result as JSON instead of text" }

/* Trials of one experiment (or of one size), at most. */
#define HG_TRIAL_MAX 1000

/* hg_trial_opts_default - the defaults: 10 threads, 2s, until stable. */
void hg_trial_opts_default(struct hg_trial_opts *o);

/*
 * hg_trial_opts_check - what the table cannot check: --trials against
 * --until-stable, --min-trials against --max-trials, the CPU (the last
 * one allowed when not given); fills @rule
 * Prints "hourglass: <cmd>: ..." and returns 2 on bad input; else 0.
 */
int hg_trial_opts_check(const char *cmd, struct hg_trial_opts *o,
			struct hg_stable_rule *rule);

/*
 * hg_trial_opts_describe - "the median's 95 % interval within 5 % or
 * 0.100 us, 5 to 30 trials" or "fixed count" into @buf; returns @buf
 */
char *hg_trial_opts_describe(const struct hg_stable_rule *rule, char *buf, size_t len);

#endif /* HG_TRIAL_H */
