// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * render_kset.c - the kernel's slices of a timeline, a window at a time,
 * sorted and indexed for bisection (the rules are render_kset.h's)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svg/render_kset.h"
#include "util/grow.h"

static uint32_t name_hash(const char *s)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	while (*s)
		h = (h ^ (uint8_t)*s++) * 16777619u;
	return h;
}

/* The table of @set's names twice as large, every name placed again. */
static int rehash(struct hg_kset *set)
{
	uint32_t cap = set->hcap ? 2 * set->hcap : 64, i;
	uint32_t *h = calloc(cap, sizeof(*h));

	if (!h)
		return -ENOMEM;
	for (i = 0; i < set->nnames; i++) {
		uint32_t j = name_hash(set->names[i]) & (cap - 1);

		while (h[j])
			j = (j + 1) & (cap - 1);
		h[j] = i + 1;
	}
	free(set->hash);
	set->hash = h;
	set->hcap = cap;
	return 0;
}

/* The index of @name in @set's names, added when new; 0 or -ENOMEM. */
static int name_index(struct hg_kset *set, const char *name, uint32_t *out)
{
	uint32_t j;

	if (2 * (set->nnames + 1) > set->hcap && rehash(set))
		return -ENOMEM;
	for (j = name_hash(name) & (set->hcap - 1); set->hash[j]; j = (j + 1) & (set->hcap - 1))
		if (!strcmp(set->names[set->hash[j] - 1], name)) {
			*out = set->hash[j] - 1;
			return 0;
		}
	if (HG_GROW(set->names, set->capnames, set->nnames + 1))
		return -ENOMEM;
	snprintf(set->names[set->nnames], sizeof(set->names[0]), "%s", name);
	set->hash[j] = set->nnames + 1;
	*out = set->nnames++;
	return 0;
}

/* CPU @cpu's windows, the ns of their marks, into @win. */
static int bounds(const struct hg_kset *set, uint32_t cpu, struct hg_kset_win *win)
{
	size_t nm = hg_kslice_marks_count(set->marks, cpu), w;

	win->cpu = cpu;
	if (nm < 2)
		return 0;
	win->nw = (nm - 1 + HG_KSET_STRIDE - 1) / HG_KSET_STRIDE;
	win->at = malloc((win->nw + 1) * sizeof(*win->at));
	if (!win->at)
		return -ENOMEM;
	for (w = 0; w <= win->nw; w++) {
		size_t i = w * HG_KSET_STRIDE < nm - 1 ? w * HG_KSET_STRIDE : nm - 1;

		win->at[w] = hg_trace_ns(set->t, hg_kslice_mark_at(set->marks, cpu, i));
	}
	return 0;
}

int hg_kset_init(struct hg_kset *set, const struct hg_trace *t,
		 const struct hg_kslice_marks *marks, hg_kset_keep_fn keep, void *arg)
{
	uint32_t n = t->kev ? t->kev->ncpus : 0, i;
	int ret = 0;

	*set = (struct hg_kset){ .t = t, .marks = marks, .keep = keep, .keep_arg = arg };
	set->win = calloc(n ? n : 1, sizeof(*set->win));
	if (!set->win)
		return -ENOMEM;
	for (i = 0; i < n && !ret; i++)
		ret = bounds(set, t->kev->cpus[i].cpu, &set->win[i]);
	return ret;
}

/* A slice of the window being made: a copy of it in its place, when kept. */
static int add(const struct hg_kslice *s, void *arg)
{
	struct hg_kset *set = arg;
	struct hg_kset_class *c = &set->filling->c[s->kind != HG_KC_TASK];
	struct hg_kset_slice v;
	size_t i;

	if (!set->keep(s, set->keep_arg))
		return 0;
	v = (struct hg_kset_slice){
		.start_cycles = s->start_cycles, .end_cycles = s->end_cycles,
		.a = hg_trace_ns(set->t, s->start_cycles), .b = hg_trace_ns(set->t, s->end_cycles),
		.pid = s->pid, .kind = (uint8_t)s->kind, .depth = (uint8_t)s->depth,
		.ours = (uint8_t)s->ours, .carried = (uint8_t)s->carried,
	};
	if (name_index(set, s->name, &v.name) || HG_GROW(c->v, c->cap, c->n + 1))
		return -ENOMEM;
	for (i = c->n; i > 0 && c->v[i - 1].start_cycles > v.start_cycles; i--)
		;	/* by start; those of one start in the order they came */
	memmove(&c->v[i + 1], &c->v[i], (c->n - i) * sizeof(*c->v));
	c->v[i] = v;
	c->n++;
	return 0;
}

static void get(const struct hg_kset *set, const struct hg_kset_win *win,
		const struct hg_kset_slice *v, struct hg_kslice *s)
{
	*s = (struct hg_kslice){
		.cpu = win->cpu, .start_cycles = v->start_cycles, .end_cycles = v->end_cycles,
		.kind = (enum hg_kcause)v->kind, .depth = v->depth, .pid = v->pid,
		.ours = v->ours, .carried = v->carried,
	};
	memcpy(s->name, set->names[v->name], sizeof(s->name));
}

/* The latest end of each class's slices up to each. */
static int index_class(struct hg_kset_class *c)
{
	size_t i;

	if (HG_GROW(c->reach, c->capreach, c->n))
		return -ENOMEM;
	for (i = 0; i < c->n; i++)
		c->reach[i] = i && c->reach[i - 1] > c->v[i].b ? c->reach[i - 1] : c->v[i].b;
	return 0;
}

/* Window @w of @win's CPU, made from its marks and indexed. */
static int fill(struct hg_kset *set, struct hg_kset_win *win, size_t w)
{
	size_t nm = hg_kslice_marks_count(set->marks, win->cpu), i = w * HG_KSET_STRIDE;
	size_t j = i + HG_KSET_STRIDE < nm - 1 ? i + HG_KSET_STRIDE : nm - 1;
	int ret;

	if (win->valid && win->w == w)
		return 0;
	win->valid = 0;
	win->c[0].n = win->c[1].n = 0;
	set->filling = win;
	ret = hg_kslices_between(set->marks, win->cpu, i, j, add, set);
	if (!ret)
		ret = index_class(&win->c[0]);
	if (!ret)
		ret = index_class(&win->c[1]);
	if (ret)
		return ret;
	win->w = w;
	win->valid = 1;
	return 0;
}

/*
 * The slices of one class of a window meeting [@from, @to) to @fn; those
 * open at the window's start only when @carried.
 */
static void class_span(const struct hg_kset *set, const struct hg_kset_win *win,
		       const struct hg_kset_class *c, uint64_t from, uint64_t to, int carried,
		       hg_kset_fn fn, void *arg)
{
	size_t l = 0, h = c->n, i;

	while (l < h) {		/* the first that reaches past @from: none before does */
		size_t mid = l + (h - l) / 2;

		if (c->reach[mid] <= from)
			l = mid + 1;
		else
			h = mid;
	}
	for (i = l; i < c->n; i++) {
		const struct hg_kset_slice *v = &c->v[i];
		struct hg_kslice s;

		if (v->a >= to)	/* and so all after it */
			break;
		if (v->b <= from || (v->carried && !carried))
			continue;
		get(set, win, v, &s);
		fn(&s, v->a > from ? v->a : from, v->b < to ? v->b : to, arg);
	}
}

/* The windows of @win's CPU that [@from, @to) meets: [*@fw, *@lw]. */
static void windows(const struct hg_kset_win *win, uint64_t from, uint64_t to, size_t *fw,
		    size_t *lw)
{
	size_t lo = 1, hi = win->nw;

	while (lo < hi) {	/* the last window starting at or before @from */
		size_t mid = lo + (hi - lo) / 2;

		if (win->at[mid] <= from)
			lo = mid + 1;
		else
			hi = mid;
	}
	*fw = lo - 1;
	lo = *fw;
	hi = win->nw - 1;
	while (lo < hi) {	/* the first ending at or after @to */
		size_t mid = lo + (hi - lo) / 2;

		if (win->at[mid + 1] >= to)
			hi = mid;
		else
			lo = mid + 1;
	}
	*lw = lo;
}

/* The window of CPU @cpu (as the events' CPUs), or NULL. */
static struct hg_kset_win *slot(const struct hg_kset *set, uint32_t cpu)
{
	const struct hg_kevents *k = set->t->kev;
	const struct hg_kcpu *c = k ? hg_kevents_cpu(k, cpu) : NULL;

	return c && set->win[c - k->cpus].nw ? &set->win[c - k->cpus] : NULL;
}

int hg_kset_holds(const struct hg_kset *set, uint32_t cpu, uint64_t from, uint64_t to)
{
	const struct hg_kset_win *win = slot(set, cpu);
	size_t fw, lw;

	if (!win || !win->valid)
		return 0;
	windows(win, from, to, &fw, &lw);
	return fw == win->w && lw == win->w;
}

int hg_kset_span(struct hg_kset *set, uint32_t cpu, uint64_t from, uint64_t to,
		 hg_kset_fn fn, void *arg)
{
	struct hg_kset_win *win = slot(set, cpu);
	size_t fw, lw, w;
	int c, ret;

	if (!win)
		return 0;
	windows(win, from, to, &fw, &lw);
	for (c = 0; c < 2; c++)
		for (w = fw; w <= lw; w++) {
			ret = fill(set, win, w);
			if (ret)
				return ret;
			class_span(set, win, &win->c[c], from, to, w == fw, fn, arg);
		}
	return 0;
}

void hg_kset_free(struct hg_kset *set)
{
	uint32_t i, n = set->t && set->t->kev ? set->t->kev->ncpus : 0;
	int c;

	for (i = 0; set->win && i < n; i++) {
		for (c = 0; c < 2; c++) {
			free(set->win[i].c[c].v);
			free(set->win[i].c[c].reach);
		}
		free(set->win[i].at);
	}
	free(set->win);
	free(set->names);
	free(set->hash);
	*set = (struct hg_kset){ 0 };
}
