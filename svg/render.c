// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * render.c - a trace as a timeline picture (SVG), like the paper's figure 3
 *
 * The entry points, the layout, the rows, the intervals and the title; the
 * rest of the picture is drawn by the files renderint.h names.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "trace/reccur.h"
#include "svg/render.h"
#include "svg/renderint.h"
#include "util/errlen.h"
#include "util/timeval.h"

/* Layout (px); the rows' and the legend's are in renderint.h. */
#define RIGHT_MARGIN	28
#define AXIS_ROOM	56	/* under the plot: ticks, labels, the axis' name */

static const char css[] =
	".row{fill:#f3f3f3}\n"
	".rl2{font-size:11px;fill:#555}\n"
	".iv{fill:#8c8c8c}\n"
	".miss{fill:#d62728;fill-opacity:.3;stroke:#d62728;stroke-width:1}\n"
	".rel{fill:#1f4e99}\n"
	".dl{fill:#222}\n"
	".wake{stroke:#2c7a2c;stroke-width:1;fill:none}\n"
	".other{fill:#e8a33d}\n"
	".kirq{fill:#7b3294}\n"
	".on{font-size:10px;fill:#222}\n";

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
	const struct hg_record *rec;
	struct hg_reccur rc;
	unsigned int c;
	uint32_t i;
	int ret = 0;

	r->cpu_row = malloc(NCPUS * sizeof(*r->cpu_row));
	if (!r->cpu_row)
		return -ENOMEM;
	for (c = 0; c < NCPUS; c++)
		r->cpu_row[c] = -1;
	for (i = 0; i < t->nthreads && ret >= 0; i++) {
		hg_reccur_init(&rc, &t->threads[i]);
		while ((ret = hg_reccur_next(&rc, &rec)) > 0)
			if (!(rec->flags & HG_REC_EVENT) || (r->o->per_cpu && is_wake(rec)))
				r->cpu_row[rec->cpu] = 0;
		hg_reccur_free(&rc);
	}
	if (ret < 0)
		return ret;
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
	l->legend_lines = hg_render_legend_lines(NULL, e, ne, l->x.px_lo, l->x.px_hi);
	l->top = LEGEND_TOP + l->legend_lines * LEGEND_LINE;
	l->height = l->top + (l->nrows ? l->nrows : 1) * ROW_H + AXIS_ROOM;
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

/* The class of a box of colour @k. */
static const char *const box_cls[HG_SVG_NCOLOURS] = {
	"iv c0", "iv c1", "iv c2", "iv c3", "iv c4", "iv c5",
	"iv c6", "iv c7", "iv c8", "iv c9", "iv c10", "iv c11",
	"iv c12", "iv c13", "iv c14", "iv c15",
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
		struct hg_reccur rc;
		int ret;

		hg_reccur_init(&rc, th);
		while ((ret = hg_reccur_interval(&rc, &iv)) == 1) {
			uint64_t s = hg_trace_ns(r->t, iv.start_cycles);
			uint64_t e = hg_trace_ns(r->t, iv.start_cycles + iv.len_cycles);

			if (r->o->per_cpu)
				hg_render_merge_add(r, &open[iv.cpu],
						    (unsigned int)r->cpu_row[iv.cpu],
						    box_cls[i % HG_SVG_NCOLOURS], 0, s, e);
			else
				hg_render_merge_add(r, &open[0], i, box_cls[cpu_colour(r, iv.cpu)],
						    0, s, e);
		}
		hg_reccur_free(&rc);
		if (ret < 0)
			return ret;
		for (c = 0; c < (r->o->per_cpu ? NCPUS : 1u); c++)
			if (open[c].open)
				hg_render_flush_box(r, &open[c], r->o->per_cpu ?
						    (unsigned int)r->cpu_row[c] : i, 0);
	}
	fputs("</g>\n", r->f);
	return 0;
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

static int draw_timeline(struct render *r)
{
	struct legend_entry *e;
	struct merge *open;
	size_t ne, nopen = r->o->per_cpu ? NCPUS : 1;
	struct hg_svg_axis axis;
	int ret;

	e = calloc(r->t->nthreads + r->ncpus + 7, sizeof(*e));
	open = calloc(nopen, sizeof(*open));
	if (!e || !open) {
		free(e);
		free(open);
		return -ENOMEM;
	}
	ne = hg_render_legend_entries(r, r->o->per_cpu, e, r->t->nthreads + r->ncpus + 7);
	lay_out(r, e, ne);
	hg_svg_begin(r->f, r->l.width, r->l.height, css);
	draw_title(r);
	hg_render_legend_lines(r->f, e, ne, r->l.x.px_lo, r->l.x.px_hi);
	draw_rows(r);
	axis = (struct hg_svg_axis){
		.s = r->l.x, .at = r->l.top + (r->l.nrows ? r->l.nrows : 1) * ROW_H,
		.grid = (r->l.nrows ? r->l.nrows : 1) * ROW_H,
		.label = "time since the start of the run (ms)",
	};
	hg_svg_axis(r->f, &axis);
	ret = draw_intervals(r, open);
	if (!ret && r->o->per_cpu && r->o->sched)
		ret = hg_render_others(r, r->o->sched);
	if (!ret && r->t->kev)
		ret = hg_render_kernel(r, r->o->per_cpu);
	if (!ret && !r->o->per_cpu) {
		hg_render_events(r);
		hg_render_chains(r);
	} else if (!ret)
		hg_render_cpu_wakes(r);
	free(e);
	free(open);
	if (ret)
		return ret;
	return hg_svg_end(r->f);
}

int hg_render_timeline(FILE *f, const struct hg_trace *t, const struct hg_render_opts *o)
{
	struct render r = { .f = f, .t = t, .o = o, .ktasks = t->kev && !o->sched };
	char err[HG_ERR_LEN];
	int ret;

	ret = hg_render_check(t, o, err, sizeof(err));
	if (ret)
		return ret;
	ret = find_cpus(&r);
	if (ret)
		return ret;
	ret = draw_timeline(&r);
	free(r.cpu_row);
	return ret;
}
