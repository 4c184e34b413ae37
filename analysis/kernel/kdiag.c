// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kdiag.c - each part of a window given its mechanism (the rules are
 * kdiag.h's)
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/kernel/kdiag.h"
#include "util/timeval.h"

static const char *const mech_names[HG_MECH_N] = {
	"rt-throttling", "non-preemptible", "higher-priority", "same-priority", "time-sharing",
	"idle-exit", "task", "blocked", "irq", "ipi", "nmi", "softirq", "tick", "timer", "timer-delay",
	"host", "kernel", "switch", "migration", "unexplained",
};

const char *hg_mech_name(enum hg_mech m)
{
	return (unsigned int)m < HG_MECH_N ? mech_names[m] : "?";
}

/* A snapshot value as a count of us; 0 when missing or not a number. */
static int64_t sys_us(const struct hg_trace *t, const char *key)
{
	const char *v = hg_trace_sys(t, key);
	char *end;
	long long x;

	if (!v)
		return 0;
	x = strtoll(v, &end, 10);
	return end != v && !*end ? x : 0;
}

void hg_kdiag_ctx_init(const struct hg_trace *t, struct hg_kdiag_ctx *c)
{
	int64_t run = sys_us(t, "rt_runtime_us"), per = sys_us(t, "rt_period_us");

	memset(c, 0, sizeof(*c));
	c->switch_max_cycles = hg_ns_to_cycles(HG_KATTR_KERNEL_MAX_NS, t->calib.tsc_hz);
	if (run <= 0 || per <= 0 || run >= per)
		return;
	c->rt_limited = 1;
	c->rt_runtime_cycles = hg_ns_to_cycles((uint64_t)run * 1000, t->calib.tsc_hz);
	c->rt_period_cycles = hg_ns_to_cycles((uint64_t)per * 1000, t->calib.tsc_hz);
}

/*
 * Whether real-time tasks used CPU @cpu up to the limit over the period
 * before @at: the kernel stops them when their time in its period passes
 * the runtime, for the period's rest, so at any moment of the stop the
 * period before held at least runtime - (period - runtime) of theirs; a
 * 2 % margin covers the tick at which the kernel takes its account.
 */
static int throttled(const struct hg_kdiag_ctx *c, uint32_t cpu, uint64_t at, uint64_t *rt)
{
	uint64_t per = c->rt_period_cycles, run = c->rt_runtime_cycles, need;

	*rt = 0;
	if (!c->rt_limited)
		return 0;
	*rt = hg_krt_cycles(c->rt, cpu, at > per ? at - per : 0, at);
	need = 2 * run > per + per / 50 ? 2 * run - per - per / 50 : 0;
	return need && *rt >= need;
}

/* The thread's place: its SCHED_FIFO/RR priority, 100 for deadline, 0 for fair. */
static int own_rank(const struct hg_trace_thread *th)
{
	if (th->reserve != HG_RESERVE_NONE)
		return 100;
	return th->rt_prio != HG_NO_RT_PRIO && th->rt_prio > 0 ? th->rt_prio : 0;
}

/*
 * A gap's window starts with the thread running: how it left its CPU
 * there (hg_kattr_left(); -1 for other windows, or without the events).
 */
static int left(const struct hg_kattr *a, const struct hg_trace_thread *th,
		const struct hg_kwin *w)
{
	if (w->kind != HG_KW_GAP || !a || !th->tid)
		return -1;
	return hg_kattr_left(a, w->from_cpu, th->tid, w->at_cycles, w->at_cycles + w->len_cycles);
}

static enum hg_mech task_mech(const struct hg_kattr *a, const struct hg_kdiag_ctx *c,
			      const struct hg_trace_thread *th, const struct hg_kwin *w,
			      const struct hg_kpart *p, uint64_t *rt, int *out)
{
	int ours = own_rank(th), theirs, how;

	if (p->prio == HG_KPRIO_UNKNOWN)
		return HG_MECH_TASK;
	theirs = p->prio == HG_KPRIO_DEADLINE ? 100 : hg_kprio_rt(p->prio);
	if (theirs > ours)
		return HG_MECH_HIGHER_PRIORITY;
	if (theirs && theirs == ours)
		return HG_MECH_SAME_PRIORITY;
	how = left(a, th, w);
	if (!how)
		return HG_MECH_BLOCKED;
	/* a runnable real-time thread switched out for a lower task: the reservation */
	*out = ours && how == 1;
	if (ours && throttled(c, w->cpu, w->at_cycles, rt))
		return HG_MECH_RT_THROTTLING;
	if (*out)
		return HG_MECH_RT_THROTTLING;
	if (!p->pid)
		return HG_MECH_IDLE_EXIT;
	/* after a wake-up, a lower task current only as long as the switch takes */
	if (ours && w->kind != HG_KW_GAP &&
	    p->cycles <= c->switch_max_cycles)
		return HG_MECH_SWITCH;
	return ours ? HG_MECH_NON_PREEMPTIBLE : HG_MECH_TIME_SHARING;
}

static enum hg_mech timer_mech(const char *name)
{
	if (!strncmp(name, "interrupt delay", 15))
		return HG_MECH_TIMER_DELAY;
	if (!strcmp(name, "local_timer") || !strncmp(name, "tick_", 5))
		return HG_MECH_TICK;
	return HG_MECH_TIMER;
}

static enum hg_mech part_mech(const struct hg_kattr *a, const struct hg_kdiag_ctx *c,
			      const struct hg_trace_thread *th, const struct hg_kwin *w,
			      const struct hg_kpart *p, uint64_t *rt, int *out)
{
	*rt = 0;
	*out = 0;
	switch (p->kind) {
	case HG_KC_IRQ:
		return HG_MECH_IRQ;
	case HG_KC_IPI:
		return HG_MECH_IPI;
	case HG_KC_NMI:
		return HG_MECH_NMI;
	case HG_KC_SOFTIRQ:
		return HG_MECH_SOFTIRQ;
	case HG_KC_TIMER:
		return timer_mech(p->name);
	case HG_KC_TASK:
		/* a miss's window holds the thread's own run as a task part */
		if (p->pid == th->tid && th->tid)
			return HG_MECH_N;
		return task_mech(a, c, th, w, p, rt, out);
	case HG_KC_KERNEL:
		return w->from_cpu != w->cpu ? HG_MECH_MIGRATION : HG_MECH_KERNEL;
	default:
		if (!strcmp(p->name, "no kernel event") || !strcmp(p->name, "between the events"))
			return HG_MECH_HOST;
		return HG_MECH_UNEXPLAINED;
	}
}

static int by_cycles(const void *pa, const void *pb)
{
	const struct hg_kmech *x = pa, *y = pb;

	if (x->cycles != y->cycles)
		return x->cycles < y->cycles ? 1 : -1;
	return (int)x->mech - (int)y->mech;
}

void hg_kdiag_window(const struct hg_trace *t, const struct hg_kattr *a,
		     const struct hg_kdiag_ctx *c, const struct hg_kwin *w,
		     const struct hg_kgap *g, struct hg_kdiag *d)
{
	const struct hg_trace_thread *th = &t->threads[w->thread];
	struct hg_kmech all[HG_MECH_N];
	uint32_t i;

	memset(all, 0, sizeof(all));
	for (i = 0; i < g->nparts; i++) {
		const struct hg_kpart *p = &g->parts[i];
		uint64_t rt;
		int out;
		enum hg_mech m = part_mech(a, c, th, w, p, &rt, &out);
		struct hg_kmech *x;

		if (m == HG_MECH_N)
			continue;
		x = &all[m];
		x->count += p->count;
		x->cycles += p->cycles;
		if (p->max_cycles > x->max_cycles)
			x->max_cycles = p->max_cycles;
		if (p->cycles > x->lead.cycles) {
			x->lead = *p;
			x->rt_cycles = rt;
			x->switched_out = out;
		}
	}
	d->n = 0;
	d->cpu = w->cpu;
	d->from_cpu = w->from_cpu;
	for (i = 0; i < HG_MECH_N; i++) {
		if (!all[i].cycles)
			continue;
		all[i].mech = (enum hg_mech)i;
		d->m[d->n++] = all[i];
	}
	qsort(d->m, d->n, sizeof(d->m[0]), by_cycles);
}

void hg_kmech_sum_add(struct hg_kmech_sum *s, const struct hg_kdiag *d)
{
	uint32_t i;

	for (i = 0; i < d->n; i++) {
		const struct hg_kmech *m = &d->m[i];
		struct hg_kmech_sum *x = &s[m->mech];

		x->count += m->count;
		x->windows++;
		x->cycles += m->cycles;
		if (m->max_cycles > x->max_cycles)
			x->max_cycles = m->max_cycles;
		if (m->lead.cycles > x->lead.cycles) {
			x->lead = m->lead;
			x->rt_cycles = m->rt_cycles;
			x->switched_out = m->switched_out;
			x->cpu = d->cpu;
			x->from_cpu = d->from_cpu;
		}
	}
}
