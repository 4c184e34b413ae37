// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * onthresh.c - --on-threshold in the main thread of a run
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "run/action.h"
#include "run/onthresh.h"
#include "run/runint.h"
#include "trace/msg.h"
#include "util/timeval.h"

#define POLL_NS	100000000ULL	/* armed: a wake-up lost to a race waits no longer */

int hg_onthresh_init(struct run *r)
{
	const struct hg_config *cfg = r->cfg;
	unsigned int i;

	r->brk.tsc_hz = r->calib.tsc_hz;
	for (i = 0; i < cfg->on_threshold.n; i++) {
		unsigned int type = cfg->on_threshold.a[i].type;

		if (type == HG_ACT_SIGNAL || type == HG_ACT_SHELL)
			r->onth.act = true;
	}
	if (!cfg->over_keep)
		return 0;
	r->onth.worst = hg_worst_alloc(cfg->nthreads, cfg->over_keep);
	if (!r->onth.worst)
		return -ENOMEM;
	r->brk.worst = r->onth.worst;
	r->brk.nworst = cfg->nthreads;
	atomic_store(&r->brk.armed, r->onth.act);
	return 0;
}

/* The signal and shell actions for @e, each failure said in one line. */
static void act(struct run *r, const struct hg_worst_ev *e)
{
	const struct hg_config *cfg = r->cfg;
	struct hg_action_event ev = {
		.kind = hg_break_kind_name(e->kind), .thread = e->thread, .cpu = e->cpu,
		.at_ns = e->at_cycles > r->cycles_t0 ?
			 hg_cycles_to_ns(e->at_cycles - r->cycles_t0, r->calib.tsc_hz) : 0,
		.value_ns = e->value_ns, .threshold_ns = cfg->break_ns,
	};
	char msg[320];
	unsigned int i;

	for (i = 0; i < cfg->on_threshold.n; i++)
		if (hg_action_do(&cfg->on_threshold.a[i], &ev, msg, sizeof(msg)))
			hg_msg("--on-threshold %s", msg);
}

uint64_t hg_onthresh_poll(struct run *r, uint64_t now)
{
	struct hg_break *b = &r->brk;
	struct hg_worst_ev e;

	if (!b->worst || !r->onth.act)
		return UINT64_MAX;
	if (atomic_load_explicit(&b->pending_ready, memory_order_acquire)) {
		e = b->pending;
		atomic_store_explicit(&b->pending_ready, 0, memory_order_relaxed);
		act(r, &e);
		r->onth.acted++;
		r->onth.rearm_ns = now + HG_ONTHRESH_EVERY_NS;
		return r->onth.rearm_ns;
	}
	if (atomic_load_explicit(&b->armed, memory_order_relaxed))
		return now + POLL_NS;
	if (now < r->onth.rearm_ns)
		return r->onth.rearm_ns;
	atomic_store_explicit(&b->armed, 1, memory_order_release);
	return now + POLL_NS;
}

void hg_onthresh_stopped(struct run *r)
{
	struct hg_break *b = &r->brk;
	struct hg_worst_ev e;

	if (b->worst) {		/* continue: one handed over as the run ended */
		hg_onthresh_poll(r, 0);
		return;
	}
	if (!r->onth.act || !atomic_load(&b->fired))
		return;
	e = (struct hg_worst_ev){
		.kind = b->kind, .thread = b->thread, .cpu = b->cpu, .at_cycles = b->at_cycles,
		.value_ns = b->kind == HG_BREAK_GAP ? hg_cycles_to_ns(b->value, r->calib.tsc_hz) :
			    b->value,
	};
	act(r, &e);
}

void hg_onthresh_note(struct run *r, struct hg_trace *t)
{
	const struct hg_config *cfg = r->cfg;
	struct hg_over *o;
	unsigned int i;
	int n = -ENOMEM;

	if (!r->brk.worst)
		return;
	o = calloc(1, sizeof(*o));
	if (o)
		o->ev = calloc(cfg->over_keep, sizeof(*o->ev));
	if (o && o->ev)
		n = hg_worst_merge(r->onth.worst, cfg->nthreads, cfg->over_keep, o->ev, &o->count);
	if (n < 0) {
		hg_over_free(o);
		hg_msg("--on-threshold continue: out of memory: the events "
			"past the threshold are not kept");
		return;
	}
	o->threshold_ns = cfg->break_ns;
	o->on = cfg->break_on;
	o->keep = cfg->over_keep;
	for (i = 0; i < cfg->on_threshold.n; i++) {
		unsigned int type = cfg->on_threshold.a[i].type;

		o->actions |= type == HG_ACT_SIGNAL ? HG_OVER_SIGNAL :
			      type == HG_ACT_SHELL ? HG_OVER_SHELL :
			      type == HG_ACT_TRACE ? HG_OVER_TRACE : 0;
	}
	o->acted = r->onth.acted;
	o->n = (uint32_t)n;
	hg_over_free(t->over);
	t->over = o;
	t->flags |= HG_TRACE_OVER;
}

void hg_onthresh_free(struct run *r)
{
	r->brk.worst = NULL;
	r->brk.nworst = 0;
	if (r->onth.worst)
		hg_worst_free(r->onth.worst, r->cfg->nthreads);
	r->onth.worst = NULL;
}
