// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * krt.c - the real-time stretches of each CPU (see krt.h)
 */
#include <errno.h>
#include <stdlib.h>

#include "trace/reccur.h"
#include "analysis/kernel/krt.h"
#include "trace/kevents.h"
#include "trace/record.h"

struct span {
	uint32_t cpu;
	uint64_t s, e;
};

struct hg_krt {
	size_t n, cap;
	struct span *sp;	/* by CPU, then start; not overlapping */
	uint64_t *cum;		/* time of the spans before each of its CPU */
};

static int add(struct hg_krt *r, uint32_t cpu, uint64_t s, uint64_t e)
{
	if (e <= s)
		return 0;
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 1024;
		struct span *p = realloc(r->sp, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		r->sp = p;
		r->cap = cap;
	}
	r->sp[r->n++] = (struct span){ .cpu = cpu, .s = s, .e = e };
	return 0;
}

/* Whether kernel id @pid is one of the run's threads. */
static int own(const struct hg_trace *t, uint32_t pid)
{
	uint32_t i;

	for (i = 0; pid && i < t->nthreads; i++)
		if (t->threads[i].tid == pid)
			return 1;
	return 0;
}

/* The run's real-time threads' intervals. */
static int add_threads(struct hg_krt *r, const struct hg_trace *t)
{
	const struct hg_record *x;
	struct hg_reccur c;
	uint32_t i;
	int ret = 0;

	for (i = 0; i < t->nthreads && !ret; i++) {
		const struct hg_trace_thread *th = &t->threads[i];

		if (th->rt_prio == HG_NO_RT_PRIO || th->rt_prio <= 0 || th->reserve)
			continue;
		hg_reccur_init(&c, th);
		while (!ret && (ret = hg_reccur_next(&c, &x)) > 0) {
			ret = 0;
			if (!(x->flags & HG_REC_EVENT))
				ret = add(r, x->cpu, x->start_cycles, x->start_cycles + x->len_cycles);
		}
		hg_reccur_free(&c);
	}
	return ret;
}

/* Other tasks at a real-time priority: from a switch to one, to the next switch there. */
static int add_others(struct hg_krt *r, const struct hg_trace *t)
{
	const struct hg_kevents *k = t->kev;
	uint64_t i, start = 0;
	uint32_t cpu = 0;
	int open = 0, ret = 0;

	for (i = 0; k && i < k->n && !ret; i++) {
		const struct hg_kev cur = hg_kevents_ev(k, i), *e = &cur;

		if (open && e->cpu != cpu) {	/* to the end of that CPU's capture */
			const struct hg_kcpu *c = hg_kevents_cpu(k, cpu);

			ret = add(r, cpu, start, c ? c->end_cycles : start);
			open = 0;
		}
		if (e->type != HG_KEV_SWITCH)
			continue;
		if (open)
			ret = add(r, cpu, start, e->cycles);
		open = hg_kprio_rt(hg_kev_prio(e)) && !own(t, e->a);
		start = e->cycles;
		cpu = e->cpu;
	}
	if (open && !ret) {
		const struct hg_kcpu *c = hg_kevents_cpu(k, cpu);

		ret = add(r, cpu, start, c ? c->end_cycles : start);
	}
	return ret;
}

static int by_cpu_start(const void *pa, const void *pb)
{
	const struct span *a = pa, *b = pb;

	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? -1 : 1;
	return a->s < b->s ? -1 : a->s > b->s;
}

int hg_krt_build(const struct hg_trace *t, struct hg_krt **out)
{
	struct hg_krt *r = calloc(1, sizeof(*r));
	size_t i, n = 0;
	int ret;

	if (!r)
		return -ENOMEM;
	ret = add_threads(r, t);
	if (!ret)
		ret = add_others(r, t);
	if (!ret && r->n)
		r->cum = malloc(r->n * sizeof(*r->cum));
	if (ret || (r->n && !r->cum)) {
		hg_krt_free(r);
		return -ENOMEM;
	}
	if (r->n)
		qsort(r->sp, r->n, sizeof(*r->sp), by_cpu_start);
	for (i = 0; i < r->n; i++) {	/* merge what overlaps, on one CPU */
		struct span *p = n ? &r->sp[n - 1] : NULL;

		if (p && p->cpu == r->sp[i].cpu && r->sp[i].s <= p->e) {
			if (r->sp[i].e > p->e)
				p->e = r->sp[i].e;
			continue;
		}
		r->sp[n++] = r->sp[i];
	}
	r->n = n;
	for (i = 0; i < n; i++)
		r->cum[i] = i && r->sp[i - 1].cpu == r->sp[i].cpu ?
			    r->cum[i - 1] + r->sp[i - 1].e - r->sp[i - 1].s : 0;
	*out = r;
	return 0;
}

/* Real-time time on @cpu before @x. */
static uint64_t upto(const struct hg_krt *r, uint32_t cpu, uint64_t x)
{
	size_t lo = 0, hi = r->n;
	const struct span *p;

	while (lo < hi) {	/* the first span after (cpu, x) */
		size_t mid = lo + (hi - lo) / 2;
		const struct span *m = &r->sp[mid];

		if (m->cpu < cpu || (m->cpu == cpu && m->s < x))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || r->sp[lo - 1].cpu != cpu)
		return 0;
	p = &r->sp[lo - 1];
	return r->cum[lo - 1] + (x < p->e ? x : p->e) - p->s;
}

uint64_t hg_krt_cycles(const struct hg_krt *r, uint32_t cpu, uint64_t from, uint64_t to)
{
	return r && to > from ? upto(r, cpu, to) - upto(r, cpu, from) : 0;
}

void hg_krt_free(struct hg_krt *r)
{
	if (!r)
		return;
	free(r->sp);
	free(r->cum);
	free(r);
}
