/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runopts.h - the run's options, described once in a table
 *
 * One row per option, each a struct hg_opt as the subcommands' tables have
 * (cmdopt.h: the long name, the letter, the value's kind, where it is
 * stored, the help), with what only the run has beside it: Hourglass 0.5's
 * two-letter single-dash spellings (-gh, -rh, -rs), the scope (-t and -a
 * choose the threads the per-thread rows apply to), options of two values,
 * the rank of a name among the suggestions, and, for a value no kind
 * describes, the function that takes it. The same table gives
 *   - the parser (options.c): it finds a row by its spelling; a row without
 *     a function stores its value as its kind says, at its offset in
 *     struct hg_config (global rows) or struct hg_thread_cfg (per-thread
 *     rows, applied once the line is read to the threads of the row's scope);
 *   - `hourglass --help` (usage.c): the rows grouped by scope, in table
 *     order, each with its help lines; bash completion reads that text;
 *   - the tests (tests/check_runopts.c), which walk the rows: a row without
 *     help, without a command line of its own in the test, or missing from
 *     the man page's OPTIONS, fails.
 *
 * Adding an option: a row in runopts.c (in its group, where --help shows
 * it), with a kind and an offset, or a function when no kind says what the
 * value does; a command line in check_runopts.c; its entry in the man page.
 */
#ifndef HG_RUNOPTS_H
#define HG_RUNOPTS_H

#include <stdio.h>

#include "hourglass/cmdopt.h"

struct parser;
struct thread_opt;
struct hg_thread_cfg;

/* Where an option applies; --help shows one group per scope, in this order. */
enum hg_opt_scope {
	HG_SCOPE_GLOBAL,	/* the run as a whole */
	HG_SCOPE_SELECT,	/* -t, -a: choose the threads that follow apply to */
	HG_SCOPE_THREAD,	/* the threads of the current -t / -a scope */
};

/* Row flags (struct hg_run_opt.flags). */
#define HG_RUNOPT_SAME_LINE	0x1	/* help: on the previous row's line (-V after -h) */
#define HG_RUNOPT_HELP		0x2	/* -h: the help, whatever follows */
#define HG_RUNOPT_VERSION	0x4	/* -V: the version, once the line is read */
#define HG_RUNOPT_ALL		0x8	/* -a: a word after it is cyclictest's -a <cpu> */

/*
 * struct hg_run_opt - one option of the run; the table ends with .opt.name NULL
 * @opt:   the row as a subcommand's: .name (the long spelling without "--",
 *         also what a mistyped option is matched against), .letter (-n),
 *         .kind, .off, .value (the values as help shows them: "<n>",
 *         "<budget> <period>"; NULL for none), .help ('\n' between its
 *         lines; "" when @more prints it all), .min, .max, .flags
 * @sh:    a single-dash spelling of two letters ("-rh"), or NULL
 * @scope: HG_SCOPE_GLOBAL, HG_SCOPE_SELECT or HG_SCOPE_THREAD
 * @nargs: how many values follow it (0, 1 or 2; -w: 1, then its model's):
 *         the words of .opt.value that do not start with '['
 * @rank:  where .opt.name stands among the names a mistyped option is
 *         matched against, 0 to HG_RUN_OPTS_MAX - 1, each once: of two names
 *         as near, the lower rank is suggested. Hourglass 0.5's options
 *         come first, in the paper's order, then the others as they were
 *         added (a new option takes the next number)
 * @flags: HG_RUNOPT_*
 * @more:  NULL, or what writes further help lines after the row's (the
 *         models of -w, the timers of -i)
 * @set:   NULL: the value is stored as .opt.kind says (a per-thread row's in
 *         the thread option the parser makes, a uint64_t); else (.opt.kind
 *         then only says what the value is, for the reader) what takes
 *         the @nargs values @v of option @opt (as typed: "--hist",
 *         or "--histogram" for "--histogram=5"). Returns 0, or -EINVAL /
 *         -ERANGE / -ENOMEM with the message in the parser's buffer
 * @apply: per-thread rows: NULL: the value goes to .opt.off in the
 *         thread's struct hg_thread_cfg; else what applies it
 */
struct hg_run_opt {
	struct hg_opt opt;
	const char *sh;
	enum hg_opt_scope scope;
	unsigned int nargs;
	unsigned int rank;
	unsigned int flags;
	void (*more)(FILE *f);
	int (*set)(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		   char *const *v);
	void (*apply)(const struct thread_opt *a, struct hg_thread_cfg *t);
};

#define HG_RUN_OPTS_MAX	64	/* rows of hg_run_opts[] at the most */

/* hg_run_opts - the run's options, grouped by scope, ended by a row with .opt.name NULL. */
extern const struct hg_run_opt hg_run_opts[];

/*
 * hg_runopts_find - the row of @arg: "-n", "-rh", "--threads" or
 * "--threads=<value>" (then *@inline_val points at the value, else it is
 * NULL). A long name may be shortened to a unique prefix
 * (hg_opt_find_long()); single-dash spellings are matched exactly.
 * Returns NULL for none.
 */
const struct hg_run_opt *hg_runopts_find(const char *arg, const char **inline_val);

/*
 * hg_runopts_spellings - "-n, --threads <n>", "    --json <file>": the
 * row's left column in --help, into @buf. Returns @buf.
 */
const char *hg_runopts_spellings(const struct hg_run_opt *r, char *buf, size_t len);

/*
 * hg_runopts_help - write the options part of `hourglass --help` to @f:
 * each scope's heading, then its rows as
 *	"  -n, --threads <n>        number of threads (1-1024); required"
 * (a left column longer than 24 puts the help on the next line, at 27)
 */
void hg_runopts_help(FILE *f);

#endif /* HG_RUNOPTS_H */
