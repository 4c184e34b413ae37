// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * render_kernel.c - the timeline's kernel events (a trace of --kernel):
 * interrupt contexts as short boxes, other tasks' runs as named boxes
 * (analysis/kernel/kslices.h); in thread rows those inside the thread's gaps on
 * the CPU it stopped or resumed on, and inside a LAT thread's wake-ups
 * (from the timer's expiry to the thread running, analysis/kernel/kwin.h), in
 * CPU rows all of the CPU's; made a window at a time from the slices'
 * marks, those of a stretch found by bisection (render_kset.h)
 */
#include <math.h>
#include <string.h>

#include "trace/reccur.h"
#include "analysis/kernel/kslices.h"
#include "analysis/kernel/kwin.h"
#include "svg/render_kset.h"
#include "svg/renderint.h"

#define KIRQ_GROW	(-5)	/* interrupt boxes: this much inside the band */

/* The slices drawn, and a second set for the stretches asked while drawing. */
struct kdraw {
	struct hg_kset set, probe;
	bool no_tasks;		/* not drawn (--sched draws its own) */
	int err;		/* a window could not be made */
};

/* Keep the slices drawn: interrupt contexts, and other tasks but the idle one. */
static int keep(const struct hg_kslice *s, void *arg)
{
	const struct kdraw *k = arg;

	return !(s->kind == HG_KC_TASK && (s->ours || !s->pid || k->no_tasks));
}

/* What is drawn of one row: boxes merged per pixel, one for each class. */
struct row_draw {
	unsigned int row;
	struct merge tasks, irqs;
};

struct span_draw {
	const struct render *r;
	struct kdraw *k;
	unsigned int cpu;
	struct row_draw *d;
};

/* Whether an interrupt context is drawn between @x0 and @x1 px (at least a pixel wide). */
struct irq_near {
	const struct render *r;
	double x0, x1;
	bool hit;
};

static void irq_near(const struct hg_kslice *s, uint64_t a, uint64_t b, void *arg)
{
	struct irq_near *q = arg;
	double xa, xb;

	if (s->kind == HG_KC_TASK)
		return;
	xa = x_of(q->r, a);
	xb = x_of(q->r, b) > xa + 1 ? x_of(q->r, b) : xa + 1;
	q->hit |= xa < q->x1 && xb > q->x0;
}

/*
 * A task's run: a named box when it is a pixel wide, else merged with its
 * neighbours; the name only where it fits and no interrupt's box, drawn
 * over the run, would cross it
 */
static void draw_task(const struct span_draw *p, const struct hg_kslice *s, uint64_t a,
		      uint64_t b)
{
	const struct render *r = p->r;
	struct row_draw *d = p->d;
	struct irq_near q = { .r = r };
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
	q.x0 = x0 + 2;
	q.x1 = x0 + 2 + hg_svg_text_px(strlen(s->name), 10);
	if (w >= q.x1 - x0 + 2 && !p->k->err) {
		struct hg_kset *set = &p->k->set;

		if (!hg_kset_holds(set, p->cpu, a, b))
			set = &p->k->probe;
		p->k->err = hg_kset_span(set, p->cpu, a, b, irq_near, &q);
	}
	if (w >= q.x1 - x0 + 2 && !q.hit) {
		fprintf(r->f, "<text class=\"on\" x=\"%.1f\" y=\"%.1f\">", x0 + 2,
			y + BAND_H - 3);
		hg_svg_text(r->f, s->name);
		fputs("</text>\n", r->f);
	}
}

static void draw_slice(const struct hg_kslice *s, uint64_t a, uint64_t b, void *arg)
{
	struct span_draw *p = arg;

	if (s->kind == HG_KC_TASK)
		draw_task(p, s, a, b);
	else
		hg_render_merge_add(p->r, &p->d->irqs, p->d->row, "kirq", KIRQ_GROW, a, b);
}

/* The slices of CPU @cpu over [@from, @to) ns from the run's start, into row @d. */
static void draw_span(const struct render *r, struct kdraw *k, struct row_draw *d,
		      unsigned int cpu, uint64_t from, uint64_t to)
{
	struct span_draw p = { .r = r, .k = k, .cpu = cpu, .d = d };

	if (!k->err)
		k->err = hg_kset_span(&k->set, cpu, from, to, draw_slice, &p);
}

static void flush_row(const struct render *r, struct row_draw *d)
{
	hg_render_flush_box(r, &d->tasks, d->row, 0);
	hg_render_flush_box(r, &d->irqs, d->row, KIRQ_GROW);
}

struct wake_draw {
	const struct render *r;
	struct kdraw *k;
	struct row_draw *d;
};

/* A LAT wake-up: what ran from the timer's expiry to the thread running. */
static int draw_wake(const struct hg_kwin *w, void *arg)
{
	struct wake_draw *p = arg;
	uint64_t from = hg_trace_ns(p->r->t, w->at_cycles);
	uint64_t to = hg_trace_ns(p->r->t, w->at_cycles + w->len_cycles);

	if (w->from_cpu != w->cpu)
		draw_span(p->r, p->k, p->d, w->from_cpu, from, to);
	draw_span(p->r, p->k, p->d, w->cpu, from, to);
	return p->k->err;
}

/*
 * Thread rows: in each of thread @i's gaps (not after a sleep of its own),
 * or a LAT thread's wake-ups: it records no intervals, and so no gaps.
 */
static int thread_row(const struct render *r, struct kdraw *k, uint32_t i)
{
	const struct hg_trace_thread *th = &r->t->threads[i];
	struct row_draw d = { .row = i };
	struct hg_interval iv, prev;
	struct hg_reccur rc;
	int have = 0, ret;

	if (th->model == HG_MODEL_LAT) {
		struct wake_draw p = { .r = r, .k = k, .d = &d };

		ret = hg_kwin_each(r->t, i, 1u << HG_KW_LATENCY, draw_wake, &p);
		flush_row(r, &d);
		return ret;
	}

	hg_reccur_init(&rc, th);
	while ((ret = hg_reccur_interval(&rc, &iv)) == 1) {
		if (have && !(prev.flags & HG_REC_SLEEP)) {
			uint64_t from = hg_trace_ns(r->t, prev.start_cycles + prev.len_cycles);
			uint64_t to = hg_trace_ns(r->t, iv.start_cycles);

			if (prev.cpu != iv.cpu)
				draw_span(r, k, &d, prev.cpu, from, to);
			draw_span(r, k, &d, iv.cpu, from, to);
		}
		prev = iv;
		have = 1;
	}
	hg_reccur_free(&rc);
	flush_row(r, &d);
	return ret < 0 ? ret : k->err;
}

int hg_render_kernel(const struct render *r, bool per_cpu)
{
	struct kdraw k = { .no_tasks = !r->ktasks };
	struct hg_kslice_marks *marks = NULL;
	unsigned int cpu;
	uint32_t i;
	int ret;

	ret = hg_kslice_marks_build(r->t, &marks);
	if (!ret)
		ret = hg_kset_init(&k.set, r->t, marks, keep, &k);
	if (!ret)
		ret = hg_kset_init(&k.probe, r->t, marks, keep, &k);
	if (ret)
		goto out;
	fputs("<g>\n", r->f);
	if (per_cpu) {
		for (cpu = 0; cpu < NCPUS && !k.err; cpu++) {
			struct row_draw d;

			if (r->cpu_row[cpu] < 0)
				continue;
			d = (struct row_draw){ .row = (unsigned int)r->cpu_row[cpu] };
			draw_span(r, &k, &d, cpu, 0, UINT64_MAX);
			flush_row(r, &d);
		}
		ret = k.err;
	} else {
		for (i = 0; i < r->t->nthreads && !ret; i++)
			ret = thread_row(r, &k, i);
	}
	fputs("</g>\n", r->f);
out:
	hg_kset_free(&k.set);
	hg_kset_free(&k.probe);
	hg_kslice_marks_free(marks);
	return ret;
}
