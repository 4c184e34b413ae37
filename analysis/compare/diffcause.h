/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diffcause.h - what filled the gaps, as values for diff: per thread and
 * kind of cause (analysis/kernel/kattr.h: irq, softirq, timer, ipi, nmi, task,
 * kernel, unexplained) the total time in the gaps and the count of pieces,
 * from a trace's kernel events (--kernel) or, through diffjson.c, from a
 * summary JSON's per-thread "causes" arrays
 *
 * Names: thread<n>.cause.<kind>.time (us) and thread<n>.cause.<kind>.count,
 * all eight kinds for each thread that has causes (0 for a kind that did
 * not occur), so that two runs compare kind by kind.
 */
#ifndef HG_DIFFCAUSE_H
#define HG_DIFFCAUSE_H

#include "analysis/compare/diffdata.h"
#include "analysis/kernel/kattr.h"
#include "trace/trace.h"

/*
 * hg_diff_causes_from_trace - the causes of every thread of @t into @tr;
 * nothing when @t has no kernel events
 * Returns 0 or -ENOMEM.
 */
int hg_diff_causes_from_trace(const struct hg_trace *t, struct hg_diff_trial *tr);

/*
 * hg_diff_cause_kind - the kind (enum hg_kcause) named @name as a summary
 * JSON's "causes" spell it ("irq"), or -1 for no kind
 */
int hg_diff_cause_kind(const char *name);

/*
 * hg_diff_add_causes - thread @id's causes into @tr: per kind (enum
 * hg_kcause) the total time in the gaps @us (us) and the count of pieces
 * @count, all HG_KC_NKINDS of them (analysis/compare/diffjson.c reads them from a
 * summary's per-thread "causes", checking every value)
 * Returns 0 or -ENOMEM.
 */
int hg_diff_add_causes(struct hg_diff_trial *tr, unsigned int id, const double us[HG_KC_NKINDS],
		       const double count[HG_KC_NKINDS]);

#endif /* HG_DIFFCAUSE_H */
