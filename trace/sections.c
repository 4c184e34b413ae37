// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sections.c - the payloads of the trace file's RUN and THREAD sections:
 * every field of a run and of a thread, in order (file.c frames them)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "trace/brk.h"
#include "trace/sections.h"

void hg_sec_put_calib(struct hg_buf *b, const struct hg_calib *k)
{
	hg_put_u64(b, k->tsc_hz);
	hg_put_u32(b, k->rounds);
	hg_put_u32(b, k->agree_ppm);
	hg_put_u32(b, k->counter_read_cycles);
	hg_put_u32(b, k->bare_loop_mcycles);
	hg_put_u32(b, k->gap_loop_mcycles);
	hg_put_u32(b, k->iter_p999_cycles);
	hg_put_u64(b, k->gap_threshold_cycles);
	hg_put_u64(b, k->gap_threshold_ns);
	hg_put_u32(b, (uint32_t)k->invariant | (uint32_t)k->threshold_given << 1);
}

void hg_sec_get_calib(struct hg_cur *c, struct hg_calib *k)
{
	uint32_t f;

	k->tsc_hz = hg_get_u64(c);
	k->rounds = hg_get_u32(c);
	k->agree_ppm = hg_get_u32(c);
	k->counter_read_cycles = hg_get_u32(c);
	k->bare_loop_mcycles = hg_get_u32(c);
	k->gap_loop_mcycles = hg_get_u32(c);
	k->iter_p999_cycles = hg_get_u32(c);
	k->gap_threshold_cycles = hg_get_u64(c);
	k->gap_threshold_ns = hg_get_u64(c);
	f = hg_get_u32(c);
	k->invariant = f & 1;
	k->threshold_given = (f >> 1) & 1;
}

void hg_sec_put_run(struct hg_buf *b, const struct hg_trace *t)
{
	uint32_t i;

	/* the flag says whether the file holds the section */
	hg_put_u32(b, (t->flags & ~(uint32_t)(HG_TRACE_KEVENTS | HG_TRACE_LOCKS | HG_TRACE_OVER |
					      HG_TRACE_CHAINS)) |
		   (t->kev ? HG_TRACE_KEVENTS : 0) | (t->nlocks ? HG_TRACE_LOCKS : 0) |
		   (t->over ? HG_TRACE_OVER : 0) | (t->chains ? HG_TRACE_CHAINS : 0));
	hg_put_u32(b, (uint32_t)t->signal);
	hg_sec_put_calib(b, &t->calib);
	hg_put_u64(b, t->t0_cycles);
	hg_put_u64(b, t->stop_cycles);
	hg_put_u64(b, t->duration_ns);
	hg_put_u64(b, t->mono_start_ns);
	hg_put_u64(b, t->mono_start_cycles);
	hg_put_u64(b, t->mono_end_ns);
	hg_put_u64(b, t->mono_end_cycles);
	hg_put_u64(b, t->realtime_start_ns);
	hg_put_u64(b, t->capacity);
	hg_put_u32(b, t->histogram_us);
	hg_put_u32(b, t->nthresholds);
	for (i = 0; i < t->nthresholds && i < HG_MAX_THRESHOLDS; i++)
		hg_put_u64(b, t->thresholds_ns[i]);
	hg_put_u32(b, t->nthreads);
	hg_put_str(b, t->cmdline);
	/* version 2 */
	hg_put_u32(b, t->pid);
	hg_put_u64(b, t->noise_window_ns);
	hg_put_u32(b, t->nnoise);
	for (i = 0; i < t->nnoise; i++) {
		const struct hg_cpu_noise *n = &t->noise[i];

		hg_put_u32(b, n->cpu);
		hg_put_u64(b, n->busy_ns);
		hg_put_u64(b, n->steal_ns);
		hg_put_u64(b, n->irqs);
		hg_put_u64(b, n->softirqs);
	}
	/* version 2: what --break stopped at */
	hg_put_u32(b, t->break_kind);
	hg_put_u32(b, t->break_thread);
	hg_put_u32(b, t->break_cpu);
	hg_put_u32(b, t->break_marked);
	hg_put_u64(b, t->break_at_cycles);
	hg_put_u64(b, t->break_value);
	hg_put_u64(b, t->break_threshold_ns);
	/* version 3: the hiccup floor */
	hg_put_u64(b, t->calib.hiccup_cycles);
	/* then each CPU's idle time, when read */
	if (!t->noise_idle)
		return;
	for (i = 0; i < t->nnoise; i++)
		hg_put_u64(b, t->noise[i].idle_ns);
}

/* The per-CPU kernel counters of version 2. */
static void get_noise(struct hg_cur *c, struct hg_trace *t)
{
	uint32_t i;

	t->nnoise = hg_get_u32(c);
	if (t->nnoise > HG_MAX_NOISE_CPUS) {
		t->nnoise = 0;
		c->bad = 1;
		return;
	}
	if (!t->nnoise)
		return;
	t->noise = calloc(t->nnoise, sizeof(*t->noise));
	if (!t->noise) {
		t->nnoise = 0;
		c->bad = 1;
		return;
	}
	for (i = 0; i < t->nnoise && !c->bad; i++) {
		struct hg_cpu_noise *n = &t->noise[i];

		n->cpu = hg_get_u32(c);
		n->busy_ns = hg_get_u64(c);
		n->steal_ns = hg_get_u64(c);
		n->irqs = hg_get_u64(c);
		n->softirqs = hg_get_u64(c);
	}
}

void hg_sec_get_run(struct hg_cur *c, struct hg_trace *t, uint32_t *nthreads, char *why,
		    size_t len)
{
	uint32_t i;

	if (len)
		why[0] = '\0';

	t->flags = hg_get_u32(c);
	t->signal = (int32_t)hg_get_u32(c);
	hg_sec_get_calib(c, &t->calib);
	t->t0_cycles = hg_get_u64(c);
	t->stop_cycles = hg_get_u64(c);
	t->duration_ns = hg_get_u64(c);
	t->mono_start_ns = hg_get_u64(c);
	t->mono_start_cycles = hg_get_u64(c);
	t->mono_end_ns = hg_get_u64(c);
	t->mono_end_cycles = hg_get_u64(c);
	t->realtime_start_ns = hg_get_u64(c);
	t->capacity = hg_get_u64(c);
	t->histogram_us = hg_get_u32(c);
	/* a counter no machine has, or a histogram a run cannot ask for, is damage */
	if (!c->bad && (t->calib.tsc_hz < HG_SEC_TSC_HZ_MIN ||
			t->calib.tsc_hz > HG_SEC_TSC_HZ_MAX)) {
		snprintf(why, len, "tsc_hz %" PRIu64 " out of range (%llu to %llu Hz)",
			 t->calib.tsc_hz, HG_SEC_TSC_HZ_MIN, HG_SEC_TSC_HZ_MAX);
		c->bad = 1;
	}
	if (!c->bad && t->histogram_us > HG_MAX_HISTOGRAM_BUCKETS) {
		snprintf(why, len, "histogram_us %u out of range (at most %u)", t->histogram_us,
			 HG_MAX_HISTOGRAM_BUCKETS);
		c->bad = 1;
	}
	t->nthresholds = hg_get_u32(c);
	if (t->nthresholds > HG_MAX_THRESHOLDS) {
		c->bad = 1;
		return;
	}
	for (i = 0; i < t->nthresholds; i++)
		t->thresholds_ns[i] = hg_get_u64(c);
	*nthreads = hg_get_u32(c);
	t->cmdline = hg_get_str(c);
	if (c->bad || c->pos == c->len)
		return;		/* version 1: no pid, no kernel counters */
	t->pid = hg_get_u32(c);
	t->noise_window_ns = hg_get_u64(c);
	get_noise(c, t);
	if (c->bad || c->pos == c->len)
		return;		/* no --break fields */
	t->break_kind = hg_get_u32(c);
	t->break_thread = hg_get_u32(c);
	t->break_cpu = hg_get_u32(c);
	t->break_marked = hg_get_u32(c);
	t->break_at_cycles = hg_get_u64(c);
	t->break_value = hg_get_u64(c);
	t->break_threshold_ns = hg_get_u64(c);
	/* none or one kind of event, by one of the run's threads */
	if ((t->break_kind != 0 && t->break_kind != HG_BREAK_GAP && t->break_kind != HG_BREAK_LAT &&
	     t->break_kind != HG_BREAK_MISS) || t->break_marked > 1 ||
	    (t->break_kind && t->break_thread >= *nthreads))
		c->bad = 1;
	if (c->bad || c->pos == c->len)
		return;		/* no hiccup floor */
	t->calib.hiccup_cycles = hg_get_u64(c);
	if (t->calib.hiccup_cycles > t->calib.gap_threshold_cycles)
		c->bad = 1;
	if (c->bad || c->pos == c->len || !t->nnoise)
		return;		/* no idle times */
	for (i = 0; i < t->nnoise; i++)
		t->noise[i].idle_ns = hg_get_u64(c);
	t->noise_idle = !c->bad;
}

void hg_sec_put_hist(struct hg_buf *b, const struct hg_hist *h)
{
	uint32_t i, n = 0;

	hg_put_u64(b, h->count);
	hg_put_u64(b, h->sum);
	hg_put_u64(b, h->min);
	hg_put_u64(b, h->max);
	if (!h->count) {	/* no bucket counted: leave their pages untouched */
		hg_put_u32(b, 0);
		return;
	}
	for (i = 0; i < HG_HIST_BUCKETS; i++)
		n += h->bucket[i] != 0;
	hg_put_u32(b, n);
	for (i = 0; i < HG_HIST_BUCKETS; i++) {
		if (!h->bucket[i])
			continue;
		hg_put_u32(b, i);
		hg_put_u64(b, h->bucket[i]);
	}
}

void hg_sec_get_hist(struct hg_cur *c, struct hg_hist *h)
{
	uint64_t total = 0;
	uint32_t n, i;

	hg_hist_init(h);
	h->count = hg_get_u64(c);
	h->sum = hg_get_u64(c);
	h->min = hg_get_u64(c);
	h->max = hg_get_u64(c);
	n = hg_get_u32(c);
	if (n > HG_HIST_BUCKETS) {
		c->bad = 1;
		return;
	}
	for (i = 0; i < n && !c->bad; i++) {
		uint32_t idx = hg_get_u32(c);
		uint64_t v = hg_get_u64(c);

		if (idx >= HG_HIST_BUCKETS) {
			c->bad = 1;
			return;
		}
		h->bucket[idx] = v;
		total += v;
	}
	if (total != h->count)
		c->bad = 1;
}

void hg_sec_put_thread(struct hg_buf *b, const struct hg_trace_thread *th)
{
	const struct hg_tstats *st = &th->stats;
	unsigned int i;

	hg_put_u32(b, th->id);
	hg_put_str(b, th->workload);
	hg_put_str(b, th->priority);
	hg_put_str(b, th->cpus);
	hg_put_str(b, th->timer);
	hg_put_str(b, th->unit);
	hg_put_u32(b, (uint32_t)th->error);
	hg_put_u32(b, th->model);
	hg_put_u64(b, th->period_ns);
	hg_put_u64(b, th->deadline_ns);
	hg_put_u64(b, th->timer_res_ns);
	hg_put_u32(b, (uint32_t)th->rt_prio);
	hg_put_u64(b, th->wcet_ns);
	hg_put_u64(b, th->jitter_ns);
	hg_put_u64(b, th->blocking_ns);
	hg_put_u32(b, th->reserve);
	hg_put_u64(b, th->reserve_budget_ns);
	hg_put_u64(b, th->reserve_period_ns);
	hg_put_u64(b, th->gap_threshold_cycles);
	hg_put_u64(b, th->begin_cycles);
	hg_put_u64(b, th->end_cycles);
	hg_put_u64(b, th->vcsw);
	hg_put_u64(b, th->ivcsw);
	hg_put_u64(b, th->stored);
	hg_put_u64(b, th->dropped);
	hg_put_u64(b, st->intervals);
	hg_put_u64(b, st->received_cycles);
	hg_put_u64(b, st->first_cycles);
	hg_put_u64(b, st->last_cycles);
	hg_put_u64(b, st->units);
	hg_put_u64(b, st->yields);
	hg_sec_put_hist(b, &st->gaps);
	hg_put_u64(b, st->hits);
	hg_put_u64(b, st->misses);
	hg_put_u64(b, st->samples_dropped);
	hg_sec_put_hist(b, &st->events);
	for (i = 0; i < HG_MAX_THRESHOLDS; i++)
		hg_put_u64(b, st->over[i]);
	hg_sec_put_hist(b, &st->jitter);
	/* version 2 */
	hg_put_u32(b, th->tid);
	hg_put_u64(b, th->kernel_cpu_ns);
	hg_put_u64(b, th->overwritten);
	hg_put_u64(b, th->complete_since_cycles);
	/* version 3: the hiccups under the gap threshold */
	hg_put_u64(b, th->hiccup_cycles);
	hg_put_u64(b, st->hiccups);
	hg_put_u64(b, st->hiccup_cycles);
}

void hg_sec_get_thread(struct hg_cur *c, struct hg_trace_thread *th)
{
	struct hg_tstats *st = &th->stats;
	unsigned int i;

	th->id = hg_get_u32(c);
	hg_get_label(c, th->workload, sizeof(th->workload));
	hg_get_label(c, th->priority, sizeof(th->priority));
	hg_get_label(c, th->cpus, sizeof(th->cpus));
	hg_get_label(c, th->timer, sizeof(th->timer));
	hg_get_label(c, th->unit, sizeof(th->unit));
	th->error = (int32_t)hg_get_u32(c);
	th->model = hg_get_u32(c);
	th->period_ns = hg_get_u64(c);
	th->deadline_ns = hg_get_u64(c);
	th->timer_res_ns = hg_get_u64(c);
	th->rt_prio = (int32_t)hg_get_u32(c);
	th->wcet_ns = hg_get_u64(c);
	th->jitter_ns = hg_get_u64(c);
	th->blocking_ns = hg_get_u64(c);
	th->reserve = hg_get_u32(c);
	th->reserve_budget_ns = hg_get_u64(c);
	th->reserve_period_ns = hg_get_u64(c);
	th->gap_threshold_cycles = hg_get_u64(c);
	th->begin_cycles = hg_get_u64(c);
	th->end_cycles = hg_get_u64(c);
	th->vcsw = hg_get_u64(c);
	th->ivcsw = hg_get_u64(c);
	th->stored = hg_get_u64(c);
	th->dropped = hg_get_u64(c);
	st->intervals = hg_get_u64(c);
	st->received_cycles = hg_get_u64(c);
	st->first_cycles = hg_get_u64(c);
	st->last_cycles = hg_get_u64(c);
	st->units = hg_get_u64(c);
	st->yields = hg_get_u64(c);
	hg_sec_get_hist(c, &st->gaps);
	st->hits = hg_get_u64(c);
	st->misses = hg_get_u64(c);
	st->samples_dropped = hg_get_u64(c);
	hg_sec_get_hist(c, &st->events);
	for (i = 0; i < HG_MAX_THRESHOLDS; i++)
		st->over[i] = hg_get_u64(c);
	hg_sec_get_hist(c, &st->jitter);
	if (!c->bad && c->pos < c->len) {	/* version 2 */
		th->tid = hg_get_u32(c);
		th->kernel_cpu_ns = hg_get_u64(c);
	}
	if (!c->bad && c->pos < c->len) {	/* version 2; absent: nothing overwritten */
		th->overwritten = hg_get_u64(c);
		th->complete_since_cycles = hg_get_u64(c);
	}
	if (!c->bad && c->pos < c->len) {	/* version 3; absent: none counted */
		th->hiccup_cycles = hg_get_u64(c);
		st->hiccups = hg_get_u64(c);
		st->hiccup_cycles = hg_get_u64(c);
		if (th->hiccup_cycles > th->gap_threshold_cycles && th->gap_threshold_cycles)
			c->bad = 1;
	}
	/* a thread's error is 0 or a negative errno (MAX_ERRNO is 4095) */
	if (th->model > HG_MODEL_LAT || th->reserve > HG_RESERVE_SOFT ||
	    th->error > 0 || th->error < -4095)
		c->bad = 1;
}
