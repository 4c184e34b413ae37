/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runopts.h - the run's options, described once in a table
 *
 * One row per option: its spellings (single-dash, long; the single-dash one
 * may be Hourglass 0.5's two letters, -rh and -rs), the values it takes, its
 * scope and its help. The same table gives
 *   - the parser (options.c): it finds a row by its spelling, reads the
 *     row's values and does what the row's id says; the per-thread rows it
 *     applies to the threads of the current -t / -a scope;
 *   - `hourglass --help` (hg_runopts_help): the rows grouped by scope, in
 *     table order, each with its help lines;
 *   - the help test (tests/check_options.c), which walks the rows: a row
 *     without help, or without a command line of its own in the test, fails.
 *
 * Adding an option: a row in runopts.c (in its group, where --help shows
 * it), an id, what the id does in options.c, a command line in
 * check_options.c.
 */
#ifndef HG_RUNOPTS_H
#define HG_RUNOPTS_H

#include <stdio.h>

/* The run's options, one id each; the table spells them. */
enum opt_id {
	O_THREADS, O_DURATION, O_CYCLES, O_THREAD, O_ALL, O_RECORDS,
	O_PRIORITY, O_RH, O_RS, O_WORKLOAD, O_TIMER, O_START, O_FINISH,
	O_GAP, O_NO_INTERVALS, O_QUIET, O_VERBOSE, O_OUTPUT, O_JSON, O_CPU,
	O_HISTOGRAM, O_THRESHOLDS, O_GAP_HIST, O_JITTER, O_WCET, O_BLOCKING,
	O_FAIL_ON_MISS, O_FOREVER, O_BREAK, O_BREAK_ON, O_ON_THRESHOLD, O_ON_END,
	O_PROM, O_PROM_INTERVAL,
	O_KERNEL,
	O_CS, O_PROTOCOL,
	O_OVERHEADS, O_CS_COST,
	O_LOAD, O_LOAD_CPU,
	O_KTAP, O_JUNIT,
	O_HELP, O_VERSION,
};

/* Where an option applies; --help shows one group per scope, in this order. */
enum hg_opt_scope {
	HG_SCOPE_GLOBAL,	/* the run as a whole */
	HG_SCOPE_SELECT,	/* -t, -a: choose the threads that follow apply to */
	HG_SCOPE_THREAD,	/* the threads of the current -t / -a scope */
};

/* Row flags (struct hg_run_opt.flags). */
#define HG_RUNOPT_SAME_LINE	0x1	/* help: on the previous row's line (-V after -h) */

/*
 * struct hg_run_opt - one option of the run; the table ends with .lg NULL
 * @sh:    the single-dash spelling ("-n", "-rh"), or NULL
 * @lg:    the long spelling without "--" ("threads"); also what a mistyped
 *         option is matched against ("did you mean --threads?")
 * @id:    what the parser does with it
 * @nargs: how many values follow it (0, 1 or 2; -w: 1, then its model's)
 * @arg:   the values as help shows them ("<n>", "<budget> <period>"), NULL
 *         for none: @nargs words that do not start with '['
 * @scope: HG_SCOPE_GLOBAL, HG_SCOPE_SELECT or HG_SCOPE_THREAD
 * @help:  the help, '\n' between its lines (continuation lines under the
 *         first); "" when @more prints it all
 * @flags: HG_RUNOPT_SAME_LINE
 * @more:  NULL, or what writes further help lines after the row's (the
 *         models of -w, the timers of -i)
 * @rank:  where @lg stands among the names a mistyped option is matched
 *         against, 0 to HG_RUN_OPTS_MAX - 1, each once: of two names as
 *         near, the lower rank is suggested. Hourglass 0.5's options come
 *         first, in the paper's order, then the others as they were added
 *         (a new option takes the next number)
 */
struct hg_run_opt {
	const char *sh;
	const char *lg;
	enum opt_id id;
	unsigned int nargs;
	const char *arg;
	enum hg_opt_scope scope;
	const char *help;
	unsigned int flags;
	void (*more)(FILE *f);
	unsigned int rank;
};

#define HG_RUN_OPTS_MAX	64	/* rows of hg_run_opts[] at the most */

/* hg_run_opts - the run's options, grouped by scope, ended by a row with .lg NULL. */
extern const struct hg_run_opt hg_run_opts[];

/*
 * hg_runopts_find - the row of @arg: "-n", "-rh", "--threads" or
 * "--threads=<value>" (then *@inline_val points at the value, else it is
 * NULL). Spellings are matched exactly. Returns NULL for none.
 */
const struct hg_run_opt *hg_runopts_find(const char *arg, const char **inline_val);

/*
 * hg_runopts_help - write the options part of `hourglass --help` to @f:
 * each scope's heading, then its rows as
 *	"  -n, --threads <n>        number of threads (1-1024); required"
 * (a left column longer than 24 puts the help on the next line, at 27)
 */
void hg_runopts_help(FILE *f);

#endif /* HG_RUNOPTS_H */
