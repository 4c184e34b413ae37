// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * interfere.c - the interference of higher-priority tasks, window after
 * window, with a mark to return to
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis/sched/interfere.h"
#include "analysis/sched/rtamath.h"
#include "util/grow.h"

/* Tasks of one period and jitter: they count their jobs alike. */
struct hg_group {
	uint64_t t, j;
	unsigned __int128 c;	/* the sum of their C */
};

/* One change since the mark: a swap of heap slots a and b, or a group's count (b: SIZE_MAX). */
struct hg_undo {
	size_t a, b;
	uint64_t k, holds;
};

int hg_intf_init(struct hg_interference *w, size_t n)
{
	/* a task changes its jitter once at most: twice as many groups as tasks */
	size_t cap = 2 * (n ? n : 1), ns = 16;

	while (ns < 2 * cap)
		ns *= 2;
	*w = (struct hg_interference){ .gcap = cap, .nslot = ns };
	w->of = calloc(n ? n : 1, sizeof(*w->of));
	w->g = calloc(cap, sizeof(*w->g));
	w->slot = calloc(ns, sizeof(*w->slot));
	w->heap = calloc(cap, sizeof(*w->heap));
	w->pos = calloc(cap, sizeof(*w->pos));
	w->k = calloc(cap, sizeof(*w->k));
	w->holds = calloc(cap, sizeof(*w->holds));
	if (!w->of || !w->g || !w->slot || !w->heap || !w->pos || !w->k || !w->holds) {
		hg_intf_free(w);
		return -ENOMEM;
	}
	return 0;
}

void hg_intf_free(struct hg_interference *w)
{
	free(w->of);
	free(w->g);
	free(w->slot);
	free(w->heap);
	free(w->pos);
	free(w->k);
	free(w->holds);
	free(w->log);
	*w = (struct hg_interference){ 0 };
}

/* Keep @u to undo at the return; when the log cannot grow, count all again then. */
static void keep(struct hg_interference *w, struct hg_undo u)
{
	if (!w->marked || w->lost)
		return;
	if (HG_GROW(w->log, w->logcap, w->nlog + 1)) {
		w->lost = true;
		return;
	}
	w->log[w->nlog++] = u;
}

/* A group's share of the sum: k C, capped at 2^64 - 1. */
static uint64_t term(const struct hg_interference *w, size_t g)
{
	if (w->g[g].c > UINT64_MAX)
		return w->k[g] ? UINT64_MAX : 0;
	return hg_sat_mul(w->k[g], (uint64_t)w->g[g].c);
}

static void count(struct hg_interference *w, size_t g)
{
	const struct hg_group *t = &w->g[g];
	uint64_t kt;

	w->k[g] = hg_ceil_div(hg_sat_add(w->x, t->j), t->t);
	kt = hg_sat_mul(w->k[g], t->t);
	/* pinned at the top of the range, the count can change no more */
	w->holds[g] = kt == UINT64_MAX || hg_sat_add(w->x, t->j) == UINT64_MAX ? UINT64_MAX :
		      kt - t->j;
	w->sum += term(w, g);
}

static void swap(struct hg_interference *w, size_t a, size_t b)
{
	size_t tmp = w->heap[a];

	w->heap[a] = w->heap[b];
	w->heap[b] = tmp;
	w->pos[w->heap[a]] = a;
	w->pos[w->heap[b]] = b;
}

static void sift_down(struct hg_interference *w, size_t at)
{
	for (;;) {
		size_t l = 2 * at + 1, m = at;

		if (l < w->n && w->holds[w->heap[l]] < w->holds[w->heap[m]])
			m = l;
		if (l + 1 < w->n && w->holds[w->heap[l + 1]] < w->holds[w->heap[m]])
			m = l + 1;
		if (m == at)
			return;
		keep(w, (struct hg_undo){ .a = at, .b = m });
		swap(w, at, m);
		at = m;
	}
}

static void sift_up(struct hg_interference *w, size_t at)
{
	while (at && w->holds[w->heap[(at - 1) / 2]] > w->holds[w->heap[at]]) {
		keep(w, (struct hg_undo){ .a = at, .b = (at - 1) / 2 });
		swap(w, at, (at - 1) / 2);
		at = (at - 1) / 2;
	}
}

/*
 * The group of period @t and jitter @j, made (and counted) when new: there
 * is room, as each task makes one group at most when added and one when
 * its jitter changes.
 */
static size_t group(struct hg_interference *w, uint64_t t, uint64_t j)
{
	size_t h = (size_t)((t * 0x9e3779b97f4a7c15ULL) ^ (j * 0xc2b2ae3d27d4eb4fULL));
	size_t at = (h ^ h >> 29) & (w->nslot - 1), g;

	for (; w->slot[at]; at = (at + 1) & (w->nslot - 1)) {
		g = w->slot[at] - 1;
		if (w->g[g].t == t && w->g[g].j == j)
			return g;
	}
	g = w->ng++;
	w->slot[at] = g + 1;
	w->g[g] = (struct hg_group){ .t = t, .j = j };
	count(w, g);
	w->heap[w->n] = g;
	w->pos[g] = w->n++;
	sift_up(w, w->pos[g]);
	return g;
}

/* A task of execution time @c joins group @g (@sign 1) or leaves it (-1). */
static void weigh(struct hg_interference *w, size_t g, uint64_t c, int sign)
{
	w->sum -= term(w, g);
	if (sign > 0)
		w->g[g].c += c;
	else
		w->g[g].c -= c;
	w->sum += term(w, g);
}

void hg_intf_add(struct hg_interference *w, size_t i, uint64_t t_ns, uint64_t j_ns,
		 uint64_t c_ns)
{
	w->of[i] = group(w, t_ns, j_ns);
	weigh(w, w->of[i], c_ns, 1);
}

void hg_intf_rejitter(struct hg_interference *w, size_t i, uint64_t t_ns, uint64_t j_ns,
		      uint64_t c_ns)
{
	weigh(w, w->of[i], c_ns, -1);
	hg_intf_add(w, i, t_ns, j_ns, c_ns);
}

/* Count group @g again at the window now, keeping its old count to undo. */
static void recount_one(struct hg_interference *w, size_t g)
{
	keep(w, (struct hg_undo){ .a = g, .b = SIZE_MAX, .k = w->k[g], .holds = w->holds[g] });
	w->sum -= term(w, g);
	count(w, g);
}

uint64_t hg_intf_at(struct hg_interference *w, uint64_t x)
{
	size_t i;

	if (x < w->x) {		/* back: count them all again */
		w->lost |= w->marked;	/* too much to undo one by one */
		w->x = x;
		w->sum = 0;
		for (i = 0; i < w->n; i++)
			count(w, w->heap[i]);
		for (i = w->n / 2; i-- > 0;)
			sift_down(w, i);
	}
	w->x = x;
	while (w->n && w->holds[w->heap[0]] < x) {
		recount_one(w, w->heap[0]);
		sift_down(w, 0);
	}
	return w->sum > UINT64_MAX ? UINT64_MAX : (uint64_t)w->sum;
}

void hg_intf_mark(struct hg_interference *w)
{
	w->marked = true;
	w->lost = false;
	w->nlog = 0;
	w->mark_sum = w->sum;
	w->mark_x = w->x;
}

void hg_intf_return(struct hg_interference *w)
{
	w->marked = false;
	if (w->lost) {
		/* the next window counts them all again */
		w->x = UINT64_MAX;
		return;
	}
	while (w->nlog) {
		const struct hg_undo *u = &w->log[--w->nlog];

		if (u->b == SIZE_MAX) {
			w->k[u->a] = u->k;
			w->holds[u->a] = u->holds;
		} else {
			swap(w, u->a, u->b);
		}
	}
	w->sum = w->mark_sum;
	w->x = w->mark_x;
}
