/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ksched.h - the kernel's events from another tool's file: the text of
 * "perf script" over a "perf record -k CLOCK_MONOTONIC" of the sched, irq,
 * irq_vectors, timer and nmi tracepoints, read into the same events a
 * --kernel capture holds (trace/kevents.h), so that the attribution
 * (analysis/kernel/kattr.h) takes apart the gaps of a run recorded without it,
 * and its switches class them (analysis/gaps/attrib.h)
 *
 * The events read: sched_switch, sched_wakeup, sched_migrate_task,
 * irq_handler_entry/exit, softirq_entry/exit, the irq_vectors
 * "<name>_entry"/"<name>_exit" pairs, hrtimer_expire_entry/exit and
 * nmi_handler; other lines are skipped. Times are CLOCK_MONOTONIC, placed
 * on the trace's counter through its clock pair at the start; events
 * outside the run are left out. Each CPU the text has an event of counts
 * as captured from the text's first event to its last (within the run).
 * Nothing here reads a file: the caller gives the text, a line at a time
 * (hourglass/perfin.h reads a file so).
 * perf script prints no lost events: none are counted.
 */
#ifndef HG_KSCHED_H
#define HG_KSCHED_H

#include <stddef.h>
#include <stdint.h>

#include "trace/kevents.h"
#include "trace/trace.h"

#define HG_KSCHED_SOURCE_LEN 4096

/*
 * The limits of a reading, for the reader of a file (hourglass/perfin.h):
 * the largest text, the longest line. The events kept take 24 bytes each
 * (trace/kevents.h), never the text's room.
 */
#define HG_KSCHED_MAX_BYTES (256ULL << 20)
#define HG_KSCHED_MAX_LINE 65536u

/* What a perf text held, beside its events. */
struct hg_ksched_info {
	uint64_t lines;		/* event lines read (any event) */
	uint64_t used;		/* of them, events kept (known, inside the run) */
	uint64_t resolution_ns;	/* of the times: 1000 for perf's default
				 * microseconds, 1 with --ns */
	char source[HG_KSCHED_SOURCE_LEN];	/* the file's name, tamed (hg_tame())
						 * to be printed, set by its reader;
						 * "" here */
};

/* A reading of perf script text in progress, a line at a time. */
struct hg_ksched;

/*
 * hg_ksched_begin - start reading perf script text for the run of @t
 * (the text itself is given a line at a time by the caller)
 * Returns 0 with *@out set; -ENODATA when @t has no clock pair (@err says
 * so); -ENOMEM.
 */
int hg_ksched_begin(const struct hg_trace *t, struct hg_ksched **out, char *err, size_t errlen);

/*
 * hg_ksched_line - the next line of the text, @len bytes at @line (no
 * newline, need not end in NUL): an event kept when known and inside the
 * run, any other line skipped
 * Returns 0; -EINVAL with "line <n>: <sys>:<event>: <what is missing>" in
 * @err for an event whose fields are not as perf prints them (the reading
 * is over: hg_ksched_abort() it); -ENOMEM.
 */
int hg_ksched_line(struct hg_ksched *r, const char *line, size_t len, char *err, size_t errlen);

/*
 * hg_ksched_end - after the last line: the events into a new *@out (clock
 * HG_KCLOCK_MONO, the tracepoints named in it: those that had an event),
 * what the text held into @info; @r is freed in any case
 * Returns 0; -EINVAL for text that is not perf script's; -ERANGE when no
 * event lies inside the run (another clock than CLOCK_MONOTONIC, or
 * another run); -ESRCH when the text's sched_switch events name none of
 * the run's threads (a capture of another run); @err says why.
 */
int hg_ksched_end(struct hg_ksched *r, struct hg_kevents **out, struct hg_ksched_info *info,
		  char *err, size_t errlen);

/* hg_ksched_abort - end a reading that failed; NULL is fine. */
void hg_ksched_abort(struct hg_ksched *r);

/*
 * hg_ksched_parse - the whole text @text (@len bytes, need not end in NUL)
 * read through the three above into a new *@out
 * @err: a one-line reason on failure ("line 12: irq:irq_handler_entry: no
 *       irq=", "no event of the run's time ...").
 * Returns 0 or what they return.
 */
int hg_ksched_parse(const struct hg_trace *t, const char *text, size_t len,
		    struct hg_kevents **out, struct hg_ksched_info *info, char *err,
		    size_t errlen);

/*
 * hg_ksched_missing - what the events of @k cannot explain, as one phrase
 * ("no irq_handler_entry events: interrupt handlers' time shows as
 * unexplained; no nmi_handler events: ..."), or "" when it has them all
 * Returns the number of kinds missing.
 */
unsigned int hg_ksched_missing(const struct hg_kevents *k, char *buf, size_t len);

#endif /* HG_KSCHED_H */
