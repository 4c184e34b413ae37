/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmdutil.h - what the subcommands share: opening a trace, checking an
 * output path, with the same messages everywhere
 */
#ifndef HG_CMDUTIL_H
#define HG_CMDUTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../trace/trace.h"

/*
 * hg_output_problem - why @out cannot be written, or 0: an empty name, a
 * directory, the trace @trace itself (may be NULL), a directory that
 * cannot be written in. "-" (standard output) and existing files that are
 * not regular (pipes, /dev/null) are fine. The reason goes to @why.
 */
int hg_output_problem(const char *out, const char *trace, char *why, size_t len);

/*
 * hg_cmd_output - the same for subcommand @cmd's option @opt: prints
 * "hourglass: <cmd>: <opt> <out>: <reason>" and returns 2, or returns 0
 */
int hg_cmd_output(const char *cmd, const char *opt, const char *out, const char *trace);

/*
 * hg_cmd_is_opt - whether argument @arg is option @opt, alone or as
 * "@opt=<value>"
 */
int hg_cmd_is_opt(const char *arg, const char *opt);

/*
 * hg_cmd_time - parse the time value @val of option @opt into @ns; prints
 * "hourglass: <cmd>: <opt> <val>: <reason>" and returns 2 when it is not
 * one (or is zero and @zero_ok is false); else returns 0
 */
int hg_cmd_time(const char *cmd, const char *opt, const char *val, uint64_t *ns,
		bool zero_ok);

/*
 * hg_cmd_read - read trace @file for subcommand @cmd; prints
 * "hourglass: <cmd>: <file>: <reason>" and returns 2 when it cannot
 */
int hg_cmd_read(const char *cmd, const char *file, struct hg_trace **t);

/*
 * hg_cmd_flush - flush standard output; when that or an earlier write
 * failed (a full disk, a closed pipe), print "hourglass: <cmd>: cannot
 * write standard output: <reason>" and return 1; else return @status
 */
int hg_cmd_flush(const char *cmd, int status);

/*
 * hg_join_args - @argc words of @argv joined by spaces (the command line
 * kept in a trace); malloc'd, NULL when out of memory
 */
char *hg_join_args(int argc, char *const *argv);

#endif /* HG_CMDUTIL_H */
