// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * export_prom.c - OpenMetrics text of a run: --prom during and after a run,
 * and the export format "prom" of a saved trace
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "export/exportint.h"
#include "export/prom.h"
#include "util/atomicfile.h"
#include "util/timeval.h"

/* Bucket bounds in ns: 1-2-5 steps from 1 us to 1 s. */
static const uint64_t bounds_ns[] = {
	1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000,
	1000000, 2000000, 5000000, 10000000, 20000000, 50000000,
	100000000, 200000000, 500000000, 1000000000,
};

#define NBOUNDS (sizeof(bounds_ns) / sizeof(bounds_ns[0]))

void hg_prom_label(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			fprintf(f, "\\%c", *s);
		else if (*s == '\n')
			fputs("\\n", f);
		else
			fputc(*s, f);
	}
}

/* The labels of thread @i, without braces. */
static void labels(FILE *f, const struct hg_trace_thread *th, uint32_t i)
{
	fprintf(f, "thread=\"%" PRIu32 "\",workload=\"", i);
	hg_prom_label(f, th->workload);
	fputs("\",policy=\"", f);
	hg_prom_label(f, th->priority);
	fputs("\",cpu=\"", f);
	hg_prom_label(f, th->cpus);
	fputc('"', f);
}

void hg_prom_family(FILE *f, const char *name, const char *type, const char *help,
		    const char *unit)
{
	fprintf(f, "# TYPE %s %s\n", name, type);
	if (unit)
		fprintf(f, "# UNIT %s %s\n", name, unit);
	fprintf(f, "# HELP %s %s\n", name, help);
}

/* Seconds, exactly from ns: "0.000012345". */
static void seconds(FILE *f, uint64_t ns)
{
	fprintf(f, "%" PRIu64 ".%09" PRIu64, ns / 1000000000u, ns % 1000000000u);
}

/* Values of @h (in units of @scale: 1 for ns, else cycles at @hz) up to @le_ns. */
static uint64_t count_le(const struct hg_hist *h, uint64_t le_ns, uint64_t hz)
{
	uint64_t le = hz ? hg_ns_to_cycles(le_ns, hz) : le_ns, n = 0;
	unsigned int i;

	for (i = 0; i < HG_HIST_BUCKETS && hg_hist_bucket_high(i) <= le; i++)
		n += h->bucket[i];
	return n;
}

/* A histogram's samples for thread @i; @hz: its values are cycles at @hz, else ns. */
static void histogram(FILE *f, const char *name, const struct hg_trace *t, uint32_t i,
		      const struct hg_hist *h, uint64_t hz)
{
	const struct hg_trace_thread *th = &t->threads[i];
	unsigned int b;

	for (b = 0; b < NBOUNDS; b++) {
		fprintf(f, "%s_bucket{", name);
		labels(f, th, i);
		fputs(",le=\"", f);
		seconds(f, bounds_ns[b]);
		fprintf(f, "\"} %" PRIu64 "\n", count_le(h, bounds_ns[b], hz));
	}
	fprintf(f, "%s_bucket{", name);
	labels(f, th, i);
	fprintf(f, ",le=\"+Inf\"} %" PRIu64 "\n", h->count);
	fprintf(f, "%s_sum{", name);
	labels(f, th, i);
	fputs("} ", f);
	seconds(f, hz ? hg_cycles_to_ns(h->sum, hz) : h->sum);
	fprintf(f, "\n%s_count{", name);
	labels(f, th, i);
	fprintf(f, "} %" PRIu64 "\n", h->count);
}

static bool any_model(const struct hg_trace *t, unsigned int m1, unsigned int m2)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model == m1 || t->threads[i].model == m2)
			return true;
	return false;
}

/* One counter or gauge sample of thread @i. */
static void sample(FILE *f, const char *name, const struct hg_trace_thread *th, uint32_t i)
{
	fprintf(f, "%s{", name);
	labels(f, th, i);
	fputs("} ", f);
}

int hg_prom_print(FILE *f, const struct hg_trace *t)
{
	uint64_t hz = t->calib.tsc_hz;
	uint32_t i;

	hg_prom_family(f, "hourglass_elapsed_seconds", "gauge", "Time since the run's start.",
		       "seconds");
	fputs("hourglass_elapsed_seconds ", f);
	seconds(f, hg_trace_ns(t, t->stop_cycles));
	fputc('\n', f);

	hg_prom_family(f, "hourglass_gap_seconds", "histogram",
	       "Gaps in the thread's execution (time it did not run).", "seconds");
	for (i = 0; i < t->nthreads; i++)
		histogram(f, "hourglass_gap_seconds", t, i, &t->threads[i].stats.gaps, hz);

	hg_prom_family(f, "hourglass_received_seconds_total", "counter",
	       "CPU time the thread received.", NULL);
	for (i = 0; i < t->nthreads; i++) {
		sample(f, "hourglass_received_seconds_total", &t->threads[i], i);
		seconds(f, hg_cycles_to_ns(t->threads[i].stats.received_cycles, hz));
		fputc('\n', f);
	}

	hg_prom_family(f, "hourglass_records_dropped_total", "counter",
	       "Trace records and samples that found no room in the trace.", NULL);
	for (i = 0; i < t->nthreads; i++) {
		sample(f, "hourglass_records_dropped_total", &t->threads[i], i);
		fprintf(f, "%" PRIu64 "\n", t->threads[i].dropped +
			t->threads[i].stats.samples_dropped);
	}

	if (any_model(t, HG_MODEL_LAT, HG_MODEL_LAT)) {
		hg_prom_family(f, "hourglass_latency_seconds", "histogram",
		       "Wake-up lateness of LAT threads.", "seconds");
		for (i = 0; i < t->nthreads; i++)
			if (t->threads[i].model == HG_MODEL_LAT)
				histogram(f, "hourglass_latency_seconds", t, i,
					  &t->threads[i].stats.events, 0);
		hg_prom_family(f, "hourglass_latency_max_seconds", "gauge",
		       "The latest wake-up of LAT threads.", "seconds");
		for (i = 0; i < t->nthreads; i++) {
			const struct hg_hist *h = &t->threads[i].stats.events;

			if (t->threads[i].model != HG_MODEL_LAT)
				continue;
			sample(f, "hourglass_latency_max_seconds", &t->threads[i], i);
			seconds(f, h->count ? h->max : 0);
			fputc('\n', f);
		}
	}

	if (any_model(t, HG_MODEL_PERIODIC, HG_MODEL_CPU_PERIODIC)) {
		hg_prom_family(f, "hourglass_deadline_hits_total", "counter", "Deadlines met.", NULL);
		for (i = 0; i < t->nthreads; i++) {
			unsigned int m = t->threads[i].model;

			if (m != HG_MODEL_PERIODIC && m != HG_MODEL_CPU_PERIODIC)
				continue;
			sample(f, "hourglass_deadline_hits_total", &t->threads[i], i);
			fprintf(f, "%" PRIu64 "\n", t->threads[i].stats.hits);
		}
		hg_prom_family(f, "hourglass_deadline_misses_total", "counter", "Deadlines missed.", NULL);
		for (i = 0; i < t->nthreads; i++) {
			unsigned int m = t->threads[i].model;

			if (m != HG_MODEL_PERIODIC && m != HG_MODEL_CPU_PERIODIC)
				continue;
			sample(f, "hourglass_deadline_misses_total", &t->threads[i], i);
			fprintf(f, "%" PRIu64 "\n", t->threads[i].stats.misses);
		}
	}
	fputs("# EOF\n", f);
	return ferror(f) ? -EIO : 0;
}

static int write_prom(FILE *f, const void *t)
{
	return hg_prom_print(f, t);
}

int hg_prom_write(const struct hg_trace *t, const char *path, char *err, size_t errlen)
{
	return hg_atomic_write(path, write_prom, t, err, errlen);
}

/* export --format prom: the same text, through the exports' buffer. */
static int prom_export(struct hg_out *o, const struct hg_trace *t,
		       const struct hg_attrib_in *sched __attribute__((unused)))
{
	hg_out_flush(o);
	if (o->err)
		return o->err;
	return hg_prom_print(o->f, t);
}

const struct hg_export_ops hg_export_prom = {
	.name = "prom",
	.write = prom_export,
};
