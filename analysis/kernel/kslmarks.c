// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kslmarks.c - the marks of the kernel's slices, and the slices of a
 * stretch made again from them (the rules are kslmarks.h's)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/kernel/kslmarks.h"
#include "util/grow.h"

#define NO_END	UINT64_MAX	/* the slice is never emitted */
#define NO_MARK	SIZE_MAX

struct kmark {
	size_t ev;		/* the next event */
	uint64_t at;		/* the time replayed up to */
	struct hg_kslreplay s;	/* the replay as it stood */
	uint64_t task_end;	/* when the slices open here end (NO_END: never) */
	uint64_t ctx_end[HG_KREPLAY_DEPTH];
};

struct mline {
	const struct hg_kcpu *c;
	size_t lo, hi;		/* its events */
	struct kmark *v;
	size_t n, cap;
	uint32_t first_pid;	/* who ran before the first switch, when one came */
	int first_known;
};

struct hg_kslice_marks {
	const struct hg_trace *t;
	struct hg_kslcomms comms;
	struct mline *lines;	/* by CPU, as the events' */
	uint32_t n;
};

/* A line being marked: the first mark each slice open is waited for by. */
struct marking {
	struct mline *l;
	size_t wait_task, wait_ctx[HG_KREPLAY_DEPTH];
	int unsound;		/* a slice starts before a mark it was not open at */
};

static int nop(const struct hg_kslice *s, void *arg)
{
	(void)s;
	(void)arg;
	return 0;
}

/* A slice ended at @at: the marks waiting for it told. */
static void ended(struct hg_kslreplay *r, const struct hg_kctx *c, unsigned int depth,
		  uint64_t at)
{
	struct marking *mk = r->end_arg;
	struct mline *l = mk->l;
	size_t *w = c ? &mk->wait_ctx[depth] : &mk->wait_task, i;

	if (c && *w == NO_MARK && l->n && c->start < l->v[l->n - 1].at)
		mk->unsound = 1;
	if (!c && !r->r.task_known && !l->first_known) {
		l->first_pid = r->task.pid;
		l->first_known = 1;
	}
	for (i = *w; i != NO_MARK && i < l->n; i++) {
		if (c)
			l->v[i].ctx_end[depth] = at;
		else
			l->v[i].task_end = at;
	}
	*w = NO_MARK;
}

static int add_mark(struct marking *mk, size_t ev, uint64_t at, const struct hg_kslreplay *r)
{
	struct mline *l = mk->l;
	struct kmark *m;
	unsigned int d;

	if (HG_GROW(l->v, l->cap, l->n + 1))
		return -ENOMEM;
	m = &l->v[l->n];
	m->ev = ev;
	m->at = at;
	m->s = *r;
	m->task_end = NO_END;
	for (d = 0; d < HG_KREPLAY_DEPTH; d++)
		m->ctx_end[d] = NO_END;
	if (mk->wait_task == NO_MARK)
		mk->wait_task = l->n;
	for (d = 0; d < r->r.depth; d++)
		if (mk->wait_ctx[d] == NO_MARK)
			mk->wait_ctx[d] = l->n;
	l->n++;
	return 0;
}

/* Line @l replayed once, a mark every HG_KSLICE_MARK_EVERY events and one at its end. */
static int mark_line(const struct hg_kslice_marks *m, struct mline *l)
{
	const struct hg_kevents *k = m->t->kev;
	struct marking mk = { .l = l, .wait_task = NO_MARK };
	struct hg_kslreplay r;
	uint64_t at = l->c->begin_cycles;
	size_t i;
	int ret;

	for (i = 0; i < HG_KREPLAY_DEPTH; i++)
		mk.wait_ctx[i] = NO_MARK;
	hg_kslreplay_init(&r, m->t, &m->comms, l->c, nop, NULL);
	r.ended = ended;
	r.end_arg = &mk;
	ret = add_mark(&mk, l->lo, at, &r);
	for (i = l->lo; i < l->hi && !ret; i++) {
		struct hg_kev e;

		if (i > l->lo && !((i - l->lo) % HG_KSLICE_MARK_EVERY))
			ret = add_mark(&mk, i, at, &r);
		e = hg_kevents_ev(k, i);
		if (ret || e.cycles < l->c->begin_cycles || e.cycles > l->c->end_cycles)
			continue;
		if (e.cycles < at)
			mk.unsound = 1;
		ret = hg_kslreplay_event(&r, &e, l->c);
		at = e.cycles;
	}
	if (!ret)
		ret = hg_kslreplay_end(&r, l->c->end_cycles);
	if (!ret)
		ret = add_mark(&mk, l->hi, l->c->end_cycles, &r);
	if (!ret && mk.unsound && l->n > 2) {	/* one stretch: the whole line */
		l->v[1] = l->v[l->n - 1];
		l->n = 2;
	}
	return ret;
}

int hg_kslice_marks_build(const struct hg_trace *t, struct hg_kslice_marks **out)
{
	const struct hg_kevents *k = t->kev;
	struct hg_kslice_marks *m;
	uint32_t c;
	int ret;

	if (!k)
		return -ENODATA;
	m = calloc(1, sizeof(*m));
	if (!m || !(m->lines = calloc(k->ncpus ? k->ncpus : 1, sizeof(*m->lines)))) {
		free(m);
		return -ENOMEM;
	}
	m->t = t;
	m->n = k->ncpus;
	ret = hg_kslreplay_comms(k, &m->comms);
	for (c = 0; c < k->ncpus && !ret; c++) {
		struct mline *l = &m->lines[c];

		l->c = &k->cpus[c];
		l->lo = (size_t)hg_kevents_find(k, l->c->cpu, 0);
		l->hi = (size_t)hg_kevents_find(k, l->c->cpu + 1, 0);
		ret = mark_line(m, l);
	}
	if (ret) {
		hg_kslice_marks_free(m);
		return ret;
	}
	*out = m;
	return 0;
}

void hg_kslice_marks_free(struct hg_kslice_marks *m)
{
	uint32_t i;

	if (!m)
		return;
	for (i = 0; i < m->n; i++)
		free(m->lines[i].v);
	free(m->lines);
	free(m->comms.v);
	free(m);
}

/* The line of CPU @cpu (as the events' CPUs), or NULL when not captured. */
static const struct mline *find_line(const struct hg_kslice_marks *m, uint32_t cpu)
{
	const struct hg_kcpu *c = hg_kevents_cpu(m->t->kev, cpu);

	return c ? &m->lines[c - m->t->kev->cpus] : NULL;
}

size_t hg_kslice_marks_count(const struct hg_kslice_marks *m, uint32_t cpu)
{
	const struct mline *l = find_line(m, cpu);

	return l ? l->n : 0;
}

uint64_t hg_kslice_mark_at(const struct hg_kslice_marks *m, uint32_t cpu, size_t i)
{
	const struct mline *l = find_line(m, cpu);

	return l && i < l->n ? l->v[i].at : 0;
}

/* The slices still open at mark @mk, with their ends. */
static int open_at(struct hg_kslreplay *r, const struct mline *l, const struct kmark *mk)
{
	unsigned int d;
	int ret = 0;

	for (d = r->r.depth; d-- > 0 && !ret;) {	/* inner first, as they would end */
		struct hg_kslice s;

		if (mk->ctx_end[d] == NO_END)
			continue;
		hg_kslreplay_ctx(r, &r->r.stack[d], d, mk->ctx_end[d], &s);
		ret = r->fn(&s, r->arg);
	}
	if (ret || mk->task_end == NO_END)
		return ret;
	if (!r->r.task_known)
		hg_kslreplay_name_first(r, l->first_pid);
	return hg_kslreplay_end_task(r, mk->task_end);
}

int hg_kslices_between(const struct hg_kslice_marks *m, uint32_t cpu, size_t i, size_t j,
		       hg_kslice_fn fn, void *arg)
{
	const struct hg_kevents *k = m->t->kev;
	const struct mline *l = find_line(m, cpu);
	struct hg_kslreplay r;
	size_t e;
	unsigned int d;
	int ret = 0;

	if (!l || i >= j || j >= l->n)
		return -EINVAL;
	r = l->v[i].s;
	hg_kslreplay_bind(&r);
	r.fn = fn;
	r.arg = arg;
	r.ended = NULL;
	r.task.carried = i > 0;
	for (d = 0; d < r.r.depth; d++)
		r.r.stack[d].seen = 1;
	for (e = l->v[i].ev; e < l->v[j].ev && !ret; e++) {
		struct hg_kev x = hg_kevents_ev(k, e);

		ret = hg_kslreplay_event(&r, &x, l->c);
	}
	if (ret)
		return ret;
	if (j == l->n - 1)
		return hg_kslreplay_end(&r, l->c->end_cycles);
	return open_at(&r, l, &l->v[j]);
}
