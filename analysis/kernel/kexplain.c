// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kexplain.c - the gaps' parts summed per thread and cause, the longest
 * gaps kept whole, the interrupts counted per CPU
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace/reccur.h"
#include "analysis/kernel/kexplain.h"
#include "trace/brk.h"
#include "trace/record.h"
#include "util/timeval.h"

struct acc {
	const struct hg_trace *t;
	const struct hg_kattr *ka;
	struct hg_kexplain *x;
};

/* The thread's sum of @thread, or NULL when it is not asked for. */
static struct hg_kthread_sum *sum_of(struct hg_kexplain *x, uint32_t thread)
{
	uint32_t i;

	for (i = 0; i < x->nthreads; i++)
		if (x->th[i].thread == thread)
			return &x->th[i];
	return NULL;
}

/* @w taken apart into @g, and its mechanisms into @d. */
static void cut_diag(const struct hg_trace *t, const struct hg_kattr *ka,
		     const struct hg_kdiag_ctx *c, const struct hg_kwin *w, struct hg_kgap *g,
		     struct hg_kdiag *d)
{
	hg_kwin_cut(t, ka, w, g);
	hg_kdiag_window(t, ka, c, w, g, d);
}

/* The worst windows of each kind, not yet taken apart. */
struct worst {
	uint32_t want;
	uint32_t n[HG_KW_NKINDS];
	struct hg_kwin *w[HG_KW_NKINDS];	/* worst first */
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

/* Worse: more past (longer, later), the earlier of two as bad. */
static int worse(const struct hg_kwin *p, const struct hg_kwin *q)
{
	return p->value_ns != q->value_ns ? p->value_ns > q->value_ns : p->at_cycles < q->at_cycles;
}

/* Keep @w among the worst of its kind, sorted. */
static int keep_worst(const struct hg_kwin *w, void *arg)
{
	struct worst *k = arg;
	struct hg_kwin *l = k->w[w->kind];
	uint32_t *n = &k->n[w->kind], i;

	if (*n == k->want && !worse(w, &l[*n - 1]))
		return 0;
	i = *n < k->want ? (*n)++ : *n - 1;
	while (i > 0 && worse(w, &l[i - 1])) {
		l[i] = l[i - 1];
		i--;
	}
	l[i] = *w;
	return 0;
}

/* The worst windows of each kind, taken apart, into x->worst and x->wins. */
static int find_worst(const struct hg_trace *t, const struct hg_kattr *ka, uint32_t thread,
		      uint32_t want, struct hg_kexplain *x)
{
	struct worst k = { .want = want };
	size_t n = 0;
	uint32_t i, j;
	int ret = 0;

	if (!want)
		return 0;
	for (i = 0; i < HG_KW_NKINDS && !ret; i++) {
		k.w[i] = calloc(want, sizeof(*k.w[i]));
		ret = k.w[i] ? 0 : -ENOMEM;
	}
	if (!ret)
		hg_kwin_each(t, thread == HG_KEXPLAIN_ALL ? HG_KW_ANY_THREAD : thread, HG_KW_ALL,
			     keep_worst, &k);
	for (i = 0; i < HG_KW_NKINDS; i++)
		n += k.n[i];
	/* only as many as there are: a window taken apart is some 2.5 KB */
	x->worst = ret ? NULL : calloc(n ? n : 1, sizeof(*x->worst));
	x->wins = ret ? NULL : calloc(n ? n : 1, sizeof(*x->wins));
	x->diag = ret ? NULL : calloc(n ? n : 1, sizeof(*x->diag));
	if (!x->worst || !x->wins || !x->diag)
		ret = -ENOMEM;
	for (i = 0; i < HG_KW_NKINDS && !ret; i++)
		for (j = 0; j < k.n[i]; j++, x->nworst++) {
			x->wins[x->nworst] = k.w[i][j];
			cut_diag(t, ka, &x->ctx, &k.w[i][j], &x->worst[x->nworst],
				 &x->diag[x->nworst]);
		}
	for (i = 0; i < HG_KW_NKINDS; i++)
		free(k.w[i]);
	return ret;
}

/* The window that crossed --break's threshold, and the one --at asked for. */
static void find_single(const struct hg_trace *t, const struct hg_kattr *ka,
			const struct hg_kexplain_opts *o, struct hg_kexplain *x)
{
	static const struct { unsigned int brk, kinds; } kinds[] = {
		{ HG_BREAK_GAP, 1u << HG_KW_GAP },
		{ HG_BREAK_LAT, 1u << HG_KW_LATENCY },
		{ HG_BREAK_MISS, 1u << HG_KW_MISS },
	};
	uint32_t any = o->thread == HG_KEXPLAIN_ALL ? HG_KW_ANY_THREAD : o->thread;
	size_t i;

	if (o->have_at && !hg_kwin_nearest(t, any, HG_KW_ALL, o->at_cycles, &x->at_win)) {
		x->have_at = 1;
		cut_diag(t, ka, &x->ctx, &x->at_win, &x->at, &x->at_diag);
	}
	if (!(t->flags & HG_TRACE_BREAK) || t->break_thread >= t->nthreads ||
	    (any != HG_KW_ANY_THREAD && any != t->break_thread))
		return;
	if (t->break_kind == HG_BREAK_GAP) {	/* the run stopped before its end was stored */
		x->break_win = (struct hg_kwin){
			.kind = HG_KW_GAP, .thread = t->break_thread, .cpu = t->break_cpu,
			.from_cpu = t->break_cpu, .at_cycles = t->break_at_cycles,
			.len_cycles = t->break_value,
			.value_ns = hg_cycles_to_ns(t->break_value, t->calib.tsc_hz),
		};
		x->have_break = 1;
		cut_diag(t, ka, &x->ctx, &x->break_win, &x->brk, &x->brk_diag);
		return;
	}
	for (i = 1; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (t->break_kind == kinds[i].brk &&
		    !hg_kwin_nearest(t, t->break_thread, kinds[i].kinds, t->break_at_cycles,
				     &x->break_win)) {
			x->have_break = 1;
			cut_diag(t, ka, &x->ctx, &x->break_win, &x->brk, &x->brk_diag);
		}
}

static int on_gap(const struct hg_kgap *g, void *arg)
{
	struct acc *a = arg;
	struct hg_kthread_sum *s = sum_of(a->x, g->thread);
	struct hg_kwin w = { .kind = HG_KW_GAP, .thread = g->thread, .cpu = g->cpu,
			     .from_cpu = g->from_cpu, .at_cycles = g->at_cycles,
			     .len_cycles = g->len_cycles };
	struct hg_kdiag d;
	uint32_t i;

	if (!s)
		return 0;
	s->gaps++;
	s->gap_cycles += g->len_cycles;
	s->charged_cycles += g->charged_cycles;
	s->handler_cycles += g->handler_cycles;
	hg_kdiag_window(a->t, a->ka, &a->x->ctx, &w, g, &d);
	hg_kmech_sum_add(s->gap_mech, &d);
	if (d.n && d.m[0].mech == HG_MECH_RT_THROTTLING &&
	    hg_kthrot_add(&a->x->thr, g->cpu, g->thread, g->at_cycles, g->len_cycles))
		return -ENOMEM;
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
	return 0;
}

/* A LAT wake-up's mechanisms, into its thread's sums. */
static int on_latency(const struct hg_kwin *w, void *arg)
{
	struct acc *a = arg;
	struct hg_kthread_sum *s = sum_of(a->x, w->thread);
	struct hg_kgap g;
	struct hg_kdiag d;

	if (!s)
		return 0;
	s->latencies++;
	s->latency_cycles += w->len_cycles;
	cut_diag(a->t, a->ka, &a->x->ctx, w, &g, &d);
	hg_kmech_sum_add(s->lat_mech, &d);
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
		const struct hg_kev cur = hg_kevents_ev(k, i), *e = &cur;

		if (e->type != HG_KEV_IRQ_ENTRY && e->type != HG_KEV_VEC_ENTRY && e->type != HG_KEV_NMI)
			continue;
		while (c < k->ncpus && k->cpus[c].cpu < e->cpu)
			c++;
		if (c < k->ncpus && k->cpus[c].cpu == e->cpu)
			x->cpus[c].captured++;
	}
	return 0;
}

/*
 * The CPU every record of @th ran on, and its received time; -1 when it
 * moved, slept (its kernel time then holds its sleeps' paths) or ran none.
 */
static int64_t pinned_cpu(const struct hg_trace_thread *th, uint64_t *received)
{
	const struct hg_record *r;
	struct hg_reccur c;
	int64_t cpu = -1;

	*received = 0;
	hg_reccur_init(&c, th);
	while (hg_reccur_next(&c, &r) > 0) {
		if (r->flags & HG_REC_EVENT)
			continue;
		if ((r->flags & HG_REC_SLEEP) || (cpu >= 0 && r->cpu != cpu)) {
			cpu = -1;
			break;
		}
		cpu = r->cpu;
		*received += r->len_cycles;
	}
	hg_reccur_free(&c);
	return cpu;
}

static struct hg_khost *host_of(const struct hg_trace *t, struct hg_kexplain *x, uint32_t cpu)
{
	uint32_t i;

	for (i = 0; i < x->nhost; i++)
		if (x->host[i].cpu == cpu)
			return &x->host[i];
	x->host[x->nhost] = (struct hg_khost){ .cpu = cpu, .have_implied = 1 };
	for (i = 0; i < t->nnoise; i++)
		if (t->noise[i].cpu == cpu) {
			x->host[x->nhost].have_steal = 1;
			x->host[x->nhost].steal_ns = t->noise[i].steal_ns;
		}
	return &x->host[x->nhost++];
}

/* The host's time per CPU, measured and implied (struct hg_khost). */
static int hg_khost_build(const struct hg_trace *t, struct hg_kexplain *x)
{
	uint32_t i;

	x->host = calloc(x->nthreads ? x->nthreads : 1, sizeof(*x->host));
	if (!x->host)
		return -ENOMEM;
	for (i = 0; i < x->nthreads; i++) {
		const struct hg_kthread_sum *s = &x->th[i];
		const struct hg_trace_thread *th = &t->threads[s->thread];
		uint64_t received, hidden = s->gap_mech[HG_MECH_HOST].cycles;
		int64_t cpu = pinned_cpu(th, &received);
		struct hg_khost *h;

		if (cpu < 0)
			continue;
		h = host_of(t, x, (uint32_t)cpu);
		h->threads++;
		h->hidden_cycles += hidden;
		h->watched_cycles += received + s->gap_cycles;
		h->handler_cycles += s->handler_cycles;
		if (!th->tid || !th->kernel_cpu_ns)
			h->have_implied = 0;
		else
			h->implied_cycles += (int64_t)hg_ns_to_cycles(th->kernel_cpu_ns,
								      t->calib.tsc_hz) -
					     (int64_t)received -
					     (int64_t)(s->charged_cycles - hidden);
	}
	return 0;
}

int hg_kexplain_with(const struct hg_trace *t, const struct hg_kexplain_opts *o,
		     struct hg_kexplain *x)
{
	struct hg_kattr *ka = NULL;
	struct hg_krt *rt = NULL;
	struct acc a = { .t = t, .x = x };
	uint32_t i, n = 0;
	int ret;

	memset(x, 0, sizeof(*x));
	ret = hg_kattr_build(t, &ka);
	if (ret)
		return ret;
	a.ka = ka;
	hg_kdiag_ctx_init(t, &x->ctx);
	ret = hg_krt_build(t, &rt);
	x->ctx.rt = rt;
	if (!ret) {
		x->th = calloc(t->nthreads ? t->nthreads : 1, sizeof(*x->th));
		ret = x->th ? count_irqs(t, x) : -ENOMEM;
	}
	for (i = 0; !ret && i < t->nthreads; i++)
		if (o->thread == HG_KEXPLAIN_ALL || o->thread == i)
			x->th[n++].thread = i;
	x->nthreads = n;
	if (!ret)
		ret = hg_kattr_each(t, ka, on_gap, &a);
	if (!ret)
		ret = hg_kwin_each(t, o->thread == HG_KEXPLAIN_ALL ? HG_KW_ANY_THREAD : o->thread,
				   1u << HG_KW_LATENCY, on_latency, &a);
	if (!ret)
		ret = hg_kthrot_done(&x->thr, t);
	if (!ret)
		ret = hg_khost_build(t, x);
	for (i = 0; !ret && i < x->nthreads; i++)
		if (x->th[i].n)		/* a thread without gaps has no causes (NULL) */
			qsort(x->th[i].c, x->th[i].n, sizeof(x->th[i].c[0]), by_total);
	if (!ret)
		ret = find_worst(t, ka, o->thread, o->worst, x);
	if (!ret) {
		find_single(t, ka, o, x);
		ret = hg_kattr_status(ka);	/* a cut without memory: no figure */
	}
	hg_kattr_free(ka);
	hg_krt_free(rt);
	x->ctx.rt = NULL;
	if (ret)
		hg_kexplain_free(x);
	return ret;
}

int hg_kexplain(const struct hg_trace *t, uint32_t thread, uint32_t worst,
		struct hg_kexplain *x)
{
	struct hg_kexplain_opts o = { .thread = thread, .worst = worst };

	return hg_kexplain_with(t, &o, x);
}

void hg_kexplain_free(struct hg_kexplain *x)
{
	uint32_t i;

	for (i = 0; x->th && i < x->nthreads; i++)
		free(x->th[i].c);
	free(x->th);
	free(x->worst);
	free(x->wins);
	free(x->diag);
	free(x->host);
	free(x->cpus);
	hg_kthrot_free(&x->thr);
	memset(x, 0, sizeof(*x));
}
