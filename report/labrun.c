// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * labrun.c - a run's threads and checks as tests, its figures as their
 * lines
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "analysis/summary.h"
#include "report/labrun.h"
#include "trace/brk.h"
#include "trace/timeval.h"

/* The thread's own test: what it ran and its figures (measured). */
static int thread_test(struct hg_lab *l, const struct hg_trace *t,
		       const struct hg_trace_thread *th)
{
	const struct hg_hist *h = &th->stats.events;
	char a[32], b[32], c[32], d[32];
	int ret = hg_lab_add(l, th->error ? HG_LAB_NOT_OK : HG_LAB_OK, "thread-%" PRIu32, th->id);

	if (!ret && th->error)
		ret = hg_lab_diag(l, "thread %" PRIu32 " failed during the run: %s", th->id,
				  strerror(-th->error));
	if (!ret)
		ret = hg_lab_diag(l, "thread %" PRIu32 ": %s at %s on CPUs %s", th->id,
				  th->workload, th->priority, th->cpus);
	if (ret)
		return ret;
	if ((th->model == HG_MODEL_LAT || th->model == HG_MODEL_PERIODIC) && h->count)
		return hg_lab_diag(l, "%s us (measured, %" PRIu64 " samples): min %s median %s "
				   "p99 %s max %s", th->model == HG_MODEL_LAT ? "lateness" :
				   "response", h->count, hg_format_us(h->min, a, sizeof(a)),
				   hg_format_us(hg_hist_percentile(h, 50), b, sizeof(b)),
				   hg_format_us(hg_hist_percentile(h, 99), c, sizeof(c)),
				   hg_format_us(h->max, d, sizeof(d)));
	if (!th->stats.gaps.count)
		return hg_lab_diag(l, "gaps (measured): none");
	return hg_lab_diag(l, "gaps us (measured, %" PRIu64 "): min %s median %s p99 %s max %s",
			   th->stats.gaps.count, hg_format_us(hg_gap_ns(t, th, 0), a, sizeof(a)),
			   hg_format_us(hg_gap_ns(t, th, 50), b, sizeof(b)),
			   hg_format_us(hg_gap_ns(t, th, 99), c, sizeof(c)),
			   hg_format_us(hg_gap_ns(t, th, 100), d, sizeof(d)));
}

/* A deadline thread's misses: not ok when one was missed. */
static int misses_test(struct hg_lab *l, const struct hg_trace_thread *th)
{
	const struct hg_tstats *st = &th->stats;
	int ret;

	if (th->model != HG_MODEL_PERIODIC && th->model != HG_MODEL_CPU_PERIODIC)
		return 0;
	ret = hg_lab_add(l, st->misses ? HG_LAB_NOT_OK : HG_LAB_OK, "thread-%" PRIu32 "-misses",
			 th->id);
	return ret ? ret : hg_lab_diag(l, "%" PRIu64 " of %" PRIu64 " deadlines missed "
				       "(measured)", st->misses, st->misses + st->hits);
}

/* A LAT thread's thresholds: not ok when a wake-up was later than one. */
static int threshold_tests(struct hg_lab *l, const struct hg_trace *t,
			   const struct hg_trace_thread *th)
{
	char v[32];
	uint32_t i;
	int ret = 0;

	if (th->model != HG_MODEL_LAT)
		return 0;
	for (i = 0; i < t->nthresholds && !ret; i++) {
		hg_format_time(t->thresholds_ns[i], v, sizeof(v));
		ret = hg_lab_add(l, th->stats.over[i] ? HG_LAB_NOT_OK : HG_LAB_OK,
				 "thread-%" PRIu32 "-later-than-%s", th->id, v);
		if (!ret)
			ret = hg_lab_diag(l, "%" PRIu64 " of %" PRIu64 " wake-ups later than %s "
					  "(measured)", th->stats.over[i], th->stats.events.count, v);
	}
	return ret;
}

/* --break: not ok when an event past the threshold stopped the run or was counted. */
static int break_test(struct hg_lab *l, const struct hg_trace *t, uint64_t break_ns)
{
	bool broke = t->flags & HG_TRACE_BREAK;
	uint64_t past = t->over ? t->over->count : broke;
	char v[32], by[32];
	int ret;

	hg_format_time(break_ns, v, sizeof(v));
	ret = hg_lab_add(l, past ? HG_LAB_NOT_OK : HG_LAB_OK, "break-%s", v);
	if (ret)
		return ret;
	if (broke)
		return hg_lab_diag(l, "thread %" PRIu32 ": a %s of %s us past the threshold %s "
				   "stopped the run (measured)", t->break_thread,
				   t->break_kind == HG_BREAK_GAP ? "gap" :
				   t->break_kind == HG_BREAK_LAT ? "late wake-up" : "deadline miss",
				   hg_format_us(hg_break_value_ns(t), by, sizeof(by)), v);
	return hg_lab_diag(l, "%" PRIu64 " events past %s (measured)", past, v);
}

int hg_labrun(struct hg_lab *l, const struct hg_trace *t, const struct hg_labrun_opts *o)
{
	uint32_t i;
	int ret = 0;

	for (i = 0; i < t->nthreads && !ret; i++) {
		const struct hg_trace_thread *th = &t->threads[i];

		ret = thread_test(l, t, th);
		if (!ret)
			ret = misses_test(l, th);
		if (!ret && o->thresholds_set)
			ret = threshold_tests(l, t, th);
	}
	if (!ret && o->break_ns)
		ret = break_test(l, t, o->break_ns);
	return ret;
}
