// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tailsvg.c - a tail fit as a picture (see tailsvg.h)
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/stats/stats.h"
#include "svg/svg.h"
#include "svg/tailsvg.h"

#define TS_W 760.0
#define TS_PANEL 400.0		/* one panel's height */
#define TS_TOP 56.0		/* above the first panel: the title */
#define TS_L 128.0
#define TS_R 24.0
#define TS_PT 56.0		/* a panel's plot starts this far down */
#define TS_PB 56.0		/* and ends this far above its bottom */
#define TS_CURVE 160		/* points of the fit's line and band */
#define TS_POINTS 600		/* observed points drawn at most, thinned on a log grid */
#define TS_P_MIN 1e-10		/* the probability axis' bottom when fitted */

static const char css[] =
	".band{fill:#1f77b4;fill-opacity:0.18;stroke:none}\n"
	".thr{stroke:#d62728;stroke-width:1.2;stroke-dasharray:5 4}\n"
	".obs{fill:#222}\n"
	".fit{stroke:#1f77b4;stroke-width:2;fill:none}\n";

/* The plotted range: values along x, probabilities (log) along y. */
struct ts_frame {
	struct hg_svg_scale x, y;
	double top;		/* the panel's top */
};

/* Whether @p's fit is drawn (fitted and not refused). */
static bool drawn(const struct hg_tail_panel *p)
{
	return p->t->fitted && !hg_tail_refused(p->s, p->t);
}

static void frame(const struct hg_tail_panel *p, const double *desc, double top,
		  struct ts_frame *fr)
{
	const struct hg_tail *t = p->t;
	size_t from = (size_t)fmin((double)p->n - 1, 10.0 * (double)t->above + 10);
	double lo = desc[from], hi = t->max;

	if (drawn(p))
		hi = fmax(hi, t->rl[HG_TAIL_NRL - 1].x);
	if (!(hi > lo))
		hi = lo + 1;
	fr->top = top;
	fr->x = (struct hg_svg_scale){ .lo = lo / 1e3, .hi = (hi + (hi - lo) * 0.04) / 1e3,
				       .px_lo = TS_L, .px_hi = TS_W - TS_R };
	fr->y = (struct hg_svg_scale){ .lo = drawn(p) ? TS_P_MIN : 0.5 / (double)t->n, .hi = 1,
				       .px_lo = top + TS_PANEL - TS_PB, .px_hi = top + TS_PT,
				       .log = true };
}

/* The pixel of probability @p, held inside the frame. */
static double ypx(const struct ts_frame *fr, double p)
{
	return hg_svg_map(&fr->y, fmin(fmax(p, fr->y.lo), fr->y.hi));
}

/* The observed survival: the i-th largest at i / n. */
static void observed(FILE *f, const struct hg_tail_panel *p, const double *desc,
		     const struct ts_frame *fr)
{
	double next = 1;
	size_t i;

	for (i = 0; i < p->n && desc[i] / 1e3 >= fr->x.lo; i++) {
		double pr = (double)(i + 1) / (double)p->t->n;

		if ((double)(i + 1) < next)
			continue;
		next = fmax((double)(i + 1) * pow((double)p->n, 1.0 / TS_POINTS), (double)i + 2);
		fprintf(f, "<circle class=\"obs\" cx=\"%.1f\" cy=\"%.1f\" r=\"1.8\"/>\n",
			hg_svg_map(&fr->x, desc[i] / 1e3), ypx(fr, pr));
	}
}

/* The fit from the threshold on, and its band. */
static void fitted(FILE *f, const struct hg_tail *t, const struct ts_frame *fr)
{
	double xs[TS_CURVE], p[TS_CURVE], ci[TS_CURVE][2], x0 = fmax(t->u / 1e3, fr->x.lo);
	int i;

	for (i = 0; i < TS_CURVE; i++) {
		xs[i] = x0 + (fr->x.hi - x0) * i / (TS_CURVE - 1);
		p[i] = hg_tail_p(t, fmax(xs[i] * 1e3, t->u * (1 + 1e-12) + 1e-9), ci[i]);
	}
	fputs("<path class=\"band\" d=\"", f);
	for (i = 0; i < TS_CURVE; i++)
		fprintf(f, "%c%.1f,%.1f", i ? 'L' : 'M', hg_svg_map(&fr->x, xs[i]),
			ypx(fr, ci[i][1]));
	for (i = TS_CURVE - 1; i >= 0; i--)
		fprintf(f, "L%.1f,%.1f", hg_svg_map(&fr->x, xs[i]), ypx(fr, ci[i][0]));
	fputs("Z\"/>\n<path class=\"fit\" d=\"", f);
	for (i = 0; i < TS_CURVE && p[i] >= fr->y.lo; i++)
		fprintf(f, "%c%.1f,%.1f", i ? 'L' : 'M', hg_svg_map(&fr->x, xs[i]), ypx(fr, p[i]));
	fputs("\"/>\n", f);
}

static void panel(FILE *f, const struct hg_tail_panel *p, const double *desc, double top)
{
	struct hg_svg_axis ax = { .label = "value (us)" }, ay = { .vertical = true,
		.label = "P(X > x) per sample" };
	struct ts_frame fr;
	double tx;

	frame(p, desc, top, &fr);
	ax.s = fr.x;
	ax.at = fr.y.px_lo;
	ax.grid = fr.y.px_lo - fr.y.px_hi;
	ay.s = fr.y;
	ay.at = TS_L;
	ay.grid = TS_W - TS_R - TS_L;
	hg_svg_axis(f, &ax);
	hg_svg_axis(f, &ay);
	fprintf(f, "<text class=\"lab\" x=\"%.1f\" y=\"%.1f\">", TS_L, top + 24);
	hg_svg_text_max(f, p->s->what, 60);
	fprintf(f, ", %s: xi %.3f, ", p->s->of, p->t->fit.g.xi);
	if (drawn(p))
		fprintf(f, "%s%zu exceedances</text>\n", p->t->failed ? "[forced] " : "", p->t->k);
	else
		fprintf(f, "refused: the %s check failed</text>\n",
			p->t->failed ? p->t->failed : "fit");
	if (drawn(p))
		fitted(f, p->t, &fr);
	observed(f, p, desc, &fr);
	tx = hg_svg_map(&fr.x, p->t->u / 1e3);
	if (tx >= TS_L && tx <= TS_W - TS_R)
		fprintf(f, "<line class=\"thr\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
			"<text class=\"note\" x=\"%.1f\" y=\"%.1f\">threshold %.2f us</text>\n",
			tx, fr.y.px_hi, tx, fr.y.px_lo, tx + 4, fr.y.px_hi + 12, p->t->u / 1e3);
	fprintf(f, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\">dots: observed (i-th largest "
		"at i/n); line: the fit; shaded: its 95%% band (delta method)</text>\n", TS_L,
		top + 40);
}

static int cmp_desc(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? 1 : x > y ? -1 : 0;
}

int hg_tail_svg(FILE *f, const char *source, const struct hg_tail_panel *p, size_t n)
{
	double h = TS_TOP + TS_PANEL * (double)n;
	size_t i;

	hg_svg_begin(f, TS_W, h, css);
	hg_svg_title(f, TS_W, "How rare: the tail of the samples, by peaks over threshold",
		     source);
	for (i = 0; i < n; i++) {
		double *desc = malloc((p[i].n ? p[i].n : 1) * sizeof(*desc));

		if (!desc)
			return -ENOMEM;
		memcpy(desc, p[i].x, p[i].n * sizeof(*desc));
		qsort(desc, p[i].n, sizeof(*desc), cmp_desc);
		if (p[i].n)
			panel(f, &p[i], desc, TS_TOP + TS_PANEL * (double)i);
		free(desc);
	}
	return hg_svg_end(f);
}
