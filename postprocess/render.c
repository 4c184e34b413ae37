// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * render.c - a trace as a timeline picture (SVG), like the paper's figure 3
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../trace/timeval.h"
#include "attrib.h"
#include "render.h"
#include "svg.h"

/* Layout (px). */
#define ROW_H		40	/* pitch of the rows */
#define BAND_H		18	/* height of the boxes */
#define MARK_H		6	/* release and deadline triangles */
#define LEGEND_TOP	62
#define LEGEND_LINE	20
#define RIGHT_MARGIN	28
#define AXIS_ROOM	56	/* under the plot: ticks, labels, the axis' name */
#define NCPUS		65536	/* a record's CPU is 16 bits */

static const char css[] =
	".row{fill:#f3f3f3}\n"
	".rl2{font-size:11px;fill:#555}\n"
	".iv{fill:#8c8c8c}\n"
	".miss{fill:#d62728;fill-opacity:.3;stroke:#d62728;stroke-width:1}\n"
	".rel{fill:#1f4e99}\n"
	".dl{fill:#222}\n"
	".wake{stroke:#2c7a2c;stroke-width:1;fill:none}\n"
	".other{fill:#e8a33d}\n"
	".on{font-size:10px;fill:#222}\n";

/* Where everything goes. */
struct layout {
	double width, height;
	double label_w;		/* the row labels' column */
	double top;		/* the first row's top */
	unsigned int nrows;
	unsigned int legend_lines;
	struct hg_svg_scale x;	/* ms from the run's start -> px */
	uint64_t from_ns, to_ns;
	double ns_per_px;
};

struct render {
	FILE *f;
	const struct hg_trace *t;
	const struct hg_render_opts *o;
	struct layout l;
	int *cpu_row;		/* per CPU: its row, -1 when never seen */
	unsigned int ncpus;	/* CPUs seen */
};

/* The open box of a row, extended while the next interval starts near its end. */
struct merge {
	uint64_t s, e;		/* ns from the run's start, clipped to the window */
	const char *cls;	/* its class */
	bool open;
};

/* One entry of a legend: a swatch of a class, and what it means. */
struct legend_entry {
	const char *cls;	/* "rel", "dl", "miss", "wake"; NULL: a box */
	int colour;		/* of the box or wake-up, -1: the class' own */
	char text[160];
};

/* "2000.122": ms with at most three decimals, trailing zeros dropped. */
static char *fmt_ms(uint64_t ns, char *buf, size_t len)
{
	size_t n;

	snprintf(buf, len, "%" PRIu64 ".%03" PRIu64, ns / 1000000, ns / 1000 % 1000);
	n = strlen(buf);
	while (buf[n - 1] == '0')
		buf[--n] = '\0';
	if (buf[n - 1] == '.')
		buf[n - 1] = '\0';
	return buf;
}

uint64_t hg_render_end_ns(const struct hg_trace *t)
{
	uint64_t end = t->stop_cycles ? hg_trace_ns(t, t->stop_cycles) : t->duration_ns;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		const struct hg_tstats *st = &t->threads[i].stats;

		if (st->intervals && hg_trace_ns(t, st->last_cycles) > end)
			end = hg_trace_ns(t, st->last_cycles);
	}
	return end;
}

int hg_render_check(const struct hg_trace *t, const struct hg_render_opts *o,
		    char *err, size_t errlen)
{
	uint64_t end = hg_render_end_ns(t);
	char a[32], b[32];

	if (o->width_px && (o->width_px < HG_RENDER_MIN_WIDTH ||
			    o->width_px > HG_RENDER_MAX_WIDTH)) {
		snprintf(err, errlen, "--width %u: out of range (%u to %u px)", o->width_px,
			 HG_RENDER_MIN_WIDTH, HG_RENDER_MAX_WIDTH);
		return -EINVAL;
	}
	if (o->from_ns >= end) {
		snprintf(err, errlen, "--from %s: not before the end of the run (%s ms)",
			 hg_format_time(o->from_ns, a, sizeof(a)), fmt_ms(end, b, sizeof(b)));
		return -EINVAL;
	}
	if (o->to_ns && o->to_ns <= o->from_ns) {
		snprintf(err, errlen, "--to %s: not after --from %s",
			 hg_format_time(o->to_ns, a, sizeof(a)),
			 hg_format_time(o->from_ns, b, sizeof(b)));
		return -EINVAL;
	}
	return 0;
}

static bool is_periodic(const struct hg_trace_thread *th)
{
	return th->model == HG_MODEL_PERIODIC || th->model == HG_MODEL_CPU_PERIODIC;
}

/* A LAT wake-up. */
static bool is_wake(const struct hg_record *rec)
{
	return hg_event_type(rec->flags) == HG_EV_LAT;
}

/*
 * The CPUs intervals ran on (and, in CPU rows, where LAT threads woke),
 * numbered as rows in order.
 */
static int find_cpus(struct render *r)
{
	const struct hg_trace *t = r->t;
	unsigned int c;
	uint32_t i;
	uint64_t k;

	r->cpu_row = malloc(NCPUS * sizeof(*r->cpu_row));
	if (!r->cpu_row)
		return -ENOMEM;
	for (c = 0; c < NCPUS; c++)
		r->cpu_row[c] = -1;
	for (i = 0; i < t->nthreads; i++)
		for (k = 0; k < t->threads[i].stored; k++)
			if (!(t->threads[i].recs[k].flags & HG_REC_EVENT) ||
			    (r->o->per_cpu && is_wake(&t->threads[i].recs[k])))
				r->cpu_row[t->threads[i].recs[k].cpu] = 0;
	for (c = 0; c < NCPUS; c++)
		if (r->cpu_row[c] >= 0)
			r->cpu_row[c] = (int)r->ncpus++;
	return 0;
}

static void row_label(const struct render *r, unsigned int row, char *l1, char *l2,
		      size_t len)
{
	const struct hg_trace_thread *th;
	unsigned int c;

	l2[0] = '\0';
	if (r->o->per_cpu) {
		for (c = 0; c < NCPUS; c++)
			if (r->cpu_row[c] == (int)row)
				break;
		snprintf(l1, len, "CPU %u", c);
		return;
	}
	th = &r->t->threads[row];
	snprintf(l1, len, "thread %u: %s", th->id, th->workload);
	snprintf(l2, len, "%s", th->priority);
}

/* The colour of CPU @cpu in thread rows: its row's. */
static unsigned int cpu_colour(const struct render *r, unsigned int cpu)
{
	return (unsigned int)r->cpu_row[cpu] % HG_SVG_NCOLOURS;
}

static void add_entry(struct legend_entry *e, size_t *n, size_t max, const char *cls,
		      int colour, const char *text)
{
	if (*n >= max)
		return;
	e[*n].cls = cls;
	e[*n].colour = colour;
	snprintf(e[*n].text, sizeof(e->text), "%s", text);
	(*n)++;
}

/*
 * The legend's entries. CPU rows: each thread's colour, a wake-up mark of
 * it for a LAT thread (its wake-ups are drawn on the CPU they woke on).
 * Thread rows: each CPU's colour, then the markers that are drawn.
 */
static size_t legend_entries(const struct render *r, struct legend_entry *e, size_t max)
{
	const struct hg_trace *t = r->t;
	bool periodic = false, frames = false, lat = false;
	char text[160];
	size_t n = 0;
	unsigned int c;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		bool wakes = th->model == HG_MODEL_LAT;

		periodic |= th->model == HG_MODEL_PERIODIC;
		frames |= th->model == HG_MODEL_CPU_PERIODIC;
		lat |= wakes;
		if (!r->o->per_cpu)
			continue;
		snprintf(text, sizeof(text), "thread %u: %s, %s%s", th->id, th->workload,
			 th->priority, wakes ? ": wake-ups" : "");
		add_entry(e, &n, max, wakes ? "wake" : NULL, (int)(i % HG_SVG_NCOLOURS), text);
	}
	if (r->o->per_cpu)
		return n;
	for (c = 0; c < NCPUS && r->ncpus; c++) {
		if (r->cpu_row[c] < 0)
			continue;
		snprintf(text, sizeof(text), "CPU %u", c);
		add_entry(e, &n, max, NULL, (int)cpu_colour(r, c), text);
	}
	if (periodic) {
		add_entry(e, &n, max, "rel", -1, "release");
		add_entry(e, &n, max, "dl", -1, "deadline");
	}
	if (periodic || frames)
		add_entry(e, &n, max, "miss", -1, periodic ? "job that missed its deadline" :
			  "period with no frame done");
	if (lat)
		add_entry(e, &n, max, "wake", -1, "wake-up (LAT)");
	return n;
}

/* Characters of a legend's text that fit in a line @room px wide. */
static size_t legend_fit(double room)
{
	return (size_t)fmax(8, (room - 40) / hg_svg_text_px(1, HG_SVG_SMALL_PX));
}

static double legend_entry_w(const struct legend_entry *e, double room)
{
	size_t n = strlen(e->text), fit = legend_fit(room);

	return 22 + hg_svg_text_px(n < fit ? n : fit, HG_SVG_SMALL_PX) + 18;
}

/* The swatch of entry @e at (@x, @y): a colour or a mark. */
static void legend_swatch(FILE *f, const struct legend_entry *e, double x, double y)
{
	if (!e->cls)
		fprintf(f, "<rect class=\"key c%d\" x=\"%.1f\" y=\"%.1f\" width=\"14\" "
			"height=\"10\"/>\n", e->colour, x, y - 9);
	else if (!strcmp(e->cls, "miss"))
		fprintf(f, "<rect class=\"key miss\" x=\"%.1f\" y=\"%.1f\" width=\"14\" "
			"height=\"10\"/>\n", x, y - 9);
	else if (!strcmp(e->cls, "rel"))
		fprintf(f, "<path class=\"key rel\" d=\"M%.1f %.1fl-4 7h8z\"/>\n", x + 7, y - 8);
	else if (!strcmp(e->cls, "dl"))
		fprintf(f, "<path class=\"key dl\" d=\"M%.1f %.1fl4 7 4-7z\"/>\n", x + 3, y - 8);
	else if (e->colour >= 0)
		fprintf(f, "<path class=\"key wake mark c%d\" d=\"M%.1f %.1fv12m3 0v-12\"/>\n",
			e->colour, x + 5, y - 10);
	else
		fprintf(f, "<path class=\"key wake\" d=\"M%.1f %.1fv12\"/>\n", x + 7, y - 10);
}

/* Lay the legend out from @x0 to @x1; draw it when @f is not NULL. */
static unsigned int legend_lines(FILE *f, const struct legend_entry *e, size_t n,
				 double x0, double x1)
{
	unsigned int lines = n ? 1 : 0;
	double x = x0, y;
	size_t i;

	for (i = 0; i < n; i++) {
		double w = legend_entry_w(&e[i], x1 - x0);

		if (x > x0 && x + w > x1) {
			x = x0;
			lines++;
		}
		y = LEGEND_TOP + (lines - 1) * LEGEND_LINE;
		if (f) {
			legend_swatch(f, &e[i], x, y);
			fprintf(f, "<text class=\"sub\" x=\"%.1f\" y=\"%.1f\">", x + 20, y);
			hg_svg_text_max(f, e[i].text, legend_fit(x1 - x0));
			fputs("</text>\n", f);
		}
		x += w;
	}
	return lines;
}

/* The widest row label, in px. */
static double label_width(const struct render *r)
{
	char l1[160], l2[160];
	double w = 60;
	unsigned int i;

	for (i = 0; i < r->l.nrows; i++) {
		row_label(r, i, l1, l2, sizeof(l1));
		w = fmax(w, hg_svg_text_px(strlen(l1), HG_SVG_TICK_PX));
		w = fmax(w, hg_svg_text_px(strlen(l2), HG_SVG_SMALL_PX));
	}
	return fmin(w + 28, r->l.width * 0.35);	/* 18 px margin, 10 px to the plot */
}

static void lay_out(struct render *r, const struct legend_entry *e, size_t ne)
{
	struct layout *l = &r->l;

	l->width = r->o->width_px ? r->o->width_px : HG_RENDER_WIDTH;
	l->from_ns = r->o->from_ns;
	l->to_ns = r->o->to_ns ? r->o->to_ns : hg_render_end_ns(r->t);
	l->nrows = r->o->per_cpu ? r->ncpus : r->t->nthreads;
	l->label_w = label_width(r);
	l->x = (struct hg_svg_scale){
		.lo = (double)l->from_ns / 1e6, .hi = (double)l->to_ns / 1e6,
		.px_lo = l->label_w, .px_hi = l->width - RIGHT_MARGIN,
	};
	l->ns_per_px = (double)(l->to_ns - l->from_ns) / (l->x.px_hi - l->x.px_lo);
	l->legend_lines = legend_lines(NULL, e, ne, l->x.px_lo, l->x.px_hi);
	l->top = LEGEND_TOP + l->legend_lines * LEGEND_LINE;
	l->height = l->top + (l->nrows ? l->nrows : 1) * ROW_H + AXIS_ROOM;
}

static double row_top(const struct render *r, unsigned int row)
{
	return r->l.top + row * ROW_H;
}

static double band_top(const struct render *r, unsigned int row)
{
	return row_top(r, row) + (ROW_H - BAND_H) / 2.0;
}

static double x_of(const struct render *r, uint64_t ns)
{
	return hg_svg_map(&r->l.x, (double)ns / 1e6);
}

static void draw_rows(const struct render *r)
{
	size_t fit1 = (size_t)((r->l.label_w - 28) / hg_svg_text_px(1, HG_SVG_TICK_PX));
	size_t fit2 = (size_t)((r->l.label_w - 28) / hg_svg_text_px(1, HG_SVG_SMALL_PX));
	char l1[160], l2[160];
	unsigned int i;

	for (i = 0; i < r->l.nrows; i++) {
		double y = row_top(r, i), tx = r->l.label_w - 10;

		if (i % 2 == 0)
			fprintf(r->f, "<rect class=\"row\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
				"height=\"%d\"/>\n", r->l.x.px_lo, y, r->l.x.px_hi - r->l.x.px_lo,
				ROW_H);
		row_label(r, i, l1, l2, sizeof(l1));
		fprintf(r->f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", tx,
			y + (l2[0] ? 18 : 24));
		hg_svg_text_max(r->f, l1, fit1);
		fputs("</text>\n", r->f);
		if (!l2[0])
			continue;
		fprintf(r->f, "<text class=\"rl2\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">",
			tx, y + 32);
		hg_svg_text_max(r->f, l2, fit2);
		fputs("</text>\n", r->f);
	}
	if (!r->l.nrows)
		fprintf(r->f, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">"
			"no intervals of execution in this trace</text>\n",
			/* NOLINTNEXTLINE(bugprone-integer-division): the middle pixel */
			(double)((r->l.x.px_lo + r->l.x.px_hi) / 2), r->l.top + ROW_H / 2 + 4);
}

/* Clip [@s, @e] to the window; false when nothing of it is inside. */
static bool clip(const struct render *r, uint64_t *s, uint64_t *e)
{
	if (*e < r->l.from_ns || *s >= r->l.to_ns)
		return false;
	if (*s < r->l.from_ns)
		*s = r->l.from_ns;
	if (*e > r->l.to_ns)
		*e = r->l.to_ns;
	return true;
}

/* Draw the box @m holds, at least a pixel wide. */
static void flush_box(const struct render *r, struct merge *m, unsigned int row, double grow)
{
	double x0 = x_of(r, m->s), x1 = x_of(r, m->e), w = fmax(x1 - x0, 1.0);

	if (!m->open)
		return;
	if (x0 + w > r->l.x.px_hi)
		x0 = r->l.x.px_hi - w;
	fprintf(r->f, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%.1f\"/>\n", m->cls, x0, band_top(r, row) - grow, w, BAND_H + 2 * grow);
	m->open = false;
}

/*
 * Add [@s, @e] of class @cls to the row's box @m: extend it when it starts
 * within a pixel and is of the same class.
 */
static void merge_add(const struct render *r, struct merge *m, unsigned int row,
		      const char *cls, double grow, uint64_t s, uint64_t e)
{
	if (!clip(r, &s, &e))
		return;
	if (m->open && m->cls == cls && (s <= m->e || (double)(s - m->e) <= r->l.ns_per_px)) {
		if (e > m->e)
			m->e = e;
		return;
	}
	flush_box(r, m, row, grow);
	*m = (struct merge){ .s = s, .e = e, .cls = cls, .open = true };
}

/* The class of a box of colour @k. */
static const char *const box_cls[HG_SVG_NCOLOURS] = {
	"iv c0", "iv c1", "iv c2", "iv c3", "iv c4", "iv c5",
	"iv c6", "iv c7", "iv c8", "iv c9", "iv c10", "iv c11",
};

/* Intervals: boxes coloured by CPU in thread rows, by thread in CPU rows. */
static int draw_intervals(const struct render *r, struct merge *open)
{
	uint32_t i;
	unsigned int c;

	fputs("<g>\n", r->f);
	for (i = 0; i < r->t->nthreads; i++) {
		const struct hg_trace_thread *th = &r->t->threads[i];
		struct hg_interval iv;
		size_t pos = 0;
		int ret;

		while ((ret = hg_record_decode(th->recs, th->stored, &pos, &iv)) == 1) {
			uint64_t s = hg_trace_ns(r->t, iv.start_cycles);
			uint64_t e = hg_trace_ns(r->t, iv.start_cycles + iv.len_cycles);

			if (r->o->per_cpu)
				merge_add(r, &open[iv.cpu], (unsigned int)r->cpu_row[iv.cpu],
					  box_cls[i % HG_SVG_NCOLOURS], 0, s, e);
			else
				merge_add(r, &open[0], i, box_cls[cpu_colour(r, iv.cpu)], 0, s, e);
		}
		if (ret < 0)
			return ret;
		for (c = 0; c < (r->o->per_cpu ? NCPUS : 1u); c++)
			if (open[c].open)
				flush_box(r, &open[c], r->o->per_cpu ? (unsigned int)r->cpu_row[c] : i,
					  0);
	}
	fputs("</g>\n", r->f);
	return 0;
}

static int no_gap(const struct hg_sched_gap *g __attribute__((unused)),
		  void *arg __attribute__((unused)))
{
	return 0;
}

/* Another task's run in a worker's gap: a box in its CPU's row, named. */
static int draw_other(const struct hg_sched_run *run, void *arg)
{
	const struct render *r = arg;
	uint64_t s = hg_trace_ns(r->t, run->start_cycles), e = hg_trace_ns(r->t, run->end_cycles);
	double x0, w;

	if (run->cpu >= NCPUS || r->cpu_row[run->cpu] < 0 || !clip(r, &s, &e))
		return 0;
	x0 = x_of(r, s);
	w = fmax(x_of(r, e) - x0, 1.0);
	fprintf(r->f, "<rect class=\"other\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%.1f\"><title>", x0, band_top(r, (unsigned int)r->cpu_row[run->cpu]),
		w, (double)BAND_H);
	hg_svg_text(r->f, run->comm);
	fprintf(r->f, " (pid %u)</title></rect>\n", run->pid);
	if (w >= hg_svg_text_px(strlen(run->comm), 10) + 4) {
		fprintf(r->f, "<text class=\"on\" x=\"%.1f\" y=\"%.1f\">", x0 + 2,
			band_top(r, (unsigned int)r->cpu_row[run->cpu]) + BAND_H - 3);
		hg_svg_text(r->f, run->comm);
		fputs("</text>\n", r->f);
	}
	return 0;
}

/* With --sched: the other tasks that ran in the workers' gaps. */
static int draw_others(const struct render *r)
{
	char err[256];
	int ret;

	fputs("<g>\n", r->f);
	ret = hg_attribute(r->t, r->o->sched, no_gap, draw_other, (void *)r, NULL, err,
			   sizeof(err));
	fputs("</g>\n", r->f);
	return ret;
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
	uint64_t next = th->begin_cycles ? hg_trace_ns(t, th->begin_cycles) : 0, k;

	for (k = 0; k < th->stored; k++)
		if (hg_event_type(th->recs[k].flags) == HG_EV_JOB)
			next = hg_trace_ns(t, th->recs[k].start_cycles) + th->period_ns;
	return next;
}

/* The markers of @kind of thread @i: from its events, then unfinished jobs. */
static void draw_marks(const struct render *r, uint32_t i, enum mark_kind kind)
{
	const struct hg_trace_thread *th = &r->t->threads[i];
	struct markers mk = { .kind = kind };
	uint64_t k, ns, rel, end, step;

	for (k = 0; k < th->stored; k++)
		if (mark_at(r->t, th, &th->recs[k], kind, &ns))
			marker(r, &mk, i, ns);
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
	uint64_t k, next, end;

	for (k = 0; k < th->stored; k++) {
		const struct hg_record *rec = &th->recs[k];
		uint64_t at = hg_trace_ns(r->t, rec->start_cycles), len = rec->len_cycles;

		if (!(rec->flags & HG_REC_MISS))
			continue;
		if (hg_event_type(rec->flags) == HG_EV_JOB)
			merge_add(r, &m, i, "miss", 2, at, at + len);
		else if (hg_event_type(rec->flags) == HG_EV_PERIOD)
			merge_add(r, &m, i, "miss", 2, at > len ? at - len : 0, at);
	}
	if (knows_unfinished(th)) {
		next = first_unfinished(r->t, th);
		end = thread_end_ns(r->t, th);
		if (next + th->deadline_ns <= end)
			merge_add(r, &m, i, "miss", 2, next, end);
	}
	flush_box(r, &m, i, 2);
}

/* Releases, deadlines, misses and wake-ups of every thread (thread rows). */
static void draw_events(const struct render *r)
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
};

/*
 * CPU rows: each LAT thread's wake-ups on the CPU it woke on, in its
 * colour, under the band
 */
static void draw_cpu_wakes(const struct render *r)
{
	unsigned int c;
	uint32_t i;
	uint64_t k, ns;

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
			for (k = 0; k < th->stored; k++)
				if (th->recs[k].cpu == c &&
				    mark_at(r->t, th, &th->recs[k], MARK_WAKE, &ns))
					marker(r, &mk, (unsigned int)r->cpu_row[c], ns);
			markers_close(r, &mk);
		}
	}
	fputs("</g>\n", r->f);
}

static void draw_title(const struct render *r)
{
	char title[256], cpus[32] = "", a[32], b[32];

	if (r->ncpus)
		snprintf(cpus, sizeof(cpus), " on %u CPU%s", r->ncpus, r->ncpus == 1 ? "" : "s");
	snprintf(title, sizeof(title), "Execution %s %u thread%s%s, %s to %s ms",
		 r->o->per_cpu ? "by CPU:" : "of", r->t->nthreads,
		 r->t->nthreads == 1 ? "" : "s", cpus, fmt_ms(r->l.from_ns, a, sizeof(a)),
		 fmt_ms(r->l.to_ns, b, sizeof(b)));
	hg_svg_title(r->f, r->l.width, title, r->t->cmdline);
}

static int render(struct render *r)
{
	struct legend_entry *e;
	struct merge *open;
	size_t ne, nopen = r->o->per_cpu ? NCPUS : 1;
	struct hg_svg_axis axis;
	int ret;

	e = calloc(r->t->nthreads + r->ncpus + 4, sizeof(*e));
	open = calloc(nopen, sizeof(*open));
	if (!e || !open) {
		free(e);
		free(open);
		return -ENOMEM;
	}
	ne = legend_entries(r, e, r->t->nthreads + r->ncpus + 4);
	lay_out(r, e, ne);
	hg_svg_begin(r->f, r->l.width, r->l.height, css);
	draw_title(r);
	legend_lines(r->f, e, ne, r->l.x.px_lo, r->l.x.px_hi);
	draw_rows(r);
	axis = (struct hg_svg_axis){
		.s = r->l.x, .at = r->l.top + (r->l.nrows ? r->l.nrows : 1) * ROW_H,
		.grid = (r->l.nrows ? r->l.nrows : 1) * ROW_H,
		.label = "time since the start of the run (ms)",
	};
	hg_svg_axis(r->f, &axis);
	ret = draw_intervals(r, open);
	if (!ret && r->o->per_cpu && r->o->sched)
		ret = draw_others(r);
	if (!ret && !r->o->per_cpu)
		draw_events(r);
	else if (!ret)
		draw_cpu_wakes(r);
	free(e);
	free(open);
	if (ret)
		return ret;
	return hg_svg_end(r->f);
}

int hg_render_timeline(FILE *f, const struct hg_trace *t, const struct hg_render_opts *o)
{
	struct render r = { .f = f, .t = t, .o = o };
	char err[128];
	int ret;

	ret = hg_render_check(t, o, err, sizeof(err));
	if (ret)
		return ret;
	ret = find_cpus(&r);
	if (ret)
		return ret;
	ret = render(&r);
	free(r.cpu_row);
	return ret;
}
