// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * json.c - the run's summary as JSON
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "../trace/atomicfile.h"
#include "../trace/timeval.h"
#include "json.h"
#include "noise.h"
#include "utf8.h"
#include "summary.h"

void hg_json_str(FILE *f, const char *s)
{
	fputc('"', f);
	while (s && *s) {
		unsigned char c = (unsigned char)*s;
		size_t n = hg_utf8_len((const unsigned char *)s);

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else if (!n)
			fputs("\\ufffd", f);	/* not UTF-8: the replacement character */
		else
			fwrite(s, 1, n, f);
		s += n ? n : 1;
	}
	fputc('"', f);
}

static void key(FILE *f, int indent, const char *k, int first)
{
	fprintf(f, "%s\n%*s", first ? "" : ",", indent, "");
	hg_json_str(f, k);
	fputs(": ", f);
}

static void kv_u64(FILE *f, int indent, const char *k, uint64_t v, int first)
{
	key(f, indent, k, first);
	fprintf(f, "%" PRIu64, v);
}

static void kv_str(FILE *f, int indent, const char *k, const char *v, int first)
{
	key(f, indent, k, first);
	if (v)
		hg_json_str(f, v);
	else
		fputs("null", f);
}

static void kv_bool(FILE *f, int indent, const char *k, int v, int first)
{
	key(f, indent, k, first);
	fputs(v ? "true" : "false", f);
}

static void kv_milli(FILE *f, int indent, const char *k, uint32_t m, int first)
{
	key(f, indent, k, first);
	fprintf(f, "%u.%03u", m / 1000, m % 1000);
}

void hg_json_calib(FILE *f, const struct hg_calib *c, const char *counter, int indent)
{
	fputs("{", f);
	kv_str(f, indent + 2, "counter", counter, 1);
	kv_u64(f, indent + 2, "tsc_hz", c->tsc_hz, 0);
	kv_bool(f, indent + 2, "invariant", c->invariant, 0);
	kv_u64(f, indent + 2, "rounds", c->rounds, 0);
	kv_u64(f, indent + 2, "agree_ppm", c->agree_ppm, 0);
	kv_u64(f, indent + 2, "counter_read_cycles", c->counter_read_cycles, 0);
	kv_milli(f, indent + 2, "bare_loop_cycles", c->bare_loop_mcycles, 0);
	kv_milli(f, indent + 2, "gap_loop_cycles", c->gap_loop_mcycles, 0);
	kv_u64(f, indent + 2, "iteration_p9999_cycles", c->iter_p9999_cycles, 0);
	key(f, indent + 2, "loop_ratio", 0);
	fprintf(f, "%.4f", c->bare_loop_mcycles ?
		(double)c->gap_loop_mcycles / c->bare_loop_mcycles : 0.0);
	kv_u64(f, indent + 2, "gap_threshold_cycles", c->gap_threshold_cycles, 0);
	kv_u64(f, indent + 2, "gap_threshold_ns", c->gap_threshold_ns, 0);
	kv_str(f, indent + 2, "gap_threshold_source", c->threshold_given ? "given" : "derived", 0);
	fprintf(f, "\n%*s}", indent, "");
}

static const char *const model_names[] = {
	[HG_MODEL_SPIN] = "cpu",
	[HG_MODEL_PERIODIC] = "periodic",
	[HG_MODEL_CPU_PERIODIC] = "cpu_periodic",
	[HG_MODEL_LAT] = "lat",
};

/* The "model" object of a timed thread: deadlines, responses or lateness. */
static void json_model(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th,
		       int in)
{
	const struct hg_hist *h = &th->stats.events;
	unsigned int i;

	key(f, in, "model", 0);
	fputs("{", f);
	kv_str(f, in + 2, "kind", model_names[th->model], 1);
	kv_str(f, in + 2, "timer", th->timer[0] ? th->timer : NULL, 0);
	kv_u64(f, in + 2, "timer_resolution_ns", th->timer_res_ns, 0);
	kv_u64(f, in + 2, "period_ns", th->period_ns, 0);
	if (th->model != HG_MODEL_LAT) {
		kv_u64(f, in + 2, "deadline_ns", th->deadline_ns, 0);
		kv_u64(f, in + 2, "hits", th->stats.hits, 0);
		kv_u64(f, in + 2, "misses", th->stats.misses, 0);
	}
	key(f, in + 2, th->model == HG_MODEL_LAT ? "lateness" :
	    th->model == HG_MODEL_PERIODIC ? "response" : "frame_time", 0);
	fputs("{", f);
	kv_u64(f, in + 4, "count", h->count, 1);
	kv_u64(f, in + 4, "min_ns", h->count ? h->min : 0, 0);
	kv_u64(f, in + 4, "median_ns", hg_hist_percentile(h, 50), 0);
	kv_u64(f, in + 4, "mean_ns", h->count ? h->sum / h->count : 0, 0);
	kv_u64(f, in + 4, "p99_ns", hg_hist_percentile(h, 99), 0);
	kv_u64(f, in + 4, "p999_ns", hg_hist_percentile(h, 99.9), 0);
	kv_u64(f, in + 4, "max_ns", h->max, 0);
	fprintf(f, "\n%*s}", in + 2, "");
	if (th->model == HG_MODEL_LAT) {
		kv_u64(f, in + 2, "samples_not_stored", th->stats.samples_dropped, 0);
		key(f, in + 2, "later_than", 0);
		fputs("[", f);
		for (i = 0; i < t->nthresholds; i++)
			fprintf(f, "%s{\"threshold_ns\": %" PRIu64 ", \"samples\": %" PRIu64 "}",
				i ? ", " : "", t->thresholds_ns[i], th->stats.over[i]);
		fputs("]", f);
	}
	fprintf(f, "\n%*s}", in, "");
}

static void json_thread(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th)
{
	const struct hg_tstats *st = &th->stats;
	uint64_t hz = t->calib.tsc_hz;
	uint64_t recv = hg_cycles_to_ns(st->received_cycles, hz), win = hg_thread_window_ns(t, th);
	const int in = 6;

	fputs("{", f);
	kv_u64(f, in, "id", th->id, 1);
	kv_str(f, in, "workload", th->workload, 0);
	kv_str(f, in, "priority", th->priority, 0);
	kv_str(f, in, "cpus", th->cpus, 0);
	kv_u64(f, in, "start_ns", hg_trace_ns(t, th->begin_cycles), 0);
	kv_u64(f, in, "end_ns", hg_trace_ns(t, th->end_cycles), 0);
	kv_u64(f, in, "window_ns", win, 0);
	kv_u64(f, in, "received_ns", recv, 0);
	if (th->tid) {		/* unknown in older files */
		kv_u64(f, in, "tid", th->tid, 0);
		kv_u64(f, in, "kernel_cpu_ns", th->kernel_cpu_ns, 0);
		key(f, in, "kernel_minus_received_ns", 0);
		fprintf(f, "%" PRId64, (int64_t)(th->kernel_cpu_ns - recv));
	}
	key(f, in, "share", 0);
	fprintf(f, "%.6f", win ? (double)recv / (double)win : 0.0);
	kv_u64(f, in, "span_ns", hg_cycles_to_ns(hg_tstats_span(st), hz), 0);
	kv_u64(f, in, "intervals", st->intervals, 0);
	key(f, in, "gaps", 0);
	fputs("{", f);
	kv_u64(f, in + 2, "count", st->gaps.count, 1);
	kv_u64(f, in + 2, "total_ns", hg_cycles_to_ns(st->gaps.sum, hz), 0);
	kv_u64(f, in + 2, "min_ns", hg_gap_ns(t, th, 0), 0);
	kv_u64(f, in + 2, "median_ns", hg_gap_ns(t, th, 50), 0);
	kv_u64(f, in + 2, "p99_ns", hg_gap_ns(t, th, 99), 0);
	kv_u64(f, in + 2, "p999_ns", hg_gap_ns(t, th, 99.9), 0);
	kv_u64(f, in + 2, "max_ns", hg_gap_ns(t, th, 100), 0);
	fprintf(f, "\n%*s}", in, "");
	kv_u64(f, in, "records_stored", th->stored, 0);
	kv_u64(f, in, "records_dropped", th->dropped, 0);
	kv_u64(f, in, "voluntary_switches", th->vcsw, 0);
	kv_u64(f, in, "involuntary_switches", th->ivcsw, 0);
	kv_u64(f, in, "yields", st->yields, 0);
	kv_str(f, in, "work_unit", th->unit[0] ? th->unit : NULL, 0);
	kv_u64(f, in, "work_units", st->units, 0);
	kv_str(f, in, "error", th->error ? strerror(-th->error) : NULL, 0);
	if (th->model != HG_MODEL_SPIN)
		json_model(f, t, th, in);
	fprintf(f, "\n    }");
}

/* "noise": per CPU the threads ran on, what else ran there (when measured). */
static void json_noise(FILE *f, const struct hg_trace *t)
{
	struct hg_noise nz;
	uint32_t i;

	if (hg_noise_compute(t, &nz))
		return;
	key(f, 2, "noise", 0);
	fputs("{", f);
	kv_u64(f, 4, "window_ns", nz.window_ns, 1);
	kv_bool(f, 4, "quiet", nz.quiet, 0);
	key(f, 4, "cpus", 0);
	fputs("[", f);
	for (i = 0; i < nz.n; i++) {
		const struct hg_noise_cpu *c = &nz.cpu[i];

		fputs(i ? ",\n      {" : "\n      {", f);
		kv_u64(f, 8, "cpu", c->cpu, 1);
		kv_u64(f, 8, "our_threads_ns", c->ours_ns, 0);
		kv_u64(f, 8, "other_tasks_ns", c->other_ns, 0);
		kv_u64(f, 8, "steal_ns", c->steal_ns, 0);
		kv_u64(f, 8, "interrupts", c->irqs, 0);
		kv_u64(f, 8, "softirqs", c->softirqs, 0);
		kv_bool(f, 8, "quiet", c->quiet, 0);
		fputs("\n      }", f);
	}
	fputs("\n    ]\n  }", f);
	hg_noise_free(&nz);
}

void hg_json_summary(FILE *f, const struct hg_trace *t)
{
	uint64_t stored = 0, dropped = 0;
	uint32_t i;
	size_t k;

	for (i = 0; i < t->nthreads; i++) {
		stored += t->threads[i].stored;
		dropped += t->threads[i].dropped;
	}
	fputs("{", f);
	kv_u64(f, 2, "schema", HG_JSON_SCHEMA, 1);
	kv_str(f, 2, "command", t->cmdline, 0);
	key(f, 2, "run", 0);
	fputs("{", f);
	kv_u64(f, 4, "threads", t->nthreads, 1);
	kv_u64(f, 4, "duration_ns", t->duration_ns, 0);
	kv_u64(f, 4, "elapsed_ns", hg_trace_ns(t, t->stop_cycles), 0);
	kv_u64(f, 4, "start_realtime_ns", t->realtime_start_ns, 0);
	kv_u64(f, 4, "start_monotonic_ns", t->mono_start_ns, 0);
	kv_u64(f, 4, "start_counter", t->mono_start_cycles, 0);
	kv_u64(f, 4, "end_monotonic_ns", t->mono_end_ns, 0);
	kv_u64(f, 4, "end_counter", t->mono_end_cycles, 0);
	kv_bool(f, 4, "interrupted", t->flags & HG_TRACE_INTERRUPTED, 0);
	kv_bool(f, 4, "memory_locked", t->flags & HG_TRACE_MEMLOCKED, 0);
	kv_u64(f, 4, "capacity_records", t->capacity, 0);
	kv_u64(f, 4, "stored_records", stored, 0);
	kv_u64(f, 4, "dropped_records", dropped, 0);
	fputs("\n  }", f);
	key(f, 2, "calibration", 0);
	hg_json_calib(f, &t->calib, hg_trace_sys(t, "counter"), 2);
	key(f, 2, "system", 0);
	fputs("{", f);
	for (k = 0; k < t->nsys; k++)
		kv_str(f, 4, t->sys[k].key, t->sys[k].value, !k);
	fputs("\n  }", f);
	json_noise(f, t);
	key(f, 2, "threads", 0);
	fputs("[", f);
	for (i = 0; i < t->nthreads; i++) {
		fputs(i ? ",\n    " : "\n    ", f);
		json_thread(f, t, &t->threads[i]);
	}
	fputs("\n  ]\n}\n", f);
}

int hg_json_write(const struct hg_trace *t, const char *path, char *err, size_t errlen)
{
	struct hg_atomic a;
	int ret = hg_atomic_open(&a, path, err, errlen);

	if (ret)
		return ret;
	hg_json_summary(a.f, t);
	return hg_atomic_close(&a, 0, err, errlen);
}
