/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * explain.h - explain's output: where each thread's gap time went, by
 * kind and name of cause, and the worst gaps each taken apart, as text or
 * as JSON (schemas/explain.schema.json); durations in ns, the parts of a
 * gap adding up to its length
 */
#ifndef HG_REPORT_EXPLAIN_H
#define HG_REPORT_EXPLAIN_H

#include <stdio.h>

#include "analysis/kernel/kexplain.h"
#include "trace/trace.h"

/* hg_explain_print - the text. Returns 0 or -EIO. */
int hg_explain_print(FILE *f, const struct hg_trace *t, const struct hg_kexplain *x);

/* hg_explain_json - the JSON document. Returns 0 or -EIO. */
int hg_explain_json(FILE *f, const struct hg_trace *t, const struct hg_kexplain *x);

#endif /* HG_REPORT_EXPLAIN_H */
