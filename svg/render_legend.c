// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * render_legend.c - the timeline's legend: what each colour and mark means,
 * laid out in lines that fit the plot's width
 */
#include <math.h>
#include <string.h>

#include "svg/renderint.h"

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

/* With the kernel's events (--kernel): what their boxes mean. */
static void kernel_entries(const struct render *r, struct legend_entry *e, size_t *n,
			   size_t max)
{
	if (!r->t->kev)
		return;
	add_entry(e, n, max, "kirq", -1, "interrupt, softirq, timer, IPI, NMI (kernel events)");
	if (r->ktasks)
		add_entry(e, n, max, "other", -1, "another task (kernel events)");
}

/* With chains (--chain), thread rows: what their lines mean, the chains named. */
static void chain_entry(const struct render *r, struct legend_entry *e, size_t *n, size_t max)
{
	const struct hg_chainset *cs = r->t->chains;
	char text[sizeof(e->text)];
	size_t at;
	uint32_t c;

	if (!cs || !cs->n)
		return;
	at = (size_t)snprintf(text, sizeof(text), "chain%s", cs->n > 1 ? "s" : "");
	for (c = 0; c < cs->n && at < sizeof(text); c++)
		at += (size_t)snprintf(text + at, sizeof(text) - at, "%s %s", c ? "," : "",
				       cs->chain[c].name);
	if (at < sizeof(text))
		snprintf(text + at, sizeof(text) - at, ": an output to the next thread's "
			 "job that read it first");
	add_entry(e, n, max, "chain", -1, text);
}

/*
 * The legend's entries. CPU rows: each thread's colour, a wake-up mark of
 * it for a LAT thread (its wake-ups are drawn on the CPU they woke on).
 * Thread rows: each CPU's colour, then the markers and the chains' lines
 * that are drawn. Both:
 * the kernel's events, when the trace has them.
 */
size_t hg_render_legend_entries(const struct render *r, bool per_cpu, struct legend_entry *e,
				size_t max)
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
		if (!per_cpu)
			continue;
		snprintf(text, sizeof(text), "thread %u: %s, %s%s", th->id, th->workload,
			 th->priority, wakes ? ": wake-ups" : "");
		add_entry(e, &n, max, wakes ? "wake" : NULL, (int)(i % HG_SVG_NCOLOURS), text);
	}
	if (per_cpu) {
		kernel_entries(r, e, &n, max);
		return n;
	}
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
	chain_entry(r, e, &n, max);
	kernel_entries(r, e, &n, max);
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
	else if (!strcmp(e->cls, "kirq") || !strcmp(e->cls, "other"))
		fprintf(f, "<rect class=\"key %s\" x=\"%.1f\" y=\"%.1f\" width=\"14\" "
			"height=\"10\"/>\n", e->cls, x, y - 9);
	else if (!strcmp(e->cls, "rel"))
		fprintf(f, "<path class=\"key rel\" d=\"M%.1f %.1fl-4 7h8z\"/>\n", x + 7, y - 8);
	else if (!strcmp(e->cls, "chain"))
		fprintf(f, "<path class=\"key chain\" style=\"" HG_RENDER_CHAIN_STYLE "\" "
			"d=\"M%.1f %.1fl14 -8\"/>\n", x, y - 1);
	else if (!strcmp(e->cls, "dl"))
		fprintf(f, "<path class=\"key dl\" d=\"M%.1f %.1fl4 7 4-7z\"/>\n", x + 3, y - 8);
	else if (e->colour >= 0)
		fprintf(f, "<path class=\"key wake mark c%d\" d=\"M%.1f %.1fv12m3 0v-12\"/>\n",
			e->colour, x + 5, y - 10);
	else
		fprintf(f, "<path class=\"key wake\" d=\"M%.1f %.1fv12\"/>\n", x + 7, y - 10);
}

/* Lay the legend out from @x0 to @x1; draw it when @f is not NULL. */
unsigned int hg_render_legend_lines(FILE *f, const struct legend_entry *e, size_t n,
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
