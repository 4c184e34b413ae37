// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kslreplay.c - one CPU's kernel events replayed into slices (the rules
 * are kslreplay.h's)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/kernel/kslreplay.h"

static int is_ours(const struct hg_trace *t, uint32_t pid)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (pid && t->threads[i].tid == pid)
			return 1;
	return 0;
}

static int by_pid(const void *pa, const void *pb)
{
	const struct hg_kslcomm *a = pa, *b = pb;

	return a->pid < b->pid ? -1 : a->pid > b->pid;
}

static struct hg_kslcomm *find_comm(const struct hg_kslcomms *c, uint32_t pid)
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
static size_t first_tasks(const struct hg_kevents *k, struct hg_kslcomm *v)
{
	uint64_t e;
	uint32_t c;
	size_t n = 0;

	for (c = 0; c < k->ncpus; c++) {
		const struct hg_kcpu *cpu = &k->cpus[c];
		int found = 0;

		for (e = hg_kevents_find(k, cpu->cpu, 0); !found && e < k->n; e++) {
			struct hg_kev x = hg_kevents_ev(k, e);

			if (x.cpu != cpu->cpu)
				break;
			if (x.type == HG_KEV_SWITCH && x.cycles >= cpu->begin_cycles &&
			    x.cycles <= cpu->end_cycles) {
				v[n++] = (struct hg_kslcomm){ .pid = x.b, .name = HG_KEV_NO_NAME };
				found = 1;
			}
		}
	}
	return n;
}

int hg_kslreplay_comms(const struct hg_kevents *k, struct hg_kslcomms *c)
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
		struct hg_kev e = hg_kevents_ev(k, i);
		struct hg_kslcomm *m;

		if (names_task(&e) && (m = find_comm(c, e.a)) && m->name == HG_KEV_NO_NAME)
			m->name = e.name;
	}
	return 0;
}

/* @pid's name from the first event that gives it, or "?" ("swapper" for pid 0). */
static const char *comm_of(const struct hg_kevents *k, const struct hg_kslcomms *c,
			   uint32_t pid)
{
	const struct hg_kslcomm *m = find_comm(c, pid);

	if (m && m->name != HG_KEV_NO_NAME)
		return hg_kevents_name(k, m->name);
	return pid ? "?" : "swapper";
}

/* A context's name, as explain names it. */
static void ctx_name(const struct hg_kevents *k, const struct hg_kctx *c, char *buf, size_t len)
{
	if (c->type == HG_KEV_IRQ_ENTRY)
		snprintf(buf, len, "%u:%s", c->a, hg_kevents_name(k, c->name));
	else if (c->type == HG_KEV_SOFTIRQ_ENTRY)
		snprintf(buf, len, "%s", hg_kev_softirq_name(c->a));
	else if ((c->kind == HG_KC_IRQ && c->type == HG_KEV_VEC_ENTRY) || c->type == HG_KEV_NMI)
		snprintf(buf, len, "%s", hg_kevents_name(k, c->name));
	else
		snprintf(buf, len, "%s", c->name == HG_KEV_NO_NAME ? "hrtimer" :
			 hg_kevents_name(k, c->name));
}

void hg_kslreplay_ctx(const struct hg_kslreplay *r, const struct hg_kctx *c, unsigned int depth,
		uint64_t at, struct hg_kslice *s)
{
	*s = (struct hg_kslice){
		.cpu = r->task.cpu, .kind = (enum hg_kcause)c->kind, .depth = depth,
		.start_cycles = c->start, .end_cycles = at, .carried = c->seen,
	};
	ctx_name(r->k, c, s->name, sizeof(s->name));
}

/* A context ended: its slice, at its depth (the contexts that held it). */
static int close_ctx(struct hg_kreplay *rp, const struct hg_kctx *c, uint64_t at)
{
	struct hg_kslreplay *r = rp->arg;
	struct hg_kslice s;

	if (r->ended)
		r->ended(r, c, rp->depth, at);
	hg_kslreplay_ctx(r, c, rp->depth, at, &s);
	return r->fn(&s, r->arg);
}

int hg_kslreplay_end_task(struct hg_kslreplay *r, uint64_t at)
{
	if (r->ended)
		r->ended(r, NULL, 0, at);
	if (at <= r->task.start_cycles)
		return 0;
	r->task.end_cycles = at;
	return r->fn(&r->task, r->arg);
}

void hg_kslreplay_name_first(struct hg_kslreplay *r, uint32_t pid)
{
	r->task.pid = pid;
	r->task.ours = is_ours(r->t, pid);
	snprintf(r->task.name, sizeof(r->task.name), "%s", comm_of(r->k, r->comms, pid));
}

/* A switch: the task leaving ends (named from it when the first), the next starts. */
static int switch_task(struct hg_kreplay *rp, const struct hg_kev *e)
{
	struct hg_kslreplay *r = rp->arg;
	int ret;

	if (!rp->task_known)	/* who ran from the start: the one leaving */
		hg_kslreplay_name_first(r, e->b);
	ret = hg_kslreplay_end_task(r, e->cycles);
	r->task.start_cycles = e->cycles;
	r->task.pid = e->a;
	r->task.ours = is_ours(r->t, e->a);
	r->task.carried = 0;
	snprintf(r->task.name, sizeof(r->task.name), "%s", hg_kevents_name(r->k, e->name));
	return ret;
}

static const struct hg_kreplay_ops slice_ops = { .close = close_ctx, .task = switch_task };

void hg_kslreplay_bind(struct hg_kslreplay *r)
{
	r->r.ops = &slice_ops;
	r->r.arg = r;
}

void hg_kslreplay_init(struct hg_kslreplay *r, const struct hg_trace *t,
			const struct hg_kslcomms *comms, const struct hg_kcpu *c,
			hg_kslice_fn fn, void *arg)
{
	*r = (struct hg_kslreplay){ .t = t, .k = t->kev, .comms = comms, .fn = fn, .arg = arg };
	hg_kreplay_init(&r->r, t->kev, t->calib.tsc_hz, c->begin_cycles, &slice_ops, r);
	r->task.cpu = c->cpu;
	r->task.kind = HG_KC_TASK;
	r->task.start_cycles = c->begin_cycles;
}

int hg_kslreplay_event(struct hg_kslreplay *r, const struct hg_kev *e, const struct hg_kcpu *c)
{
	if (e->cycles < c->begin_cycles || e->cycles > c->end_cycles)
		return 0;
	return hg_kreplay_event(&r->r, e);
}

int hg_kslreplay_end(struct hg_kslreplay *r, uint64_t end)
{
	int ret = hg_kreplay_close(&r->r, end);

	if (!ret && r->r.task_known)
		ret = hg_kslreplay_end_task(r, end);
	return ret;
}
