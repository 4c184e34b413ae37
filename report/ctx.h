/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ctx.h - the context-switch report of analysis/gaps/ctx.h, as text and JSON
 */
#ifndef HG_REPORT_CTX_H
#define HG_REPORT_CTX_H

#include <stdint.h>
#include <stdio.h>

#include "analysis/gaps/ctx.h"
#include "trace/trace.h"

/*
 * hg_ctx_print - the text report: one line per class, per thread the
 * switches away from it inferred from the trace beside the kernel's count
 * (getrusage); with --sched the kernel's own counts of switches and the
 * ten other tasks that took most time from the workers; then the histogram.
 */
int hg_ctx_print(FILE *f, const struct hg_trace *t, const struct hg_ctx_report *r,
		 uint64_t bucket_ns, uint64_t max_ns);

/* Version of ctx --json's schema (schemas/ctx.schema.json). */
#define HG_CTX_SCHEMA 1

/*
 * hg_ctx_json - the same as one JSON object: "classes" by class, "per_thread"
 * with each thread's inferred and kernel switch counts; with --sched also
 * "kernel" (its counts) and "other_tasks" (the ten). Returns 0 or -EIO.
 */
int hg_ctx_json(FILE *f, const struct hg_trace *t, const struct hg_ctx_report *r);

#endif /* HG_REPORT_CTX_H */
