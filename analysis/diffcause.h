/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diffcause.h - what filled the gaps, as values for diff: per thread and
 * kind of cause (analysis/kattr.h: irq, softirq, timer, ipi, nmi, task,
 * kernel, unexplained) the total time in the gaps and the count of pieces,
 * from a trace's kernel events (--kernel) or from a summary JSON's
 * per-thread "causes" arrays
 *
 * Names: thread<n>.cause.<kind>.time (us) and thread<n>.cause.<kind>.count,
 * all eight kinds for each thread that has causes (0 for a kind that did
 * not occur), so that two runs compare kind by kind.
 */
#ifndef HG_DIFFCAUSE_H
#define HG_DIFFCAUSE_H

#include "analysis/diffdata.h"
#include "trace/trace.h"

struct json_object;

/*
 * hg_diff_causes_from_trace - the causes of every thread of @t into @tr;
 * nothing when @t has no kernel events
 * Returns 0 or -ENOMEM.
 */
int hg_diff_causes_from_trace(const struct hg_trace *t, struct hg_diff_trial *tr);

/*
 * hg_diff_causes_from_json - the causes of thread @id from its summary
 * object @th: its "causes" array of {"kind", "name", "count", "total_ns",
 * "max_ns"}, summed by kind; nothing when it has none (a run without
 * --kernel, or a summary written before they were kept); entries of an
 * unknown kind or without the numbers are skipped
 * Returns 0 or -ENOMEM.
 */
int hg_diff_causes_from_json(struct json_object *th, int id, struct hg_diff_trial *tr);

#endif /* HG_DIFFCAUSE_H */
