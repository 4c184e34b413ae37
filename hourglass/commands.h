/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * commands.h - subcommands: one entry each, one table
 *
 * Each subcommand returns the process's exit status: 0, 1 when something
 * failed, 2 for bad input.
 */
#ifndef HG_COMMANDS_H
#define HG_COMMANDS_H

#include <stddef.h>

struct hg_cmdspec;

/*
 * struct hg_command - a subcommand
 * @name:  as typed
 * @spec:  its command line (cmdopt.h): synopsis, help and parser
 * @main:  runs it; argv[0] is the name; returns the exit status
 *         (main() flushes standard output after it)
 */
struct hg_command {
	const char *name;
	const struct hg_cmdspec *spec;
	int (*main)(int argc, char **argv);
};

/* hg_commands - every subcommand, NULL-terminated. */
extern const struct hg_command *const hg_commands[];

/*
 * hg_command_find - the subcommand named exactly @name, or NULL
 * (no prefixes: a mistyped subcommand must not run another one)
 */
const struct hg_command *hg_command_find(const char *name);

/* hg_command_names - "dump, ctx, ..., help" into @buf; returns @buf. */
char *hg_command_names(char *buf, size_t len);

/*
 * hg_command_suggest - the subcommand nearest to the mistyped @word (as
 * hg_opt_suggest() finds it), or NULL: "dupm" gives "dump"
 */
const char *hg_command_suggest(const char *word);

/* hg_run_main - run an experiment: the command line without a subcommand. */
int hg_run_main(int argc, char **argv);

#endif /* HG_COMMANDS_H */
