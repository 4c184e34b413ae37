// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * attrib.c - attribute gaps from the kernel's sched_switch events
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/gaps/attrib.h"
#include "trace/recsrc.h"
#include "util/grow.h"
#include "util/timeval.h"

#define SLACK_NS 2000	/* clock pairs and event placement: 2 us either way */

static const char *const names[HG_SC_NCLASSES] = {
	[HG_SC_VOLUNTARY] = "voluntary switch",
	[HG_SC_INVOLUNTARY] = "involuntary switch",
	[HG_SC_INDIRECT] = "indirect switch",
	[HG_SC_FOREIGN_TASK] = "foreign task",
	[HG_SC_FOREIGN_OTHER] = "foreign other",
	[HG_SC_MIGRATION] = "migration",
	[HG_SC_UNKNOWN] = "unclassified",
};

const char *hg_sched_class_name(enum hg_sched_class c)
{
	return c < HG_SC_NCLASSES ? names[c] : "?";
}

struct gapref {
	struct hg_gap g;
	size_t lo, hi;		/* its switches in the sorted array */
};

struct gaps {
	struct gapref *v;
	size_t n, cap;
};

static int keep_gap(const struct hg_gap *g, void *arg)
{
	struct gaps *gs = arg;

	if (HG_GROW(gs->v, gs->cap, gs->n + 1))
		return -ENOMEM;
	gs->v[gs->n++] = (struct gapref){ .g = *g };
	return 0;
}

/* Gaps whose window is on their CPU's line (switches, foreign) first, by CPU and time. */
static int by_line(const void *a, const void *b)
{
	const struct hg_gap *x = &((const struct gapref *)a)->g;
	const struct hg_gap *y = &((const struct gapref *)b)->g;
	bool lx = x->cls <= HG_GAP_FOREIGN, ly = y->cls <= HG_GAP_FOREIGN;

	if (lx != ly)
		return lx ? -1 : 1;
	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->at_cycles < y->at_cycles ? -1 : x->at_cycles > y->at_cycles;
}

static bool is_worker(const struct hg_trace *t, uint32_t pid)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].tid == pid)
			return pid != 0;
	return false;
}

/* The switches of the events inside the run, by CPU and time: copies, 24 bytes each. */
struct switches {
	const struct hg_kevents *k;
	struct hg_kev *at;
	size_t n;
};

static const struct hg_kev *sw_ev(const struct switches *s, size_t i)
{
	return &s->at[i];
}

/* The run on the counter: from the clock pair at its start to its end. */
static void run_span(const struct hg_trace *t, const struct hg_attrib_in *in, uint64_t *lo,
		     uint64_t *hi)
{
	*lo = t->mono_start_cycles;
	/* another tool's times were placed through the pair at the start: its end so too */
	*hi = in->own ? t->mono_end_cycles : hg_trace_mono_cycles(t, t->mono_end_ns);
}

static int find_switches(const struct hg_trace *t, const struct hg_attrib_in *in,
			 struct switches *s)
{
	const struct hg_kevents *k = in->k;
	uint64_t i, lo, hi;

	run_span(t, in, &lo, &hi);
	s->k = k;
	s->n = 0;
	for (i = 0; i < k->n; i++) {	/* counted first: the array of those alone */
		struct hg_kev e = hg_kevents_ev(k, i);

		s->n += e.type == HG_KEV_SWITCH && e.cycles >= lo && e.cycles <= hi;
	}
	s->at = calloc(s->n ? s->n : 1, sizeof(*s->at));
	if (!s->at)
		return -ENOMEM;
	for (s->n = 0, i = 0; i < k->n; i++) {
		struct hg_kev e = hg_kevents_ev(k, i);

		if (e.type == HG_KEV_SWITCH && e.cycles >= lo && e.cycles <= hi)
			s->at[s->n++] = e;
	}
	return 0;
}

/* Check that @s can describe @t's run; counts what the kernel saw. */
static int check_overlap(const struct hg_trace *t, const struct hg_attrib_in *in,
			 const struct switches *s, struct hg_sched_totals *tot, char *err,
			 size_t errlen)
{
	size_t k;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		if (!t->threads[i].tid) {
			snprintf(err, errlen, "the trace has no thread ids (written by an older "
				 "hourglass); run it again");
			return -ENODATA;
		}
	}
	memset(tot, 0, sizeof(*tot));
	for (k = 0; k < s->n; k++) {
		bool wp = is_worker(t, sw_ev(s, k)->b), wn = is_worker(t, sw_ev(s, k)->a);

		tot->switches++;
		tot->from_workers_to_others += wp && !wn;
		tot->between_workers += wp && wn;
	}
	/* the trace's own capture is of this run, whatever its switches */
	if (!in->own && !tot->from_workers_to_others && !tot->between_workers) {
		snprintf(err, errlen, "no switch of the run's threads (tid %u ...) in it: a "
			 "capture of another run?", t->threads[0].tid);
		return -ESRCH;
	}
	return 0;
}

/* Hand the switches of CPU line [a, b) of @s to the gaps [ga, gb) on it. */
static void assign(const struct hg_trace *t, const struct switches *s, size_t a, size_t b,
		   struct gapref *g, size_t ng, uint64_t slack, uint64_t *outside)
{
	size_t k, j = 0;

	for (k = a; k < b; k++) {
		uint64_t x = sw_ev(s, k)->cycles;

		while (j < ng && g[j].g.at_cycles + g[j].g.cost_cycles + slack < x)
			j++;
		if (j == ng || g[j].g.at_cycles > x + slack) {
			*outside += is_worker(t, sw_ev(s, k)->b) || is_worker(t, sw_ev(s, k)->a);
			continue;
		}
		/* within reach of two gaps: the one it lies inside */
		if (j + 1 < ng && g[j + 1].g.at_cycles <= x &&
		    g[j].g.at_cycles + g[j].g.cost_cycles < x)
			j++;
		if (g[j].hi == g[j].lo)
			g[j].lo = k;
		g[j].hi = k + 1;
	}
}

static enum hg_sched_class attribute(const struct hg_trace *t, const struct switches *s,
				     const struct gapref *r)
{
	uint32_t a = t->threads[r->g.thread].tid, b = t->threads[r->g.next_thread].tid;
	size_t n = r->hi - r->lo;
	bool fits = n && sw_ev(s, r->lo)->b == a && sw_ev(s, r->hi - 1)->a == b;

	switch (r->g.cls) {
	case HG_GAP_VOLUNTARY:
	case HG_GAP_INVOLUNTARY:
		if (!fits)
			return HG_SC_UNKNOWN;
		if (n > 1)
			return HG_SC_INDIRECT;
		return r->g.cls == HG_GAP_VOLUNTARY ? HG_SC_VOLUNTARY : HG_SC_INVOLUNTARY;
	case HG_GAP_FOREIGN:
		if (!n)
			return HG_SC_FOREIGN_OTHER;
		return fits ? HG_SC_FOREIGN_TASK : HG_SC_UNKNOWN;
	case HG_GAP_MIGRATION:
		return HG_SC_MIGRATION;
	default:
		return HG_SC_UNKNOWN;
	}
}

/* Whether the kernel's class @k says what the trace's @g did. */
static bool same(enum hg_sched_class k, enum hg_gap_class g)
{
	switch (g) {
	case HG_GAP_VOLUNTARY:
		return k == HG_SC_VOLUNTARY;
	case HG_GAP_INVOLUNTARY:
		return k == HG_SC_INVOLUNTARY;
	case HG_GAP_FOREIGN:
		return k == HG_SC_FOREIGN_TASK || k == HG_SC_FOREIGN_OTHER;
	case HG_GAP_MIGRATION:
		return k == HG_SC_MIGRATION;
	default:
		return k == HG_SC_UNKNOWN;
	}
}

static int report_runs(const struct switches *s, const struct gapref *r, hg_sched_run_fn run_fn,
		       void *arg)
{
	size_t k;
	int ret;

	for (k = r->lo; k + 1 < r->hi; k++) {
		const struct hg_kev *in = sw_ev(s, k);
		struct hg_sched_run run = {
			.cpu = in->cpu, .pid = in->a, .comm = hg_kevents_name(s->k, in->name),
			.start_cycles = in->cycles, .end_cycles = sw_ev(s, k + 1)->cycles,
		};

		ret = run_fn(&run, arg);
		if (ret)
			return ret;
	}
	return 0;
}

/* CPU by CPU: the switches [a, k) and the gaps [j, ...) of one CPU. */
static void assign_all(const struct hg_trace *t, const struct switches *s, struct gaps *gs,
		       uint64_t slack, uint64_t *outside)
{
	size_t k, a, j = 0, online;

	for (online = 0; online < gs->n && gs->v[online].g.cls <= HG_GAP_FOREIGN; online++)
		;
	for (a = 0; a < s->n; a = k) {
		uint32_t cpu = sw_ev(s, a)->cpu;
		size_t gj;

		for (k = a; k < s->n && sw_ev(s, k)->cpu == cpu; k++)
			;
		while (j < online && gs->v[j].g.cpu < cpu)
			j++;
		for (gj = j; gj < online && gs->v[gj].g.cpu == cpu; gj++)
			;
		/* no gap at all: every switch of a worker counted outside them */
		assign(t, s, a, k, gs->n ? gs->v + j : NULL, gj - j, slack, outside);
	}
}

static int keep_gaps(const struct hg_gap *g, size_t n, void *arg)
{
	size_t k;
	int ret = 0;

	for (k = 0; k < n && !ret; k++)
		ret = keep_gap(&g[k], arg);
	return ret;
}

/* @t's gaps into @gs, its records read through cursors: a stream's trace too. */
static int classify(const struct hg_trace *t, struct gaps *gs)
{
	struct hg_reccurs m;
	struct hg_recsrc src;
	int ret = hg_reccurs_init(&m, &src, t);

	if (!ret)
		ret = hg_classify_src(t, &src, keep_gaps, NULL, gs);
	hg_reccurs_free(&m);
	return ret;
}

int hg_attribute(const struct hg_trace *t, const struct hg_attrib_in *in, hg_sched_gap_fn gap_fn,
		 hg_sched_run_fn run_fn, void *arg, struct hg_sched_totals *tot,
		 char *err, size_t errlen)
{
	struct hg_sched_totals own;
	struct gaps gs = { NULL, 0, 0 };
	struct switches s;
	uint64_t slack;
	size_t j;
	int ret;

	if (!tot)
		tot = &own;
	ret = find_switches(t, in, &s);
	if (ret)
		return ret;
	ret = check_overlap(t, in, &s, tot, err, errlen);
	if (ret)
		goto out;
	slack = hg_ns_to_cycles(in->resolution_ns + SLACK_NS, t->calib.tsc_hz);
	ret = classify(t, &gs);
	if (ret)
		goto out;
	if (gs.n)	/* a trace with no gap (a LAT thread's) keeps none */
		qsort(gs.v, gs.n, sizeof(*gs.v), by_line);
	assign_all(t, &s, &gs, slack, &tot->outside_gaps);
	for (j = 0; j < gs.n && !ret; j++) {
		struct hg_sched_gap sg = {
			.cls = attribute(t, &s, &gs.v[j]), .gap = gs.v[j].g,
			.switches = (uint32_t)(gs.v[j].hi - gs.v[j].lo),
		};

		tot->gaps++;
		tot->agree += same(sg.cls, sg.gap.cls);
		ret = gap_fn(&sg, arg);
		if (!ret && run_fn && (sg.cls == HG_SC_INDIRECT || sg.cls == HG_SC_FOREIGN_TASK))
			ret = report_runs(&s, &gs.v[j], run_fn, arg);
	}
out:
	free(gs.v);
	free(s.at);
	return ret;
}
