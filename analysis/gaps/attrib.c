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
/* Whether @g's window is on its CPU's line: a switch or foreign activity. */
static bool on_line(const struct hg_gap *g)
{
	return g->cls <= HG_GAP_FOREIGN;
}

static bool is_worker(const struct hg_trace *t, uint32_t pid)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].tid == pid)
			return pid != 0;
	return false;
}

/* The run on the counter: from the clock pair at its start to its end. */
static void run_span(const struct hg_trace *t, const struct hg_attrib_in *in, uint64_t *lo,
		     uint64_t *hi)
{
	*lo = t->mono_start_cycles;
	/* another tool's times were placed through the pair at the start: its end so too */
	*hi = in->own ? t->mono_end_cycles : hg_trace_mono_cycles(t, t->mono_end_ns);
}

static bool in_run(const struct hg_kev *e, uint64_t lo, uint64_t hi)
{
	return e->type == HG_KEV_SWITCH && e->cycles >= lo && e->cycles <= hi;
}

/* Check that @in's switches can describe @t's run; counts what the kernel saw. */
static int check_overlap(const struct hg_trace *t, const struct hg_attrib_in *in,
			 struct hg_sched_totals *tot, char *err, size_t errlen)
{
	uint64_t k, lo, hi;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		if (!t->threads[i].tid) {
			snprintf(err, errlen, "the trace has no thread ids (written by an older "
				 "hourglass); run it again");
			return -ENODATA;
		}
	}
	memset(tot, 0, sizeof(*tot));
	run_span(t, in, &lo, &hi);
	for (k = 0; k < in->k->n; k++) {	/* read in order: a block at a time */
		struct hg_kev e = hg_kevents_ev(in->k, k);
		bool wp = is_worker(t, e.b), wn = is_worker(t, e.a);

		if (!in_run(&e, lo, hi))
			continue;
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

/* What the classifier found on one CPU (the census's first pass). */
struct cpuseen {
	uint64_t last_at;	/* of its last gap on its line */
	uint8_t any;		/* a gap of any class */
	uint8_t line;		/* a gap on its line */
	uint8_t unsorted;	/* its line's gaps came out of time order */
};

struct census {
	struct cpuseen *c;	/* by CPU */
	size_t n, cap;
};

static int count_gaps(const struct hg_gap *g, size_t n, void *arg)
{
	struct census *cs = arg;
	size_t k;

	for (k = 0; k < n; k++) {
		struct cpuseen *c;

		if (g[k].cpu >= cs->n) {
			if (HG_GROW(cs->c, cs->cap, (size_t)g[k].cpu + 1))
				return -ENOMEM;
			memset(cs->c + cs->n, 0, (g[k].cpu + 1 - cs->n) * sizeof(*cs->c));
			cs->n = g[k].cpu + 1;
		}
		c = &cs->c[g[k].cpu];
		c->any = 1;
		if (!on_line(&g[k]))
			continue;
		c->unsorted |= c->line && g[k].at_cycles < c->last_at;
		c->line = 1;
		c->last_at = g[k].at_cycles;
	}
	return 0;
}

/* A gap on its CPU's line, waiting for its switches; 56 bytes. */
struct gapref {
	struct hg_gap g;
	uint64_t lo, hi;	/* its first switch's event, and past its last */
	uint32_t nsw;		/* switches in it */
	uint32_t first_prev;	/* the first one's previous task */
	uint32_t last_next;	/* the last one's next task */
	uint32_t seq;		/* the order it came in (a CPU's sort) */
};

/*
 * One CPU's line: its gaps as the classifier finds them, in time order,
 * joined with its switches as they are read, each gap handed over when no
 * switch can fall in it any more. Only the gaps a switch is waiting for
 * are held.
 */
struct line {
	const struct hg_trace *t;
	const struct hg_kevents *k;
	uint64_t lo, hi;	/* the run on the counter */
	uint64_t slack;
	uint64_t e;		/* the next event to read */
	uint32_t cpu;
	struct gapref *q;	/* the gaps not handed over yet */
	size_t n, cap;
	size_t j;		/* the gap the switches reached */
	bool ended;		/* no gap will come */
	bool have_x;		/* @x read */
	uint64_t xi;		/* its event's index; UINT64_MAX: no switch left */
	struct hg_kev x;
	hg_sched_gap_fn gap_fn;
	hg_sched_run_fn run_fn;
	void *arg;
	struct hg_sched_totals *tot;
};

/* @l's next switch of its CPU inside the run into @l->x; @l->xi UINT64_MAX: none. */
static void next_switch(struct line *l)
{
	l->have_x = true;
	l->xi = UINT64_MAX;
	while (l->e < l->k->n) {
		struct hg_kev e = hg_kevents_ev(l->k, l->e);

		if (e.cpu > l->cpu)
			return;
		l->e++;
		if (e.cpu == l->cpu && in_run(&e, l->lo, l->hi)) {
			l->x = e;
			l->xi = l->e - 1;
			return;
		}
	}
}

static enum hg_sched_class attribute(const struct hg_trace *t, const struct gapref *r)
{
	uint32_t a = t->threads[r->g.thread].tid, b = t->threads[r->g.next_thread].tid;
	bool fits = r->nsw && r->first_prev == a && r->last_next == b;

	switch (r->g.cls) {
	case HG_GAP_VOLUNTARY:
	case HG_GAP_INVOLUNTARY:
		if (!fits)
			return HG_SC_UNKNOWN;
		if (r->nsw > 1)
			return HG_SC_INDIRECT;
		return r->g.cls == HG_GAP_VOLUNTARY ? HG_SC_VOLUNTARY : HG_SC_INVOLUNTARY;
	case HG_GAP_FOREIGN:
		if (!r->nsw)
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

/* The other tasks' runs between @r's switches: each from one switch to the next. */
static int report_runs(const struct line *l, const struct gapref *r)
{
	struct hg_kev in = hg_kevents_ev(l->k, r->lo);
	uint64_t k;
	int ret = 0;

	for (k = r->lo + 1; k < r->hi && !ret; k++) {
		struct hg_kev e = hg_kevents_ev(l->k, k);
		struct hg_sched_run run = {
			.cpu = in.cpu, .pid = in.a, .comm = hg_kevents_name(l->k, in.name),
			.start_cycles = in.cycles, .end_cycles = e.cycles,
		};

		if (!in_run(&e, l->lo, l->hi))
			continue;
		ret = l->run_fn(&run, l->arg);
		in = e;
	}
	return ret;
}

/* Gap @r handed over with its class. */
static int hand_over(struct line *l, const struct gapref *r)
{
	struct hg_sched_gap sg = { .cls = attribute(l->t, r), .gap = r->g, .switches = r->nsw };
	int ret;

	l->tot->gaps++;
	l->tot->agree += same(sg.cls, sg.gap.cls);
	ret = l->gap_fn(&sg, l->arg);
	if (!ret && l->run_fn && (sg.cls == HG_SC_INDIRECT || sg.cls == HG_SC_FOREIGN_TASK))
		ret = report_runs(l, r);
	return ret;
}

/*
 * Switch @l->x given to the gap it lies in, or counted outside them.
 * Returns false when that waits for a gap still to come.
 */
static bool place(struct line *l)
{
	uint64_t x = l->x.cycles, slack = l->slack;
	struct gapref *g = l->q;
	size_t j;

	while (l->j < l->n && g[l->j].g.at_cycles + g[l->j].g.cost_cycles + slack < x)
		l->j++;
	j = l->j;
	if (j == l->n && !l->ended)
		return false;
	if (j == l->n || g[j].g.at_cycles > x + slack) {
		l->tot->outside_gaps += is_worker(l->t, l->x.b) || is_worker(l->t, l->x.a);
		return true;
	}
	if (j + 1 == l->n && !l->ended)
		return false;
	/* within reach of two gaps: the one it lies inside */
	if (j + 1 < l->n && g[j + 1].g.at_cycles <= x &&
	    g[j].g.at_cycles + g[j].g.cost_cycles < x)
		l->j = ++j;
	if (!g[j].nsw) {
		g[j].lo = l->xi;
		g[j].first_prev = l->x.b;
	}
	g[j].hi = l->xi + 1;
	g[j].last_next = l->x.a;
	g[j].nsw++;
	return true;
}

/* @l's switches placed as far as its gaps allow; the gaps done with handed over. */
static int advance(struct line *l)
{
	size_t k, done;
	int ret = 0;

	for (;;) {
		if (!l->have_x)
			next_switch(l);
		if (l->xi == UINT64_MAX || !place(l))
			break;
		l->have_x = false;
	}
	/* no switch left: every gap is done with; else those the switches passed */
	done = l->xi == UINT64_MAX ? l->n : l->j;
	for (k = 0; k < done && !ret; k++)
		ret = hand_over(l, &l->q[k]);
	if (done)	/* none held on a CPU of switches alone */
		memmove(l->q, l->q + done, (l->n - done) * sizeof(*l->q));
	l->n -= done;
	l->j -= done;
	return ret;
}

/* Gap @g of @l's CPU line come in. */
static int push(struct line *l, const struct gapref *g)
{
	if (HG_GROW(l->q, l->cap, l->n + 1))
		return -ENOMEM;
	l->q[l->n++] = *g;
	return advance(l);
}

/* One CPU's pass: its line, and its line's gaps to sort when they come out of order. */
struct pass {
	struct line *l;
	bool sort;
	struct gapref *v;	/* to sort */
	size_t n, cap;
};

static int take_gaps(const struct hg_gap *g, size_t n, void *arg)
{
	struct pass *p = arg;
	struct line *l = p->l;
	size_t k;
	int ret = 0;

	for (k = 0; k < n && !ret; k++) {
		struct gapref r = { .g = g[k] };

		if (g[k].cpu != l->cpu)
			continue;
		if (!on_line(&g[k])) {
			ret = hand_over(l, &r);	/* no switch goes to it */
		} else if (p->sort) {
			r.seq = (uint32_t)p->n;
			if (HG_GROW(p->v, p->cap, p->n + 1))
				return -ENOMEM;
			p->v[p->n++] = r;
		} else {
			ret = push(l, &r);
		}
	}
	return ret;
}

/* By time, then in the order they came: the order of a stable sort. */
static int by_time(const void *a, const void *b)
{
	const struct gapref *x = a, *y = b;

	if (x->g.at_cycles != y->g.at_cycles)
		return x->g.at_cycles < y->g.at_cycles ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* CPU @l->cpu's gaps (@seen, NULL: none) classified again, joined with its switches. */
static int one_line(struct line *l, const struct cpuseen *seen, const struct hg_recsrc *src)
{
	struct pass p = { .l = l, .sort = seen && seen->unsorted };
	size_t k;
	int ret = 0;

	l->n = l->j = 0;
	l->ended = false;
	l->have_x = false;
	if (seen)
		ret = hg_classify_src(l->t, src, take_gaps, NULL, &p);
	if (!ret && p.n)
		qsort(p.v, p.n, sizeof(*p.v), by_time);
	for (k = 0; k < p.n && !ret; k++)
		ret = push(l, &p.v[k]);
	free(p.v);
	l->ended = true;
	return ret ? ret : advance(l);
}

/* The first CPU from @cpu on with an event (@l->e moved to it) or a gap, or UINT32_MAX. */
static uint32_t next_cpu(struct line *l, const struct census *cs, uint32_t cpu)
{
	uint32_t c = UINT32_MAX;
	size_t i;

	while (l->e < l->k->n) {
		struct hg_kev e = hg_kevents_ev(l->k, l->e);

		if (e.cpu >= cpu) {
			c = e.cpu;
			break;
		}
		l->e++;
	}
	for (i = cpu; i < cs->n && i < c; i++)
		if (cs->c[i].any)
			return (uint32_t)i;
	return c;
}

/* Every CPU's line in turn: each classified again, its switches read along. */
static int all_lines(struct line *l, const struct census *cs, const struct hg_recsrc *src)
{
	uint32_t cpu = 0;
	int ret = 0;

	while (!ret && (cpu = next_cpu(l, cs, cpu)) != UINT32_MAX) {
		l->cpu = cpu;
		ret = one_line(l, cpu < cs->n && cs->c[cpu].any ? &cs->c[cpu] : NULL, src);
		cpu++;
	}
	return ret;
}

/* The checks, and the census of the gaps through @src (every record read once). */
static int check(const struct hg_trace *t, const struct hg_attrib_in *in,
		 const struct hg_recsrc *src, struct census *cs, struct hg_sched_totals *tot,
		 char *err, size_t errlen)
{
	int ret = check_overlap(t, in, tot, err, errlen);

	return ret ? ret : hg_classify_src(t, src, count_gaps, NULL, cs);
}

int hg_attrib_check(const struct hg_trace *t, const struct hg_attrib_in *in, char *err,
		    size_t errlen)
{
	struct hg_sched_totals tot;
	struct census cs = { NULL, 0, 0 };
	struct hg_reccurs m;
	struct hg_recsrc src;
	int ret = hg_reccurs_init(&m, &src, t);

	if (!ret)
		ret = check(t, in, &src, &cs, &tot, err, errlen);
	hg_reccurs_free(&m);
	free(cs.c);
	return ret;
}

int hg_attribute(const struct hg_trace *t, const struct hg_attrib_in *in, hg_sched_gap_fn gap_fn,
		 hg_sched_run_fn run_fn, void *arg, struct hg_sched_totals *tot,
		 char *err, size_t errlen)
{
	struct hg_sched_totals own = { 0 };
	struct census cs = { NULL, 0, 0 };
	struct line l = {
		.t = t, .k = in->k, .gap_fn = gap_fn, .run_fn = run_fn, .arg = arg,
		.slack = hg_ns_to_cycles(in->resolution_ns + SLACK_NS, t->calib.tsc_hz),
	};
	struct hg_reccurs m;
	struct hg_recsrc src;
	int ret = hg_reccurs_init(&m, &src, t);

	l.tot = tot ? tot : &own;
	run_span(t, in, &l.lo, &l.hi);
	if (!ret)
		ret = check(t, in, &src, &cs, l.tot, err, errlen);
	if (!ret)
		ret = all_lines(&l, &cs, &src);
	hg_reccurs_free(&m);
	free(cs.c);
	free(l.q);
	return ret;
}
