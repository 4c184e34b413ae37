// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * summary.c - per-thread figures shared by the text and JSON summaries
 */
#include "analysis/stats/summary.h"
#include "trace/brk.h"
#include "trace/hist.h"
#include "util/timeval.h"

uint64_t hg_thread_window_ns(const struct hg_trace *t, const struct hg_trace_thread *th)
{
	uint64_t end = th->end_cycles;

	if (t->stop_cycles && t->stop_cycles < end)
		end = t->stop_cycles;
	return end > th->begin_cycles ? hg_cycles_to_ns(end - th->begin_cycles, t->calib.tsc_hz) : 0;
}

uint64_t hg_gap_ns(const struct hg_trace *t, const struct hg_trace_thread *th, double pct)
{
	return hg_cycles_to_ns(hg_hist_percentile(&th->stats.gaps, pct), t->calib.tsc_hz);
}
uint64_t hg_break_value_ns(const struct hg_trace *t)
{
	return t->break_kind == HG_BREAK_GAP ? hg_cycles_to_ns(t->break_value, t->calib.tsc_hz) :
	       t->break_value;
}
