// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * attrib.c - attribute gaps from the kernel's sched_switch events
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/attrib.h"
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

	if (gs->n == gs->cap) {
		size_t c = gs->cap ? 2 * gs->cap : 4096;
		struct gapref *v = realloc(gs->v, c * sizeof(*v));

		if (!v)
			return -ENOMEM;
		gs->v = v;
		gs->cap = c;
	}
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

/* Check that @s can describe @t's run; counts what the kernel saw. */
static int check_overlap(const struct hg_trace *t, const struct hg_sched *s,
			 struct hg_sched_totals *tot, char *err, size_t errlen)
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
	if (s->last_ns < t->mono_start_ns || s->first_ns > t->mono_end_ns) {
		snprintf(err, errlen, "its events (%.6f to %.6f s) do not overlap the run "
			 "(%.6f to %.6f s, CLOCK_MONOTONIC); record with -k CLOCK_MONOTONIC, "
			 "during the run", (double)s->first_ns / 1e9, (double)s->last_ns / 1e9,
			 (double)t->mono_start_ns / 1e9, (double)t->mono_end_ns / 1e9);
		return -ERANGE;
	}
	memset(tot, 0, sizeof(*tot));
	for (k = 0; k < s->n; k++) {
		const struct hg_sched_switch *sw = &s->sw[k];
		bool wp, wn;

		if (sw->mono_ns < t->mono_start_ns || sw->mono_ns > t->mono_end_ns)
			continue;
		tot->switches++;
		wp = is_worker(t, sw->prev_pid);
		wn = is_worker(t, sw->next_pid);
		tot->from_workers_to_others += wp && !wn;
		tot->between_workers += wp && wn;
	}
	if (!tot->from_workers_to_others && !tot->between_workers) {
		snprintf(err, errlen, "no switch of the run's threads (tid %u ...) in it: a "
			 "capture of another run?", t->threads[0].tid);
		return -ESRCH;
	}
	return 0;
}

/* Hand the switches of CPU line [a, b) of @s to the gaps [ga, gb) on it. */
static void assign(const struct hg_trace *t, const struct hg_sched *s, const uint64_t *sc,
		   size_t a, size_t b, struct gapref *g, size_t ng, uint64_t slack,
		   uint64_t *outside)
{
	size_t k, j = 0;

	for (k = a; k < b; k++) {
		uint64_t x = sc[k];

		if (s->sw[k].mono_ns < t->mono_start_ns || s->sw[k].mono_ns > t->mono_end_ns)
			continue;
		while (j < ng && g[j].g.at_cycles + g[j].g.cost_cycles + slack < x)
			j++;
		if (j == ng || g[j].g.at_cycles > x + slack) {
			*outside += is_worker(t, s->sw[k].prev_pid) || is_worker(t, s->sw[k].next_pid);
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

static enum hg_sched_class attribute(const struct hg_trace *t, const struct hg_sched *s,
				     const struct gapref *r)
{
	uint32_t a = t->threads[r->g.thread].tid, b = t->threads[r->g.next_thread].tid;
	size_t n = r->hi - r->lo;
	bool fits = n && s->sw[r->lo].prev_pid == a && s->sw[r->hi - 1].next_pid == b;

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

static int report_runs(const struct hg_sched *s, const uint64_t *sc, const struct gapref *r,
		       hg_sched_run_fn run_fn, void *arg)
{
	size_t k;
	int ret;

	for (k = r->lo; k + 1 < r->hi; k++) {
		const struct hg_sched_switch *in = &s->sw[k];
		struct hg_sched_run run = {
			.cpu = in->cpu, .pid = in->next_pid, .comm = in->next_comm,
			.start_cycles = sc[k], .end_cycles = sc[k + 1],
		};

		ret = run_fn(&run, arg);
		if (ret)
			return ret;
	}
	return 0;
}

int hg_attribute(const struct hg_trace *t, const struct hg_sched *s, hg_sched_gap_fn gap_fn,
		 hg_sched_run_fn run_fn, void *arg, struct hg_sched_totals *tot,
		 char *err, size_t errlen)
{
	struct hg_sched_totals own;
	struct gaps gs = { NULL, 0, 0 };
	uint64_t *sc, slack;
	size_t k, a, j, online;
	int ret;

	if (!tot)
		tot = &own;
	ret = check_overlap(t, s, tot, err, errlen);
	if (ret)
		return ret;
	sc = malloc((s->n ? s->n : 1) * sizeof(*sc));
	if (!sc)
		return -ENOMEM;
	for (k = 0; k < s->n; k++)
		sc[k] = hg_trace_mono_cycles(t, s->sw[k].mono_ns);
	slack = hg_ns_to_cycles(s->resolution_ns + SLACK_NS, t->calib.tsc_hz);
	ret = hg_classify(t, keep_gap, &gs);
	if (ret)
		goto out;
	qsort(gs.v, gs.n, sizeof(*gs.v), by_line);
	for (online = 0; online < gs.n && gs.v[online].g.cls <= HG_GAP_FOREIGN; online++)
		;
	/* CPU by CPU: the switches [a, k) and the gaps [j, ...) of one CPU */
	for (a = 0, j = 0; a < s->n; a = k) {
		size_t gj;

		for (k = a; k < s->n && s->sw[k].cpu == s->sw[a].cpu; k++)
			;
		while (j < online && gs.v[j].g.cpu < s->sw[a].cpu)
			j++;
		for (gj = j; gj < online && gs.v[gj].g.cpu == s->sw[a].cpu; gj++)
			;
		assign(t, s, sc, a, k, gs.v + j, gj - j, slack, &tot->outside_gaps);
	}
	for (j = 0; j < gs.n && !ret; j++) {
		struct hg_sched_gap sg = {
			.cls = attribute(t, s, &gs.v[j]), .gap = gs.v[j].g,
			.switches = (uint32_t)(gs.v[j].hi - gs.v[j].lo),
		};

		tot->gaps++;
		tot->agree += same(sg.cls, sg.gap.cls);
		ret = gap_fn(&sg, arg);
		if (!ret && run_fn && (sg.cls == HG_SC_INDIRECT || sg.cls == HG_SC_FOREIGN_TASK))
			ret = report_runs(s, sc, &gs.v[j], run_fn, arg);
	}
out:
	free(gs.v);
	free(sc);
	return ret;
}
