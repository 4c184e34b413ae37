// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * render_kset.c - the kernel's slices of a timeline, sorted and indexed
 * for bisection (the rules are render_kset.h's)
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

int hg_kset_add(struct hg_kset *set, const struct hg_kslice *s)
{
	struct hg_kset_slice v = {
		.start_cycles = s->start_cycles, .end_cycles = s->end_cycles, .cpu = s->cpu,
		.pid = s->pid, .kind = (uint8_t)s->kind, .depth = (uint8_t)s->depth,
		.ours = (uint8_t)s->ours,
	};

	if (name_index(set, s->name, &v.name) || HG_GROW(set->v, set->cap, set->n + 1))
		return -ENOMEM;
	set->v[set->n++] = v;
	return 0;
}

void hg_kset_get(const struct hg_kset *set, size_t i, struct hg_kslice *s)
{
	const struct hg_kset_slice *v = &set->v[i];

	*s = (struct hg_kslice){
		.cpu = v->cpu, .start_cycles = v->start_cycles, .end_cycles = v->end_cycles,
		.kind = (enum hg_kcause)v->kind, .depth = v->depth, .pid = v->pid,
		.ours = v->ours,
	};
	memcpy(s->name, set->names[v->name], sizeof(s->name));
}

static int is_task(const struct hg_kset_slice *s)
{
	return s->kind == HG_KC_TASK;
}

/* By CPU, tasks before interrupts (drawn over them), then by start. */
static int by_cpu_start(const void *pa, const void *pb)
{
	const struct hg_kset_slice *a = pa, *b = pb;
	int ta = is_task(a), tb = is_task(b);

	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? -1 : 1;
	if (ta != tb)
		return ta ? -1 : 1;
	return a->start_cycles < b->start_cycles ? -1 : a->start_cycles > b->start_cycles;
}

/* Whether @a and @b are of one CPU and class. */
static int same_run(const struct hg_kset_slice *a, const struct hg_kset_slice *b)
{
	return a->cpu == b->cpu && is_task(a) == is_task(b);
}

int hg_kset_index(struct hg_kset *set, const struct hg_trace *t)
{
	size_t i;

	free(set->reach);
	set->reach = NULL;
	if (!set->n)
		return 0;
	qsort(set->v, set->n, sizeof(*set->v), by_cpu_start);
	set->reach = malloc(set->n * sizeof(*set->reach));
	if (!set->reach)
		return -ENOMEM;
	for (i = 0; i < set->n; i++) {
		uint64_t b = hg_trace_ns(t, set->v[i].end_cycles);

		if (i && same_run(&set->v[i - 1], &set->v[i]) && set->reach[i - 1] > b)
			b = set->reach[i - 1];
		set->reach[i] = b;
	}
	return 0;
}

/* The first slice of [@lo, @hi) of CPU @cpu and class @task or after (by the sort). */
static size_t lower(const struct hg_kset *set, size_t lo, size_t hi, uint32_t cpu, int task)
{
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct hg_kset_slice *s = &set->v[mid];

		if (s->cpu < cpu || (s->cpu == cpu && is_task(s) > task))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The slices of one CPU and class, [@lo, @hi), meeting [@from, @to) to @fn. */
static void class_span(const struct hg_kset *set, const struct hg_trace *t, size_t lo,
		       size_t hi, uint64_t from, uint64_t to, hg_kset_fn fn, void *arg)
{
	size_t l = lo, h = hi, i;

	while (l < h) {		/* the first that reaches past @from: none before does */
		size_t mid = l + (h - l) / 2;

		if (set->reach[mid] <= from)
			l = mid + 1;
		else
			h = mid;
	}
	for (i = l; i < hi; i++) {
		const struct hg_kset_slice *v = &set->v[i];
		uint64_t a = hg_trace_ns(t, v->start_cycles), b = hg_trace_ns(t, v->end_cycles);
		struct hg_kslice s;

		if (a >= to)	/* and so all after it */
			break;
		if (b <= from)
			continue;
		hg_kset_get(set, i, &s);
		fn(&s, a > from ? a : from, b < to ? b : to, arg);
	}
}

void hg_kset_span(const struct hg_kset *set, const struct hg_trace *t, uint32_t cpu,
		  uint64_t from, uint64_t to, hg_kset_fn fn, void *arg)
{
	size_t tasks, irqs, end;

	if (!set->n)
		return;
	tasks = lower(set, 0, set->n, cpu, 1);
	irqs = lower(set, tasks, set->n, cpu, 0);
	end = cpu < UINT32_MAX ? lower(set, irqs, set->n, cpu + 1, 1) : set->n;
	class_span(set, t, tasks, irqs, from, to, fn, arg);
	class_span(set, t, irqs, end, from, to, fn, arg);
}

void hg_kset_free(struct hg_kset *set)
{
	free(set->v);
	free(set->reach);
	free(set->names);
	free(set->hash);
	*set = (struct hg_kset){ 0 };
}
