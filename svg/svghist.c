// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * svghist.c - a histogram picture: series over the same buckets, legend,
 * median and p99 marks, the overflow bucket as a labelled bar
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "svg/svg.h"
#include "svg/svghist.h"

/* Layout (px). */
#define WIDTH		HG_SVG_HIST_WIDTH
#define PLOT_H		330	/* the plot's height */
#define LEFT		92
#define RIGHT		32
#define LEGEND_TOP	66	/* the first legend line's baseline */
#define LEGEND_LINE	17
#define BOTTOM		66	/* under the plot: ticks, labels, the axis' name */
#define SLOT_GAP	18	/* between the axis' end and the overflow bars */
#define OVER_W		14	/* an overflow bar */
#define OVER_PITCH	18
#define MARKLAB_LINE	12

static const char css[] =
	".area{fill-opacity:.28}\n"
	".line{stroke-width:1.6;stroke-linejoin:round}\n"
	".over{fill-opacity:.9}\n"
	".mark{stroke-width:1.3}\n"
	".median{stroke-dasharray:7 4}\n"
	".p99{stroke-dasharray:2 3}\n"
	".key.mark{stroke:#555}\n"
	".legend{font-size:12px}\n"
	".count,.overlab,.marklab{font-size:11px}\n";

/* Where everything goes. */
struct hlayout {
	double height;
	double top, base;		/* the plot's top and bottom */
	double slot_x;			/* the first overflow bar's left, 0: none */
	struct hg_svg_scale x, y;
	unsigned int legend_lines;
};

static bool same_buckets(const struct hg_bins *a, const struct hg_bins *b)
{
	return a->first == b->first && a->width == b->width && a->n == b->n;
}

static int check(const struct hg_svg_hist *h)
{
	size_t k;

	if (!h->nseries || h->nseries > HG_SVG_NCOLOURS || !(h->per_unit > 0))
		return -EINVAL;
	for (k = 0; k < h->nseries; k++)
		if (!h->series[k].bins->width || !h->series[k].bins->n ||
		    !same_buckets(h->series[k].bins, h->series[0].bins))
			return -EINVAL;
	return 0;
}

/* Whether any series has a mark. */
static bool has_marks(const struct hg_svg_hist *h)
{
	size_t k;

	for (k = 0; k < h->nseries; k++)
		if (isfinite(h->series[k].median) || isfinite(h->series[k].p99))
			return true;
	return false;
}

/*
 * The legend: a line per series (a swatch of its colour, its name), then a
 * line with the marks' keys. Drawn when @f is not NULL; returns its lines.
 */
static unsigned int legend(FILE *f, const struct hg_svg_hist *h)
{
	size_t fit = (size_t)((WIDTH - RIGHT - LEFT - 20) / hg_svg_text_px(1, 12)), k;
	double y = LEGEND_TOP;
	unsigned int m;

	for (k = 0; k < h->nseries; k++) {
		y = LEGEND_TOP + (double)k * LEGEND_LINE;
		if (!f)
			continue;
		fprintf(f, "<rect class=\"key c%zu\" x=\"%d\" y=\"%.1f\" width=\"14\" "
			"height=\"10\"/>\n<text class=\"legend\" x=\"%d\" y=\"%.1f\">", k, LEFT,
			y - 9, LEFT + 20, y);
		hg_svg_text_max(f, h->series[k].name, fit);
		fputs("</text>\n", f);
	}
	if (!has_marks(h))
		return (unsigned int)h->nseries;
	y = LEGEND_TOP + (double)h->nseries * LEGEND_LINE;	/* a line of its own */
	for (m = 0; f && m < 2; m++) {
		double x = LEFT + m * 110.0;

		fprintf(f, "<line class=\"key mark %s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\"/>\n<text class=\"legend\" x=\"%.1f\" y=\"%.1f\">%s</text>\n",
			m ? "p99" : "median", x, y - 4, x + 22, y - 4, x + 28, y,
			m ? "p99" : "median");
	}
	return (unsigned int)h->nseries + 1;
}

static uint64_t overflow(const struct hg_svg_hist *h, size_t k)
{
	const struct hg_bins *b = h->series[k].bins;

	return b->count[b->n];
}

static void lay_out(const struct hg_svg_hist *h, struct hlayout *l)
{
	const struct hg_bins *b = h->series[0].bins;
	uint64_t max = 0, over = 0;
	double right = WIDTH - RIGHT, step;
	size_t k, i;

	l->legend_lines = legend(NULL, h);
	l->top = LEGEND_TOP + (l->legend_lines - 1) * LEGEND_LINE + 22;
	l->base = l->top + PLOT_H;
	l->height = l->base + BOTTOM;
	for (k = 0; k < h->nseries; k++) {
		for (i = 0; i <= b->n; i++)
			if (h->series[k].bins->count[i] > max)
				max = h->series[k].bins->count[i];
		over += overflow(h, k);
	}
	l->slot_x = 0;
	if (over) {
		l->slot_x = right - (double)h->nseries * OVER_PITCH -
			    fmax(0, 52 - (double)h->nseries * OVER_PITCH) / 2;
		right = l->slot_x - SLOT_GAP;
	}
	l->x = (struct hg_svg_scale){
		.lo = (double)hg_bins_low(b, 0) / h->per_unit,
		.hi = (double)hg_bins_low(b, b->n) / h->per_unit,
		.px_lo = LEFT, .px_hi = right,
	};
	l->y = (struct hg_svg_scale){ .px_lo = l->base, .px_hi = l->top, .log = h->log_counts };
	if (h->log_counts) {
		l->y.lo = 0.5;
		l->y.hi = pow(10, fmax(1, ceil(log10(max ? (double)max : 1) - 1e-9)));
	} else {
		step = hg_step125((max ? (double)max : 1) / 5);
		l->y.hi = ceil((double)(max ? max : 1) / step - 1e-9) * step;
	}
}

/* The pixel of a count: on the base for none, whatever the scale. */
static double y_of(const struct hlayout *l, uint64_t count)
{
	double y;

	if (!count)
		return l->base;
	y = hg_svg_map(&l->y, (double)count);
	return fmax(l->top, fmin(l->base, y));
}

/* A series as a step outline from the base and back: "M x base V y H x ...". */
static void outline(FILE *f, const struct hlayout *l, const struct hg_bins *b, double per_unit,
		    bool close)
{
	double y = l->base;
	size_t i;

	fprintf(f, "M%.2f %.2f", l->x.px_lo, l->base);
	for (i = 0; i < b->n; i++) {
		double yi = y_of(l, b->count[i]);

		if (yi != y || !i) {
			if (i)
				fprintf(f, "H%.2f", hg_svg_map(&l->x, (double)hg_bins_low(b, i) /
							      per_unit));
			fprintf(f, "V%.2f", yi);
			y = yi;
		}
	}
	fprintf(f, "H%.2fV%.2f%s", l->x.px_hi, l->base, close ? "Z" : "");
}

static void draw_series(FILE *f, const struct hg_svg_hist *h, const struct hlayout *l)
{
	size_t k;

	fputs("<g>\n", f);
	for (k = 0; k < h->nseries; k++) {
		fprintf(f, "<path class=\"area c%zu\" d=\"", k);
		outline(f, l, h->series[k].bins, h->per_unit, true);
		fputs("\"/>\n", f);
	}
	for (k = 0; k < h->nseries; k++) {
		fprintf(f, "<path class=\"line c%zu\" d=\"", k);
		outline(f, l, h->series[k].bins, h->per_unit, false);
		fputs("\"/>\n", f);
	}
	fputs("</g>\n", f);
}

/* The overflow bars, their counts over them, the bucket under the axis. */
static void draw_overflow(FILE *f, const struct hg_svg_hist *h, const struct hlayout *l)
{
	const struct hg_bins *b = h->series[0].bins;
	double x1 = l->slot_x + (double)h->nseries * OVER_PITCH - (OVER_PITCH - OVER_W);
	char v[32];
	size_t k;

	if (!l->slot_x)
		return;
	fputs("<g>\n", f);
	for (k = 0; k < h->nseries; k++) {
		double x = l->slot_x + (double)k * OVER_PITCH, y = y_of(l, overflow(h, k));

		fprintf(f, "<rect class=\"over c%zu\" x=\"%.2f\" y=\"%.2f\" width=\"%d\" "
			"height=\"%.2f\"/>\n", k, x, y, OVER_W, l->base - y);
		fprintf(f, "<text class=\"count c%zu\" x=\"%.2f\" y=\"%.2f\" "
			"text-anchor=\"middle\">%" PRIu64 "</text>\n", k, x + OVER_W / 2.0,
			y - 4 - (double)(k % 2) * MARKLAB_LINE, overflow(h, k));
	}
	fprintf(f, "<line class=\"axis\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n",
		l->slot_x - 4, l->base, x1 + 4, l->base);
	snprintf(v, sizeof(v), "%g", (double)hg_bins_low(b, b->n) / h->per_unit);
	fprintf(f, "<text class=\"overlab\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">"
		"\xe2\x89\xa5 %s ", (l->slot_x + x1) / 2, l->base + 21 + MARKLAB_LINE, v);
	hg_svg_text(f, h->unit);
	fputs("</text>\n</g>\n", f);
}

/* A mark of a series: where its line stands, its label and the label's row. */
struct mark {
	double x;		/* the line */
	double lx0, lx1;	/* the label's left and right ends */
	bool left;		/* the label ends at the mark (text-anchor end) */
	char lab[64];
	size_t k;		/* its series */
	int m;			/* 0 median, 1 p99 */
	unsigned int row;
};

/* The box of series @k's overflow count, as draw_overflow() writes it. */
static void count_box(const struct hg_svg_hist *h, const struct hlayout *l, size_t k,
		      double box[4])
{
	char v[32];
	double cx = l->slot_x + (double)k * OVER_PITCH + OVER_W / 2.0;
	double y = y_of(l, overflow(h, k)) - 4 - (double)(k % 2) * MARKLAB_LINE;
	double w = hg_svg_text_px((size_t)snprintf(v, sizeof(v), "%" PRIu64, overflow(h, k)), 11);

	box[0] = cx - w / 2;
	box[1] = y - 0.8 * 11;
	box[2] = cx + w / 2;
	box[3] = y + 0.2 * 11;
}

/* How many marks of @mk but @self stand under [@x0, @x1]. */
static size_t covered(const struct mark *mk, size_t n, size_t self, double x0, double x1)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += i != self && mk[i].x > x0 - 1 && mk[i].x < x1 + 1;
	return c;
}

/*
 * The side of mark @k's label: the right, where it has room clear of the
 * overflow bars, unless it would stand over more of the other marks than
 * on the left, where there is room too (two labels facing each other over
 * their marks cannot both be clear of the other's line).
 */
static void place_label(const struct hg_svg_hist *h, const struct hlayout *l, struct mark *mk,
			size_t n, size_t k)
{
	struct mark *p = &mk[k];
	double w = hg_svg_text_px(strlen(p->lab) + strlen(h->unit), 11), lx;
	bool right_room = p->x + 3 + w <= (l->slot_x ? l->slot_x - 4 : WIDTH - 4);

	p->left = !right_room;
	if (right_room && p->x - 3 - w >= LEFT + 2 &&
	    covered(mk, n, k, p->x - 3 - w, p->x - 3) < covered(mk, n, k, p->x + 3, p->x + 3 + w))
		p->left = true;
	lx = p->left && l->slot_x && p->x > l->slot_x ? l->slot_x - 1 : p->x;
	p->lx0 = p->left ? lx - 3 - w : lx + 3;
	p->lx1 = p->left ? lx - 3 : lx + 3 + w;
}

/* The marks that fall on the axis or on an overflow bar, into @mk; how many. */
static size_t gather_marks(const struct hg_svg_hist *h, const struct hlayout *l,
			   struct mark *mk)
{
	size_t k, n = 0;
	int m;

	for (k = 0; k < h->nseries; k++) {
		for (m = 0; m < 2; m++) {
			double v = m ? h->series[k].p99 : h->series[k].median;
			struct mark *p = &mk[n];

			if (!isfinite(v) || v < l->x.lo || (v > l->x.hi && !l->slot_x))
				continue;
			p->k = k;
			p->m = m;
			p->x = v > l->x.hi ? l->slot_x + (double)k * OVER_PITCH + OVER_W / 2.0 :
			       hg_svg_map(&l->x, v);
			snprintf(p->lab, sizeof(p->lab), v >= 1e4 ? "%s %.0f " : "%s %.4g ",
				 m ? "p99" : "median", v);
			n++;
		}
	}
	for (k = 0; k < n; k++)
		place_label(h, l, mk, n, k);
	return n;
}

/*
 * The labels' rows, from the top: a mark's line reaches up to its own
 * label, so a label must be higher than every line that stands under it
 * (the marks whose x its text covers). Rows in that order, else in the
 * marks' own (two labels facing each other cannot both be).
 */
static void order_rows(struct mark *mk, size_t n)
{
	bool placed[2 * HG_SVG_NCOLOURS] = { false };
	unsigned int row;
	size_t i, j;

	for (row = 0; row < n; row++) {
		size_t pick = n;

		for (i = 0; i < n && pick == n; i++) {
			bool free = !placed[i];

			/* no unplaced label above which this one's line must stop */
			for (j = 0; j < n && free; j++)
				free = placed[j] || j == i ||
				       !(mk[i].x > mk[j].lx0 - 1 && mk[i].x < mk[j].lx1 + 1);
			if (free)
				pick = i;
		}
		for (i = 0; i < n && pick == n; i++)
			if (!placed[i])
				pick = i;
		placed[pick] = true;
		mk[pick].row = row;
	}
}

/*
 * Median and p99 of each series, where they fall on the axis; past its
 * clipped end, on the series' overflow bar, which holds them. Each label
 * gives the value, since a mark on the overflow bar cannot show it. A
 * mark's line rises from the axis to its label and passes under no label:
 * not another mark's (order_rows()), not an overflow bar's count (it
 * stops above it), and no label runs into the overflow bars: one that
 * would goes to the left of its mark, or of the bars.
 */
static void draw_marks(FILE *f, const struct hg_svg_hist *h, const struct hlayout *l)
{
	struct mark mk[2 * HG_SVG_NCOLOURS];
	size_t n = gather_marks(h, l, mk), i, k;

	order_rows(mk, n);
	fputs("<g>\n", f);
	for (i = 0; i < n; i++) {
		const struct mark *p = &mk[i];
		double ly = l->top + 10 + MARKLAB_LINE * p->row, y0 = ly - 9, y1 = l->base;

		for (k = 0; l->slot_x && k < h->nseries; k++) {
			double b[4];

			if (!overflow(h, k))
				continue;
			count_box(h, l, k, b);
			if (p->x <= b[0] - 1 || p->x >= b[2] + 1 || b[3] < y0 || b[1] > y1)
				continue;
			if (b[1] > y0)
				y1 = fmin(y1, b[1] - 2);	/* stop above the count */
			else
				y0 = fmax(y0, b[3] + 2);
		}
		if (y1 - y0 >= 1)
			fprintf(f, "<line class=\"mark %s c%zu\" x1=\"%.2f\" y1=\"%.2f\" "
				"x2=\"%.2f\" y2=\"%.2f\"/>\n", p->m ? "p99" : "median", p->k, p->x,
				y1, p->x, y0);
		fprintf(f, "<text class=\"marklab c%zu\" x=\"%.2f\" y=\"%.2f\"%s>%s", p->k,
			p->left ? p->lx1 : p->lx0, ly, p->left ? " text-anchor=\"end\"" : "",
			p->lab);
		hg_svg_text(f, h->unit);
		fputs("</text>\n", f);
	}
	fputs("</g>\n", f);
}

/* Whether no series counted anything (a trace with no switches, no samples). */
static bool nothing(const struct hg_svg_hist *h)
{
	size_t k, i;

	for (k = 0; k < h->nseries; k++)
		for (i = 0; i <= h->series[k].bins->n; i++)
			if (h->series[k].bins->count[i])
				return false;
	return true;
}

/*
 * The picture of nothing counted: title, legend and "no <what>", no axis
 * to misread.
 */
static int draw_nothing(FILE *f, const struct hg_svg_hist *h)
{
	double top = LEGEND_TOP + (legend(NULL, h) - 1) * LEGEND_LINE + 22;

	hg_svg_begin(f, WIDTH, top + 80, css);
	hg_svg_title(f, WIDTH, h->title, h->subtitle);
	legend(f, h);
	fprintf(f, "<text class=\"nothing\" x=\"%d\" y=\"%.2f\" text-anchor=\"middle\">no ",
		WIDTH / 2, top + 40);
	hg_svg_text(f, h->ylabel ? h->ylabel : "values");
	fputs("</text>\n", f);
	return hg_svg_end(f);
}

int hg_svg_hist(FILE *f, const struct hg_svg_hist *h)
{
	struct hg_svg_axis xa = { .label = h->xlabel }, ya = { .vertical = true, .at = LEFT };
	struct hlayout l;
	char ylabel[96];
	int ret;

	ret = check(h);
	if (ret)
		return ret;
	if (nothing(h))
		return draw_nothing(f, h);
	lay_out(h, &l);
	snprintf(ylabel, sizeof(ylabel), "%s%s", h->ylabel ? h->ylabel : "count",
		 h->log_counts ? " (log scale)" : "");
	xa.s = l.x;
	xa.at = l.base;
	ya.s = l.y;
	ya.grid = l.x.px_hi - LEFT;
	ya.label = ylabel;
	hg_svg_begin(f, WIDTH, l.height, css);
	hg_svg_title(f, WIDTH, h->title, h->subtitle);
	legend(f, h);
	hg_svg_axis(f, &ya);
	draw_series(f, h, &l);
	draw_marks(f, h, &l);
	hg_svg_axis(f, &xa);
	draw_overflow(f, h, &l);
	return hg_svg_end(f);
}
