/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmdutil.h - what the subcommands share: reading the trace, running on it,
 * flushing standard output, with the same messages everywhere
 */
#ifndef HG_CMDUTIL_H
#define HG_CMDUTIL_H

#include "analysis/gaps/attrib.h"
#include "analysis/kernel/ksched.h"
#include "hourglass/cmdopt.h"
#include "util/atomicfile.h"
#include "trace/trace.h"

/*
 * hg_cmd_read - read trace @file for subcommand @cmd; prints
 * "hourglass: <cmd>: <file>: <reason>" and returns 2 when it cannot
 */
int hg_cmd_read(const char *cmd, const char *file, struct hg_trace **t);

/*
 * hg_cmd_read_failed - what hg_cmd_read() prints when trace @file cannot
 * be read, for reason @err; returns 2
 */
int hg_cmd_read_failed(const char *cmd, const char *file, const char *err);

/*
 * hg_cmd_sched_text - --sched @sched of subcommand @cmd: the perf script
 * text's events for @t into a new *@own (hourglass/perfin.h), what it
 * held into @info. Returns the exit status: 0 (free *@own with
 * hg_kevents_free()), 2 for a file that is not perf script text or does
 * not fit the trace, 1 for memory; messages printed.
 */
int hg_cmd_sched_text(const char *cmd, const char *sched, const struct hg_trace *t,
		      struct hg_kevents **own, struct hg_ksched_info *info);

/* Room for the line of hg_cmd_kev_source(): a file name and the counts. */
#define HG_KEV_SOURCE_LEN 4608

/*
 * hg_cmd_kev_source - the one line that names where the kernel's events
 * came from, after @prefix, on @f: "kernel events: from the capture
 * (--kernel)" when @info is NULL, else "kernel events: from perf script
 * text <file>: <n> of its <m> event lines (...), times to <r> ns", and
 * when @t has its own, "; --sched takes precedence over the trace's own
 * (--kernel)"
 */
void hg_cmd_kev_source(FILE *f, const char *prefix, const struct hg_trace *t,
		       const struct hg_ksched_info *info);

/*
 * hg_cmd_kev_say - the line of hg_cmd_kev_source() as a message of
 * subcommand @cmd ("hourglass: <cmd>: kernel events: ..."), for the
 * subcommands whose standard output is their data
 */
void hg_cmd_kev_say(const char *cmd, const struct hg_trace *t, const struct hg_ksched_info *info);

/*
 * hg_cmd_attrib_in - the kernel's switches subcommand @cmd attributes the
 * gaps of @t (read from @file) with (analysis/gaps/attrib.h), into @in: those
 * of perf script text @sched when given (into a new *@own, what it held
 * into @info), else the trace's own (--kernel; *@own NULL), else none
 * (@in->k NULL: the trace's own classes only). Checked against @t as the
 * attribution takes them. Returns the exit status: 0 (free *@own with
 * hg_kevents_free()), 2 for a text that is not perf script's or does not
 * fit the trace, or a trace without thread ids; 1 when memory or the
 * records fail; messages printed.
 */
int hg_cmd_attrib_in(const char *cmd, const char *file, const char *sched,
		     const struct hg_trace *t, struct hg_attrib_in *in, struct hg_kevents **own,
		     struct hg_ksched_info *info);

/*
 * hg_cmd_kernel_events - the kernel's events subcommand @cmd takes apart
 * the gaps of @t (read from @file) by: those of perf script text @sched
 * (hg_cmd_sched_text()) when given, else the trace's own (--kernel). @view
 * is @t with them (a shallow copy: free *@own with hg_kevents_free() after
 * it, NULL when the trace's are used). Names the source
 * (hg_cmd_kev_source()), and what the text lacked, on @note (each line
 * after @prefix; NULL: none), or for JSON only the lacks on standard
 * error. Returns the exit status: 0, 2 for no events or a text that is
 * not perf script's or does not fit the trace, 1 for memory; messages
 * printed.
 */
int hg_cmd_kernel_events(const char *cmd, const char *file, const char *sched, const struct hg_trace *t,
			 struct hg_trace *view, struct hg_kevents **own, FILE *note,
			 const char *prefix);

/*
 * hg_cmd_flush - flush standard output; when that or an earlier write
 * failed (a full disk, a closed pipe), print "hourglass: <cmd>: cannot
 * write standard output: <reason>" once (the error is cleared) and return
 * 1; else return @status. @cmd may be NULL for the run.
 */
int hg_cmd_flush(const char *cmd, int status);

/*
 * hg_cmd_write - write output file @path of subcommand @cmd atomically
 * through @write (util/atomicfile.h) with @arg. Returns 0, or 1 after
 * "hourglass: <cmd>: <reason>" (nothing more when @write returned
 * HG_ATOMIC_SAID: it has said why).
 */
int hg_cmd_write(const char *cmd, const char *path, hg_atomic_fn write, const void *arg);

/*
 * hg_join_args - @argc words of @argv joined by spaces (the command line
 * kept in a trace); malloc'd, NULL when out of memory
 */
char *hg_join_args(int argc, char *const *argv);

/*
 * hg_cmd_trace_fn - the work of a subcommand on one trace: @args as the
 * parser filled them, @t the trace read. Returns the exit status (0; 1
 * when something failed, message printed; 2 for bad input the trace
 * revealed, message printed).
 */
typedef int (*hg_cmd_trace_fn)(const void *args, const struct hg_trace *t);

/*
 * hg_cmd_on_trace - the whole of a subcommand that works on one trace:
 * parse @argv with @spec into @args (hg_cmdopt_get: --help, bad options and
 * unwritable outputs end here), open the trace named by *@file (a field of
 * @args the parser fills from a positional argument) as a stream
 * (hg_cmd_stream_run()), call @run, close it, flush standard output.
 *
 * Returns the exit status: 0 after --help, 2 for bad arguments or a trace
 * that cannot be read, else @run's, or 1 when standard output cannot be
 * written.
 */
int hg_cmd_on_trace(const struct hg_cmdspec *spec, int argc, char **argv, void *args,
		    const char *const *file, hg_cmd_trace_fn run);

/*
 * hg_cmd_stream_run - hg_cmd_on_trace() after the parse: open trace @file
 * as a stream (tstream.h: checked whole, its checksum too, before @run is
 * called; its records read from the file in chunks as @run takes them),
 * call @run with @args, close it, flush standard output. Returns the exit
 * status, as hg_cmd_on_trace() does.
 */
int hg_cmd_stream_run(const struct hg_cmdspec *spec, void *args, const char *file,
		      hg_cmd_trace_fn run);

/*
 * hg_cmd_trace_run - hg_cmd_on_trace() after the parse: read trace @file,
 * call @run with @args, free the trace, flush standard output. Returns the
 * exit status, as hg_cmd_on_trace() does.
 */
int hg_cmd_trace_run(const struct hg_cmdspec *spec, void *args, const char *file,
		     hg_cmd_trace_fn run);

#endif /* HG_CMDUTIL_H */
