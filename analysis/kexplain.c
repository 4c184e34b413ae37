// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kexplain.c - the gaps' parts summed per thread and cause, the longest
 * gaps kept whole, the interrupts counted per CPU
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/kexplain.h"

struct acc {
	struct hg_kexplain *x;
	uint32_t thread;
	uint32_t want;		/* worst gaps kept */
};

static struct hg_kcause_sum *find(struct hg_kthread_sum *s, const struct hg_kpart *p)
{
	uint32_t i;

	for (i = 0; i < s->n; i++)
		if (s->c[i].kind == p->kind && s->c[i].pid == p->pid && !strcmp(s->c[i].name, p->name))
			return &s->c[i];
	if (s->n == s->cap) {
		uint32_t cap = s->cap ? 2 * s->cap : 16;
		struct hg_kcause_sum *c = realloc(s->c, cap * sizeof(*c));

		if (!c)
			return NULL;
		s->c = c;
		s->cap = cap;
	}
	memset(&s->c[s->n], 0, sizeof(s->c[0]));
	s->c[s->n].kind = p->kind;
	s->c[s->n].pid = p->pid;
	memcpy(s->c[s->n].name, p->name, sizeof(p->name));
	return &s->c[s->n++];
}

/* Keep @g among the longest; x->worst stays sorted, longest first. */
static void keep_worst(struct acc *a, const struct hg_kgap *g)
{
	struct hg_kexplain *x = a->x;
	uint32_t i;

	if (!a->want)
		return;
	if (x->nworst == a->want && x->worst[x->nworst - 1].len_cycles >= g->len_cycles)
		return;
	i = x->nworst < a->want ? x->nworst++ : x->nworst - 1;
	while (i > 0 && x->worst[i - 1].len_cycles < g->len_cycles) {
		x->worst[i] = x->worst[i - 1];
		i--;
	}
	x->worst[i] = *g;
}

static int on_gap(const struct hg_kgap *g, void *arg)
{
	struct acc *a = arg;
	struct hg_kthread_sum *s = NULL;
	uint32_t i;

	if (a->thread != HG_KEXPLAIN_ALL && g->thread != a->thread)
		return 0;
	for (i = 0; i < a->x->nthreads && !s; i++)
		if (a->x->th[i].thread == g->thread)
			s = &a->x->th[i];
	if (!s)
		return 0;
	s->gaps++;
	s->gap_cycles += g->len_cycles;
	for (i = 0; i < g->nparts; i++) {
		const struct hg_kpart *p = &g->parts[i];
		struct hg_kcause_sum *c = find(s, p);

		if (!c)
			return -ENOMEM;
		c->count += p->count;
		c->cycles += p->cycles;
		if (p->max_cycles > c->max_cycles)
			c->max_cycles = p->max_cycles;
		if (p->kind == HG_KC_UNEXPLAINED)
			s->unexplained_cycles += p->cycles;
	}
	keep_worst(a, g);
	return 0;
}

static int by_total(const void *pa, const void *pb)
{
	const struct hg_kcause_sum *p = pa, *q = pb;

	if (p->cycles != q->cycles)
		return p->cycles < q->cycles ? 1 : -1;
	return (int)p->kind - (int)q->kind;
}

/* Interrupt entries per captured CPU, and /proc/interrupts' count beside. */
static int count_irqs(const struct hg_trace *t, struct hg_kexplain *x)
{
	const struct hg_kevents *k = t->kev;
	uint64_t i;
	uint32_t c, j;

	x->cpus = calloc(k->ncpus ? k->ncpus : 1, sizeof(*x->cpus));
	if (!x->cpus)
		return -ENOMEM;
	x->ncpus = k->ncpus;
	for (c = 0; c < k->ncpus; c++) {
		x->cpus[c].cpu = k->cpus[c].cpu;
		for (j = 0; j < t->nnoise; j++)
			if (t->noise[j].cpu == k->cpus[c].cpu) {
				x->cpus[c].counted = t->noise[j].irqs;
				x->cpus[c].have_counted = 1;
			}
	}
	for (i = 0, c = 0; i < k->n; i++) {
		const struct hg_kev *e = &k->ev[i];

		if (e->type != HG_KEV_IRQ_ENTRY && e->type != HG_KEV_VEC_ENTRY && e->type != HG_KEV_NMI)
			continue;
		while (c < k->ncpus && k->cpus[c].cpu < e->cpu)
			c++;
		if (c < k->ncpus && k->cpus[c].cpu == e->cpu)
			x->cpus[c].captured++;
	}
	return 0;
}

int hg_kexplain(const struct hg_trace *t, uint32_t thread, uint32_t worst,
		struct hg_kexplain *x)
{
	struct hg_kattr *ka = NULL;
	struct acc a = { .x = x, .thread = thread, .want = worst };
	uint32_t i, n = 0;
	int ret;

	memset(x, 0, sizeof(*x));
	ret = hg_kattr_build(t, &ka);
	if (ret)
		return ret;
	x->th = calloc(t->nthreads ? t->nthreads : 1, sizeof(*x->th));
	x->worst = calloc(worst ? worst : 1, sizeof(*x->worst));
	ret = x->th && x->worst ? count_irqs(t, x) : -ENOMEM;
	for (i = 0; !ret && i < t->nthreads; i++)
		if (thread == HG_KEXPLAIN_ALL || thread == i)
			x->th[n++].thread = i;
	x->nthreads = n;
	if (!ret)
		ret = hg_kattr_each(t, ka, on_gap, &a);
	for (i = 0; !ret && i < x->nthreads; i++)
		qsort(x->th[i].c, x->th[i].n, sizeof(x->th[i].c[0]), by_total);
	hg_kattr_free(ka);
	if (ret)
		hg_kexplain_free(x);
	return ret;
}

void hg_kexplain_free(struct hg_kexplain *x)
{
	uint32_t i;

	for (i = 0; x->th && i < x->nthreads; i++)
		free(x->th[i].c);
	free(x->th);
	free(x->worst);
	free(x->cpus);
	memset(x, 0, sizeof(*x));
}
