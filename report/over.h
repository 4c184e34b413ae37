/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * over.h - what --on-threshold continue kept (the trace's OVER section):
 * its lines in the run's summary and its object in the JSON summary
 */
#ifndef HG_REPORT_OVER_H
#define HG_REPORT_OVER_H

#include <stdio.h>

#include "report/json.h"
#include "trace/trace.h"

/*
 * hg_over_print - "# on-threshold:" lines: the events past the threshold
 * counted, how many the actions ran for, and the worst kept (time from
 * the start, thread, CPU, value); nothing when @t has no OVER section
 */
void hg_over_print(FILE *f, const struct hg_trace *t);

/* hg_over_json - "over_threshold": the same as an object; no key without OVER. */
void hg_over_json(struct hg_json *j, const struct hg_trace *t);

#endif /* HG_REPORT_OVER_H */
