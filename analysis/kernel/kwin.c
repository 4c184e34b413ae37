// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kwin.c - gaps, LAT wake-ups and missed deadlines as windows of time,
 * and each taken apart by the kernel's events (the rules are kwin.h's)
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "analysis/kernel/kgaps.h"
#include "analysis/kernel/kwin.h"
#include "trace/reccur.h"
#include "trace/record.h"
#include "util/timeval.h"

static const char *const kind_names[HG_KW_NKINDS] = { "gap", "latency", "miss" };

const char *hg_kwin_name(enum hg_kwin_kind k)
{
	return (unsigned int)k < HG_KW_NKINDS ? kind_names[k] : "?";
}

/* ---------------------------------------------------------- the windows */

/* A LAT sample or a miss as a window; 0 when the record is neither. */
static int event_window(const struct hg_trace *t, const struct hg_trace_thread *th,
			const struct hg_record *r, unsigned int kinds, struct hg_kwin *w)
{
	uint64_t hz = t->calib.tsc_hz, ns = r->len_cycles, d;

	switch (hg_event_type(r->flags)) {
	case HG_EV_LAT:
		if (!(kinds & (1u << HG_KW_LATENCY)))
			return 0;
		w->kind = HG_KW_LATENCY;
		w->at_cycles = r->start_cycles;
		w->value_ns = ns;
		break;
	case HG_EV_JOB:		/* at the release; the response time */
		if (!(kinds & (1u << HG_KW_MISS)) || !(r->flags & HG_REC_MISS))
			return 0;
		d = th->deadline_ns ? th->deadline_ns : th->period_ns;
		w->kind = HG_KW_MISS;
		w->at_cycles = r->start_cycles;
		w->value_ns = ns > d ? ns - d : 0;
		break;
	case HG_EV_PERIOD:	/* at the end of a period with no frame done */
		if (!(kinds & (1u << HG_KW_MISS)))
			return 0;
		d = hg_ns_to_cycles(th->period_ns, hz);
		w->kind = HG_KW_MISS;
		w->at_cycles = r->start_cycles > d ? r->start_cycles - d : 0;
		w->len_cycles = r->start_cycles - w->at_cycles;
		w->value_ns = r->len_cycles;
		w->cpu = w->from_cpu = r->cpu;
		return 1;
	default:
		return 0;
	}
	w->len_cycles = hg_ns_to_cycles(ns, hz);
	w->cpu = w->from_cpu = r->cpu;
	return 1;
}

/* What hg_kwin_each() hands on. */
struct each {
	const struct hg_trace *t;
	unsigned int kinds;
	hg_kwin_fn fn;
	void *arg;
};

static int each_step(const struct hg_kstep *s, void *arg)
{
	const struct each *e = arg;
	struct hg_kwin w = { .thread = s->thread };

	if (s->ev)
		return event_window(e->t, &e->t->threads[s->thread], s->ev, e->kinds, &w) ?
		       e->fn(&w, e->arg) : 0;
	if (!(e->kinds & (1u << HG_KW_GAP)))
		return 0;
	w.kind = HG_KW_GAP;
	w.from_cpu = s->from_cpu;
	w.cpu = s->cpu;
	w.at_cycles = s->at_cycles;
	w.len_cycles = s->len_cycles;
	w.value_ns = hg_cycles_to_ns(w.len_cycles, e->t->calib.tsc_hz);
	return e->fn(&w, e->arg);
}

int hg_kwin_each(const struct hg_trace *t, uint32_t thread, unsigned int kinds, hg_kwin_fn fn,
		 void *arg)
{
	struct each e = { .t = t, .kinds = kinds, .fn = fn, .arg = arg };

	/* the gaps as hg_kattr_each() finds them: one walk for both */
	return hg_kgaps_walk(t, thread == HG_KW_ANY_THREAD ? HG_KGAPS_ANY_THREAD : thread,
			     each_step, &e);
}

struct near {
	uint64_t at, best;	/* the distance of the best so far */
	struct hg_kwin *w;
	int found;
};

static int on_window(const struct hg_kwin *w, void *arg)
{
	struct near *n = arg;
	uint64_t d = 0;

	if (n->at < w->at_cycles)
		d = w->at_cycles - n->at;
	else if (n->at >= w->at_cycles + w->len_cycles)
		d = n->at - (w->at_cycles + w->len_cycles);
	if (!n->found || d < n->best || (d == n->best && w->len_cycles < n->w->len_cycles)) {
		*n->w = *w;
		n->best = d;
		n->found = 1;
	}
	return 0;
}

int hg_kwin_nearest(const struct hg_trace *t, uint32_t thread, unsigned int kinds,
		    uint64_t at_cycles, struct hg_kwin *w)
{
	struct near n = { .at = at_cycles, .w = w };

	hg_kwin_each(t, thread, kinds, on_window, &n);
	return n.found ? 0 : -ENOENT;
}

/* ------------------------------------------------------------- the cuts */

static void add_piece(struct hg_kgap *g, const struct hg_kpart *q)
{
	struct hg_kpart p = *q;

	if (!p.count)
		p.count = 1;
	hg_kgap_add(g, &p);
}

/*
 * Add the parts of @from to @g; a context already running when its piece
 * began (a task resumed after a handler) counts once.
 */
static void add_parts(struct hg_kgap *g, const struct hg_kgap *from)
{
	uint32_t i;

	for (i = 0; i < from->nparts; i++)
		add_piece(g, &from->parts[i]);
}

/* Whether an hrtimer callback of this name wakes a sleeping thread. */
static int wakes(const char *fn)
{
	return !strcmp(fn, "hrtimer_wakeup") || !strcmp(fn, "timerfd_tmrproc") ||
	       !strcmp(fn, "posix_timer_fn") || !strcmp(fn, "it_real_fn");
}

/*
 * When the timer interrupt that ended a LAT sleep entered on @cpu in
 * [@x, @y): the local timer vector around the first waking hrtimer
 * callback, else the first timer event; @x when none lies in the window.
 */
static uint64_t timer_fired(const struct hg_kevents *k, uint32_t cpu, uint64_t x, uint64_t y)
{
	uint64_t lo = hg_kevents_find(k, cpu, x), vec = 0, first = 0;

	for (; lo < k->n; lo++) {
		const struct hg_kev cur = hg_kevents_ev(k, lo), *e = &cur;
		int lt;

		if (e->cpu != cpu || e->cycles >= y)
			break;
		lt = e->type == HG_KEV_VEC_ENTRY &&
			 !strcmp(hg_kevents_name(k, e->name), "local_timer");

		if (lt)
			vec = e->cycles;
		if (!first && (lt || e->type == HG_KEV_HRTIMER_ENTRY))
			first = e->cycles;
		if (e->type == HG_KEV_HRTIMER_ENTRY && wakes(hg_kevents_name(k, e->name)))
			return vec ? vec : x;
	}
	return first ? first : x;
}

static void cut_latency(const struct hg_trace *t, const struct hg_kattr *a,
			const struct hg_kwin *w, struct hg_kgap *g, struct hg_kgap *tmp)
{
	uint32_t tid = t->threads[w->thread].tid, i;
	uint64_t y = w->at_cycles + w->len_cycles;
	uint64_t fire = timer_fired(t->kev, w->cpu, w->at_cycles, y);
	struct hg_kpart delay = { .kind = HG_KC_TIMER, .name = "interrupt delay (expiry to handler)",
				  .count = 1 };

	/* up to the timer's handler, what held the CPU delayed the interrupt */
	hg_kattr_window(a, tid, w->cpu, w->at_cycles, w->cpu, fire, tmp);
	for (i = 0; i < tmp->nparts; i++) {
		const struct hg_kpart *p = &tmp->parts[i];

		if (p->kind == HG_KC_TASK || p->kind == HG_KC_KERNEL ||
		    (p->kind == HG_KC_UNEXPLAINED && (!strcmp(p->name, "no kernel event") ||
						      !strcmp(p->name, "between the events"))))
			delay.cycles += p->cycles;
		else
			add_piece(g, p);
	}
	delay.max_cycles = delay.cycles;
	hg_kgap_add(g, &delay);
	hg_kattr_window(a, tid, w->cpu, fire, w->cpu, y, tmp);
	add_parts(g, tmp);
}

static void cut_miss(const struct hg_trace *t, const struct hg_kattr *a, const struct hg_kwin *w,
		     struct hg_kgap *g, struct hg_kgap *tmp)
{
	const struct hg_trace_thread *th = &t->threads[w->thread];
	uint64_t x = w->at_cycles, y = w->at_cycles + w->len_cycles, cur = x;
	struct hg_kpart own = { .kind = HG_KC_TASK, .pid = th->tid };
	struct hg_interval iv;
	uint32_t cpu = w->cpu;
	struct hg_reccur c;
	int first = 1;

	snprintf(own.name, sizeof(own.name), "hg/%u, own run", w->thread);
	hg_reccur_init(&c, th);
	while (hg_reccur_interval(&c, &iv) == 1) {
		uint64_t s = iv.start_cycles, e = iv.start_cycles + iv.len_cycles;

		if (e <= x)
			continue;
		if (s >= y)
			break;
		s = s > x ? s : x;
		e = e < y ? e : y;
		if (first)
			cpu = iv.cpu;
		first = 0;
		if (s > cur) {
			hg_kattr_gap(a, th->tid, cpu, cur, iv.cpu, s, tmp);
			add_parts(g, tmp);
		}
		own.count++;
		own.cycles += e - s;
		if (e - s > own.max_cycles)
			own.max_cycles = e - s;
		cur = e;
		cpu = iv.cpu;
	}
	hg_reccur_free(&c);
	hg_kgap_add(g, &own);
	if (cur < y) {
		hg_kattr_gap(a, th->tid, cpu, cur, w->cpu, y, tmp);
		add_parts(g, tmp);
	}
}

void hg_kwin_cut(const struct hg_trace *t, const struct hg_kattr *a, const struct hg_kwin *w,
		 struct hg_kgap *g)
{
	struct hg_kgap tmp;

	memset(g, 0, sizeof(*g));
	if (w->kind == HG_KW_GAP)
		hg_kattr_gap(a, t->threads[w->thread].tid, w->from_cpu, w->at_cycles, w->cpu,
			     w->at_cycles + w->len_cycles, g);
	else if (w->kind == HG_KW_LATENCY)
		cut_latency(t, a, w, g, &tmp);
	else
		cut_miss(t, a, w, g, &tmp);
	hg_kgap_sort(g);
	g->thread = w->thread;
	g->cpu = w->cpu;
	g->from_cpu = w->from_cpu;
	g->at_cycles = w->at_cycles;
	g->len_cycles = w->len_cycles;
}
