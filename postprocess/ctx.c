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
#include "json.h"
#include "noise.h"

/* A gap of class @cls (of @r's kind) and the trace's view @g of it. */
static int add_gap(struct hg_ctx_report *r, int cls, const struct hg_gap *g)
{
	size_t *n = &r->n[cls], *cap = &r->cap[cls];

	/* the trace's inference, whatever the kernel says of it */
	if (g->cls == HG_GAP_VOLUNTARY || g->cls == HG_GAP_INVOLUNTARY)
		r->inferred[g->cls == HG_GAP_INVOLUNTARY][g->thread]++;
	if (*n == *cap) {
		size_t c = *cap ? *cap * 2 : 1024;
		uint64_t *v = realloc(r->cost[cls], c * sizeof(*v));

		if (!v)
			return -ENOMEM;
		r->cost[cls] = v;
		*cap = c;
	}
	r->cost[cls][(*n)++] = g->cost_cycles;
	return 0;
}

static int collect(const struct hg_gap *g, void *arg)
{
	return add_gap(arg, g->cls, g);
}

static int collect_sched(const struct hg_sched_gap *g, void *arg)
{
	return add_gap(arg, g->cls, &g->gap);
}

/* Another task's run inside a gap: summed by pid and name. */
static int collect_run(const struct hg_sched_run *run, void *arg)
{
	struct hg_ctx_report *r = arg;
	uint64_t len = run->end_cycles > run->start_cycles ? run->end_cycles - run->start_cycles : 0;
	struct hg_ctx_other *o = NULL;
	size_t i;

	for (i = 0; i < r->nothers && !o; i++)
		if (r->others[i].pid == run->pid && !strcmp(r->others[i].comm, run->comm))
			o = &r->others[i];
	if (!o) {
		if (r->nothers == r->capothers) {
			size_t c = r->capothers ? 2 * r->capothers : 64;
			struct hg_ctx_other *v = realloc(r->others, c * sizeof(*v));

			if (!v)
				return -ENOMEM;
			r->others = v;
			r->capothers = c;
		}
		o = &r->others[r->nothers++];
		memset(o, 0, sizeof(*o));
		o->pid = run->pid;
		snprintf(o->comm, sizeof(o->comm), "%s", run->comm);
	}
	o->count++;
	o->total_cycles += len;
	if (len > o->max_cycles)
		o->max_cycles = len;
	return 0;
}

static int most_time_first(const void *a, const void *b)
{
	const struct hg_ctx_other *x = a, *y = b;

	if (x->total_cycles != y->total_cycles)
		return x->total_cycles > y->total_cycles ? -1 : 1;
	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

const char *hg_ctx_class_name(const struct hg_ctx_report *r, int c)
{
	return r->sched ? hg_sched_class_name(c) : hg_gap_class_name(c);
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
	for (c = 0; c < r->nclasses; c++) {
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

/* Set @r up for @nclasses classes. */
static int begin(const struct hg_trace *t, struct hg_ctx_report *r, int nclasses)
{
	int c, ret;

	memset(r, 0, sizeof(*r));
	r->nclasses = nclasses;
	r->sched = nclasses == HG_SC_NCLASSES;
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
	return 0;
}

/* Statistics of every class, and the switch costs merged. */
static int finish(struct hg_ctx_report *r)
{
	size_t nv, ni;
	int c, ret = 0;

	for (c = 0; !ret && c < r->nclasses; c++)
		ret = hg_stats_compute(r->cost[c], r->n[c], &r->st[c]);
	if (ret)
		return ret;
	nv = r->n[HG_GAP_VOLUNTARY];
	ni = r->n[HG_GAP_INVOLUNTARY];
	r->switches = malloc(((nv + ni) ? nv + ni : 1) * sizeof(*r->switches));
	if (!r->switches)
		return -ENOMEM;
	merge_sorted(r->cost[HG_GAP_VOLUNTARY], nv, r->cost[HG_GAP_INVOLUNTARY], ni,
		     r->switches);
	r->nswitches = nv + ni;
	if (r->nothers)
		qsort(r->others, r->nothers, sizeof(*r->others), most_time_first);
	return 0;
}

int hg_ctx_analyse(const struct hg_trace *t, struct hg_ctx_report *r)
{
	int ret = begin(t, r, HG_GAP_NCLASSES);

	if (!ret)
		ret = hg_classify(t, collect, r);
	return ret ? ret : finish(r);
}

int hg_ctx_analyse_sched(const struct hg_trace *t, const struct hg_sched *s,
			 struct hg_ctx_report *r, char *err, size_t errlen)
{
	int ret = begin(t, r, HG_SC_NCLASSES);

	if (!ret)
		ret = hg_attribute(t, s, collect_sched, collect_run, r, &r->kernel, err, errlen);
	return ret ? ret : finish(r);
}

void hg_ctx_free(struct hg_ctx_report *r)
{
	int c;

	for (c = 0; c < HG_SC_NCLASSES; c++)
		free(r->cost[c]);
	free(r->switches);
	free(r->others);
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

static double pct(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* With --sched: the kernel's own counts, and the other tasks that took most time. */
static void print_kernel(FILE *f, const struct hg_ctx_report *r)
{
	const struct hg_sched_totals *k = &r->kernel;
	uint64_t seen = r->n[HG_SC_INDIRECT] + r->n[HG_SC_FOREIGN_TASK];
	size_t direct = r->n[HG_SC_VOLUNTARY] + r->n[HG_SC_INVOLUNTARY];
	char a[32], b[32];
	size_t i;

	fprintf(f, "# kernel: %" PRIu64 " switches in the run; %" PRIu64 " from a worker to "
		"another task (gaps with other tasks in them: %" PRIu64 ", %.1f %%), %" PRIu64
		" from a worker to a worker (direct switches: %zu, %.1f %%); %" PRIu64
		" of the workers' in no switch or foreign gap\n", k->switches,
		k->from_workers_to_others, seen, pct(seen, k->from_workers_to_others),
		k->between_workers, direct, pct(direct, k->between_workers), k->outside_gaps);
	fprintf(f, "# kernel: %" PRIu64 " of %" PRIu64 " gaps (%.1f %%) classed as the trace alone "
		"classes them\n", k->agree, k->gaps, pct(k->agree, k->gaps));
	if (!r->nothers)
		return;
	fprintf(f, "# other tasks that took most time from the workers:\n");
	fprintf(f, "# %-24s %8s %8s %12s %10s\n", "task", "pid", "runs", "total_ms", "max_us");
	for (i = 0; i < r->nothers && i < HG_CTX_TOP_OTHERS; i++) {
		const struct hg_ctx_other *o = &r->others[i];

		fprintf(f, "# %-24s %8" PRIu32 " %8" PRIu64 " %12s %10s\n", o->comm, o->pid,
			o->count, hg_format_ms3(hg_cycles_to_ns(o->total_cycles, r->tsc_hz), a,
						 sizeof(a)),
			us(r, o->max_cycles, b, sizeof(b)));
	}
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
	for (c = 0; c < r->nclasses; c++) {
		const struct hg_stats *s = &r->st[c];

		fprintf(f, "%-20s %9" PRIu64 " %9.1f", hg_ctx_class_name(r, c), s->count,
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
	/* was the machine quiet, or may other tasks be inside the costs above? */
	hg_print_noise(f, t);
	if (r->sched)
		print_kernel(f, r);
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

/* With --sched: the kernel's switches and the other tasks that ran in gaps. */
static void json_kernel(struct hg_json *j, const struct hg_ctx_report *r)
{
	const struct hg_sched_totals *k = &r->kernel;
	size_t i;

	hg_json_row_obj(j, "kernel");
	hg_json_u64(j, "switches", k->switches);
	hg_json_u64(j, "from_workers_to_others", k->from_workers_to_others);
	hg_json_u64(j, "between_workers", k->between_workers);
	hg_json_u64(j, "outside_gaps", k->outside_gaps);
	hg_json_u64(j, "gaps", k->gaps);
	hg_json_u64(j, "agree", k->agree);
	hg_json_close(j);
	hg_json_arr(j, "other_tasks");
	for (i = 0; i < r->nothers && i < HG_CTX_TOP_OTHERS; i++) {
		const struct hg_ctx_other *o = &r->others[i];

		hg_json_row_obj(j, NULL);
		hg_json_string(j, "comm", o->comm);
		hg_json_u64(j, "pid", o->pid);
		hg_json_u64(j, "runs", o->count);
		hg_json_u64(j, "total_ns", hg_cycles_to_ns(o->total_cycles, r->tsc_hz));
		hg_json_u64(j, "max_ns", hg_cycles_to_ns(o->max_cycles, r->tsc_hz));
		hg_json_close(j);
	}
	hg_json_close(j);
}

int hg_ctx_json(FILE *f, const struct hg_trace *t, const struct hg_ctx_report *r)
{
	struct hg_json j;
	uint32_t i;
	int c;

	hg_json_begin(&j, f);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", HG_CTX_SCHEMA);
	hg_json_u64(&j, "threads", t->nthreads);
	hg_json_u64(&j, "elapsed_ns", r->elapsed_ns);
	hg_json_obj(&j, "classes");
	for (c = 0; c < r->nclasses; c++) {
		const struct hg_stats *s = &r->st[c];
		const char *name = hg_ctx_class_name(r, c);
		uint64_t hz = r->tsc_hz;
		char key[32];
		size_t k;

		for (k = 0; name[k] && k + 1 < sizeof(key); k++)
			key[k] = (char)(name[k] == ' ' ? '_' : name[k]);
		key[k] = '\0';
		hg_json_row_obj(&j, key);
		hg_json_u64(&j, "count", s->count);
		hg_json_num(&j, "per_s", r->elapsed_ns ?
			    (double)s->count * 1e9 / (double)r->elapsed_ns : 0.0, 3);
		hg_json_u64(&j, "min_ns", hg_cycles_to_ns(s->min, hz));
		hg_json_u64(&j, "p1_ns", hg_cycles_to_ns(s->p1, hz));
		hg_json_u64(&j, "median_ns", hg_cycles_to_ns(s->median, hz));
		hg_json_num(&j, "mean_ns", s->mean * 1e9 / (double)hz, 1);
		hg_json_u64(&j, "p90_ns", hg_cycles_to_ns(s->p90, hz));
		hg_json_u64(&j, "p99_ns", hg_cycles_to_ns(s->p99, hz));
		hg_json_u64(&j, "p999_ns", hg_cycles_to_ns(s->p999, hz));
		hg_json_u64(&j, "max_ns", hg_cycles_to_ns(s->max, hz));
		hg_json_close(&j);
	}
	hg_json_close(&j);
	hg_json_arr(&j, "per_thread");
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];

		hg_json_row_obj(&j, NULL);
		hg_json_u64(&j, "thread", i);
		hg_json_u64(&j, "inferred_voluntary", r->inferred[0][i]);
		hg_json_u64(&j, "inferred_involuntary", r->inferred[1][i]);
		hg_json_u64(&j, "kernel_voluntary", th->vcsw);
		hg_json_u64(&j, "kernel_involuntary", th->ivcsw);
		hg_json_close(&j);
	}
	hg_json_close(&j);
	hg_noise_json(&j, t);
	if (r->sched)
		json_kernel(&j, r);
	return hg_json_end_doc(&j);
}
