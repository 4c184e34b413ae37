// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ctx.c - context-switch costs: statistics per gap class, histogram
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/ctx.h"
#include "trace/hist.h"
#include "trace/timeval.h"

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
