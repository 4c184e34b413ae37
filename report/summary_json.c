// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * summary_json.c - the run's summary as JSON (see summary_json.h)
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "analysis/stats/bins.h"
#include "analysis/cpuset.h"
#include "analysis/sched/lockwait.h"
#include "analysis/sched/predict.h"
#include "analysis/stats/summary.h"
#include "report/audit.h"
#include "report/chainrun.h"
#include "report/json.h"
#include "report/kcauses.h"
#include "report/kdiag.h"
#include "report/kthrot.h"
#include "report/load.h"
#include "report/meta.h"
#include "report/noise.h"
#include "report/over.h"
#include "report/ovhprint.h"
#include "report/rtaprint.h"
#include "report/summary_json.h"
#include "util/atomicfile.h"
#include "trace/brk.h"
#include "util/timeval.h"

/* A figure of a set of @count values: null when the set is empty (text: '-'). */
static void figure_ns(struct hg_json *j, const char *key, uint64_t count, uint64_t v)
{
	if (count)
		hg_json_u64(j, key, v);
	else
		hg_json_null(j, key);
}

/* Statistics of the model's values (ns): responses, frame times, lateness. */
static void value_stats(struct hg_json *j, const char *key, const struct hg_hist *h)
{
	uint64_t n = h->count;

	hg_json_obj(j, key);
	hg_json_u64(j, "count", n);
	figure_ns(j, "min_ns", n, h->min);
	figure_ns(j, "median_ns", n, hg_hist_percentile(h, 50));
	figure_ns(j, "mean_ns", n, n ? h->sum / n : 0);
	figure_ns(j, "p99_ns", n, hg_hist_percentile(h, 99));
	figure_ns(j, "p999_ns", n, hg_hist_percentile(h, 99.9));
	figure_ns(j, "max_ns", n, h->max);
	hg_json_close(j);
}

/*
 * A LAT thread's lateness in buckets of 1 us as cyclictest --json gives
 * them: "histogram" maps the bucket (us) to its count, non-empty ones only;
 * with --histogram the buckets end there and the rest are overflows.
 */
static void lat_histogram(struct hg_json *j, const struct hg_trace *t,
			  const struct hg_trace_thread *th)
{
	const struct hg_hist *h = &th->stats.events;
	uint64_t lo = 0, hi = 0;
	size_t n = t->histogram_us, i;
	struct hg_bins b = { 0 };
	char k[24];

	if (!n) {
		hg_lat_range_us(t, &lo, &hi);
		n = hi < HG_MAX_HISTOGRAM_BUCKETS ? (size_t)hi + 1 : HG_MAX_HISTOGRAM_BUCKETS;
	}
	hg_json_obj(j, "latency_histogram");
	hg_json_u64(j, "bucket_us", 1);
	hg_json_u64(j, "buckets", n);
	if (hg_lat_bins(th, 0, 1, n, &b)) {
		hg_json_null(j, "histogram");
		hg_json_null(j, "overflows");
	} else {
		hg_json_row_obj(j, "histogram");
		for (i = 0; i < n; i++) {
			if (!b.count[i])
				continue;
			snprintf(k, sizeof(k), "%zu", i);
			hg_json_u64(j, k, b.count[i]);
		}
		hg_json_close(j);
		hg_json_u64(j, "overflows", b.count[n]);
	}
	hg_bins_free(&b);
	hg_json_u64(j, "cycles", h->count);
	hg_json_u64(j, "min_us", h->count ? h->min / 1000 : 0);
	hg_json_u64(j, "avg_us", h->count ? h->sum / h->count / 1000 : 0);
	hg_json_u64(j, "max_us", h->max / 1000);
	hg_json_close(j);
}

/* The "model" object of a timed thread: deadlines, responses or lateness. */
static void json_model(struct hg_json *j, const struct hg_trace *t,
		       const struct hg_trace_thread *th)
{
	const struct hg_tstats *st = &th->stats;
	unsigned int i;

	hg_json_obj(j, "model");
	hg_json_string(j, "kind", hg_meta_model_name(th->model));
	hg_json_string(j, "timer", th->timer[0] ? th->timer : NULL);
	hg_json_u64(j, "timer_resolution_ns", th->timer_res_ns);
	hg_json_u64(j, "period_ns", th->period_ns);
	if (th->model != HG_MODEL_LAT) {
		hg_json_u64(j, "deadline_ns", th->deadline_ns);
		hg_json_u64(j, "hits", st->hits);
		hg_json_u64(j, "misses", st->misses);
		hg_json_num(j, "miss_ratio", (st->hits + st->misses) ?
			    (double)st->misses / (double)(st->hits + st->misses) : 0.0, 6);
	}
	value_stats(j, th->model == HG_MODEL_LAT ? "lateness" :
		    th->model == HG_MODEL_PERIODIC ? "response" : "frame_time", &st->events);
	if (th->model == HG_MODEL_LAT) {
		hg_json_u64(j, "samples_not_stored", st->samples_dropped);
		hg_json_arr(j, "later_than");
		for (i = 0; i < t->nthresholds; i++) {
			hg_json_row_obj(j, NULL);
			hg_json_u64(j, "threshold_ns", t->thresholds_ns[i]);
			hg_json_u64(j, "samples", st->over[i]);
			hg_json_close(j);
		}
		hg_json_close(j);
		lat_histogram(j, t, th);
	}
	hg_json_close(j);
}

/* Every gap of the run in power-of-two buckets of ns, non-empty ones only. */
static void gap_histogram(struct hg_json *j, const struct hg_trace *t,
			  const struct hg_trace_thread *th)
{
	struct hg_bins b = { 0 };
	size_t i;

	if (hg_gap_bins(t, th, &b)) {
		hg_json_null(j, "gap_histogram");
		hg_bins_free(&b);
		return;
	}
	hg_json_arr(j, "gap_histogram");
	for (i = 0; i < b.n; i++) {
		if (!b.count[i])
			continue;
		hg_json_row_obj(j, NULL);
		hg_json_u64(j, "low_ns", hg_bins_low(&b, i));
		hg_json_u64(j, "end_ns", hg_bins_end(&b, i));
		hg_json_u64(j, "count", b.count[i]);
		hg_json_close(j);
	}
	hg_json_close(j);
	hg_bins_free(&b);
}

/* A reserved thread's reservation and what it received per period. */
static void json_reservation(struct hg_json *j, const struct hg_trace *t,
			     const struct hg_trace_thread *th)
{
	struct hg_audit a;

	hg_json_obj(j, "reservation");
	hg_json_string(j, "kind", th->reserve == HG_RESERVE_HARD ? "hard" : "soft");
	hg_json_u64(j, "budget_ns", th->reserve_budget_ns);
	hg_json_u64(j, "period_ns", th->reserve_period_ns);
	if (hg_audit(t, th, &a)) {
		hg_json_obj(j, "audit");
		hg_json_u64(j, "periods", a.periods);
		hg_json_u64(j, "min_ns", a.min_ns);
		hg_json_u64(j, "mean_ns", a.mean_ns);
		hg_json_u64(j, "max_ns", a.max_ns);
		hg_json_u64(j, "whole_budget_periods", a.at_budget);
		hg_json_u64(j, "over_budget_periods", a.over_budget);
		hg_json_u64(j, "misses", th->stats.misses);
		hg_json_bool(j, "from_stored_records_only", th->dropped > 0);
		hg_json_close(j);
	} else {
		hg_json_null(j, "audit");
	}
	hg_json_close(j);
}

/* "blocking": what the jobs waited for their locks; null without sections. */
static void json_lockwait(struct hg_json *j, const struct hg_trace *t,
			  const struct hg_trace_thread *th)
{
	struct hg_lockwait w;
	uint32_t i;

	if (hg_lockwait(t, th, &w) != 1) {
		hg_json_null(j, "blocking");
		return;
	}
	hg_json_obj(j, "blocking");
	hg_json_u64(j, "jobs", w.blocked);
	hg_json_u64(j, "jobs_with_sections", w.jobs);
	hg_json_u64(j, "blocked_over_ns", HG_LOCKWAIT_BLOCKED_NS);
	hg_json_u64(j, "max_ns", w.max_ns);
	hg_json_u64(j, "p99_ns", w.p99_ns);
	hg_json_u64(j, "lower_ran_max_ns", w.lower_max_ns);
	hg_json_u64(j, "middle_ran_max_ns", w.middle_max_ns);
	hg_json_arr(j, "sections");
	for (i = 0; i < th->ncs && i < HG_MAX_CS; i++) {
		uint32_t k = th->cs[i].lock;

		if (k >= t->nlocks)
			continue;
		hg_json_row_obj(j, NULL);
		hg_json_string(j, "lock", t->locks[k].name);
		hg_json_string(j, "protocol", hg_lock_protocol_name(t->locks[k].protocol));
		hg_json_u64(j, "amount_ns", th->cs[i].ns);
		hg_json_u64(j, "wait_max_ns", w.lock_max_ns[k]);
		hg_json_close(j);
	}
	hg_json_close(j);
	hg_json_close(j);
}

/* @x: the causes of the gap time with --kernel, or NULL */
static void json_thread(struct hg_json *j, const struct hg_trace *t,
			const struct hg_trace_thread *th, const struct hg_kexplain *x)
{
	const struct hg_tstats *st = &th->stats;
	uint64_t hz = t->calib.tsc_hz;
	uint64_t recv = hg_cycles_to_ns(st->received_cycles, hz), win = hg_thread_window_ns(t, th);

	hg_json_obj(j, NULL);
	hg_json_u64(j, "id", th->id);
	hg_json_string(j, "workload", th->workload);
	hg_json_string(j, "priority", th->priority);
	hg_json_string(j, "cpus", th->cpus);
	hg_json_u64(j, "start_ns", hg_trace_ns(t, th->begin_cycles));
	hg_json_u64(j, "end_ns", hg_trace_ns(t, th->end_cycles));
	hg_json_u64(j, "window_ns", win);
	hg_json_u64(j, "received_ns", recv);
	if (th->tid) {		/* unknown in older files */
		hg_json_u64(j, "tid", th->tid);
		hg_json_u64(j, "kernel_cpu_ns", th->kernel_cpu_ns);
		hg_json_i64(j, "kernel_minus_received_ns", (int64_t)(th->kernel_cpu_ns - recv));
	}
	hg_json_num(j, "share", win ? (double)recv / (double)win : 0.0, 6);
	hg_json_u64(j, "span_ns", hg_cycles_to_ns(hg_tstats_span(st), hz));
	hg_json_u64(j, "intervals", st->intervals);
	hg_json_u64(j, "gap_threshold_cycles", th->gap_threshold_cycles ?
		    th->gap_threshold_cycles : t->calib.gap_threshold_cycles);
	if (th->hiccup_cycles) {
		hg_json_obj(j, "hiccups");
		hg_json_u64(j, "floor_cycles", th->hiccup_cycles);
		hg_json_u64(j, "count", st->hiccups);
		hg_json_u64(j, "total_ns", hg_cycles_to_ns(st->hiccup_cycles, hz));
		hg_json_close(j);
	} else {
		hg_json_null(j, "hiccups");
	}
	hg_json_obj(j, "gaps");
	hg_json_u64(j, "count", st->gaps.count);
	hg_json_u64(j, "total_ns", hg_cycles_to_ns(st->gaps.sum, hz));
	figure_ns(j, "min_ns", st->gaps.count, hg_gap_ns(t, th, 0));
	figure_ns(j, "median_ns", st->gaps.count, hg_gap_ns(t, th, 50));
	figure_ns(j, "p99_ns", st->gaps.count, hg_gap_ns(t, th, 99));
	figure_ns(j, "p999_ns", st->gaps.count, hg_gap_ns(t, th, 99.9));
	figure_ns(j, "max_ns", st->gaps.count, hg_gap_ns(t, th, 100));
	hg_json_close(j);
	gap_histogram(j, t, th);
	hg_json_u64(j, "records_stored", th->stored);
	hg_json_u64(j, "records_dropped", th->dropped);
	/* --forever: the oldest records overwritten, the trace whole from then on */
	hg_json_u64(j, "records_overwritten", th->overwritten);
	hg_json_u64(j, "complete_since_ns", th->overwritten ?
		    hg_trace_ns(t, th->complete_since_cycles) : hg_trace_ns(t, th->begin_cycles));
	hg_json_u64(j, "voluntary_switches", th->vcsw);
	hg_json_u64(j, "involuntary_switches", th->ivcsw);
	hg_json_u64(j, "yields", st->yields);
	hg_json_string(j, "work_unit", th->unit[0] ? th->unit : NULL);
	hg_json_u64(j, "work_units", st->units);
	hg_json_string(j, "error", th->error ? strerror(-th->error) : NULL);
	if (th->model != HG_MODEL_SPIN && th->model <= HG_MODEL_LAT)
		json_model(j, t, th);
	if (th->reserve != HG_RESERVE_NONE)
		json_reservation(j, t, th);
	json_lockwait(j, t, th);
	if (x && th - t->threads < x->nthreads) {
		hg_kcauses_json(j, t, &x->th[th - t->threads]);
		hg_kthread_mech_json(j, t, x, &x->th[th - t->threads]);
	}
	hg_json_close(j);
}

/*
 * "prediction": the response-time analysis of the PERIODIC threads beside
 * what was measured, then with the jitter measured; null when there is
 * nothing to predict
 */
/* The prediction's "not_analysed": the CPU_PERIODIC threads. */
static void json_pred_left_out(struct hg_json *j, const struct hg_trace *t)
{
	size_t i;

	hg_json_arr(j, "not_analysed");
	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model == HG_MODEL_CPU_PERIODIC) {
			hg_json_row_obj(j, NULL);
			hg_json_u64(j, "thread", t->threads[i].id);
			hg_json_string(j, "why", "CPU_PERIODIC never blocks: no periodic task");
			hg_json_close(j);
		}
	hg_json_close(j);
}

/* Task @i's times and blocking, c_ns to kept_out_by. */
static void json_pred_times(struct hg_json *j, const struct hg_trace *t,
			    const struct hg_prediction *p, size_t i)
{
	hg_json_u64(j, "c_ns", p->ts[i].c_ns);
	hg_json_u64(j, "t_ns", p->ts[i].t_ns);
	hg_json_u64(j, "d_ns", p->ts[i].d_ns);
	hg_json_u64(j, "j_ns", p->ts[i].j_ns);
	hg_json_blocking(j, &p->ts[i], &p->blk[i], &p->r[i]);
	if (p->hog[i])
		hg_json_u64(j, "kept_out_by", t->threads[p->hog[i] - 1].id);
	else
		hg_json_null(j, "kept_out_by");
}

/* Task @i's responses measured, misses, and the other two predictions. */
static void json_pred_measured(struct hg_json *j, const struct hg_trace_thread *th,
			       const struct hg_prediction *p, size_t i)
{
	const struct hg_hist *h = &th->stats.events;

	hg_json_u64(j, "responses", h->count);
	if (h->count) {
		hg_json_u64(j, "max_ns", h->max);
		hg_json_u64(j, "p99_ns", hg_hist_percentile(h, 99));
		/* held: no response measured was longer than the one predicted */
		hg_json_bool(j, "held", h->max <= p->r[i].response_ns);
	} else {
		hg_json_null(j, "max_ns");
		hg_json_null(j, "p99_ns");
		hg_json_null(j, "held");
	}
	hg_json_u64(j, "misses", th->stats.misses);
	if (p->r_o) {
		hg_json_row_obj(j, "with_overheads");
		hg_json_u64(j, "predicted_ns", p->r_o[i].response_ns);
		hg_json_bool(j, "schedulable", p->r_o[i].schedulable);
		hg_json_close(j);
	} else {
		hg_json_null(j, "with_overheads");
	}
	if (p->with_jitter) {
		hg_json_row_obj(j, "with_measured_jitter");
		hg_json_u64(j, "j_ns", p->ts_j[i].j_ns);
		hg_json_u64(j, "predicted_ns", p->r_j[i].response_ns);
		hg_json_bool(j, "schedulable", p->r_j[i].schedulable);
		hg_json_close(j);
	} else {
		hg_json_null(j, "with_measured_jitter");
	}
}

static void json_prediction(struct hg_json *j, const struct hg_trace *t)
{
	struct hg_prediction p;
	char cpus[256];
	size_t i;

	if (hg_predict(t, &p) || !p.n) {
		hg_json_null(j, "prediction");
		hg_prediction_free(&p);
		return;
	}
	hg_json_obj(j, "prediction");
	hg_json_string(j, "order", hg_rta_order_name(p.order));
	hg_json_bool(j, "reserved_threads_left_out", p.reserved);
	json_pred_left_out(j, t);
	hg_print_overheads_json(j, p.r_o ? &p.ovh : NULL);
	hg_json_arr(j, "tasks");
	for (i = 0; i < p.n; i++) {
		const struct hg_trace_thread *th = &t->threads[p.idx[i]];

		hg_json_obj(j, NULL);
		hg_json_u64(j, "thread", th->id);
		hg_json_string(j, "workload", th->workload);
		hg_json_u64(j, "rank", p.r[i].rank);
		json_pred_times(j, t, &p, i);
		hg_json_u64(j, "predicted_ns", p.r[i].response_ns);
		hg_json_bool(j, "schedulable", p.r[i].schedulable);
		hg_json_string(j, "test", hg_rta_test_name(p.r[i].test));
		hg_json_string(j, "cpus", hg_cpuset_format(&p.ts[i].cpus, cpus, sizeof(cpus)));
		json_pred_measured(j, th, &p, i);
		hg_json_close(j);
	}
	hg_json_close(j);
	hg_json_close(j);
	hg_prediction_free(&p);
}

/* "break": what stopped a --break run, or null; with @x, its causes. */
static void json_break(struct hg_json *j, const struct hg_trace *t, const struct hg_kexplain *x)
{
	if (!(t->flags & HG_TRACE_BREAK) || !t->break_kind) {
		hg_json_null(j, "break");
		return;
	}
	hg_json_obj(j, "break");
	hg_json_string(j, "kind", hg_break_kind_name(t->break_kind));
	hg_json_u64(j, "thread", t->break_thread);
	hg_json_u64(j, "cpu", t->break_cpu);
	hg_json_u64(j, "at_ns", hg_trace_ns(t, t->break_at_cycles));
	hg_json_u64(j, "value_ns", hg_break_value_ns(t));
	hg_json_u64(j, "threshold_ns", t->break_threshold_ns);
	hg_json_bool(j, "kernel_trace_marked", t->break_marked != 0);
	if (x && x->have_break) {
		hg_kpart_json(j, t, &x->brk);
		hg_kdiag_json(j, t, &x->ctx, &x->break_win, &x->brk_diag);
	}
	hg_json_close(j);
}


int hg_json_summary(FILE *f, const struct hg_trace *t)
{
	struct hg_kexplain x, *kx = NULL;
	struct hg_json j;
	uint32_t i;

	if (t->kev && !hg_kexplain(t, HG_KEXPLAIN_ALL, 0, &x))
		kx = &x;
	hg_json_begin(&j, f);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", HG_JSON_SCHEMA);
	hg_json_string(&j, "generator", "hourglass");
	hg_json_obj(&j, "run");
	hg_meta_run(&j, t);
	hg_json_close(&j);
	hg_json_obj(&j, "calibration");
	hg_meta_calib(&j, &t->calib, hg_trace_sys(t, "counter"));
	hg_json_close(&j);
	hg_json_obj(&j, "system");
	hg_meta_system(&j, t);
	hg_json_close(&j);
	hg_noise_json(&j, t);
	if (kx) {
		hg_kcapture_json(&j, t, kx);
		hg_khost_json(&j, t, kx);
		hg_kthrot_json(&j, t, kx);
	}
	hg_json_loads(&j, t);
	hg_json_audit(&j, t);
	json_break(&j, t, kx);
	hg_over_json(&j, t);
	hg_json_arr(&j, "threads");
	for (i = 0; i < t->nthreads; i++)
		json_thread(&j, t, &t->threads[i], kx);
	hg_json_close(&j);
	json_prediction(&j, t);
	hg_json_chains(&j, t);
	if (kx)
		hg_kexplain_free(kx);
	return hg_json_end_doc(&j);
}

static int write_summary(FILE *f, const void *t)
{
	return hg_json_summary(f, t);
}

int hg_json_write(const struct hg_trace *t, const char *path, char *err, size_t errlen)
{
	return hg_atomic_write(path, write_summary, t, err, errlen);
}

void hg_json_calib(struct hg_json *j, FILE *f, const struct hg_calib *c, const char *counter)
{
	hg_json_begin(j, f);
	hg_json_obj(j, NULL);
	hg_json_u64(j, "schema", HG_CALIB_SCHEMA);
	hg_json_string(j, "generator", "hourglass calibrate");
	hg_json_obj(j, "calibration");
	hg_meta_calib(j, c, counter);
	hg_json_close(j);
}
