// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kslices.c - the kernel's events replayed into slices (the rules are
 * kslices.h's)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/kslices.h"
#include "util/timeval.h"

#define MAX_DEPTH 16

struct open_ctx {
	uint8_t type;		/* the entry's event type */
	struct hg_kslice s;
};

struct cpu_replay {
	const struct hg_trace *t;
	const struct hg_kevents *k;
	const struct comms *comms;	/* the names of the tasks that ran first */
	uint32_t cpu;
	struct open_ctx stack[MAX_DEPTH];
	unsigned int depth;
	struct hg_kslice task;	/* the task running */
	int task_known;		/* its pid and name are (a switch said) */
	hg_kslice_fn fn;
	void *arg;
};

static int is_ours(const struct hg_trace *t, uint32_t pid)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (pid && t->threads[i].tid == pid)
			return 1;
	return 0;
}

/* A task that ran first on a CPU (before its first switch), and its name. */
struct comm {
	uint32_t pid;
	uint32_t name;		/* HG_KEV_NO_NAME: no event gives it */
};

/* Those of every CPU, by pid, found before the replay in one pass over the events. */
struct comms {
	struct comm *v;
	size_t n;
};

static int by_pid(const void *pa, const void *pb)
{
	const struct comm *a = pa, *b = pb;

	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

static struct comm *find_comm(const struct comms *c, uint32_t pid)
{
	size_t lo = 0, hi = c->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (c->v[mid].pid < pid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < c->n && c->v[lo].pid == pid ? &c->v[lo] : NULL;
}

/* Whether @e gives the name of its task (field a). */
static int names_task(const struct hg_kev *e)
{
	return e->name != HG_KEV_NO_NAME && (e->type == HG_KEV_SWITCH ||
					     e->type == HG_KEV_WAKEUP || e->type == HG_KEV_MIGRATE);
}

/* The first switch of each CPU inside its capture: the task it switches out. */
static size_t first_tasks(const struct hg_kevents *k, struct comm *v)
{
	uint64_t e = 0;
	uint32_t c;
	size_t n = 0;

	for (c = 0; c < k->ncpus; c++) {
		const struct hg_kcpu *cpu = &k->cpus[c];
		int found = 0;

		while (e < k->n && k->ev[e].cpu < cpu->cpu)
			e++;
		for (; e < k->n && k->ev[e].cpu == cpu->cpu; e++)
			if (!found && k->ev[e].type == HG_KEV_SWITCH &&
			    k->ev[e].cycles >= cpu->begin_cycles &&
			    k->ev[e].cycles <= cpu->end_cycles) {
				v[n++] = (struct comm){ .pid = k->ev[e].b, .name = HG_KEV_NO_NAME };
				found = 1;
			}
	}
	return n;
}

/* The names of the tasks the CPUs' first switches switch out, each from its first event. */
static int find_comms(const struct hg_kevents *k, struct comms *c)
{
	uint64_t i;
	size_t j, n;

	c->v = malloc((k->ncpus ? k->ncpus : 1) * sizeof(*c->v));
	if (!c->v)
		return -ENOMEM;
	n = first_tasks(k, c->v);
	if (n)
		qsort(c->v, n, sizeof(*c->v), by_pid);
	for (c->n = 0, j = 0; j < n; j++)	/* each pid once */
		if (!c->n || c->v[c->n - 1].pid != c->v[j].pid)
			c->v[c->n++] = c->v[j];
	for (i = 0; i < k->n && c->n; i++) {
		struct comm *m;

		if (names_task(&k->ev[i]) && (m = find_comm(c, k->ev[i].a)) &&
		    m->name == HG_KEV_NO_NAME)
			m->name = k->ev[i].name;
	}
	return 0;
}

/* @pid's name from the first event that gives it, or "?" ("swapper" for pid 0). */
static const char *comm_of(const struct hg_kevents *k, const struct comms *c, uint32_t pid)
{
	const struct comm *m = find_comm(c, pid);

	if (m && m->name != HG_KEV_NO_NAME)
		return hg_kevents_name(k, m->name);
	return pid ? "?" : "swapper";
}

/* End the innermost @n contexts at @at. */
static int close_ctx(struct cpu_replay *r, unsigned int n, uint64_t at)
{
	int ret = 0;

	while (n-- && r->depth && !ret) {
		struct hg_kslice *s = &r->stack[--r->depth].s;

		s->end_cycles = at;
		ret = r->fn(s, r->arg);
	}
	return ret;
}

static void ctx_name(const struct hg_kevents *k, const struct hg_kev *e, enum hg_kcause kind,
		     char *buf, size_t len)
{
	if (e->type == HG_KEV_IRQ_ENTRY)
		snprintf(buf, len, "%u:%s", e->a, hg_kevents_name(k, e->name));
	else if (e->type == HG_KEV_SOFTIRQ_ENTRY)
		snprintf(buf, len, "%s", hg_kev_softirq_name(e->a));
	else if (kind == HG_KC_IRQ && e->type == HG_KEV_VEC_ENTRY)
		snprintf(buf, len, "%s", hg_kevents_name(k, e->name));
	else
		snprintf(buf, len, "%s", e->name == HG_KEV_NO_NAME ? "hrtimer" :
			 hg_kevents_name(k, e->name));
}

static void open_ctx(struct cpu_replay *r, const struct hg_kev *e, enum hg_kcause kind,
		     uint64_t at)
{
	struct open_ctx *c;

	if (r->depth >= MAX_DEPTH)
		return;
	c = &r->stack[r->depth];
	memset(c, 0, sizeof(*c));
	c->type = e->type;
	c->s.cpu = r->cpu;
	c->s.kind = kind;
	c->s.depth = r->depth++;
	c->s.start_cycles = at;
	ctx_name(r->k, e, kind, c->s.name, sizeof(c->s.name));
}

/* An exit: the innermost entry of its type ends, with those inside it. */
static int exit_ctx(struct cpu_replay *r, uint8_t entry_type, uint64_t at)
{
	unsigned int d = r->depth;

	while (d > 0 && r->stack[d - 1].type != entry_type)
		d--;
	return d ? close_ctx(r, r->depth - d + 1, at) : 0;
}

static int end_task(struct cpu_replay *r, uint64_t at)
{
	if (at <= r->task.start_cycles)
		return 0;
	r->task.end_cycles = at;
	return r->fn(&r->task, r->arg);
}

static int nmi(struct cpu_replay *r, const struct hg_kev *e)
{
	uint64_t d = hg_ns_to_cycles((uint64_t)e->a, r->t->calib.tsc_hz);
	struct hg_kslice s = {
		.cpu = r->cpu, .kind = HG_KC_NMI, .depth = r->depth, .end_cycles = e->cycles,
		.start_cycles = e->cycles > d ? e->cycles - d : 0,
	};

	snprintf(s.name, sizeof(s.name), "%s", hg_kevents_name(r->k, e->name));
	return r->fn(&s, r->arg);
}

static int event(struct cpu_replay *r, const struct hg_kev *e)
{
	const struct hg_kevents *k = r->k;
	int ret = 0;

	switch (e->type) {
	case HG_KEV_SWITCH:
		if (!r->task_known) {	/* who ran from the start: the one leaving */
			r->task.pid = e->b;
			r->task.ours = is_ours(r->t, e->b);
			snprintf(r->task.name, sizeof(r->task.name), "%s", comm_of(k, r->comms, e->b));
		}
		ret = close_ctx(r, r->depth, e->cycles);
		if (!ret)
			ret = end_task(r, e->cycles);
		r->task.start_cycles = e->cycles;
		r->task.pid = e->a;
		r->task.ours = is_ours(r->t, e->a);
		snprintf(r->task.name, sizeof(r->task.name), "%s", hg_kevents_name(k, e->name));
		r->task_known = 1;
		return ret;
	case HG_KEV_IRQ_ENTRY:
		open_ctx(r, e, HG_KC_IRQ, e->cycles);
		return 0;
	case HG_KEV_SOFTIRQ_ENTRY:
		open_ctx(r, e, HG_KC_SOFTIRQ, e->cycles);
		return 0;
	case HG_KEV_VEC_ENTRY:
		open_ctx(r, e, hg_kattr_vector_kind(hg_kevents_name(k, e->name)), e->cycles);
		return 0;
	case HG_KEV_HRTIMER_ENTRY:
		open_ctx(r, e, HG_KC_TIMER, e->cycles);
		return 0;
	case HG_KEV_IRQ_EXIT:
	case HG_KEV_SOFTIRQ_EXIT:
	case HG_KEV_VEC_EXIT:
	case HG_KEV_HRTIMER_EXIT:
		return exit_ctx(r, (uint8_t)(e->type - 1), e->cycles);
	case HG_KEV_NMI:
		return nmi(r, e);
	case HG_KEV_LOST:	/* what was open is not known to go on */
		return close_ctx(r, r->depth, e->cycles);
	default:
		return 0;
	}
}

static int one_cpu(struct cpu_replay *r, const struct hg_kcpu *c, uint64_t lo, uint64_t hi)
{
	const struct hg_kevents *k = r->k;
	uint64_t i;
	int ret = 0;

	r->task.cpu = c->cpu;
	r->task.kind = HG_KC_TASK;
	r->task.start_cycles = c->begin_cycles;
	for (i = lo; i < hi && !ret; i++)
		if (k->ev[i].cycles >= c->begin_cycles && k->ev[i].cycles <= c->end_cycles)
			ret = event(r, &k->ev[i]);
	if (!ret)
		ret = close_ctx(r, r->depth, c->end_cycles);
	if (!ret && r->task_known)
		ret = end_task(r, c->end_cycles);
	return ret;
}

int hg_kslices(const struct hg_trace *t, hg_kslice_fn fn, void *arg)
{
	const struct hg_kevents *k = t->kev;
	struct comms comms = { 0 };
	uint64_t e = 0;
	uint32_t c;
	int ret;

	if (!k)
		return -ENODATA;
	ret = find_comms(k, &comms);
	for (c = 0; c < k->ncpus && !ret; c++) {
		struct cpu_replay r = { .t = t, .k = k, .comms = &comms, .cpu = k->cpus[c].cpu,
					.fn = fn, .arg = arg };
		uint64_t lo;

		while (e < k->n && k->ev[e].cpu < r.cpu)
			e++;
		lo = e;
		while (e < k->n && k->ev[e].cpu == r.cpu)
			e++;
		ret = one_cpu(&r, &k->cpus[c], lo, e);
	}
	free(comms.v);
	return ret;
}
