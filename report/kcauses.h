/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kcauses.h - where each thread's gap time went (--kernel), as the run's
 * summary, dump and explain print it: the capture's JSON object, the
 * causes as JSON rows, the summary's text lines, and the ns of parts that
 * add up to their whole
 */
#ifndef HG_REPORT_KCAUSES_H
#define HG_REPORT_KCAUSES_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/kernel/kexplain.h"
#include "report/json.h"
#include "trace/trace.h"

/*
 * Nanoseconds of parts of a whole: each the difference of the rounded
 * running sums, so that they add up to the whole's rounded length.
 * Start with { .hz = the counter's frequency }.
 */
struct hg_ns_sum {
	uint64_t hz, cum, ns;
};

/* hg_ns_sum_next - the ns of the next part of @cycles. */
uint64_t hg_ns_sum_next(struct hg_ns_sum *s, uint64_t cycles);

/* hg_kclock_name - "counter" or "mono": the clock the kernel stamped with. */
const char *hg_kclock_name(const struct hg_kevents *k);

/*
 * hg_kcapture_json - "kernel_capture": clock, tracepoints, events, lost,
 * and per CPU the interrupts captured beside /proc/interrupts' count
 * (schemas/explain.schema.json)
 */
void hg_kcapture_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kexplain *x);

/*
 * hg_kcause_json - one cause as a row: kind, name, pid (tasks), basis
 * (hg_kcause_basis(); a kernel row's cap as assumed_max_ns), count,
 * total_ns (@ns, from hg_ns_sum_next()), max_ns
 */
void hg_kcause_json(struct hg_json *j, const struct hg_trace *t, enum hg_kcause kind,
		    const char *name, uint32_t pid, uint64_t count, uint64_t ns,
		    uint64_t max_cycles);

/* hg_kcauses_json - "causes": @s's causes, largest first, adding up to its gap time. */
void hg_kcauses_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kthread_sum *s);

/* hg_kpart_json - "causes": @g's parts, adding up to its length. */
void hg_kpart_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kgap *g);

/*
 * hg_kcause_basis - what a cause's time rests on: "events" (the kernel's
 * events bracket it), "assumed" (kernel: the thread's own time between two
 * events, taken for the kernel's entry, exit and switch paths up to
 * HG_KATTR_KERNEL_MAX_NS a piece) or "remainder" (unexplained: the gap
 * less everything else, measured)
 */
const char *hg_kcause_basis(enum hg_kcause kind);

/*
 * hg_kcause_note - what a printed row of @kind adds to say it is assumed:
 * "" for a cause of the events or the remainder
 */
const char *hg_kcause_note(enum hg_kcause kind);

/* hg_kcause_label - a cause's name as printed: a task's with " (pid <n>)". */
void hg_kcause_label(char *buf, size_t len, enum hg_kcause kind, const char *name, uint32_t pid);

/*
 * hg_print_kwindow - a window taken apart: a head line "# <label> thread
 * <n>, CPU <c>, ..." saying what it was (a gap at, a timer expiry and how
 * late, a deadline window and how far past), then a line a cause, largest
 * first, each starting with @lead: kind, name, count, us (adding up to the
 * window's length) and share of the window
 */
void hg_print_kwindow(FILE *f, const struct hg_trace *t, const struct hg_kwin *w,
		      const struct hg_kgap *g, const char *label, const char *lead);

/*
 * hg_print_kcauses - after the summary of a --kernel run, per thread with
 * gaps: "# causes: thread <n>: <g> gaps, <ms> ms in all, <p> % unexplained
 * by the kernel's events", then its largest causes, one a line: "# causes:
 * thread <n>: <kind> <name>: <count> times, <us> us in all, longest <us>
 * us, <p> % of the gap time", the rest summed in one line; after a
 * --break run, the window that stopped it taken apart, with its mechanisms;
 * then the verdict in brief and the host's time (report/kdiag.h). @brief
 * (the run's answer first): the verdict, the host's time and the break's
 * mechanisms alone. Prints nothing for a trace without kernel events.
 */
void hg_print_kcauses(FILE *f, const struct hg_trace *t, int brief);

#endif /* HG_REPORT_KCAUSES_H */
