// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ctx.c - context-switch costs: statistics per gap class, histogram
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../trace/hist.h"
#include "../trace/timeval.h"
#include "ctx.h"

static int collect(const struct hg_gap *g, void *arg)
{
	struct hg_ctx_report *r = arg;
	size_t *n = &r->n[g->cls], *cap = &r->cap[g->cls];

	if (g->cls == HG_GAP_VOLUNTARY || g->cls == HG_GAP_INVOLUNTARY)
		r->inferred[g->cls == HG_GAP_INVOLUNTARY][g->thread]++;
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 1024;
		uint64_t *v = realloc(r->cost[g->cls], c * sizeof(*v));

		if (!v)
			return -ENOMEM;
		r->cost[g->cls] = v;
		*cap = c;
	}
	r->cost[g->cls][(*n)++] = g->cost_cycles;
	return 0;
}

/*
 * Room for every gap in every class: at most one gap per record. Pages
 * never written are never touched, so this costs address space only.
 */
static int presize(const struct hg_trace *t, struct hg_ctx_report *r)
{
	size_t total = 1;
	uint32_t i;
	int c;

	for (i = 0; i < t->nthreads; i++)
		total += t->threads[i].stored;
	for (c = 0; c < HG_GAP_NCLASSES; c++) {
		r->cost[c] = malloc(total * sizeof(uint64_t));
		if (!r->cost[c])
			return -ENOMEM;
		r->cap[c] = total;
	}
	return 0;
}

/* Merge two sorted arrays into @out. */
static void merge_sorted(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
			 uint64_t *out)
{
	size_t i = 0, j = 0, k = 0;

	while (i < na && j < nb)
		out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
	while (i < na)
		out[k++] = a[i++];
	while (j < nb)
		out[k++] = b[j++];
}

int hg_ctx_analyse(const struct hg_trace *t, struct hg_ctx_report *r)
{
	size_t nv, ni;
	int c, ret;

	memset(r, 0, sizeof(*r));
	r->tsc_hz = t->calib.tsc_hz;
	ret = presize(t, r);
	if (ret)
		return ret;
	r->elapsed_ns = hg_trace_ns(t, t->stop_cycles);
	for (c = 0; c < 2; c++) {
		r->inferred[c] = calloc(t->nthreads ? t->nthreads : 1, sizeof(uint64_t));
		if (!r->inferred[c])
			return -ENOMEM;
	}
	ret = hg_classify(t, collect, r);
	for (c = 0; !ret && c < HG_GAP_NCLASSES; c++)
		ret = hg_stats_compute(r->cost[c], r->n[c], &r->st[c]);
	if (ret)
		return ret;
	nv = r->n[HG_GAP_VOLUNTARY];
	ni = r->n[HG_GAP_INVOLUNTARY];
	r->switches = malloc((nv + ni ? nv + ni : 1) * sizeof(*r->switches));
	if (!r->switches)
		return -ENOMEM;
	merge_sorted(r->cost[HG_GAP_VOLUNTARY], nv, r->cost[HG_GAP_INVOLUNTARY], ni,
		     r->switches);
	r->nswitches = nv + ni;
	return 0;
}

void hg_ctx_free(struct hg_ctx_report *r)
{
	int c;

	for (c = 0; c < HG_GAP_NCLASSES; c++)
		free(r->cost[c]);
	free(r->switches);
	free(r->inferred[0]);
	free(r->inferred[1]);
	memset(r, 0, sizeof(*r));
}

/*
 * The largest whole ns whose conversion to cycles (hg_ns_to_cycles(),
 * rounded to nearest) is at most @cycles: a cost falls in the bucket whose
 * edges, converted to cycles, enclose it. With that rounding, ns converts
 * to at most @cycles while ns * hz + 5e8 < (cycles + 1) * 1e9.
 */
static uint64_t ns_at_or_below(uint64_t cycles, uint64_t hz)
{
	unsigned __int128 x = ((unsigned __int128)cycles + 1) * 1000000000u - 500000000u;

	if (!hz)
		return 0;
	x = (x - 1) / hz;
	return x > UINT64_MAX ? UINT64_MAX : (uint64_t)x;
}

int hg_ctx_histogram(const struct hg_ctx_report *r, int cls, uint64_t bucket_ns,
		     uint64_t max_ns, struct hg_bins *b)
{
	const uint64_t *v = cls < 0 ? r->switches : r->cost[cls];
	size_t nv = cls < 0 ? r->nswitches : r->n[cls], nb, i;
	uint64_t hz = r->tsc_hz, top_ns, edge;
	int ret;

	/*
	 * automatic: up to the 99th percentile of all switches but no further
	 * than 20 medians, so the bulk of the switches is resolved; about 50
	 * buckets of a 1-2-5 width
	 */
	top_ns = hg_cycles_to_ns(hg_percentile_sorted(r->switches, r->nswitches, 99), hz);
	edge = 20 * hg_cycles_to_ns(hg_percentile_sorted(r->switches, r->nswitches, 50), hz);
	if (edge && edge < top_ns)
		top_ns = edge;
	if (max_ns)
		top_ns = max_ns;
	if (!bucket_ns)
		bucket_ns = (uint64_t)hg_step125((double)(top_ns / 50 ? top_ns / 50 : 1));
	/* a given max is the last bucket's end; an automatic one lies inside it */
	nb = (size_t)(max_ns ? (max_ns + bucket_ns - 1) / bucket_ns : top_ns / bucket_ns + 1);
	if (!nb)
		nb = 1;
	if (nb > 100000)
		nb = 100000;
	ret = hg_bins_linear(b, 0, bucket_ns, nb);
	for (i = 0; !ret && i < nv; i++)
		hg_bins_add(b, ns_at_or_below(v[i], hz), 1);
	return ret;
}

static char *us(const struct hg_ctx_report *r, uint64_t cycles, char *buf, size_t len)
{
	return hg_format_us(hg_cycles_to_ns(cycles, r->tsc_hz), buf, len);
}

int hg_ctx_print(FILE *f, const struct hg_trace *t, const struct hg_ctx_report *r,
		 uint64_t bucket_ns, uint64_t max_ns)
{
	struct hg_bins b;
	size_t nbars, i;
	uint64_t peak;
	char v[9][32], el[32];
	int c, ret;

	fprintf(f, "# ctx: %u threads, %s ms, gap threshold %" PRIu64 " cycles\n", t->nthreads,
		hg_format_ms(r->elapsed_ns, el, sizeof(el)), t->calib.gap_threshold_cycles);
	fprintf(f, "# %-18s %9s %9s %9s %9s %9s %9s %9s %9s %9s %10s\n", "class", "count",
		"per_s", "min_us", "p1_us", "median_us", "mean_us", "p90_us", "p99_us",
		"p99.9_us", "max_us");
	for (c = 0; c < HG_GAP_NCLASSES; c++) {
		const struct hg_stats *s = &r->st[c];

		fprintf(f, "%-20s %9" PRIu64 " %9.1f", hg_gap_class_name(c), s->count,
			r->elapsed_ns ? (double)s->count * 1e9 / (double)r->elapsed_ns : 0.0);
		if (!s->count) {
			fputs("         -         -         -         -         -         -"
			      "         -          -\n", f);
			continue;
		}
		fprintf(f, " %9s %9s %9s %9.3f %9s %9s %9s %10s\n",
			us(r, s->min, v[0], sizeof(v[0])), us(r, s->p1, v[1], sizeof(v[1])),
			us(r, s->median, v[2], sizeof(v[2])),
			s->mean * 1e6 / (double)r->tsc_hz,
			us(r, s->p90, v[4], sizeof(v[4])), us(r, s->p99, v[5], sizeof(v[5])),
			us(r, s->p999, v[6], sizeof(v[6])), us(r, s->max, v[7], sizeof(v[7])));
	}
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];

		fprintf(f, "# thread %zu: switches inferred %" PRIu64 " (voluntary %" PRIu64
			", involuntary %" PRIu64 "), kernel %" PRIu64 " (voluntary %" PRIu64
			", involuntary %" PRIu64 ")\n", i, r->inferred[0][i] + r->inferred[1][i],
			r->inferred[0][i], r->inferred[1][i], th->vcsw + th->ivcsw, th->vcsw,
			th->ivcsw);
	}
	if (!r->nswitches)
		return 0;
	ret = hg_ctx_histogram(r, -1, bucket_ns, max_ns, &b);
	if (ret) {
		hg_bins_free(&b);
		return ret;
	}
	peak = hg_bins_peak(&b);
	/* the open bucket only when something is in it */
	nbars = b.count[b.n] ? b.n + 1 : b.n;
	fprintf(f, "# context-switch cost histogram (voluntary and involuntary, %zu switches)\n",
		r->nswitches);
	for (i = 0; i < nbars; i++) {
		int len = (int)(peak ? (b.count[i] * 50 + peak - 1) / peak : 0);
		double lo = (double)hg_bins_low(&b, i) / 1000.0;

		if (i == b.n)
			fprintf(f, "%10.3f -       inf us %10" PRIu64, lo, b.count[i]);
		else
			fprintf(f, "%10.3f - %9.3f us %10" PRIu64, lo,
				(double)hg_bins_end(&b, i) / 1000.0, b.count[i]);
		if (len > 0)
			fputc(' ', f);
		while (len-- > 0)
			fputc('#', f);
		fputc('\n', f);
	}
	hg_bins_free(&b);
	return ferror(f) ? -EIO : 0;
}

void hg_ctx_json(FILE *f, const struct hg_trace *t, const struct hg_ctx_report *r)
{
	int c;

	fprintf(f, "{\n  \"schema\": 1,\n  \"threads\": %u,\n  \"elapsed_ns\": %" PRIu64
		",\n  \"classes\": {", t->nthreads, r->elapsed_ns);
	for (c = 0; c < HG_GAP_NCLASSES; c++) {
		const struct hg_stats *s = &r->st[c];
		const char *name = hg_gap_class_name(c);
		char key[32];
		size_t i;

		for (i = 0; name[i] && i + 1 < sizeof(key); i++)
			key[i] = name[i] == ' ' ? '_' : name[i];
		key[i] = '\0';
		fprintf(f, "%s\n    \"%s\": {\"count\": %" PRIu64 ", \"per_s\": %.3f, "
			"\"min_ns\": %" PRIu64 ", \"p1_ns\": %" PRIu64 ", \"median_ns\": %" PRIu64
			", \"mean_ns\": %.1f, \"p90_ns\": %" PRIu64 ", \"p99_ns\": %" PRIu64
			", \"p999_ns\": %" PRIu64 ", \"max_ns\": %" PRIu64 "}", c ? "," : "", key,
			s->count, r->elapsed_ns ? (double)s->count * 1e9 / (double)r->elapsed_ns : 0.0,
			hg_cycles_to_ns(s->min, r->tsc_hz), hg_cycles_to_ns(s->p1, r->tsc_hz),
			hg_cycles_to_ns(s->median, r->tsc_hz), s->mean * 1e9 / (double)r->tsc_hz,
			hg_cycles_to_ns(s->p90, r->tsc_hz), hg_cycles_to_ns(s->p99, r->tsc_hz),
			hg_cycles_to_ns(s->p999, r->tsc_hz), hg_cycles_to_ns(s->max, r->tsc_hz));
	}
	fputs("\n  },\n  \"per_thread\": [", f);
	for (c = 0; c < (int)t->nthreads; c++) {
		const struct hg_trace_thread *th = &t->threads[c];

		fprintf(f, "%s\n    {\"thread\": %d, \"inferred_voluntary\": %" PRIu64
			", \"inferred_involuntary\": %" PRIu64 ", \"kernel_voluntary\": %" PRIu64
			", \"kernel_involuntary\": %" PRIu64 "}", c ? "," : "", c,
			r->inferred[0][c], r->inferred[1][c], th->vcsw, th->ivcsw);
	}
	fputs("\n  ]\n}\n", f);
}
