// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * render_kernel.c - the timeline's kernel events (a trace of --kernel):
 * interrupt contexts as short boxes, other tasks' runs as named boxes
 * (analysis/kslices.h); in thread rows those inside the thread's gaps on
 * the CPU it stopped or resumed on, in CPU rows all of the CPU's
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/kslices.h"
#include "svg/renderint.h"

#define KIRQ_GROW	(-5)	/* interrupt boxes: this much inside the band */

struct kslice_set {
	struct hg_kslice *v;
	size_t n, cap;
	bool no_tasks;		/* not drawn (--sched draws its own) */
};

/* Keep the slices drawn: interrupt contexts, and other tasks but the idle one. */
static int collect(const struct hg_kslice *s, void *arg)
{
	struct kslice_set *set = arg;

	if (s->kind == HG_KC_TASK && (s->ours || !s->pid || set->no_tasks))
		return 0;
	if (set->n == set->cap) {
		size_t cap = set->cap ? 2 * set->cap : 1024;
		struct hg_kslice *v = realloc(set->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		set->v = v;
		set->cap = cap;
	}
	set->v[set->n++] = *s;
	return 0;
}

/* By CPU, tasks before interrupts (drawn over them), then by start. */
static int by_cpu_start(const void *pa, const void *pb)
{
	const struct hg_kslice *a = pa, *b = pb;
	int ta = a->kind == HG_KC_TASK, tb = b->kind == HG_KC_TASK;

	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? -1 : 1;
	if (ta != tb)
		return ta ? -1 : 1;
	return a->start_cycles < b->start_cycles ? -1 : a->start_cycles > b->start_cycles;
}

/* What is drawn of one row: boxes merged per pixel, one for each class. */
struct row_draw {
	unsigned int row;
	struct merge tasks, irqs;
};

/* A task's run: a named box when it is a pixel wide, else merged with its neighbours. */
static void draw_task(const struct render *r, struct row_draw *d, const struct hg_kslice *s,
		      uint64_t a, uint64_t b)
{
	double x0, w, y = band_top(r, d->row);

	if (!hg_render_clip(r, &a, &b))
		return;
	x0 = x_of(r, a);
	w = x_of(r, b) - x0;
	if (w < 1) {
		hg_render_merge_add(r, &d->tasks, d->row, "other", 0, a, b);
		return;
	}
	fprintf(r->f, "<rect class=\"other\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%.1f\"><title>", x0, y, w, (double)BAND_H);
	hg_svg_text(r->f, s->name);
	fprintf(r->f, " (pid %u)</title></rect>\n", s->pid);
	if (w >= hg_svg_text_px(strlen(s->name), 10) + 4) {
		fprintf(r->f, "<text class=\"on\" x=\"%.1f\" y=\"%.1f\">", x0 + 2,
			y + BAND_H - 3);
		hg_svg_text(r->f, s->name);
		fputs("</text>\n", r->f);
	}
}

/* The slices of CPU @cpu over [@from, @to) ns from the run's start, into row @d. */
static void draw_span(const struct render *r, const struct kslice_set *set,
		      struct row_draw *d, unsigned int cpu, uint64_t from, uint64_t to)
{
	size_t lo = 0, hi = set->n, i;

	while (lo < hi) {	/* the first slice of the CPU */
		size_t mid = lo + (hi - lo) / 2;

		if (set->v[mid].cpu < cpu)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < set->n && set->v[i].cpu == cpu; i++) {
		const struct hg_kslice *s = &set->v[i];
		uint64_t a = hg_trace_ns(r->t, s->start_cycles), b = hg_trace_ns(r->t, s->end_cycles);

		if (b <= from || a >= to)
			continue;
		a = a > from ? a : from;
		b = b < to ? b : to;
		if (s->kind == HG_KC_TASK)
			draw_task(r, d, s, a, b);
		else
			hg_render_merge_add(r, &d->irqs, d->row, "kirq", KIRQ_GROW, a, b);
	}
}

static void flush_row(const struct render *r, struct row_draw *d)
{
	hg_render_flush_box(r, &d->tasks, d->row, 0);
	hg_render_flush_box(r, &d->irqs, d->row, KIRQ_GROW);
}

/* Thread rows: in each of thread @i's gaps (not after a sleep of its own). */
static int thread_row(const struct render *r, const struct kslice_set *set, uint32_t i)
{
	const struct hg_trace_thread *th = &r->t->threads[i];
	struct row_draw d = { .row = i };
	struct hg_interval iv, prev;
	size_t pos = 0;
	int have = 0, ret;

	while ((ret = hg_record_decode(th->recs, th->stored, &pos, &iv)) == 1) {
		if (have && !(prev.flags & HG_REC_SLEEP)) {
			uint64_t from = hg_trace_ns(r->t, prev.start_cycles + prev.len_cycles);
			uint64_t to = hg_trace_ns(r->t, iv.start_cycles);

			if (prev.cpu != iv.cpu)
				draw_span(r, set, &d, prev.cpu, from, to);
			draw_span(r, set, &d, iv.cpu, from, to);
		}
		prev = iv;
		have = 1;
	}
	flush_row(r, &d);
	return ret < 0 ? ret : 0;
}

int hg_render_kernel(const struct render *r, bool per_cpu)
{
	struct kslice_set set = { .no_tasks = !r->ktasks };
	unsigned int c;
	uint32_t i;
	int ret;

	ret = hg_kslices(r->t, collect, &set);
	if (ret) {
		free(set.v);
		return ret;
	}
	qsort(set.v, set.n, sizeof(*set.v), by_cpu_start);
	fputs("<g>\n", r->f);
	if (per_cpu) {
		for (c = 0; c < NCPUS; c++) {
			struct row_draw d;

			if (r->cpu_row[c] < 0)
				continue;
			d = (struct row_draw){ .row = (unsigned int)r->cpu_row[c] };
			draw_span(r, &set, &d, c, 0, UINT64_MAX);
			flush_row(r, &d);
		}
	} else {
		for (i = 0; i < r->t->nthreads && !ret; i++)
			ret = thread_row(r, &set, i);
	}
	fputs("</g>\n", r->f);
	free(set.v);
	return ret;
}
