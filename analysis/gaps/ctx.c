// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ctx.c - context-switch costs: statistics per gap class, histogram
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/gaps/ctx.h"
#include "trace/hist.h"
#include "util/grow.h"
#include "util/timeval.h"

/* A gap of class @cls (of @r's kind) and the trace's view @g of it. */
static int add_gap(struct hg_ctx_report *r, int cls, const struct hg_gap *g)
{
	/*
	 * the trace's inference, whatever the kernel says of it: a switch
	 * (class 0 or 1) counted in its row, no branch on the class
	 */
	r->inferred[g->cls & 1][g->thread] += g->cls == HG_GAP_VOLUNTARY ||
					      g->cls == HG_GAP_INVOLUNTARY;
	return hg_vcount_add(&r->cost[cls], g->cost_cycles);
}

static int collect(const struct hg_gap *g, size_t n, void *arg)
{
	size_t k;
	int ret = 0;

	for (k = 0; !ret && k < n; k++)
		ret = add_gap(arg, g[k].cls, &g[k]);
	return ret;
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
		if (HG_GROW(r->others, r->capothers, r->nothers + 1))
			return -ENOMEM;
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

/* Set @r up for @nclasses classes. */
static int begin(const struct hg_trace *t, struct hg_ctx_report *r, int nclasses)
{
	int c;

	memset(r, 0, sizeof(*r));
	r->noise_ret = -ENODATA;
	r->nclasses = nclasses;
	r->sched = nclasses == HG_SC_NCLASSES;
	r->tsc_hz = t->calib.tsc_hz;
	r->elapsed_ns = hg_trace_ns(t, t->stop_cycles);
	r->nthreads = t->nthreads;
	for (c = 0; c < 2; c++) {
		r->inferred[c] = calloc(t->nthreads ? t->nthreads : 1, sizeof(uint64_t));
		if (!r->inferred[c])
			return -ENOMEM;
	}
	return 0;
}

/* Statistics of every class and of the switches. */
static int finish(struct hg_ctx_report *r)
{
	int c, ret = 0;

	for (c = 0; !ret && c < r->nclasses; c++) {
		ret = hg_vcount_sort(&r->cost[c]);
		r->n[c] = r->cost[c].n;
		hg_vcount_stats(&r->cost[c], &r->st[c]);
	}
	/* both switch classes (0 and 1 for either kind of classes) */
	if (!ret)
		ret = hg_vcount_add_all(&r->switches, &r->cost[HG_GAP_VOLUNTARY]);
	if (!ret)
		ret = hg_vcount_add_all(&r->switches, &r->cost[HG_GAP_INVOLUNTARY]);
	if (!ret)
		ret = hg_vcount_sort(&r->switches);
	if (ret)
		return ret;
	r->nswitches = r->switches.n;
	if (r->nothers)
		qsort(r->others, r->nothers, sizeof(*r->others), most_time_first);
	return 0;
}

/* The classifier starts over: what was counted goes. */
static void forget(void *arg)
{
	struct hg_ctx_report *r = arg;
	int c;

	for (c = 0; c < r->nclasses; c++)
		hg_vcount_free(&r->cost[c]);
	for (c = 0; c < 2; c++)
		memset(r->inferred[c], 0, r->nthreads * sizeof(*r->inferred[c]));
}

static void noise_seen(void *arg, uint32_t i, const struct hg_record *recs, size_t n)
{
	hg_noise_recv_add(arg, i, recs, n);
}

static void noise_rewound(void *arg, uint32_t i)
{
	hg_noise_recv_clear(arg, i);
}

int hg_ctx_analyse_src(const struct hg_trace *t, const struct hg_recsrc *src,
		       struct hg_ctx_report *r)
{
	struct hg_rectap tap = { *src, noise_seen, noise_rewound, NULL };
	struct hg_noise_recv rv = { .t = t };
	struct hg_recsrc tapped;
	int ret = begin(t, r, HG_GAP_NCLASSES);

	/* the kernel's counts need each thread's time per CPU: gathered on the way */
	if (!ret && t->nnoise && t->noise_window_ns) {
		ret = hg_noise_recv_init(&rv, t);
		tap.arg = &rv;
		hg_rectap_src(&tap, &tapped);
		src = &tapped;
	}
	if (!ret)
		ret = hg_classify_src(t, src, collect, forget, r);
	if (!ret)
		r->noise_ret = hg_noise_compute_recv(&rv, &r->noise);
	hg_noise_recv_free(&rv);
	return ret ? ret : finish(r);
}

int hg_ctx_analyse(const struct hg_trace *t, struct hg_ctx_report *r)
{
	struct hg_recmem m;
	struct hg_recsrc src;
	int ret = hg_recmem_init(&m, &src, t, 0);

	if (!ret)
		ret = hg_ctx_analyse_src(t, &src, r);
	else
		memset(r, 0, sizeof(*r));
	hg_recmem_free(&m);
	return ret;
}

int hg_ctx_analyse_sched(const struct hg_trace *t, const struct hg_attrib_in *in,
			 struct hg_ctx_report *r, char *err, size_t errlen)
{
	int ret = begin(t, r, HG_SC_NCLASSES);

	if (!ret)
		ret = hg_attribute(t, in, collect_sched, collect_run, r, &r->kernel, err, errlen);
	if (!ret)
		r->noise_ret = hg_noise_compute(t, &r->noise);
	return ret ? ret : finish(r);
}

void hg_ctx_free(struct hg_ctx_report *r)
{
	int c;

	for (c = 0; c < HG_SC_NCLASSES; c++)
		hg_vcount_free(&r->cost[c]);
	hg_vcount_free(&r->switches);
	hg_noise_free(&r->noise);
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

struct us_arg {
	double *v;
	double hz;
};

static int add_us(uint64_t v, uint64_t count, void *arg)
{
	struct us_arg *a = arg;

	while (count--)
		*a->v++ = (double)v * 1e6 / a->hz;
	return 0;
}

void hg_ctx_costs_us(const struct hg_ctx_report *r, int cls, double *v)
{
	struct us_arg a = { v, (double)r->tsc_hz };

	hg_vcount_each(&r->cost[cls], add_us, &a);
}

struct bins_arg {
	struct hg_bins *b;
	uint64_t hz;
};

static int add_bins(uint64_t v, uint64_t count, void *arg)
{
	struct bins_arg *a = arg;

	hg_bins_add(a->b, ns_at_or_below(v, a->hz), count);
	return 0;
}

int hg_ctx_histogram(const struct hg_ctx_report *r, int cls, uint64_t bucket_ns,
		     uint64_t max_ns, struct hg_bins *b)
{
	const struct hg_vcount *v = cls < 0 ? &r->switches : &r->cost[cls];
	struct bins_arg a = { b, r->tsc_hz };
	uint64_t hz = r->tsc_hz, top_ns, edge;
	size_t nb;
	int ret;

	/*
	 * automatic: up to the 99th percentile of all switches but no further
	 * than 20 medians, so the bulk of the switches is resolved; about 50
	 * buckets of a 1-2-5 width
	 */
	top_ns = hg_cycles_to_ns(hg_vcount_percentile(&r->switches, 99), hz);
	edge = 20 * hg_cycles_to_ns(hg_vcount_percentile(&r->switches, 50), hz);
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
	return ret ? ret : hg_vcount_each(v, add_bins, &a);
}
