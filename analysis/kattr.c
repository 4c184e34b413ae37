// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kattr.c - the kernel's events replayed into a time line per CPU, and
 * every gap cut along it (the rules are kattr.h's)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/reccur.h"
#include "analysis/kattr.h"
#include "trace/record.h"
#include "trace/timeval.h"

#define SEG_LOST HG_KC_NKINDS	/* events lost here: nothing is known */
#define MAX_DEPTH 16
#define NO_PID UINT32_MAX

/* A stretch of one CPU's time held by one context. */
struct seg {
	uint64_t start, end;
	uint32_t pid;		/* the current task (NO_PID: not known) */
	uint64_t since;		/* the switch that made it current */
	uint32_t a;		/* irq number, softirq vector */
	uint32_t name;		/* a name of the events' table */
	uint8_t kind;		/* enum hg_kcause (not KERNEL, UNEXPLAINED), SEG_LOST */
	uint8_t first;		/* the context's first stretch (an entry, a switch in) */
	uint8_t prio;		/* the current task's (HG_KPRIO_*) */
};

struct line {
	uint32_t cpu;
	uint64_t begin, end;	/* what is known */
	struct seg *seg;
	size_t n, cap;
	size_t ev_lo, ev_hi;	/* its events in the trace's kev */
};

struct hg_kattr {
	const struct hg_kevents *k;
	uint64_t tsc_hz;		/* the counter's, for the NMIs' lengths in ns */
	uint64_t kernel_max_cycles;
	uint64_t skew_cycles;		/* how far the events' clock may be off ours */
	uint32_t nlines;
	struct line *lines;	/* by CPU */
};

static const char *const cause_names[HG_KC_NKINDS] = {
	"irq", "softirq", "timer", "ipi", "nmi", "task", "kernel", "unexplained",
};

const char *hg_kcause_name(enum hg_kcause k)
{
	return (unsigned int)k < HG_KC_NKINDS ? cause_names[k] : "?";
}

/* ------------------------------------------------------------ time lines */

struct ctx {
	uint8_t kind;
	uint8_t type;		/* the entry's event type */
	uint8_t emitted;
	uint32_t a, name;
};

struct replay {
	struct line *l;
	uint64_t at;		/* the time emitted up to */
	uint64_t tsc_hz;
	uint32_t pid, comm;
	uint8_t prio;		/* the current task's */
	uint64_t since;		/* the last switch */
	uint8_t task_emitted;
	struct ctx stack[MAX_DEPTH];
	unsigned int depth;
	int err;
};

static void emit(struct replay *r, uint64_t to, int lost)
{
	struct line *l = r->l;
	struct seg s = { .start = r->at, .end = to, .pid = r->pid, .since = r->since,
			 .prio = r->prio };

	if (to <= r->at)
		return;
	r->at = to;
	if (lost) {
		s.kind = SEG_LOST;
	} else if (r->depth) {
		struct ctx *c = &r->stack[r->depth - 1];

		s.kind = c->kind;
		s.a = c->a;
		s.name = c->name;
		s.first = !c->emitted;
		c->emitted = 1;
	} else {
		s.kind = HG_KC_TASK;
		s.name = r->comm;
		s.first = !r->task_emitted;
		r->task_emitted = 1;
	}
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 256;
		struct seg *p = realloc(l->seg, cap * sizeof(*p));

		if (!p) {
			r->err = -ENOMEM;
			return;
		}
		l->seg = p;
		l->cap = cap;
	}
	l->seg[l->n++] = s;
}

/* An x86 vector's kind, by its name. */
static uint8_t vector_kind(const char *name)
{
	static const char *const ipis[] = {
		"reschedule", "call_function", "call_function_single", "irq_work",
		"x86_platform_ipi", "reboot",
	};
	size_t i;

	if (!strcmp(name, "local_timer"))
		return HG_KC_TIMER;
	for (i = 0; i < sizeof(ipis) / sizeof(ipis[0]); i++)
		if (!strcmp(name, ipis[i]))
			return HG_KC_IPI;
	return HG_KC_IRQ;
}

static void push(struct replay *r, uint8_t kind, uint8_t type, uint32_t a, uint32_t name)
{
	if (r->depth < MAX_DEPTH)
		r->stack[r->depth++] = (struct ctx){ .kind = kind, .type = type, .a = a, .name = name };
}

/* An exit: the innermost entry of that type ends (with those inside it). */
static void pop(struct replay *r, uint8_t entry_type)
{
	unsigned int d = r->depth;

	while (d > 0 && r->stack[d - 1].type != entry_type)
		d--;
	if (d > 0)
		r->depth = d - 1;
}

/* The first switch says who ran before it: the stretches so far were that task's. */
static void backfill(struct line *l, uint32_t pid)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->seg[i].pid == NO_PID)
			l->seg[i].pid = pid;
}

static void replay_event(struct replay *r, const struct hg_kevents *k, const struct hg_kev *e)
{
	uint64_t t = e->cycles;

	if (t < r->at)
		t = r->at;
	if (e->type == HG_KEV_NMI) {
		/* the handler's length is given in ns: in counter ticks, it ends at @t */
		uint64_t d = hg_ns_to_cycles((uint64_t)e->a, r->tsc_hz);

		emit(r, t > d ? t - d : r->at, 0);
		push(r, HG_KC_NMI, HG_KEV_NMI, 0, e->name);
		emit(r, t, 0);
		pop(r, HG_KEV_NMI);
		return;
	}
	emit(r, t, e->type == HG_KEV_LOST);
	switch (e->type) {
	case HG_KEV_SWITCH:
		if (r->pid == NO_PID)
			backfill(r->l, e->b);
		r->pid = e->a;
		r->since = t;
		r->comm = e->name;
		r->prio = hg_kev_prio(e);
		r->task_emitted = 0;
		r->depth = 0;
		break;
	case HG_KEV_IRQ_ENTRY:
		push(r, HG_KC_IRQ, HG_KEV_IRQ_ENTRY, e->a, e->name);
		break;
	case HG_KEV_SOFTIRQ_ENTRY:
		push(r, HG_KC_SOFTIRQ, HG_KEV_SOFTIRQ_ENTRY, e->a, HG_KEV_NO_NAME);
		break;
	case HG_KEV_VEC_ENTRY:
		push(r, vector_kind(hg_kevents_name(k, e->name)), HG_KEV_VEC_ENTRY, e->a, e->name);
		break;
	case HG_KEV_HRTIMER_ENTRY:
		push(r, HG_KC_TIMER, HG_KEV_HRTIMER_ENTRY, 0, e->name);
		break;
	case HG_KEV_IRQ_EXIT:
	case HG_KEV_SOFTIRQ_EXIT:
	case HG_KEV_VEC_EXIT:
	case HG_KEV_HRTIMER_EXIT:
		pop(r, (uint8_t)(e->type - 1));
		break;
	default:
		break;
	}
}

static int build_line(const struct hg_kattr *a, struct line *l)
{
	const struct hg_kevents *k = a->k;
	struct replay r = { .l = l, .at = l->begin, .tsc_hz = a->tsc_hz, .pid = NO_PID,
			    .since = l->begin, .comm = HG_KEV_NO_NAME };
	size_t i;

	for (i = l->ev_lo; i < l->ev_hi && !r.err; i++) {
		if (k->ev[i].cycles < l->begin)
			continue;
		if (k->ev[i].cycles > l->end)
			break;
		replay_event(&r, k, &k->ev[i]);
	}
	emit(&r, l->end, 0);
	return r.err;
}

int hg_kattr_build(const struct hg_trace *t, struct hg_kattr **out)
{
	const struct hg_kevents *k = t->kev;
	struct hg_kattr *a;
	size_t e = 0;
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
		while (e < k->n && k->ev[e].cpu < l->cpu)
			e++;
		l->ev_lo = e;
		while (e < k->n && k->ev[e].cpu == l->cpu)
			e++;
		l->ev_hi = e;
		ret = build_line(a, l);
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
	for (i = 0; i < a->nlines; i++)
		free(a->lines[i].seg);
	free(a->lines);
	free(a);
}

/* ------------------------------------------------------------- the cut */

/* The line of CPU @cpu (they are by CPU: a bisection), or NULL when not captured. */
static const struct line *find_line(const struct hg_kattr *a, uint32_t cpu)
{
	uint32_t lo = 0, hi = a->nlines;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (a->lines[mid].cpu < cpu)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < a->nlines && a->lines[lo].cpu == cpu ? &a->lines[lo] : NULL;
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
	size_t lo = l->ev_lo, hi = l->ev_hi;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (k->ev[mid].cycles < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Whether an event of line @l lies strictly between @x and @y (@x < @y). */
static int event_inside(const struct hg_kevents *k, const struct line *l, uint64_t x, uint64_t y)
{
	size_t i = event_from(k, l, x + 1);

	return i < l->ev_hi && k->ev[i].cycles < y;
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
static void cut(const struct hg_kattr *a, const struct line *l, uint32_t tid, uint64_t x,
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
	if (x >= y)
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
static const struct hg_kev *first_switch_out(const struct hg_kattr *a, const struct line *l,
					     uint32_t tid, uint64_t x, uint64_t y)
{
	size_t i;

	for (i = l ? event_from(a->k, l, x) : 0; l && i < l->ev_hi; i++) {
		const struct hg_kev *e = &a->k->ev[i];

		if (e->cycles >= y)
			break;
		if (e->type == HG_KEV_SWITCH && e->b == tid)
			return e;
	}
	return NULL;
}

static uint64_t switch_out(const struct hg_kattr *a, const struct line *l, uint32_t tid,
			   uint64_t x, uint64_t y)
{
	const struct hg_kev *e = first_switch_out(a, l, tid, x, y);

	return e ? e->cycles : x;
}

int hg_kattr_left(const struct hg_kattr *a, uint32_t cpu, uint32_t tid, uint64_t from,
		  uint64_t to)
{
	const struct hg_kev *e = first_switch_out(a, find_line(a, cpu), tid, from, to);

	return e ? !!(e->flags & HG_KEV_PREV_RUNNABLE) : -1;
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
	const struct line *l1 = find_line(a, from_cpu), *l2 = find_line(a, to_cpu);
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

int hg_kattr_each(const struct hg_trace *t, const struct hg_kattr *a, hg_kgap_fn fn, void *arg)
{
	struct hg_kgap *g = malloc(sizeof(*g));
	uint32_t i;
	int ret = 0;

	if (!g)
		return -ENOMEM;
	for (i = 0; i < t->nthreads && !ret; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		const struct hg_record *r;
		struct hg_record prev;
		struct hg_reccur c;
		bool have = false;

		hg_reccur_init(&c, th);
		while (!ret && (ret = hg_reccur_next(&c, &r)) > 0) {
			uint64_t end;

			ret = 0;
			if (r->flags & HG_REC_EVENT)
				continue;
			if (have && !(prev.flags & (HG_REC_CONTINUED | HG_REC_SLEEP))) {
				end = prev.start_cycles + prev.len_cycles;
				if (r->start_cycles > end) {
					hg_kattr_gap(a, th->tid, prev.cpu, end, r->cpu,
						     r->start_cycles, g);
					g->thread = i;
					g->from_cpu = prev.cpu;
					g->cpu = r->cpu;
					g->at_cycles = end;
					g->len_cycles = r->start_cycles - end;
					ret = fn(g, arg);
				}
			}
			prev = *r;
			have = true;
		}
		hg_reccur_free(&c);
	}
	free(g);
	return ret;
}

enum hg_kcause hg_kattr_vector_kind(const char *name)
{
	return (enum hg_kcause)vector_kind(name);
}
