/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * summary.h - per-thread figures shared by the text and JSON summaries
 */
#ifndef HG_SUMMARY_H
#define HG_SUMMARY_H

#include <stdint.h>

#include "trace/trace.h"

/*
 * hg_thread_window_ns - how long @th was meant to run: from its start to
 * its end, or to the stop when the run was cut short
 */
uint64_t hg_thread_window_ns(const struct hg_trace *t, const struct hg_trace_thread *th);

/* hg_gap_ns - percentile @pct (0 min, 100 max) of @th's gaps, in ns. */
uint64_t hg_gap_ns(const struct hg_trace *t, const struct hg_trace_thread *th, double pct);

/*
 * hg_break_value_ns - what stopped a --break run, in ns: the gap (its
 * cycles converted), the wake-up's lateness or the job's tardiness
 */
uint64_t hg_break_value_ns(const struct hg_trace *t);

#endif /* HG_SUMMARY_H */
