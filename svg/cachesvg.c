// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cachesvg.c - penalty per switch against working-set size, with error bars
 */
#include <math.h>

#include "report/ciout.h"
#include "svg/cachesvg.h"
#include "svg/svg.h"
#include "util/timeval.h"

#define WIDTH	760.0
#define HEIGHT	536.0
#define LEFT	84.0
#define RIGHT	28.0
#define TOP	70.0
#define BOTTOM	146.0
#define CAP	5.0	/* half-width of an error bar's cap, px */

static const char css[] =
	".ci{stroke:#4e79a7;stroke-width:1.5}\n"
	".med{fill:#4e79a7;stroke:#4e79a7;stroke-width:1.5}\n"
	".none{fill:#fff;stroke:#4e79a7;stroke-width:1.5}\n"
	".link{stroke:#4e79a7;stroke-width:1;stroke-dasharray:4 3;fill:none}\n"
	".paper{fill:none;stroke:#999;stroke-width:1.2}\n"
	".zero{stroke:#888;stroke-width:1}\n";

/*
 * Whether size @s has an interval: as the table says, not from fewer pairs
 * than the bootstrap of a median needs.
 */
static bool has_ci(const struct hg_cache_size *s)
{
	return s->median_us.n >= hg_ci_method_need(HG_CI_BOOT_MEDIAN);
}

/*
 * The y range: every median, every interval drawn and zero, with a margin
 * (an interval not drawn stretches nothing). The paper's means are not in
 * it: on a machine that is not quiet its wall-clock formula swings by
 * milliseconds and would flatten the medians; one outside is drawn at the
 * edge, pointing out, with its value.
 */
static void y_range(const struct hg_cache_size *s, size_t n, double *lo, double *hi)
{
	size_t i;

	*lo = 0;
	*hi = 0;
	for (i = 0; i < n; i++) {
		bool ci = has_ci(&s[i]);

		*lo = fmin(*lo, ci ? s[i].median_us.lo : s[i].median_us.est);
		*hi = fmax(*hi, ci ? s[i].median_us.hi : s[i].median_us.est);
	}
	if (*hi - *lo <= 0)
		*hi = *lo + 1;
	*hi += (*hi - *lo) * 0.08;
	if (*lo < 0)
		*lo -= (*hi - *lo) * 0.04;
}

/*
 * The legend, two rows under the x axis' label, starting at @x; @all_ci:
 * every size has its interval, else the table's reason why some have none
 */
static void legend(FILE *f, double x, double y, bool all_ci)
{
	if (all_ci)
		fprintf(f, "<line class=\"ci\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\"/>\n", x, y - 7, x, y + 7);
	fprintf(f, "<circle class=\"med\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\"/>\n", x, y);
	if (all_ci)
		fprintf(f, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\">median from received "
			"time, 95 %% interval (hollow: contains zero)</text>\n", x + 12, y + 4);
	else
		fprintf(f, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\">median from received "
			"time; no interval where the bootstrap of a median lacks its %zu "
			"pairs</text>\n", x + 12, y + 4, hg_ci_method_need(HG_CI_BOOT_MEDIAN));
	y += 17;
	fprintf(f, "<rect class=\"paper\" x=\"%.1f\" y=\"%.1f\" width=\"8\" height=\"8\"/>\n",
		x - 4, y - 4);
	fprintf(f, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\">the paper's wall-clock formula "
		"(mean; past the axis: at its edge, with its value)</text>\n", x + 12, y + 4);
}

/*
 * The paper's mean at @px, @v us: a square where it falls on the axis, else
 * a triangle at the edge it is past, pointing out, and its value beside.
 */
static void paper_mark(FILE *f, const struct hg_svg_scale *y, double px, double v)
{
	double py = hg_svg_map(y, v), top = y->px_hi, bottom = y->px_lo;

	if (py >= top && py <= bottom) {
		fprintf(f, "<rect class=\"paper\" x=\"%.1f\" y=\"%.1f\" width=\"8\" "
			"height=\"8\"/>\n", px + 9, py - 4);
		return;
	}
	py = py < top ? top : bottom;
	fprintf(f, "<path class=\"paper\" d=\"M%.1f %.1fl8 0l-4 %.1fz\"><title>the paper's "
		"formula: %.3f us</title></path>\n", px + 9, py, py == top ? -7.0 : 7.0, v);
	fprintf(f, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\">%.0f</text>\n", px + 20,
		py == top ? py + 4 : py - 3, v);
}

/* A line of small grey type centred at @y, cut to the picture's width. */
static void foot_line(FILE *f, double y, const char *s)
{
	fprintf(f, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
		WIDTH / 2, y);
	hg_svg_text_max(f, s, (size_t)((WIDTH - 20) / hg_svg_text_px(1, HG_SVG_SMALL_PX)));
	fputs("</text>\n", f);
}

int hg_cache_svg(FILE *f, const struct hg_cache_run *run, const struct hg_cache_size *s,
		 size_t n)
{
	struct hg_svg_axis x = { 0 }, y = { 0 };
	double xlo = INFINITY, xhi = 0, ylo, yhi, px, prev_x = 0, prev_y = 0;
	char d[32], foot[256];
	bool all_ci = true;
	size_t i;

	for (i = 0; i < n; i++) {
		xlo = fmin(xlo, (double)s[i].size_kb);
		xhi = fmax(xhi, (double)s[i].size_kb);
	}
	if (!n)
		xlo = xhi = 1;
	y_range(s, n, &ylo, &yhi);
	if (ylo < 0) {
		/* down to a whole step, so the part below zero has a labelled tick */
		struct hg_svg_scale ys = { ylo, yhi, HEIGHT - BOTTOM, TOP, false };
		double step = hg_svg_tick_step(&ys, (unsigned int)((HEIGHT - BOTTOM - TOP) / 40));

		ylo = floor(ylo / step) * step;
	}
	x.s = (struct hg_svg_scale){ xlo / 2, xhi * 2, LEFT, WIDTH - RIGHT, true };
	x.at = HEIGHT - BOTTOM;
	x.grid = HEIGHT - BOTTOM - TOP;
	x.label = "working-set size (KB)";
	y.s = (struct hg_svg_scale){ ylo, yhi, HEIGHT - BOTTOM, TOP, false };
	y.vertical = true;
	y.at = LEFT;
	y.grid = WIDTH - RIGHT - LEFT;
	y.label = "penalty per context switch (us)";

	hg_svg_begin(f, WIDTH, HEIGHT, css);
	hg_svg_title(f, WIDTH, "Cache penalty of a context switch", run->command);
	hg_svg_axis(f, &x);
	hg_svg_axis(f, &y);
	if (ylo < 0)
		fprintf(f, "<line class=\"zero\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			LEFT, hg_svg_map(&y.s, 0), WIDTH - RIGHT, hg_svg_map(&y.s, 0));
	for (i = 0; i < n; i++) {
		double lo = hg_svg_map(&y.s, s[i].median_us.lo);
		double hi = hg_svg_map(&y.s, s[i].median_us.hi);
		double my = hg_svg_map(&y.s, s[i].median_us.est);

		px = hg_svg_map(&x.s, (double)s[i].size_kb);
		if (i)
			fprintf(f, "<line class=\"link\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
				"y2=\"%.1f\"/>\n", prev_x, prev_y, px, my);
		paper_mark(f, &y.s, px, s[i].paper_mean_us.est);
		prev_x = px;
		prev_y = my;
		if (!has_ci(&s[i])) {
			all_ci = false;
			fprintf(f, "<circle class=\"med\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\"><title>"
				"%llu KB: %.3f us, %zu pairs: no interval</title></circle>\n", px, my,
				(unsigned long long)s[i].size_kb, s[i].median_us.est, s[i].pairs);
			continue;
		}
		fprintf(f, "<line class=\"ci\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
			"<line class=\"ci\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n"
			"<line class=\"ci\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n",
			px, lo, px, hi, px - CAP, lo, px + CAP, lo, px - CAP, hi, px + CAP, hi);
		fprintf(f, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\"><title>%llu KB: "
			"%.3f us (%.3f .. %.3f), %zu pairs</title></circle>\n",
			s[i].no_penalty ? "none" : "med", px, my,
			(unsigned long long)s[i].size_kb, s[i].median_us.est, s[i].median_us.lo,
			s[i].median_us.hi, s[i].pairs);
	}
	legend(f, LEFT, HEIGHT - BOTTOM + 72, all_ci);
	snprintf(foot, sizeof(foot), "%s: 1 thread against %u on cpu %u, %s a trial, in "
		 "alternating pairs", run->workload, run->threads, run->cpu,
		 hg_format_time(run->duration_ns, d, sizeof(d)));
	foot_line(f, HEIGHT - 30, foot);
	snprintf(foot, sizeof(foot), "pairs: %s", run->rule);
	foot_line(f, HEIGHT - 14, foot);
	return hg_svg_end(f);
}
