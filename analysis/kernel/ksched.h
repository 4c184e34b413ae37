/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ksched.h - the kernel's events from another tool's file: the text of
 * "perf script" over a "perf record -k CLOCK_MONOTONIC" of the sched, irq,
 * irq_vectors, timer and nmi tracepoints, read into the same events a
 * --kernel capture holds (trace/kevents.h), so that the attribution
 * (analysis/kernel/kattr.h) takes apart the gaps of a run recorded without it
 *
 * The events read: sched_switch, sched_wakeup, sched_migrate_task,
 * irq_handler_entry/exit, softirq_entry/exit, the irq_vectors
 * "<name>_entry"/"<name>_exit" pairs, hrtimer_expire_entry/exit and
 * nmi_handler; other lines are skipped. Times are CLOCK_MONOTONIC, placed
 * on the trace's counter through its clock pair at the start (as the
 * sched_switch reader's attribution does, analysis/gaps/attrib.h); events
 * outside the run are left out. Each CPU the text has an event of counts
 * as captured from the text's first event to its last (within the run).
 * perf script prints no lost events: none are counted.
 */
#ifndef HG_KSCHED_H
#define HG_KSCHED_H

#include <stddef.h>
#include <stdint.h>

#include "trace/kevents.h"
#include "trace/trace.h"

#define HG_KSCHED_SOURCE_LEN 4096

/* What a perf text held, beside its events. */
struct hg_ksched_info {
	uint64_t lines;		/* event lines read (any event) */
	uint64_t used;		/* of them, events kept (known, inside the run) */
	uint64_t resolution_ns;	/* of the times: 1000 for perf's default
				 * microseconds, 1 with --ns */
	char source[HG_KSCHED_SOURCE_LEN];	/* hg_ksched_read()'s file name, tamed
						 * (hg_tame()) to be printed; "" */
};

/*
 * hg_ksched_parse - the events of perf script @text (@len bytes, need not
 * end in NUL) for the run of @t, into a new *@out (clock HG_KCLOCK_MONO,
 * the tracepoints named in it: those that had an event)
 * @err: a one-line reason on failure ("line 12: irq:irq_handler_entry: no
 *       irq=", "no event of the run's time ...").
 * Returns 0; -EINVAL for text that is not perf script's; -ERANGE when no
 * event lies inside the run (another clock than CLOCK_MONOTONIC, or
 * another run); -ESRCH when the text's sched_switch events name none of
 * the run's threads (a capture of another run); -ENODATA when @t has no
 * clock pair; -ENOMEM.
 */
int hg_ksched_parse(const struct hg_trace *t, const char *text, size_t len,
		    struct hg_kevents **out, struct hg_ksched_info *info, char *err,
		    size_t errlen);

/*
 * hg_ksched_read - hg_ksched_parse() of the file @path: a regular file of
 * at most HG_SCHED_MAX_BYTES (analysis/kernel/sched.h); @path, tamed, in
 * @info->source. Returns 0 or -errno.
 */
int hg_ksched_read(const struct hg_trace *t, const char *path, struct hg_kevents **out,
		   struct hg_ksched_info *info, char *err, size_t errlen);

/*
 * hg_ksched_missing - what the events of @k cannot explain, as one phrase
 * ("no irq_handler_entry events: interrupt handlers' time shows as
 * unexplained; no nmi_handler events: ..."), or "" when it has them all
 * Returns the number of kinds missing.
 */
unsigned int hg_ksched_missing(const struct hg_kevents *k, char *buf, size_t len);

#endif /* HG_KSCHED_H */
