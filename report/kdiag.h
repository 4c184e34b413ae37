/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kdiag.h - the diagnosis (analysis/kernel/kdiag.h) as explain, the run's summary
 * and a --break report print it, and as JSON (schemas/explain.schema.json):
 * per window its mechanisms with why and the fix; per thread the share of
 * each mechanism in its gap time and its lateness, and a verdict (the
 * mechanism that weighs most, in the total and in the worst window, and
 * the one fix that removes the most); per CPU the time the host took,
 * measured beside what the kernel's accounting implies
 */
#ifndef HG_REPORT_KDIAG_H
#define HG_REPORT_KDIAG_H

#include <stdio.h>

#include "analysis/kernel/kexplain.h"
#include "report/json.h"
#include "trace/trace.h"

/*
 * hg_print_kdiag - a window's mechanisms, each from @lead: its name, share
 * and time, why, and the fix with its audit check; those of less than 5 %
 * after the first are summed in one line
 */
void hg_print_kdiag(FILE *f, const struct hg_trace *t, const struct hg_kdiag_ctx *c,
		    const struct hg_kwin *w, const struct hg_kdiag *d, const char *lead);

/*
 * hg_print_kverdict - per thread of @x: "# verdict: thread <n>: ..." lines:
 * for its gaps and for its wake-ups' lateness, the share of each mechanism,
 * the worst window's mechanism, why, and the fix that removes the most;
 * then "# host: CPU <c>: ..." per CPU whose threads can be compared with
 * the kernel's accounting. @brief: one line a thread, for the run's summary.
 */
void hg_print_kverdict(FILE *f, const struct hg_trace *t, const struct hg_kexplain *x,
		       int brief);

/* hg_kdiag_json - "diagnosis" {mechanism, why, fix, audit} and "mechanisms" of a window. */
void hg_kdiag_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kdiag_ctx *c,
		   const struct hg_kwin *w, const struct hg_kdiag *d);

/* hg_kthread_mech_json - a thread's "mechanisms" and "verdict". */
void hg_kthread_mech_json(struct hg_json *j, const struct hg_trace *t,
			  const struct hg_kexplain *x, const struct hg_kthread_sum *s);

/* hg_khost_json - "host": per CPU, the time hidden and the kernel's accounting. */
void hg_khost_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kexplain *x);

#endif /* HG_REPORT_KDIAG_H */
