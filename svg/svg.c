// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * svg.c - SVG output shared by every picture: documents, text, colours and
 * axes
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "report/utf8.h"
#include "svg/svg.h"
#include "trace/hist.h"

#define TICK_LEN	5	/* major ticks, outside the plot */
#define MINOR_LEN	3
#define TICK_GAP	4	/* between a tick and its label */
#define ELLIPSIS	"\xe2\x80\xa6"

/* The shared style sheet: every element says what it is, not how it looks. */
static const char style[] =
	"text{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;"
	"font-size:12px;fill:#222}\n"
	".title{font-size:16px;font-weight:bold}\n"
	".sub{font-size:11px;fill:#555}\n"
	".lab{font-size:13px}\n"
	".sup{font-size:11px}\n"
	".axis{stroke:#222;stroke-width:1;fill:none}\n"
	".grid{stroke:#e4e4e4;stroke-width:1}\n"
	".note{font-size:12px;fill:#555}\n";

/*
 * Chosen by tests/palette.py (its "choose 16"): each colour the farthest
 * (CIEDE2000) from those before it, for normal vision and for protanopia,
 * deuteranopia and tritanopia simulated, dark enough for text on white;
 * the first k are the best spread for k threads. Every two differ by 8.9
 * at least in all four (its "check"; the twelve before, of Tableau 10's
 * kind, came to 0.8, orange and ochre under protanopia, and held three
 * teals, two of them 2.6 apart for normal vision).
 */
static const char *const palette[HG_SVG_NCOLOURS] = {
	"#0066cc", "#dd8800", "#773322", "#00aaee", "#cc2266", "#886600", "#663377", "#bb77aa",
	"#3311dd", "#008877", "#66aa66", "#006644", "#3377ff", "#668844", "#ee4488", "#994499",
};

double hg_svg_text_px(size_t nchars, double px)
{
	return (double)nchars * px * 0.6;
}

/* Length of the UTF-8 sequence at @s, or 0 when it is not valid UTF-8. */
/* Write one character of length @n at @s, escaped. */
static void put_char(FILE *f, const char *s, size_t n)
{
	unsigned char c = (unsigned char)s[0];

	if (n == 0 || (c < 0x20 && c != '\t') || c == 0x7f)
		fputc('?', f);
	else if (c == '&')
		fputs("&amp;", f);
	else if (c == '<')
		fputs("&lt;", f);
	else if (c == '>')
		fputs("&gt;", f);
	else if (c == '"')
		fputs("&quot;", f);
	else
		fwrite(s, 1, n, f);
}

/* Characters (code points, or single bad bytes) in @s. */
static size_t count_chars(const char *s)
{
	size_t n = 0, l;

	for (; *s; s += l ? l : 1, n++)
		l = hg_utf8_len((const unsigned char *)s);
	return n;
}

void hg_svg_text_max(FILE *f, const char *s, size_t max)
{
	size_t total = count_chars(s), i, keep = total, l;

	if (total > max)
		keep = max ? max - 1 : 0;
	for (i = 0; i < keep; i++, s += l ? l : 1) {
		l = hg_utf8_len((const unsigned char *)s);
		put_char(f, s, l);
	}
	if (total > max && max)
		fputs(ELLIPSIS, f);
}

void hg_svg_text(FILE *f, const char *s)
{
	hg_svg_text_max(f, s, SIZE_MAX);
}

void hg_svg_begin(FILE *f, double width, double height, const char *css)
{
	unsigned int k;

	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
		"viewBox=\"0 0 %.0f %.0f\">\n<style>\n%s%s",
		width, height, width, height, style, css ? css : "");
	for (k = 0; k < HG_SVG_NCOLOURS; k++)
		fprintf(f, ".c%u{fill:%s}\n.line.c%u,.mark.c%u{stroke:%s;fill:none}\n", k,
			palette[k], k, k, palette[k]);
	fputs("</style>\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n", f);
}

void hg_svg_title(FILE *f, double width, const char *title, const char *subtitle)
{
	size_t fit = (size_t)((width - 40) / hg_svg_text_px(1, HG_SVG_SMALL_PX));
	size_t fit_title = (size_t)((width - 40) / hg_svg_text_px(1, HG_SVG_TITLE_PX));

	fprintf(f, "<text class=\"title\" x=\"%.1f\" y=\"26\" text-anchor=\"middle\">",
		width / 2);
	hg_svg_text_max(f, title, fit_title);
	fputs("</text>\n", f);
	if (!subtitle)
		return;
	fprintf(f, "<text class=\"sub\" x=\"%.1f\" y=\"44\" text-anchor=\"middle\">", width / 2);
	hg_svg_text_max(f, subtitle, fit);
	fputs("</text>\n", f);
}

int hg_svg_end(FILE *f)
{
	fputs("</svg>\n", f);
	return fflush(f) || ferror(f) ? -EIO : 0;
}

double hg_svg_map(const struct hg_svg_scale *s, double v)
{
	double a = s->lo, b = s->hi;

	if (s->log) {
		a = log10(a);
		b = log10(b);
		v = v > 0 ? log10(v) : a - 1;
	}
	if (b <= a)
		return s->px_lo;
	return s->px_lo + (v - a) / (b - a) * (s->px_hi - s->px_lo);
}

double hg_svg_tick_step(const struct hg_svg_scale *s, unsigned int max_ticks)
{
	return hg_step125((s->hi - s->lo) / (max_ticks ? max_ticks : 1));
}

char *hg_svg_format_tick(double v, double step, char *buf, size_t len)
{
	int dec = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);

	if (fabs(v) < step * 1e-6)
		v = 0;
	snprintf(buf, len, "%.*f", dec, v);
	return buf;
}

/* First and last multiples of @step in [lo, hi], as integers. */
static void tick_range(double lo, double hi, double step, long long *k0, long long *k1)
{
	*k0 = (long long)ceil(lo / step - 1e-9);
	*k1 = (long long)floor(hi / step + 1e-9);
}

static void tick_line(FILE *f, const struct hg_svg_axis *a, double p, double len)
{
	if (a->vertical)
		fprintf(f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			a->at - len, p, a->at, p);
	else
		fprintf(f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			p, a->at, p, a->at + len);
}

static void grid_line(FILE *f, const struct hg_svg_axis *a, double p)
{
	if (!a->grid)
		return;
	if (a->vertical)
		fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			a->at, p, a->at + a->grid, p);
	else
		fprintf(f, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			p, a->at, p, a->at - a->grid);
}

/* Open a tick label's <text> at pixel @p along the axis. */
static void label_open(FILE *f, const struct hg_svg_axis *a, double p)
{
	if (a->vertical)
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">",
			a->at - TICK_LEN - TICK_GAP, p + HG_SVG_TICK_PX * 0.35);
	else
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", p,
			a->at + TICK_LEN + TICK_GAP + HG_SVG_TICK_PX * 0.8);
}

static double axis_len(const struct hg_svg_axis *a)
{
	return fabs(a->s.px_hi - a->s.px_lo);
}

/* Ticks of a linear axis; returns the widest label in characters. */
static size_t linear_ticks(FILE *f, const struct hg_svg_axis *a)
{
	double per = a->vertical ? 40 : 90, step, lo = a->s.lo, hi = a->s.hi;
	size_t widest = 0, w;
	long long k0, k1, k;
	char buf[64];

	step = hg_svg_tick_step(&a->s, (unsigned int)fmax(2, axis_len(a) / per));
	/* wide labels need room: widen the step until they fit */
	while (!a->vertical) {
		w = strlen(hg_svg_format_tick(fabs(lo) > fabs(hi) ? lo : hi, step,
					      buf, sizeof(buf))) + 1;
		if (hg_svg_text_px(w, HG_SVG_TICK_PX) + 12 <=
		    step / (hi - lo) * axis_len(a) || step >= hi - lo)
			break;
		step = hg_step125(step * 1.5);
	}
	tick_range(lo, hi, step, &k0, &k1);
	for (k = k0; k <= k1; k++) {
		double v = (double)k * step, p = hg_svg_map(&a->s, v);

		grid_line(f, a, p);
		tick_line(f, a, p, TICK_LEN);
		label_open(f, a, p);
		hg_svg_format_tick(v, step, buf, sizeof(buf));
		fprintf(f, "%s</text>\n", buf);
		if (strlen(buf) > widest)
			widest = strlen(buf);
	}
	return widest;
}

/* Ticks of a log axis: decades labelled, 2..9 minor; the widest label. */
static size_t log_ticks(FILE *f, const struct hg_svg_axis *a)
{
	int d0 = (int)ceil(log10(a->s.lo) - 1e-9), d1 = (int)floor(log10(a->s.hi) + 1e-9);
	int dm = (int)floor(log10(a->s.lo)), d, m;
	bool plain = d1 <= 5;
	size_t widest = 0;

	for (d = dm; d <= d1; d++) {
		for (m = 2; m <= 9; m++) {
			double v = m * pow(10, d);

			if (v >= a->s.lo && v <= a->s.hi)
				tick_line(f, a, hg_svg_map(&a->s, v), MINOR_LEN);
		}
	}
	for (d = d0; d <= d1; d++) {
		double p = hg_svg_map(&a->s, pow(10, d));

		grid_line(f, a, p);
		tick_line(f, a, p, TICK_LEN);
		label_open(f, a, p);
		if (plain || d < 0) {
			char buf[32];

			snprintf(buf, sizeof(buf), "%.*f", d < 0 ? -d : 0, pow(10, d));
			fprintf(f, "%s</text>\n", buf);
			if (strlen(buf) > widest)
				widest = strlen(buf);
		} else {
			fprintf(f, "10<tspan class=\"sup\" dy=\"-6\">%d</tspan></text>\n", d);
			widest = widest > 4 ? widest : 4;
		}
	}
	return widest;
}

static void axis_label(FILE *f, const struct hg_svg_axis *a, size_t widest)
{
	double mid = (a->s.px_lo + a->s.px_hi) / 2;

	if (!a->label)
		return;
	if (a->vertical)
		fprintf(f, "<text class=\"lab\" text-anchor=\"middle\" "
			"transform=\"translate(%.1f %.1f) rotate(-90)\">",
			a->at - TICK_LEN - TICK_GAP - hg_svg_text_px(widest, HG_SVG_TICK_PX) - 10,
			mid);
	else
		fprintf(f, "<text class=\"lab\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
			mid, a->at + TICK_LEN + TICK_GAP + HG_SVG_TICK_PX + 20);
	hg_svg_text(f, a->label);
	fputs("</text>\n", f);
}

void hg_svg_axis(FILE *f, const struct hg_svg_axis *a)
{
	size_t widest;

	fputs("<g>\n", f);
	widest = a->s.log ? log_ticks(f, a) : linear_ticks(f, a);
	if (a->vertical)
		fprintf(f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			a->at, a->s.px_lo, a->at, a->s.px_hi);
	else
		fprintf(f, "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			a->s.px_lo, a->at, a->s.px_hi, a->at);
	axis_label(f, a, widest);
	fputs("</g>\n", f);
}
