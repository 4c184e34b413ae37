/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kthrot.h - rt-throttling's time per CPU (analysis/kernel/kthrot.h) beside
 * what the limit implies, as explain, the run's summary and the JSON give
 * it: "# rt-throttling: CPU 1 throttled 3 x 48.800 ms = 146.400 ms, the
 * sysctls imply 150.000 ms: agrees (measured -2.4 %) ..."
 */
#ifndef HG_REPORT_KTHROT_H
#define HG_REPORT_KTHROT_H

#include <stdio.h>

#include "analysis/kernel/kexplain.h"
#include "report/json.h"
#include "trace/trace.h"

/* hg_print_kthrot - a "# rt-throttling:" line per CPU of @x that was throttled. */
void hg_print_kthrot(FILE *f, const struct hg_trace *t, const struct hg_kexplain *x);

/*
 * hg_kthrot_json - "rt_throttling": the sysctls, and per CPU the stretches,
 * the time measured and implied, where the reservation was read, the
 * deviation and whether the two agree (schemas/explain.schema.json)
 */
void hg_kthrot_json(struct hg_json *j, const struct hg_trace *t, const struct hg_kexplain *x);

#endif /* HG_REPORT_KTHROT_H */
