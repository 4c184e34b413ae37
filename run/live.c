// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * live.c - look at a run while it goes on: copies of the threads'
 * statistics and records (SIGUSR1 snapshots, the periodic hooks), the
 * status line's numbers, and the set-up and the note of --break
 *
 * Called by the main thread only; it reads what the measuring threads go
 * on writing and never waits for them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "run/cpulist.h"
#include "run/kcapture.h"
#include "run/live.h"
#include "run/onthresh.h"
#include "run/reserve.h"
#include "run/runint.h"
#include "trace/counter.h"
#include "trace/msg.h"
#include "util/timeval.h"

/* Thread @w's description: workload, priority, model, parameters, timer, CPUs, unit. */
static void label(struct hg_trace_thread *tt, const struct worker *w, const cpu_set_t *online)
{
	const struct hg_thread_cfg *c = w->cfg;

	c->wl->describe(&c->wp, tt->workload, sizeof(tt->workload));
	if (c->reserve != HG_RESERVE_NONE)	/* it replaces -p */
		hg_reserve_describe(c->reserve, c->reserve_budget_ns, c->reserve_period_ns,
				    tt->priority, sizeof(tt->priority));
	else
		hg_prio_describe(&c->prio, tt->priority, sizeof(tt->priority));
	tt->model = c->wl->model;
	tt->period_ns = c->wp.period_ns;
	tt->deadline_ns = c->wp.deadline_ns;
	tt->rt_prio = hg_prio_is_rt(&c->prio) ? c->prio.value : HG_NO_RT_PRIO;
	tt->wcet_ns = c->wcet_ns;
	if (!tt->wcet_ns && c->wl->wcet && c->wl->wcet(&c->wp, &tt->wcet_ns))
		tt->wcet_ns = 0;
	tt->jitter_ns = c->jitter_ns;
	tt->blocking_ns = c->blocking_ns;
	tt->ncs = c->wp.ncs;
	memcpy(tt->cs, c->wp.cs, sizeof(tt->cs));
	tt->reserve = c->reserve;
	tt->reserve_budget_ns = c->reserve_budget_ns;
	tt->reserve_period_ns = c->reserve_period_ns;
	if (w->timer_name) {
		snprintf(tt->timer, sizeof(tt->timer), "%s", w->timer_name);
		tt->timer_res_ns = w->timer_res_ns;
	}
	hg_cpulist_format(c->pinned ? &c->cpus : online, tt->cpus, sizeof(tt->cpus));
	if (c->wl->unit)
		snprintf(tt->unit, sizeof(tt->unit), "%s", c->wl->unit);
}

void hg_live_thread_state(struct hg_trace_thread *tt, const struct worker *w,
			  const cpu_set_t *online, uint64_t end_cycles)
{
	label(tt, w, online);
	tt->gap_threshold_cycles = w->gap_cycles;
	/* a LAT thread sleeps on its timer: no gap loop, no hiccups */
	tt->hiccup_cycles = tt->model == HG_MODEL_LAT ? 0 : w->hiccup_cycles;
	tt->begin_cycles = w->begin;
	tt->end_cycles = end_cycles;
	tt->tid = (uint32_t)w->tid;
	tt->dropped = w->writer.dropped;
}

/* The histograms of struct hg_tstats, in the order of their offsets. */
static const size_t hist_off[] = {
	offsetof(struct hg_tstats, gaps),
	offsetof(struct hg_tstats, events),
	offsetof(struct hg_tstats, jitter),
};
#define NHIST (sizeof(hist_off) / sizeof(hist_off[0]))

/*
 * Copy (@cmp false) or compare (@cmp true: 0 when the same) @a and @b as
 * @a is copied from @b, the buckets of a histogram only when @a's count of
 * it is not 0: the pages of a histogram the thread never counted in are
 * never read (a read would make them resident in its locked memory).
 */
static int stats_pass(struct hg_tstats *a, const struct hg_tstats *b, bool cmp)
{
	char *to = (char *)a;
	const char *from = (const char *)b;
	size_t at = 0, i, bk, n = sizeof(((struct hg_hist *)0)->bucket);
	int d = 0;

	for (i = 0; i <= NHIST; i++) {
		size_t end = i < NHIST ? hist_off[i] + offsetof(struct hg_hist, bucket) :
			     sizeof(*a);

		if (cmp)
			d |= memcmp(to + at, from + at, end - at);
		else
			memcpy(to + at, from + at, end - at);
		if (i == NHIST)
			break;
		bk = end;
		at = bk + n;
		if (!((const struct hg_hist *)(to + hist_off[i]))->count)
			continue;
		if (cmp)
			d |= memcmp(to + bk, from + bk, n);
		else
			memcpy(to + bk, from + bk, n);
	}
	return d;
}

/*
 * A copy of a statistics struct that a thread goes on updating: copied
 * twice until both agree (nothing changed in between); a thread caught
 * between two fields of one update for that long leaves a count one off
 * its buckets, so the counts are taken from the buckets. @dst's buckets
 * are zero (a fresh trace's).
 */
static void stable_stats(struct hg_tstats *dst, const struct hg_tstats *src,
			 struct hg_tstats *scratch)
{
	struct hg_hist *h[] = { &dst->gaps, &dst->events, &dst->jitter };
	unsigned int k, i, b;

	for (k = 0; k < 16; k++) {
		stats_pass(dst, src, false);
		stats_pass(scratch, src, false);
		if (!stats_pass(dst, scratch, true))
			break;
	}
	for (i = 0; i < sizeof(h) / sizeof(h[0]); i++) {
		uint64_t n = 0;

		if (!h[i]->count)
			continue;
		for (b = 0; b < HG_HIST_BUCKETS; b++)
			n += h[i]->bucket[b];
		h[i]->count = n;
	}
}

/* One thread of a live copy; its records too with @records. */
static int live_thread(struct run *r, struct hg_trace *s, unsigned int i, bool records)
{
	struct worker *w = &r->w[i];
	struct hg_trace_thread *tt = &s->threads[i];
	uint64_t room, first;

	hg_live_thread_state(tt, w, &r->online,
			     w->end < s->stop_cycles ? w->end : s->stop_cycles);
	stable_stats(&tt->stats, w->stats, r->scratch);
	if (!records)
		return 0;
	room = hg_writer_snapshot_room(&w->writer);
	tt->recs = malloc(room ? room * sizeof(*tt->recs) : 1);
	if (!tt->recs)
		return -ENOMEM;
	tt->stored = hg_writer_snapshot(&w->writer, tt->recs, room, &first);
	/* an interval whose last piece is not finished yet is left out */
	while (tt->stored && (tt->recs[tt->stored - 1].flags & HG_REC_CONTINUED) &&
	       !(tt->recs[tt->stored - 1].flags & HG_REC_EVENT))
		tt->stored--;
	tt->overwritten = first;
	if (first && tt->stored)
		tt->complete_since_cycles = tt->recs[0].start_cycles;
	return 0;
}

/* The run so far, as a trace of its own (flagged a snapshot), or NULL. */
static struct hg_trace *live_trace(struct run *r, const struct hg_trace *t, bool records)
{
	struct hg_trace *s = hg_trace_alloc(r->cfg->nthreads);
	unsigned int i;
	size_t k;

	if (!s)
		return NULL;
	s->flags = t->flags | HG_TRACE_SNAPSHOT;
	s->calib = t->calib;
	s->t0_cycles = t->t0_cycles;
	s->duration_ns = t->duration_ns;
	s->mono_start_ns = t->mono_start_ns;
	s->mono_start_cycles = t->mono_start_cycles;
	s->realtime_start_ns = t->realtime_start_ns;
	s->capacity = t->capacity;
	s->histogram_us = t->histogram_us;
	s->nthresholds = t->nthresholds;
	memcpy(s->thresholds_ns, t->thresholds_ns, sizeof(s->thresholds_ns));
	s->pid = t->pid;
	s->nlocks = t->nlocks;
	memcpy(s->locks, t->locks, sizeof(s->locks));
	s->cmdline = strdup(t->cmdline ? t->cmdline : "");
	for (k = 0; k < t->nsys && s->cmdline; k++)
		if (hg_trace_add_sys(s, t->sys[k].key, t->sys[k].value))
			break;
	s->stop_cycles = hg_counter_read();
	hg_clock_pair(CLOCK_MONOTONIC, &s->mono_end_ns, &s->mono_end_cycles);
	if (!s->cmdline || k < t->nsys) {
		hg_trace_free(s);
		return NULL;
	}
	for (i = 0; i < r->cfg->nthreads; i++) {
		if (live_thread(r, s, i, records)) {
			hg_trace_free(s);
			return NULL;
		}
	}
	return s;
}

void hg_live_status(struct run *r, uint64_t now_ns)
{
	hg_live_main_lower();
	const struct hg_run_monitor *m = r->mon;
	uint64_t window = now_ns - r->prev_ns;
	unsigned int i;

	for (i = 0; i < r->cfg->nthreads; i++) {
		const struct worker *w = &r->w[i];
		const struct hg_tstats *st = w->stats;
		const struct hg_tracer *tr = &w->tracer;
		struct hg_status_thread *o = &r->status[i];
		uint64_t *p = &r->prev[4 * (size_t)i];
		/* read as they are: a figure a moment old is good enough here */
		uint64_t recv = st->received_cycles + (tr->running && tr->last > tr->start ?
						       tr->last - tr->start : 0);
		uint64_t gaps = st->gaps.count, n = st->events.count, sum = st->events.sum;

		o->model = w->cfg->wl->model;
		o->window_ns = window;
		o->received_ns = recv > p[0] ? hg_cycles_to_ns(recv - p[0], r->calib.tsc_hz) : 0;
		if (o->received_ns > window)
			o->received_ns = window;
		o->gaps = gaps > p[1] ? gaps - p[1] : 0;
		o->lat_samples = n > p[2] ? n - p[2] : 0;
		o->lat_ns = o->lat_samples && sum > p[3] ? (sum - p[3]) / o->lat_samples : 0;
		o->lat_max_ns = n ? st->events.max : 0;
		o->hits = st->hits;
		o->misses = st->misses;
		p[0] = recv;
		p[1] = gaps;
		p[2] = n;
		p[3] = sum;
	}
	r->prev_ns = now_ns;
	m->status(m->arg, now_ns - r->mono_t0_ns, r->cfg->duration_ns, r->status,
		  r->cfg->nthreads);
	hg_live_main_raise(r->cfg);
}


/* --kernel: the kernel's events so far into the copy @s, or a warning saying why not. */
static void live_kernel(struct run *r, struct hg_trace *s)
{
	char err[256];

	if (!r->kcap)
		return;
	if (hg_kcapture_snapshot(r->kcap, s, &s->kev, err, sizeof(err))) {
		hg_warn("the copy has no kernel events: %s", err);
		s->flags &= ~(uint32_t)HG_TRACE_KEVENTS;
		return;
	}
	s->flags |= HG_TRACE_KEVENTS;
}

void hg_live_copy(struct run *r, const struct hg_trace *t, bool records)
{
	const struct hg_run_monitor *m = r->mon;
	struct hg_trace *s;

	hg_live_main_lower();
	s = live_trace(r, t, records);
	if (s && records)
		live_kernel(r, s);
	if (!s)
		hg_msg("cannot take a copy of the run: out of memory");
	else if (records)
		m->snapshot(m->arg, s);
	else
		m->periodic(m->arg, s);
	hg_trace_free(s);
	hg_live_main_raise(r->cfg);
}

/* --break: the stop flag raised in a measuring thread reaches the main one. */
static void wake_main(void *arg)
{
	struct run *r = arg;

	pthread_kill(r->main, HG_WAKE_SIGNAL);
}

/* Open tracefs's trace_marker and tracing_on, or say once why not. */
static void open_tracefs(struct hg_break *b)
{
	static const char *const dirs[] = { "/sys/kernel/tracing", "/sys/kernel/debug/tracing" };
	char path[64];
	unsigned int i;
	int e = ENOENT;

	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		snprintf(path, sizeof(path), "%s/trace_marker", dirs[i]);
		b->marker_fd = open(path, O_WRONLY | O_CLOEXEC);
		if (b->marker_fd < 0) {
			if (errno != ENOENT)
				e = errno;
			continue;
		}
		snprintf(path, sizeof(path), "%s/tracing_on", dirs[i]);
		b->tracing_on_fd = open(path, O_WRONLY | O_CLOEXEC);
		if (b->tracing_on_fd >= 0)
			return;
		e = errno;
		close(b->marker_fd);
		b->marker_fd = -1;
	}
	hg_msg("note: --break: no writable tracefs (/sys/kernel/tracing: %s%s): "
		"a kernel trace beside the run is neither marked nor stopped", strerror(e),
		e == EACCES || e == EPERM ? "; needs root" : "");
}

static void setup_break(struct run *r)
{
	const struct hg_config *cfg = r->cfg;

	r->brk.on = cfg->break_on;
	r->brk.threshold_ns = cfg->break_ns;
	r->brk.threshold_cycles = hg_ns_to_cycles(cfg->break_ns, r->calib.tsc_hz);
	r->brk.wake = wake_main;
	r->brk.wake_arg = r;
	if (cfg->break_on & HG_BREAK_GAP && !r->brk.threshold_cycles)
		r->brk.threshold_cycles = 1;
	if (!cfg->over_keep)	/* continue: the run and the kernel trace go on */
		open_tracefs(&r->brk);
}

void hg_live_break_note(struct run *r, struct hg_trace *t)
{
	struct hg_break *b = &r->brk;

	hg_onthresh_note(r, t);
	if (!atomic_load(&b->fired) || b->worst)
		return;
	t->flags |= HG_TRACE_BREAK;
	t->break_kind = b->kind;
	t->break_thread = b->thread;
	t->break_cpu = b->cpu;
	t->break_at_cycles = b->at_cycles;
	t->break_value = b->value;
	t->break_threshold_ns = b->threshold_ns;
	t->break_marked = b->marker_fd >= 0 && b->tracing_on_fd >= 0 && !b->unmarked;
}

int hg_live_init(struct run *r)
{
	const struct hg_config *cfg = r->cfg;

	r->scratch = calloc(1, sizeof(*r->scratch));
	r->status = calloc(cfg->nthreads, sizeof(*r->status));
	r->prev = calloc(4 * (size_t)cfg->nthreads, sizeof(*r->prev));
	if (!r->scratch || !r->status || !r->prev)
		return -ENOMEM;
	if (cfg->break_ns) {
		setup_break(r);
		return hg_onthresh_init(r);
	}
	return 0;
}

void hg_live_free(struct run *r)
{
	hg_onthresh_free(r);
	if (r->brk.marker_fd >= 0)
		close(r->brk.marker_fd);
	if (r->brk.tracing_on_fd >= 0)
		close(r->brk.tracing_on_fd);
	free(r->scratch);
	free(r->status);
	free(r->prev);
}

void hg_live_main_raise(const struct hg_config *cfg)
{
	struct sched_param sp = { .sched_priority = HG_PRIO_MAIN_RT };
	unsigned int i;

	/* the clock must be able to preempt real-time workers to stop them */
	for (i = 0; i < cfg->nthreads; i++) {
		if (hg_prio_is_rt(&cfg->threads[i].prio)) {
			pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
			return;
		}
	}
}

void hg_live_main_lower(void)
{
	struct sched_param sp = { 0 };

	pthread_setschedparam(pthread_self(), SCHED_OTHER, &sp);
}
