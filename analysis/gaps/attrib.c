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

/* A gap on its CPU's line, waiting for its switches; 64 bytes. */
struct gapref {
	struct hg_gap g;
	uint64_t lo, hi;	/* its first switch's event, and past its last */
	uint32_t nsw;		/* switches in it */
	uint32_t first_prev;	/* the first one's previous task */
	uint32_t last_next;	/* the last one's next task */
	uint32_t seq;		/* the order it came in (a CPU's sort) */
};

/* Events of a CPU read at a time, into its line's window: 6 KiB. */
#define WINDOW 256

/*
 * One CPU's line: its gaps as the classifier finds them, in time order,
 * joined with its switches as they are read, each gap handed over when no
 * switch can fall in it any more. Only the gaps a switch is waiting for
 * are held (all of its line's when they come out of time order, a
 * damaged trace: sorted at the end).
 */
struct line {
	uint32_t cpu;
	uint8_t online;		/* a gap on its line came (the census) */
	uint8_t sort;		/* they came out of time order */
	uint64_t last_at;	/* the last one's start */
	uint64_t e, end;	/* its events: the next to read, and past its last */
	struct hg_kev *w;	/* a window of them: @wn from event @wat */
	uint64_t wat;
	size_t wn;
	struct gapref *q;	/* the gaps not handed over yet */
	size_t n, cap;
	size_t j;		/* the gap the switches reached */
	struct gapref *v;	/* to sort */
	size_t nv, capv;
	bool ended;		/* no gap will come */
	bool have_x;		/* @x read */
	uint64_t xi;		/* its event's index; UINT64_MAX: no switch left */
	struct hg_kev x;
};

/* An attribution: every CPU's line, fed by one pass of the classifier. */
struct attr {
	const struct hg_trace *t;
	const struct hg_kevents *k;
	uint64_t lo, hi;	/* the run on the counter */
	uint64_t slack;
	struct line *l;		/* by CPU */
	size_t n, cap;
	uint64_t *runs;		/* a bit an event: one that starts another task's run */
	uint32_t first;		/* the CPU of the first event */
	bool count;		/* the totals counted as the lines read the events */
	hg_sched_gap_fn gap_fn;
	hg_sched_run_fn run_fn;
	void *arg;
	struct hg_sched_totals *tot;
};

/* The line of CPU @cpu, made with those below it. Returns NULL when out of memory. */
static struct line *line_of(struct attr *a, uint32_t cpu)
{
	size_t i;

	if (cpu >= a->n) {
		if (HG_GROW(a->l, a->cap, (size_t)cpu + 1))
			return NULL;
		memset(a->l + a->n, 0, (cpu + 1 - a->n) * sizeof(*a->l));
		for (i = a->n; i <= cpu; i++)
			a->l[i].cpu = (uint32_t)i;
		a->n = cpu + 1;
	}
	return &a->l[cpu];
}

/* What the kernel saw: switch @e counted in @tot when inside the run. */
static void count(const struct attr *a, const struct hg_kev *e, struct hg_sched_totals *tot)
{
	bool wp = is_worker(a->t, e->b), wn = is_worker(a->t, e->a);

	if (!in_run(e, a->lo, a->hi))
		return;
	tot->switches++;
	tot->from_workers_to_others += wp && !wn;
	tot->between_workers += wp && wn;
}

/* Where each CPU's events lie (the events by CPU): a search a CPU. */
static int find_cpus(struct attr *a)
{
	const struct hg_kevents *k = a->k;
	uint64_t i = 0;

	while (i < k->n) {
		struct hg_kev e = hg_kevents_ev(k, i);
		struct line *l = line_of(a, e.cpu);
		uint64_t end = hg_kevents_find(k, (uint32_t)e.cpu + 1, 0);

		if (!l)
			return -ENOMEM;
		if (!i)
			a->first = e.cpu;
		l->e = i;
		l->end = i = end > i ? end : i + 1;	/* a read that failed: on */
	}
	return 0;
}

/*
 * Check that @in's switches can describe @t's run, and where each CPU's
 * events lie: all read for another tool's, counted in @a->tot, and found
 * by a search for the trace's own, counted as its lines read them.
 */
static int check_overlap(struct attr *a, const struct hg_attrib_in *in, char *err, size_t errlen)
{
	const struct hg_trace *t = a->t;
	struct hg_sched_totals *tot = a->tot;
	uint64_t k;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		if (!t->threads[i].tid) {
			snprintf(err, errlen, "the trace has no thread ids (written by an older "
				 "hourglass); run it again");
			return -ENODATA;
		}
	}
	memset(tot, 0, sizeof(*tot));
	/* the trace's own capture is of this run, whatever its switches */
	a->count = in->own;
	if (in->own)
		return find_cpus(a);
	for (k = 0; k < in->k->n; k++) {	/* read in order: a block at a time */
		struct hg_kev e = hg_kevents_ev(in->k, k);
		struct line *l = line_of(a, e.cpu);

		if (!l)
			return -ENOMEM;
		if (!k)
			a->first = e.cpu;
		if (!l->end)
			l->e = k;
		l->end = k + 1;
		count(a, &e, tot);
	}
	if (!tot->from_workers_to_others && !tot->between_workers) {
		snprintf(err, errlen, "no switch of the run's threads (tid %u ...) in it: a "
			 "capture of another run?", t->threads[0].tid);
		return -ESRCH;
	}
	return 0;
}

/* The census: which CPUs' lines have their gaps out of time order. */
static int count_gaps(const struct hg_gap *g, size_t n, void *arg)
{
	size_t k;

	for (k = 0; k < n; k++) {
		struct line *l = line_of(arg, g[k].cpu);

		if (!l)
			return -ENOMEM;
		if (!on_line(&g[k]))
			continue;
		l->sort |= l->online && g[k].at_cycles < l->last_at;
		l->online = 1;
		l->last_at = g[k].at_cycles;
	}
	return 0;
}

/* @l's next switch of its CPU inside the run into @l->x; @l->xi UINT64_MAX: none. */
static void next_switch(const struct attr *a, struct line *l)
{
	l->have_x = true;
	l->xi = UINT64_MAX;
	while (l->e < l->end) {
		struct hg_kev *e;

		if (l->e - l->wat >= l->wn) {
			l->wat = l->e;
			l->wn = l->end - l->e < WINDOW ? (size_t)(l->end - l->e) : WINDOW;
			hg_kevents_get(a->k, l->wat, l->w, l->wn);
		}
		e = &l->w[l->e++ - l->wat];
		if (a->count)
			count(a, e, a->tot);
		if (e->cpu == l->cpu && in_run(e, a->lo, a->hi)) {
			l->x = *e;
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

/* Event @i, read already by line @l: in its window, or read again. */
static struct hg_kev line_ev(const struct attr *a, const struct line *l, uint64_t i)
{
	return i >= l->wat && i - l->wat < l->wn ? l->w[i - l->wat] : hg_kevents_ev(a->k, i);
}

/* The other tasks' runs in gap @r of line @l, each from one switch to the next. */
static int gap_runs(const struct attr *a, const struct line *l, const struct gapref *r)
{
	struct hg_kev in = line_ev(a, l, r->lo);
	uint64_t k;
	int ret = 0;

	for (k = r->lo + 1; k < r->hi && !ret; k++) {
		struct hg_kev e = line_ev(a, l, k);
		struct hg_sched_run run = {
			.cpu = in.cpu, .pid = in.a, .comm = hg_kevents_name(a->k, in.name),
			.start_cycles = in.cycles, .end_cycles = e.cycles,
		};

		if (!in_run(&e, a->lo, a->hi))
			continue;
		ret = a->run_fn(&run, a->arg);
		in = e;
	}
	return ret;
}

/*
 * Gap @r of line @l handed over with its class, and its other tasks' runs:
 * those of the first CPU's gaps at once, the others' after every gap (in
 * the order of the events, as a CPU at a time gave them), their switches
 * marked.
 */
static int hand_over(struct attr *a, const struct line *l, const struct gapref *r)
{
	struct hg_sched_gap sg = { .cls = attribute(a->t, r), .gap = r->g, .switches = r->nsw };
	bool runs = a->run_fn && (sg.cls == HG_SC_INDIRECT || sg.cls == HG_SC_FOREIGN_TASK);
	uint64_t k;
	int ret;

	a->tot->gaps++;
	a->tot->agree += same(sg.cls, sg.gap.cls);
	ret = a->gap_fn(&sg, a->arg);
	if (ret || !runs)
		return ret;
	if (l->cpu == a->first)
		return gap_runs(a, l, r);
	/* every switch but its last starts a run: the events up to it marked */
	for (k = r->lo; k + 1 < r->hi; k++)
		a->runs[k / 64] |= 1ULL << (k % 64);
	return 0;
}

/* The run of another task from marked switch @in, the @k-th event, to the next switch. */
static int run_from(const struct attr *a, uint64_t k, const struct hg_kev *in)
{
	struct hg_sched_run run = {
		.cpu = in->cpu, .pid = in->a, .comm = hg_kevents_name(a->k, in->name),
		.start_cycles = in->cycles,
	};

	while (++k < a->k->n) {	/* in the same gap: its last switch is not marked */
		struct hg_kev e = hg_kevents_ev(a->k, k);

		if (in_run(&e, a->lo, a->hi)) {
			run.end_cycles = e.cycles;
			return a->run_fn(&run, a->arg);
		}
	}
	return 0;
}

/* The other tasks' runs of the marked switches, in the order of the events. */
static int report_runs(const struct attr *a)
{
	uint64_t w, k, nw = a->k->n / 64 + 1;
	int ret = 0;

	for (w = 0; w < nw && !ret; w++) {
		for (k = w * 64; a->runs[w] && k < (w + 1) * 64 && !ret; k++) {
			struct hg_kev in;

			if (!(a->runs[w] & 1ULL << (k % 64)))
				continue;
			in = hg_kevents_ev(a->k, k);
			if (in_run(&in, a->lo, a->hi))
				ret = run_from(a, k, &in);
		}
	}
	return ret;
}

/*
 * Switch @l->x given to the gap it lies in, or counted outside them.
 * Returns false when that waits for a gap still to come.
 */
static bool place(struct attr *a, struct line *l)
{
	uint64_t x = l->x.cycles, slack = a->slack;
	struct gapref *g = l->q;
	size_t j;

	while (l->j < l->n && g[l->j].g.at_cycles + g[l->j].g.cost_cycles + slack < x)
		l->j++;
	j = l->j;
	if (j == l->n && !l->ended)
		return false;
	if (j == l->n || g[j].g.at_cycles > x + slack) {
		a->tot->outside_gaps += is_worker(a->t, l->x.b) || is_worker(a->t, l->x.a);
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
static int advance(struct attr *a, struct line *l)
{
	size_t k, done;
	int ret = 0;

	for (;;) {
		if (!l->have_x)
			next_switch(a, l);
		if (l->xi == UINT64_MAX || !place(a, l))
			break;
		l->have_x = false;
	}
	/* no switch left: every gap is done with; else those the switches passed */
	done = l->xi == UINT64_MAX ? l->n : l->j;
	for (k = 0; k < done && !ret; k++)
		ret = hand_over(a, l, &l->q[k]);
	if (done)	/* none held on a CPU of switches alone */
		memmove(l->q, l->q + done, (l->n - done) * sizeof(*l->q));
	l->n -= done;
	l->j -= done;
	return ret;
}

/* Gap @g of @l's CPU line come in. */
static int push(struct attr *a, struct line *l, const struct gapref *g)
{
	if (HG_GROW(l->q, l->cap, l->n + 1))
		return -ENOMEM;
	l->q[l->n++] = *g;
	return advance(a, l);
}

/* The classifier's gaps, each to its CPU's line. */
static int take_gaps(const struct hg_gap *g, size_t n, void *arg)
{
	struct attr *a = arg;
	size_t k;
	int ret = 0;

	for (k = 0; k < n && !ret; k++) {
		struct gapref r = { .g = g[k] };
		struct line *l = line_of(a, g[k].cpu);

		if (!l)
			return -ENOMEM;
		if (!on_line(&g[k])) {
			ret = hand_over(a, l, &r);	/* no switch goes to it */
		} else if (l->sort) {
			r.seq = (uint32_t)l->nv;
			if (HG_GROW(l->v, l->capv, l->nv + 1))
				return -ENOMEM;
			l->v[l->nv++] = r;
		} else {
			ret = push(a, l, &r);
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

/* Line @l with every gap come: those held to sort pushed, the rest of its switches read. */
static int end_line(struct attr *a, struct line *l)
{
	size_t k;
	int ret = 0;

	if (l->nv)
		qsort(l->v, l->nv, sizeof(*l->v), by_time);
	for (k = 0; k < l->nv && !ret; k++)
		ret = push(a, l, &l->v[k]);
	l->ended = true;
	return ret ? ret : advance(a, l);
}

/* Every CPU's line fed by one pass of the classifier, then its runs reported. */
static int all_lines(struct attr *a, const struct hg_recsrc *src)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < a->n && !ret; i++) {
		struct line *l = &a->l[i];

		if (l->end > l->e) {
			l->w = malloc((l->end - l->e < WINDOW ? l->end - l->e : WINDOW) *
				      sizeof(*l->w));
			ret = l->w ? 0 : -ENOMEM;
		}
	}
	if (!ret && a->run_fn) {
		a->runs = calloc(a->k->n / 64 + 1, sizeof(*a->runs));
		ret = a->runs ? 0 : -ENOMEM;
	}
	if (!ret)
		ret = hg_classify_src(a->t, src, take_gaps, NULL, a);
	for (i = 0; i < a->n && !ret; i++)
		ret = end_line(a, &a->l[i]);
	return ret || !a->runs ? ret : report_runs(a);
}

/* The checks, and the census of the gaps through @src (every record read once). */
static int check(struct attr *a, const struct hg_attrib_in *in, const struct hg_recsrc *src,
		 char *err, size_t errlen)
{
	int ret = check_overlap(a, in, err, errlen);

	return ret ? ret : hg_classify_src(a->t, src, count_gaps, NULL, a);
}

static void attr_free(struct attr *a)
{
	size_t i;

	for (i = 0; i < a->n; i++) {
		free(a->l[i].w);
		free(a->l[i].q);
		free(a->l[i].v);
	}
	free(a->l);
	free(a->runs);
}

int hg_attrib_check(const struct hg_trace *t, const struct hg_attrib_in *in, char *err,
		    size_t errlen)
{
	struct hg_sched_totals tot;
	struct attr a = { .t = t, .k = in->k, .tot = &tot };
	struct hg_reccurs m;
	struct hg_recsrc src;
	int ret = hg_reccurs_init(&m, &src, t);

	run_span(t, in, &a.lo, &a.hi);
	if (!ret)
		ret = check(&a, in, &src, err, errlen);
	hg_reccurs_free(&m);
	attr_free(&a);
	return ret;
}

int hg_attribute_src(const struct hg_trace *t, const struct hg_recsrc *src,
		     const struct hg_attrib_in *in, hg_sched_gap_fn gap_fn,
		     hg_sched_run_fn run_fn, void *arg, struct hg_sched_totals *tot,
		     char *err, size_t errlen)
{
	struct hg_sched_totals own = { 0 };
	struct attr a = {
		.t = t, .k = in->k, .gap_fn = gap_fn, .run_fn = run_fn, .arg = arg,
		.slack = hg_ns_to_cycles(in->resolution_ns + SLACK_NS, t->calib.tsc_hz),
		.tot = tot ? tot : &own,
	};
	int ret;

	run_span(t, in, &a.lo, &a.hi);
	ret = check(&a, in, src, err, errlen);
	if (!ret)
		ret = all_lines(&a, src);
	attr_free(&a);
	return ret;
}

int hg_attribute(const struct hg_trace *t, const struct hg_attrib_in *in, hg_sched_gap_fn gap_fn,
		 hg_sched_run_fn run_fn, void *arg, struct hg_sched_totals *tot,
		 char *err, size_t errlen)
{
	struct hg_reccurs m;
	struct hg_recsrc src;
	int ret = hg_reccurs_init(&m, &src, t);

	if (!ret)
		ret = hg_attribute_src(t, &src, in, gap_fn, run_fn, arg, tot, err, errlen);
	hg_reccurs_free(&m);
	return ret;
}
