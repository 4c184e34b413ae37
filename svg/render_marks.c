// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * render_marks.c - the timeline's markers: releases, deadlines and
 * wake-ups, the spans of missed jobs (thread rows), and LAT wake-ups in
 * CPU rows
 */
#include <math.h>

#include "trace/reccur.h"
#include "svg/renderint.h"

#define MARK_H		6	/* release and deadline triangles */

static bool is_periodic(const struct hg_trace_thread *th)
{
	return th->model == HG_MODEL_PERIODIC || th->model == HG_MODEL_CPU_PERIODIC;
}

/* Markers: one path per row and kind. */
enum mark_kind { MARK_REL, MARK_DL, MARK_WAKE, MARK_WAKE_UNDER };

static const char *const mark_class[] = { "rel", "dl", "wake", "wake" };

struct markers {
	enum mark_kind kind;
	const char *cls;	/* the path's class, NULL: the kind's */
	bool open;
	double last_x;		/* where the last one was drawn */
};

/* A marker at @ns, unless it is outside the window or within a pixel of the last. */
static void marker(const struct render *r, struct markers *mk, unsigned int row, uint64_t ns)
{
	double x, y = band_top(r, row);

	if (ns < r->l.from_ns || ns > r->l.to_ns)
		return;
	x = x_of(r, ns);
	if (mk->open && fabs(x - mk->last_x) < 1)
		return;
	if (!mk->open)
		fprintf(r->f, "<path class=\"%s\" d=\"", mk->cls ? mk->cls : mark_class[mk->kind]);
	mk->open = true;
	mk->last_x = x;
	switch (mk->kind) {
	case MARK_REL:	/* under the band, pointing up at it */
		fprintf(r->f, "M%.1f %.1fl-3.5 %dh7z", x, y + BAND_H + 1, MARK_H);
		break;
	case MARK_DL:	/* over the band, pointing down at it */
		fprintf(r->f, "M%.1f %.1fl3.5 %d 3.5-%dz", x - 3.5, y - 1 - MARK_H, MARK_H,
			MARK_H);
		break;
	case MARK_WAKE:	/* across the band */
		fprintf(r->f, "M%.1f %.1fv%d", x, y, BAND_H);
		break;
	case MARK_WAKE_UNDER:	/* under the band, so that the band shows who ran */
		fprintf(r->f, "M%.1f %.1fv%d", x, y + BAND_H + 1, MARK_H);
		break;
	}
}

static void markers_close(const struct render *r, struct markers *mk)
{
	if (mk->open)
		fputs("\"/>\n", r->f);
	mk->open = false;
}

/* Where event @rec puts a marker of @kind; false for none. */
static bool mark_at(const struct hg_trace *t, const struct hg_trace_thread *th,
		    const struct hg_record *rec, enum mark_kind kind, uint64_t *ns)
{
	uint64_t at = hg_trace_ns(t, rec->start_cycles);

	switch (hg_event_type(rec->flags)) {
	case HG_EV_JOB:
		*ns = kind == MARK_REL ? at : at + th->deadline_ns;
		return th->model == HG_MODEL_PERIODIC && kind != MARK_WAKE;
	case HG_EV_LAT:
		*ns = at + rec->len_cycles;	/* when it woke */
		return kind == MARK_WAKE;
	default:
		return false;
	}
}

/* Where a thread's run ended: its planned end, or the stop, if earlier. */
static uint64_t thread_end_ns(const struct hg_trace *t, const struct hg_trace_thread *th)
{
	uint64_t stop = t->stop_cycles ? hg_trace_ns(t, t->stop_cycles) : t->duration_ns;
	uint64_t end = th->end_cycles ? hg_trace_ns(t, th->end_cycles) : stop;

	return end < stop ? end : stop;
}

/*
 * Jobs of a PERIODIC thread are released on a grid and each is recorded
 * when it completes, so the jobs released after the last one recorded were
 * not finished when the thread stopped: those whose deadline passed are
 * misses. Unless events were dropped: then the trace does not hold the
 * last job that completed.
 */
static bool knows_unfinished(const struct hg_trace_thread *th)
{
	return th->model == HG_MODEL_PERIODIC && th->period_ns && !th->stats.samples_dropped;
}

/* The release of the first job that the trace has no record of. */
static uint64_t first_unfinished(const struct hg_trace *t, const struct hg_trace_thread *th)
{
	uint64_t next = th->begin_cycles ? hg_trace_ns(t, th->begin_cycles) : 0;
	const struct hg_record *rec;
	struct hg_reccur c;

	hg_reccur_init(&c, th);
	while (hg_reccur_next(&c, &rec) > 0)
		if (hg_event_type(rec->flags) == HG_EV_JOB)
			next = hg_trace_ns(t, rec->start_cycles) + th->period_ns;
	hg_reccur_free(&c);
	return next;
}

/* The markers of @kind of thread @i: from its events, then unfinished jobs. */
static void draw_marks(const struct render *r, uint32_t i, enum mark_kind kind)
{
	const struct hg_trace_thread *th = &r->t->threads[i];
	struct markers mk = { .kind = kind };
	uint64_t ns, rel, end, step;
	const struct hg_record *rec;
	struct hg_reccur c;

	hg_reccur_init(&c, th);
	while (hg_reccur_next(&c, &rec) > 0)
		if (mark_at(r->t, th, rec, kind, &ns))
			marker(r, &mk, i, ns);
	hg_reccur_free(&c);
	if (kind != MARK_WAKE && knows_unfinished(th) && th->period_ns) {
		end = thread_end_ns(r->t, th);
		rel = first_unfinished(r->t, th);
		/* only the releases the window shows: a crafted period of 1 ns
		 * must not walk the whole run */
		if (r->l.from_ns > rel + th->deadline_ns)
			rel += (r->l.from_ns - rel - th->deadline_ns) / th->period_ns * th->period_ns;
		if (r->l.to_ns && r->l.to_ns < end)
			end = r->l.to_ns;
		/* at most one marker a pixel: more could not be told apart */
		step = th->period_ns;
		if ((double)step < r->l.ns_per_px)
			step *= (uint64_t)(r->l.ns_per_px / (double)step) + 1;
		for (; rel < end && rel + step > rel; rel += step) {
			if (kind == MARK_REL)
				marker(r, &mk, i, rel);
			else if (rel + th->deadline_ns <= end)
				marker(r, &mk, i, rel + th->deadline_ns);
		}
	}
	markers_close(r, &mk);
}

/*
 * Red spans of thread @i: each missed job from its release to its
 * completion, each period in which no frame was done, and the jobs not
 * finished when the thread stopped once their deadline had passed.
 */
static void draw_misses(const struct render *r, uint32_t i)
{
	const struct hg_trace_thread *th = &r->t->threads[i];
	struct merge m = { 0 };
	const struct hg_record *rec;
	struct hg_reccur c;
	uint64_t next, end;

	hg_reccur_init(&c, th);
	while (hg_reccur_next(&c, &rec) > 0) {
		uint64_t at = hg_trace_ns(r->t, rec->start_cycles), len = rec->len_cycles;

		if (!(rec->flags & HG_REC_MISS))
			continue;
		if (hg_event_type(rec->flags) == HG_EV_JOB)
			hg_render_merge_add(r, &m, i, "miss", 2, at, at + len);
		else if (hg_event_type(rec->flags) == HG_EV_PERIOD)
			hg_render_merge_add(r, &m, i, "miss", 2, at > len ? at - len : 0, at);
	}
	hg_reccur_free(&c);
	if (knows_unfinished(th)) {
		next = first_unfinished(r->t, th);
		end = thread_end_ns(r->t, th);
		if (next + th->deadline_ns <= end)
			hg_render_merge_add(r, &m, i, "miss", 2, next, end);
	}
	hg_render_flush_box(r, &m, i, 2);
}

/* Releases, deadlines, misses and wake-ups of every thread (thread rows). */
void hg_render_events(const struct render *r)
{
	uint32_t i;

	fputs("<g>\n", r->f);
	for (i = 0; i < r->t->nthreads; i++) {
		const struct hg_trace_thread *th = &r->t->threads[i];

		if (th->model == HG_MODEL_PERIODIC) {
			draw_marks(r, i, MARK_REL);
			draw_marks(r, i, MARK_DL);
		}
		if (th->model == HG_MODEL_LAT)
			draw_marks(r, i, MARK_WAKE);
		if (is_periodic(th))
			draw_misses(r, i);
	}
	fputs("</g>\n", r->f);
}

/* The class of a LAT thread's wake-ups in CPU rows: its colour. */
static const char *const wake_cls[HG_SVG_NCOLOURS] = {
	"wake mark c0", "wake mark c1", "wake mark c2", "wake mark c3",
	"wake mark c4", "wake mark c5", "wake mark c6", "wake mark c7",
	"wake mark c8", "wake mark c9", "wake mark c10", "wake mark c11",
	"wake mark c12", "wake mark c13", "wake mark c14", "wake mark c15",
};

/*
 * CPU rows: each LAT thread's wake-ups on the CPU it woke on, in its
 * colour, under the band
 */
void hg_render_cpu_wakes(const struct render *r)
{
	const struct hg_record *rec;
	struct hg_reccur rc;
	unsigned int c;
	uint32_t i;
	uint64_t ns;

	fputs("<g>\n", r->f);
	for (i = 0; i < r->t->nthreads; i++) {
		const struct hg_trace_thread *th = &r->t->threads[i];

		if (th->model != HG_MODEL_LAT)
			continue;
		for (c = 0; c < NCPUS; c++) {
			struct markers mk = { .kind = MARK_WAKE_UNDER,
					      .cls = wake_cls[i % HG_SVG_NCOLOURS] };

			if (r->cpu_row[c] < 0)
				continue;
			hg_reccur_init(&rc, th);
			while (hg_reccur_next(&rc, &rec) > 0)
				if (rec->cpu == c && mark_at(r->t, th, rec, MARK_WAKE, &ns))
					marker(r, &mk, (unsigned int)r->cpu_row[c], ns);
			hg_reccur_free(&rc);
			markers_close(r, &mk);
		}
	}
	fputs("</g>\n", r->f);
}
