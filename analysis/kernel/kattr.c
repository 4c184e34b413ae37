// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kattr.c - the kernel's events replayed into a time line per CPU, and
 * every gap cut along it (the rules are kattr.h's)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/kernel/kattr.h"
#include "analysis/kernel/kgaps.h"
#include "util/grow.h"
#include "util/timeval.h"

#define SEG_LOST HG_KC_NKINDS	/* events lost here: nothing is known */
#define NO_PID UINT32_MAX

/* A stretch of one CPU's time held by one context. */
struct seg {
	uint64_t start, end;
	uint64_t since;		/* the switch that made its task current */
	uint32_t pid;		/* the current task (NO_PID: not known) */
	uint32_t a;		/* irq number, softirq vector */
	uint32_t name;		/* a name of the events' table */
	uint8_t kind;		/* enum hg_kcause (not KERNEL, UNEXPLAINED), SEG_LOST */
	uint8_t first;		/* the context's first stretch (an entry, a switch in) */
	uint8_t prio;		/* the current task's (HG_KPRIO_*) */
};

/*
 * A line's replay as it stood before one of its events: a window of the
 * line is replayed again from the last of these before the window.
 */
struct mark {
	size_t ev;		/* the next event */
	uint64_t at;		/* the time emitted up to */
	struct hg_kreplay r;
};

/* Events between two marks, and the least a window replays. */
#define MARK_EVERY 1024
#define WINDOW_MIN 4096

/*
 * One CPU's line. Its stretches are held for a window of time only, made
 * again from a mark when a cut falls outside it: the memory is that of a
 * window and of the marks, whatever the length of the capture.
 */
struct line {
	uint32_t cpu;
	uint64_t begin, end;	/* what is known */
	size_t ev_lo, ev_hi;	/* its events in the trace's kev */
	struct mark *mark;
	size_t nmark, capmark;
	int first_known;	/* a switch came while the task was not known: */
	uint32_t first_b;	/* its previous task held the stretches before */
	struct seg *seg;	/* the window's stretches, from w_lo to w_hi */
	size_t n, cap;
	uint64_t w_lo, w_hi;
	int w_valid, w_end;	/* w_end: the window reaches the line's end */
	int err;		/* a window could not be made (-ENOMEM) */
};

struct hg_kattr {
	const struct hg_kevents *k;
	uint64_t tsc_hz;		/* the counter's, for the NMIs' lengths in ns */
	uint64_t kernel_max_cycles;
	uint64_t skew_cycles;		/* how far the events' clock may be off ours */
	uint32_t nlines;
	struct line *lines;	/* by CPU */
};

/* ------------------------------------------------------------ time lines */

/* A line being replayed: the time emitted up to; @store: its stretches kept. */
struct building {
	struct hg_kreplay r;
	struct line *l;
	uint64_t at;
	int store;
};

static int emit(struct hg_kreplay *r, uint64_t to, int lost)
{
	struct building *b = r->arg;
	struct line *l = b->l;
	struct seg s = { .start = b->at, .end = to, .pid = r->task_known ? r->pid : NO_PID,
			 .since = r->since, .prio = r->prio };

	if (to <= b->at)
		return 0;
	b->at = to;
	if (lost) {
		s.kind = SEG_LOST;
	} else if (r->depth) {
		struct hg_kctx *c = &r->stack[r->depth - 1];

		s.kind = c->kind;
		s.a = c->a;
		s.name = c->name;
		s.first = !c->seen;
		c->seen = 1;
	} else {
		s.kind = HG_KC_TASK;
		s.name = r->comm;
		s.first = !r->task_seen;
		r->task_seen = 1;
	}
	if (!b->store)
		return 0;
	/* the first switch says who ran before it: the stretches so far were that task's */
	if (s.pid == NO_PID && l->first_known)
		s.pid = l->first_b;
	if (HG_GROW(l->seg, l->cap, l->n + 1))
		return -ENOMEM;
	l->seg[l->n++] = s;
	return 0;
}

static int first_switch(struct hg_kreplay *r, const struct hg_kev *e)
{
	struct line *l = ((struct building *)r->arg)->l;

	if (!r->task_known && !l->first_known) {
		l->first_known = 1;
		l->first_b = e->b;
	}
	return 0;
}

static const struct hg_kreplay_ops mark_ops = { .advance = emit, .task = first_switch };
static const struct hg_kreplay_ops line_ops = { .advance = emit };

static int add_mark(struct line *l, size_t ev, const struct building *b)
{
	if (HG_GROW(l->mark, l->capmark, l->nmark + 1))
		return -ENOMEM;
	l->mark[l->nmark++] = (struct mark){ .ev = ev, .at = b->at, .r = b->r };
	return 0;
}

/* The whole line replayed once, nothing kept but a mark every MARK_EVERY events. */
static int mark_line(const struct hg_kattr *a, struct line *l)
{
	const struct hg_kevents *k = a->k;
	struct building b = { .l = l, .at = l->begin };
	struct hg_kev e;
	size_t i;
	int ret;

	hg_kreplay_init(&b.r, k, a->tsc_hz, l->begin, &mark_ops, &b);
	ret = add_mark(l, l->ev_lo, &b);
	for (i = l->ev_lo; i < l->ev_hi && !ret; i++) {
		if (i > l->ev_lo && !((i - l->ev_lo) % MARK_EVERY))
			ret = add_mark(l, i, &b);
		if (ret)
			continue;
		e = hg_kevents_ev(k, i);
		if (e.cycles < l->begin)
			continue;
		if (e.cycles > l->end)
			break;
		ret = hg_kreplay_event(&b.r, &e);
	}
	return ret ? ret : emit(&b.r, l->end, 0);
}

/* The last mark at or before @x (the first when none is). */
static const struct mark *mark_before(const struct line *l, uint64_t x)
{
	size_t lo = 1, hi = l->nmark;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->mark[mid].at <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return &l->mark[lo - 1];
}

/*
 * The window of line @l replayed from the last mark at or before @x up to
 * @y at least (WINDOW_MIN events at least, or the line's end).
 */
static int fill(const struct hg_kattr *a, struct line *l, uint64_t x, uint64_t y)
{
	const struct hg_kevents *k = a->k;
	const struct mark *m = mark_before(l, x);
	struct building b = { .r = m->r, .l = l, .at = m->at, .store = 1 };
	struct hg_kev e;
	size_t i;
	int ret = 0;

	b.r.ops = &line_ops;
	b.r.arg = &b;
	l->n = 0;
	l->w_valid = 0;
	l->w_end = 0;
	for (i = m->ev; i < l->ev_hi && !ret; i++) {
		if (b.at >= y && i - m->ev >= WINDOW_MIN)
			break;
		e = hg_kevents_ev(k, i);
		if (e.cycles < l->begin)
			continue;
		if (e.cycles > l->end) {
			i = l->ev_hi;
			break;
		}
		ret = hg_kreplay_event(&b.r, &e);
	}
	if (!ret && i >= l->ev_hi) {
		ret = emit(&b.r, l->end, 0);
		l->w_end = 1;
	}
	if (ret)
		return ret;
	l->w_lo = m->at;
	l->w_hi = b.at;
	l->w_valid = 1;
	return 0;
}

/* Line @l's stretches over [@x, @y) in its window; 0, or -ENOMEM (kept in @l). */
static int window(const struct hg_kattr *a, struct line *l, uint64_t x, uint64_t y)
{
	int ret;

	if (l->w_valid && l->w_lo <= x && (l->w_end || y <= l->w_hi))
		return 0;
	ret = fill(a, l, x, y);
	if (ret)
		l->err = ret;
	return ret;
}

int hg_kattr_build(const struct hg_trace *t, struct hg_kattr **out)
{
	const struct hg_kevents *k = t->kev;
	struct hg_kattr *a;
	uint32_t i;
	int ret = 0;

	if (!k)
		return -ENODATA;
	a = calloc(1, sizeof(*a));
	if (!a)
		return -ENOMEM;
	a->k = k;
	a->tsc_hz = t->calib.tsc_hz;
	a->kernel_max_cycles = HG_KATTR_KERNEL_MAX_NS * t->calib.tsc_hz / 1000000000ULL;
	if (k->clock != HG_KCLOCK_COUNTER)
		a->skew_cycles = HG_KATTR_SKEW_NS * t->calib.tsc_hz / 1000000000ULL;
	a->lines = calloc(k->ncpus ? k->ncpus : 1, sizeof(*a->lines));
	if (!a->lines) {
		free(a);
		return -ENOMEM;
	}
	a->nlines = k->ncpus;
	for (i = 0; i < k->ncpus && !ret; i++) {
		struct line *l = &a->lines[i];

		l->cpu = k->cpus[i].cpu;
		l->begin = k->cpus[i].begin_cycles;
		l->end = k->cpus[i].end_cycles;
		l->ev_lo = (size_t)hg_kevents_find(k, l->cpu, 0);
		l->ev_hi = (size_t)hg_kevents_find(k, l->cpu + 1, 0);
		ret = mark_line(a, l);
	}
	if (ret) {
		hg_kattr_free(a);
		return ret;
	}
	*out = a;
	return 0;
}

void hg_kattr_free(struct hg_kattr *a)
{
	uint32_t i;

	if (!a)
		return;
	for (i = 0; i < a->nlines; i++) {
		free(a->lines[i].seg);
		free(a->lines[i].mark);
	}
	free(a->lines);
	free(a);
}

/* ------------------------------------------------------------- the cut */

/* The line of CPU @cpu (as the events' CPUs), or NULL when not captured. */
static struct line *find_line(const struct hg_kattr *a, uint32_t cpu)
{
	const struct hg_kcpu *c = hg_kevents_cpu(a->k, cpu);

	return c ? &a->lines[c - a->k->cpus] : NULL;
}

void hg_kgap_add(struct hg_kgap *g, const struct hg_kpart *q)
{
	struct hg_kpart *p = NULL;
	uint32_t i;

	if (!q->cycles)
		return;
	for (i = 0; i < g->nparts && !p; i++)
		if (g->parts[i].kind == q->kind && g->parts[i].pid == q->pid &&
		    !strcmp(g->parts[i].name, q->name))
			p = &g->parts[i];
	if (!p && g->nparts < HG_KATTR_MAX_PARTS) {
		p = &g->parts[g->nparts++];
		*p = *q;
		p->count = 0;
		p->cycles = 0;
		p->max_cycles = 0;
	}
	for (i = 0; i < g->nparts && !p; i++)	/* full: into one of its kind */
		if (g->parts[i].kind == q->kind)
			p = &g->parts[i];
	if (!p)
		p = &g->parts[g->nparts - 1];
	p->cycles += q->cycles;
	p->count += q->count;
	if (q->max_cycles > p->max_cycles)
		p->max_cycles = q->max_cycles;
}

static void add_task(struct hg_kgap *g, const char *name, uint32_t pid, uint8_t prio,
		     uint64_t cycles, int piece)
{
	struct hg_kpart p = { .kind = HG_KC_TASK, .pid = pid, .prio = prio,
			      .count = (uint32_t)piece, .cycles = cycles, .max_cycles = cycles };

	if (!cycles)
		return;
	snprintf(p.name, sizeof(p.name), "%s", name);
	hg_kgap_add(g, &p);
}

static void add_part(struct hg_kgap *g, enum hg_kcause kind, const char *name, uint32_t pid,
		     uint64_t cycles, int piece)
{
	struct hg_kpart p = { .kind = kind, .pid = pid, .count = (uint32_t)piece,
			      .cycles = cycles, .max_cycles = cycles };

	if (!cycles)
		return;
	snprintf(p.name, sizeof(p.name), "%s", name);
	hg_kgap_add(g, &p);
}

static void seg_name(const struct hg_kevents *k, const struct seg *s, char *buf, size_t len)
{
	switch (s->kind) {
	case HG_KC_IRQ:		/* a device's "<irq>:<handler>", or a vector's name */
		if (s->name != HG_KEV_NO_NAME && !s->a)
			snprintf(buf, len, "%s", hg_kevents_name(k, s->name));
		else
			snprintf(buf, len, "%u:%s", s->a, hg_kevents_name(k, s->name));
		break;
	case HG_KC_SOFTIRQ:
		snprintf(buf, len, "%s", hg_kev_softirq_name(s->a));
		break;
	case HG_KC_TASK:
		snprintf(buf, len, "%s", s->name == HG_KEV_NO_NAME ? "?" : hg_kevents_name(k, s->name));
		break;
	default:
		snprintf(buf, len, "%s", hg_kevents_name(k, s->name));
		break;
	}
}

/* The first stretch of line @l that ends after @x (a bisection), or l->n. */
static size_t seg_after(const struct line *l, uint64_t x)
{
	size_t lo = 0, hi = l->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (l->seg[mid].end <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The first event of line @l at @x or after (its events are by time), or its end. */
static size_t event_from(const struct hg_kevents *k, const struct line *l, uint64_t x)
{
	return (size_t)hg_kevents_find(k, l->cpu, x);
}

/* Whether an event of line @l lies strictly between @x and @y (@x < @y). */
static int event_inside(const struct hg_kevents *k, const struct line *l, uint64_t x, uint64_t y)
{
	size_t i = event_from(k, l, x + 1);

	return i < l->ev_hi && hg_kevents_ev(k, i).cycles < y;
}

struct own {
	uint64_t cycles[64];	/* the thread's own pieces */
	unsigned int n;
	uint64_t over;		/* beyond 64 pieces: summed */
	int events;
};

/*
 * Cut [@x, @y) of line @l for thread @tid into @g. The thread ran on @l at
 * @x when @ran_at_x: another task made current before then, with no switch
 * since, is a switch into the thread the kernel did not report (on some
 * kernels a switch out of the idle task is never traced), and its stretch
 * is the thread's own.
 */
static void cut(const struct hg_kattr *a, struct line *l, uint32_t tid, uint64_t x,
		uint64_t y, int ran_at_x, struct hg_kgap *g, struct own *own)
{
	char name[HG_KATTR_NAME_LEN];
	size_t i;

	if (x >= y)
		return;
	if (!l) {
		add_part(g, HG_KC_UNEXPLAINED, "CPU not captured", 0, y - x, 1);
		return;
	}
	if (x < l->begin)
		add_part(g, HG_KC_UNEXPLAINED, "outside the capture", 0,
			 (y < l->begin ? y : l->begin) - x, 1);
	if (y > l->end)
		add_part(g, HG_KC_UNEXPLAINED, "outside the capture", 0,
			 y - (x > l->end ? x : l->end), 1);
	x = x < l->begin ? l->begin : x;
	y = y > l->end ? l->end : y;
	if (x >= y || window(a, l, x, y))
		return;
	own->events |= event_inside(a->k, l, x, y);
	for (i = seg_after(l, x); i < l->n && l->seg[i].start < y; i++) {
		const struct seg *s = &l->seg[i];
		uint64_t from = s->start > x ? s->start : x, to = s->end < y ? s->end : y;
		int piece = s->start >= x && s->first;
		/* the thread is the current task: the kernel charges it this time */
		int mine = s->pid == tid || s->pid == NO_PID ||
			   (ran_at_x && s->since + a->skew_cycles < x);

		if (s->kind == SEG_LOST) {
			add_part(g, HG_KC_UNEXPLAINED, "events lost", 0, to - from, 1);
			continue;
		}
		if (mine)
			g->charged_cycles += to - from;
		if (mine && s->kind != HG_KC_TASK)
			g->handler_cycles += to - from;
		if (s->kind == HG_KC_TASK && mine) {
			if (own->n < sizeof(own->cycles) / sizeof(own->cycles[0]))
				own->cycles[own->n++] = to - from;
			else
				own->over += to - from;
		} else if (s->kind == HG_KC_TASK) {
			seg_name(a->k, s, name, sizeof(name));
			add_task(g, name, s->pid, s->prio, to - from, piece || from == x);
		} else {
			seg_name(a->k, s, name, sizeof(name));
			add_part(g, (enum hg_kcause)s->kind, name, 0, to - from, piece || from == x);
		}
	}
}

/*
 * The thread's first switch out on line @l inside [@x, @y), or @x when none:
 * the events from @x found by bisection, so a gap costs its own events
 */
static int first_switch_out(const struct hg_kattr *a, const struct line *l, uint32_t tid,
			    uint64_t x, uint64_t y, struct hg_kev *out)
{
	size_t i;

	for (i = l ? event_from(a->k, l, x) : 0; l && i < l->ev_hi; i++) {
		struct hg_kev e = hg_kevents_ev(a->k, i);

		if (e.cycles >= y)
			break;
		if (e.type == HG_KEV_SWITCH && e.b == tid) {
			*out = e;
			return 1;
		}
	}
	return 0;
}

static uint64_t switch_out(const struct hg_kattr *a, const struct line *l, uint32_t tid,
			   uint64_t x, uint64_t y)
{
	struct hg_kev e;

	return first_switch_out(a, l, tid, x, y, &e) ? e.cycles : x;
}

int hg_kattr_left(const struct hg_kattr *a, uint32_t cpu, uint32_t tid, uint64_t from,
		  uint64_t to)
{
	struct hg_kev e;

	if (!first_switch_out(a, find_line(a, cpu), tid, from, to, &e))
		return -1;
	return !!(e.flags & HG_KEV_PREV_RUNNABLE);
}

static int by_size(const void *pa, const void *pb)
{
	const struct hg_kpart *p = pa, *q = pb;

	return p->cycles != q->cycles ? (p->cycles < q->cycles ? 1 : -1) : (int)p->kind - (int)q->kind;
}

void hg_kgap_sort(struct hg_kgap *g)
{
	qsort(g->parts, g->nparts, sizeof(g->parts[0]), by_size);
}

/* [@from, @to) of thread @tid into @g; @ran: the thread ran at @from (a gap's start). */
static void take_apart(const struct hg_kattr *a, uint32_t tid, uint32_t from_cpu, uint64_t from,
		       uint32_t to_cpu, uint64_t to, int ran, struct hg_kgap *g)
{
	struct line *l1 = find_line(a, from_cpu), *l2 = find_line(a, to_cpu);
	struct own own = { .n = 0 };
	uint64_t split = from, rest = 0;
	unsigned int i;

	g->nparts = 0;
	g->charged_cycles = 0;
	g->handler_cycles = 0;
	if (from_cpu != to_cpu) {
		split = switch_out(a, l1, tid, from, to);
		cut(a, l1, tid, from, split, ran, g, &own);
	}
	cut(a, l2, tid, split, to, ran && from_cpu == to_cpu, g, &own);
	for (i = 0; i < own.n; i++) {
		uint64_t k = own.events ? (own.cycles[i] < a->kernel_max_cycles ?
					   own.cycles[i] : a->kernel_max_cycles) : 0;

		add_part(g, HG_KC_KERNEL, "entry, exit, switch", 0, k, 1);
		rest += own.cycles[i] - k;
	}
	rest += own.over;
	add_part(g, HG_KC_UNEXPLAINED, own.events ? "between the events" : "no kernel event", 0,
		 rest, 1);
	hg_kgap_sort(g);
}

void hg_kattr_gap(const struct hg_kattr *a, uint32_t tid, uint32_t from_cpu, uint64_t from,
		  uint32_t to_cpu, uint64_t to, struct hg_kgap *g)
{
	take_apart(a, tid, from_cpu, from, to_cpu, to, 1, g);
}

void hg_kattr_window(const struct hg_kattr *a, uint32_t tid, uint32_t from_cpu, uint64_t from,
		     uint32_t to_cpu, uint64_t to, struct hg_kgap *g)
{
	take_apart(a, tid, from_cpu, from, to_cpu, to, 0, g);
}

/* What hg_kattr_each() hands on with each gap. */
struct each {
	const struct hg_trace *t;
	const struct hg_kattr *a;
	struct hg_kgap *g;
	hg_kgap_fn fn;
	void *arg;
};

static int each_gap(const struct hg_kstep *s, void *arg)
{
	struct each *e = arg;
	struct hg_kgap *g = e->g;

	if (s->ev)
		return 0;
	hg_kattr_gap(e->a, e->t->threads[s->thread].tid, s->from_cpu, s->at_cycles, s->cpu,
		     s->at_cycles + s->len_cycles, g);
	g->thread = s->thread;
	g->from_cpu = s->from_cpu;
	g->cpu = s->cpu;
	g->at_cycles = s->at_cycles;
	g->len_cycles = s->len_cycles;
	return e->fn(g, e->arg);
}

int hg_kattr_each(const struct hg_trace *t, const struct hg_kattr *a, hg_kgap_fn fn, void *arg)
{
	struct each e = { .t = t, .a = a, .g = malloc(sizeof(*e.g)), .fn = fn, .arg = arg };
	int ret;

	if (!e.g)
		return -ENOMEM;
	ret = hg_kgaps_walk(t, HG_KGAPS_ANY_THREAD, each_gap, &e);
	free(e.g);
	return ret ? ret : hg_kattr_status(a);
}

int hg_kattr_status(const struct hg_kattr *a)
{
	uint32_t i;

	for (i = 0; i < a->nlines; i++)
		if (a->lines[i].err)
			return a->lines[i].err;
	return 0;
}
