/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diffdata.h - what diff compares: one trial (a trace or a summary JSON
 * file) as named values, the distributions behind them where the file
 * holds them, and the system snapshot
 *
 * Names: switch.voluntary and switch.involuntary (trace only: costs of
 * every switch), thread<n>.gap, thread<n>.latency and latency (all LAT
 * threads, when two or more), each with .count .median .p99 .p99.9 .max
 * and, with 500 samples or more, .tail1e-6 (the value exceeded with
 * probability 1e-6 per sample by a generalized Pareto fit of its tail,
 * analysis/stats/tailcmp.h);
 * thread<n>.misses and thread<n>.jobs for timed threads, misses and jobs
 * over all (when two or more have jobs);
 * thread<n>.share (received CPU time over the thread's window, %);
 * thread<n>.cause.<kind>.time and .count from the kernel's events
 * (analysis/compare/diffcause.h). Times are in us.
 */
#ifndef HG_DIFFDATA_H
#define HG_DIFFDATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/trace.h"

#define HG_DIFF_NAME 48
#define HG_DIFF_SYS 8

/* What a value is, for the verdict and the units. */
enum hg_diff_kind {
	HG_DK_TIME,	/* us */
	HG_DK_COUNT,
	HG_DK_SHARE,	/* %; lower is worse */
};

/* Which statistic of its distribution a value is (or none). */
enum hg_diff_stat {
	HG_DS_VALUE,
	HG_DS_COUNT,
	HG_DS_MEDIAN,
	HG_DS_P99,
	HG_DS_P999,
	HG_DS_MAX,
	HG_DS_TAIL,	/* the value exceeded once in 1e6 samples (tailcmp.h) */
};

struct hg_diff_value {
	char name[HG_DIFF_NAME + 8];
	double v;
	enum hg_diff_kind kind;
	enum hg_diff_stat stat;
	int dist;		/* index of its distribution in the trial, or -1 */
};

/* One check of a run's audit (analysis/compare/diffaudit.h). */
struct hg_diff_audit {
	char *id;
	char verdict[8];	/* "pass", "warn", "fail", "skip" or "?" */
};

struct hg_diff_dist {
	char name[HG_DIFF_NAME];
	double *v;		/* us, sorted */
	size_t n;
};

/* The snapshot's lines compared: kernel, command line, CPU, governor, ... */
extern const char *const hg_diff_sys_keys[HG_DIFF_SYS];

struct hg_diff_trial {
	struct hg_diff_value *val;
	size_t nval, capval;
	struct hg_diff_dist *dist;
	size_t ndist, capdist;
	size_t *index;			/* by name's hash: 1 + its value's index, 0 empty */
	size_t capindex;		/* a power of two, over twice nval (0: none yet) */
	char *sys[HG_DIFF_SYS];		/* values of hg_diff_sys_keys, or NULL */
	char *command;			/* the run's command line, or NULL */
	struct hg_diff_audit *audit;	/* the run's audit, in its order */
	size_t naudit, capaudit;
	uint64_t gap_threshold_ns;	/* of the run (0: unknown) */
};

/* hg_diff_trial_free - free what a trial holds. */
void hg_diff_trial_free(struct hg_diff_trial *tr);

/*
 * hg_diff_add - append a value (dist -1) to @tr, found by name in constant
 * time from then on (hg_diff_find)
 * Returns 0, -ENOMEM, or -EEXIST when @tr has a value of that name already.
 */
int hg_diff_add(struct hg_diff_trial *tr, const char *name, double v, enum hg_diff_kind kind,
		enum hg_diff_stat stat, int dist);

/*
 * hg_diff_add_stats - the five statistics of a distribution @base from
 * its summary (count, median, p99, p99.9, max), with no samples
 * Returns 0, -ENOMEM or -EEXIST (a name @tr has already).
 */
int hg_diff_add_stats(struct hg_diff_trial *tr, const char *base, double count,
		      const double pct[4]);

/*
 * hg_diff_add_dist - a distribution @base of @n samples (us; taken over,
 * sorted here) and its five statistics
 * Returns 0, -ENOMEM or -EEXIST (the samples are freed either way).
 */
int hg_diff_add_dist(struct hg_diff_trial *tr, const char *base, double *v, size_t n);

/* hg_diff_find - the value named @name in @tr, or NULL (a hash lookup). */
const struct hg_diff_value *hg_diff_find(const struct hg_diff_trial *tr, const char *name);

/*
 * hg_diff_from_trace - @tr from trace @t
 * Returns 0, -ENOMEM or -EINVAL for records that do not decode.
 */
int hg_diff_from_trace(const struct hg_trace *t, struct hg_diff_trial *tr);

/*
 * hg_diff_same_command - whether two runs' command lines (words joined by
 * spaces) ask for the same run: the same words but for the program's path
 * (the first word) and the names of the files written, the word after
 * -o, --output, --json and --prom or after their '='. Two unknown commands
 * are the same; an unknown and a known one are not.
 */
bool hg_diff_same_command(const char *a, const char *b);

#endif /* HG_DIFFDATA_H */
