/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * korder.h - the order of the kernel's events in a window (explain --at,
 * --worst): the window's start (the timer's expiry, the end of an
 * interval, a release), each event of its CPUs with its offset (interrupt
 * entries and exits, softirqs, timers, wake-ups, switches with the next
 * task's policy and priority), and the thread running at its end; as text
 * and as JSON rows
 */
#ifndef HG_REPORT_KORDER_H
#define HG_REPORT_KORDER_H

#include <stdio.h>

#include "analysis/kernel/kwin.h"
#include "report/json.h"
#include "trace/trace.h"

#define HG_KORDER_HEAD 10	/* events shown from a window's start ... */
#define HG_KORDER_TAIL 10	/* ... and before its end; the rest counted */

/*
 * hg_print_korder - @w's events, one a line from @lead: "+<us> [CPU <c>]
 * <what>", the middle of a long window left out with its count
 */
void hg_print_korder(FILE *f, const struct hg_trace *t, const struct hg_kwin *w,
		     const char *lead);

/* hg_korder_json - "order": the same rows, {offset_ns, cpu, event, what}, and "order_omitted". */
void hg_korder_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kwin *w);

#endif /* HG_REPORT_KORDER_H */
