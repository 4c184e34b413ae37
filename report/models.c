// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * models.c - what the timed models report: jobs and deadlines, frames,
 * latency samples and their histogram
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "analysis/stats/bins.h"
#include "analysis/stats/summary.h"
#include "report/text.h"
#include "util/timeval.h"

/* "97.843000": microseconds with six decimals, the paper's latlate format. */
static void put_us6(FILE *f, uint64_t ns)
{
	fprintf(f, "%" PRIu64 ".%03" PRIu64 "000", ns / 1000, ns % 1000);
}

static void latlate_line(void *arg, uint64_t ns)
{
	FILE *f = arg;

	fputs("latlate: ", f);
	put_us6(f, ns);
	fputc('\n', f);
}

int hg_print_samples(FILE *f, const struct hg_trace *t)
{
	hg_for_each_lat_sample(t, latlate_line, f);
	return ferror(f) ? -EIO : 0;
}

/*
 * "-0.200": @a - @b as signed milliseconds, taken in unsigned arithmetic so
 * no value a file holds can overflow it
 */
static const char *ms3_minus(uint64_t a, uint64_t b, char *buf, size_t len)
{
	char v[32];

	snprintf(buf, len, "%s%s", a < b ? "-" : "",
		 hg_format_ms3(a < b ? b - a : a - b, v, sizeof(v)));
	return buf;
}

static void timer_label(const struct hg_trace_thread *th, char *buf, size_t len)
{
	char res[32];

	if (th->timer[0])
		snprintf(buf, len, " on %s (resolution %s us)", th->timer,
			 hg_format_us(th->timer_res_ns, res, sizeof(res)));
	else
		buf[0] = '\0';
}

static void print_periodic(FILE *f, const struct hg_trace_thread *th)
{
	const struct hg_hist *h = &th->stats.events;
	char a[32], b[32], c[32], d[32], e[32], tl[128];

	timer_label(th, tl, sizeof(tl));
	fprintf(f, "thread %u: missed %" PRIu64 " deadlines, hit %" PRIu64 "\n",
		th->id, th->stats.misses, th->stats.hits);
	if (!h->count) {
		fprintf(f, "# thread %u: %s%s: no job completed\n", th->id, th->workload, tl);
		return;
	}
	fprintf(f, "# thread %u: %s%s: response ms min %s median %s p99 %s max %s; "
		"lateness max %s ms\n", th->id, th->workload, tl,
		hg_format_ms3(h->min, a, sizeof(a)),
		hg_format_ms3(hg_hist_percentile(h, 50), b, sizeof(b)),
		hg_format_ms3(hg_hist_percentile(h, 99), c, sizeof(c)),
		hg_format_ms3(h->max, d, sizeof(d)),
		ms3_minus(h->max, th->deadline_ns, e, sizeof(e)));
}

static void print_cpu_periodic(FILE *f, const struct hg_trace *t,
			       const struct hg_trace_thread *th)
{
	const struct hg_hist *h = &th->stats.events;
	uint64_t win = hg_thread_window_ns(t, th);
	char a[32], b[32], c[32];

	fprintf(f, "thread %u: missed %" PRIu64 " deadlines, hit %" PRIu64 "\n",
		th->id, th->stats.misses, th->stats.hits);
	fprintf(f, "# thread %u: %s: %" PRIu64 " frames, %.2f frames per second", th->id,
		th->workload, th->stats.units,
		win ? (double)th->stats.units * 1e9 / (double)win : 0.0);
	if (h->count)
		fprintf(f, "; frame time ms min %s median %s max %s",
			hg_format_ms3(h->min, a, sizeof(a)),
			hg_format_ms3(hg_hist_percentile(h, 50), b, sizeof(b)),
			hg_format_ms3(h->max, c, sizeof(c)));
	fputc('\n', f);
}

void hg_print_lat(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th)
{
	const struct hg_hist *h = &th->stats.events;
	static const double pct[] = { 50, 99, 99.9 };
	char v[32], tl[128];
	unsigned int i;

	timer_label(th, tl, sizeof(tl));
	/* which clock ran: the label says GRID for a fixed one (workloads/lat.c) */
	fprintf(f, "# thread %u: %s%s, wake-ups at %s: %" PRIu64 " sample%s", th->id,
		th->workload, tl, strstr(th->workload, " GRID") ? "start + k*T" : "now + T",
		h->count, h->count == 1 ? "" : "s");
	if (th->stats.samples_dropped)
		fprintf(f, " (%" PRIu64 " not in the trace: raise -e)", th->stats.samples_dropped);
	if (h->count) {
		fprintf(f, "; lateness us min %s", hg_format_us(h->min, v, sizeof(v)));
		fprintf(f, " median %s", hg_format_us(hg_hist_percentile(h, pct[0]), v, sizeof(v)));
		fprintf(f, " mean %s", hg_format_us(h->sum / h->count, v, sizeof(v)));
		fprintf(f, " p99 %s", hg_format_us(hg_hist_percentile(h, pct[1]), v, sizeof(v)));
		fprintf(f, " p99.9 %s", hg_format_us(hg_hist_percentile(h, pct[2]), v, sizeof(v)));
		fprintf(f, " max %s", hg_format_us(h->max, v, sizeof(v)));
	}
	fputc('\n', f);
	fprintf(f, "# thread %u: samples later than", th->id);
	for (i = 0; i < t->nthresholds; i++)
		fprintf(f, "%s %s: %" PRIu64, i ? "," : "",
			hg_format_time(t->thresholds_ns[i], v, sizeof(v)), th->stats.over[i]);
	fputc('\n', f);	/* cyclictest users expect SCHED_FIFO: a timesharing LAT thread says so */
	if (th->rt_prio == HG_NO_RT_PRIO && th->reserve == HG_RESERVE_NONE)
		fprintf(f, "# thread %u: runs at %s, not real-time: its wake-ups wait for the CPU "
			"like any task's; -p FIFO:90 measures as cyclictest -p 90\n", th->id,
			th->priority[0] ? th->priority : "SCHED_OTHER");
}

/*
 * cyclictest -h's last lines: per LAT thread the sample numbers (from 0) of
 * the overflows, as many as there are buckets, then how many others
 */
static void overflow_cycles(FILE *f, const struct hg_trace_thread *const *lat, uint32_t n,
			    uint32_t nb)
{
	uint64_t *cyc = calloc(nb ? nb : 1, sizeof(*cyc)), k, total;
	uint32_t c;

	if (!cyc)
		return;
	fputs("# Histogram Overflow at cycle number:\n", f);
	for (c = 0; c < n; c++) {
		total = hg_lat_overflow_cycles(lat[c], nb, cyc, nb);
		fprintf(f, "# Thread %u:", lat[c]->id);
		for (k = 0; k < total && k < nb; k++)
			fprintf(f, " %05" PRIu64, cyc[k]);
		if (total > nb)
			fprintf(f, " # %05" PRIu64 " others", total - nb);
		fputc('\n', f);
	}
	free(cyc);
}

void hg_print_lat_histogram(FILE *f, const struct hg_trace *t, uint32_t nb)
{
	const struct hg_trace_thread **lat;
	struct hg_bins *b;
	uint32_t i, n = 0, c;

	lat = calloc(t->nthreads ? t->nthreads : 1, sizeof(*lat));
	b = calloc(t->nthreads ? t->nthreads : 1, sizeof(*b));
	if (!lat || !b)
		goto out;
	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model == HG_MODEL_LAT)
			lat[n++] = &t->threads[i];
	if (!n)
		goto out;
	for (c = 0; c < n; c++)
		if (hg_lat_bins(lat[c], 0, 1, nb, &b[c]))
			goto out;
	fputs("# Histogram\n", f);
	for (i = 0; i < nb; i++) {
		fprintf(f, "%06u", i);
		for (c = 0; c < n; c++)
			fprintf(f, "%s%06" PRIu64, c ? "\t" : " ", b[c].count[i]);
		fputc('\n', f);
	}
	fputs("# Total:", f);
	for (c = 0; c < n; c++)
		fprintf(f, " %09" PRIu64, b[c].total - b[c].count[nb]);
	fputs("\n# Min Latencies:", f);
	for (c = 0; c < n; c++)
		fprintf(f, " %05" PRIu64, lat[c]->stats.events.count ?
			lat[c]->stats.events.min / 1000 : 0);
	fputs("\n# Avg Latencies:", f);
	for (c = 0; c < n; c++)
		fprintf(f, " %05" PRIu64, lat[c]->stats.events.count ?
			lat[c]->stats.events.sum / lat[c]->stats.events.count / 1000 : 0);
	fputs("\n# Max Latencies:", f);
	for (c = 0; c < n; c++)
		fprintf(f, " %05" PRIu64, lat[c]->stats.events.max / 1000);
	fputs("\n# Histogram Overflows:", f);
	for (c = 0; c < n; c++)
		fprintf(f, " %05" PRIu64, b[c].count[nb]);
	fputc('\n', f);
	overflow_cycles(f, lat, n, nb);
out:
	for (c = 0; b && c < t->nthreads; c++)
		hg_bins_free(&b[c]);
	free(lat);
	free(b);
}

void hg_print_model(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th)
{
	switch (th->model) {
	case HG_MODEL_PERIODIC:
		print_periodic(f, th);
		break;
	case HG_MODEL_CPU_PERIODIC:
		print_cpu_periodic(f, t, th);
		break;
	case HG_MODEL_LAT:
		hg_print_lat(f, t, th);
		break;
	default:
		break;
	}
	hg_print_lockwait(f, t, th);
}

void hg_print_lat_histogram_asked(FILE *f, const struct hg_trace *t)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model == HG_MODEL_LAT) {
			if (t->histogram_us)
				hg_print_lat_histogram(f, t, t->histogram_us);
			return;
		}
}

void hg_print_models(FILE *f, const struct hg_trace *t)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		hg_print_model(f, t, &t->threads[i]);
	hg_print_lat_histogram_asked(f, t);
}
