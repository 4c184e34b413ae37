// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * report.c - the report's page: its sections in order, each with the runs
 * side by side in columns
 */
#include <errno.h>
#include <stdbool.h>

#include "html/html.h"
#include "html/page.h"
#include "html/parts.h"
#include "svg/render.h"

#define PAGE_PX	1200	/* the page's text at 1280 px (page.c: 1240 less the padding) */
#define GAP_PX	18	/* between two columns */

/* A section's part of one run; a picture takes the next number of @pics. */
typedef int (*part_fn)(FILE *f, const struct hg_html_run *r, struct hg_html_pics *pics);

static int verdict(FILE *f, const struct hg_html_run *r, struct hg_html_pics *pics)
{
	(void)pics;
	return hg_html_verdict(f, r);
}

static int threads(FILE *f, const struct hg_html_run *r, struct hg_html_pics *pics)
{
	(void)pics;
	return hg_html_threads(f, r);
}

static int causes(FILE *f, const struct hg_html_run *r, struct hg_html_pics *pics)
{
	(void)pics;
	return hg_html_causes(f, r);
}

static int audit(FILE *f, const struct hg_html_run *r, struct hg_html_pics *pics)
{
	(void)pics;
	return hg_html_audit(f, r);
}

static int sys(FILE *f, const struct hg_html_run *r, struct hg_html_pics *pics)
{
	(void)pics;
	return hg_html_system(f, r);
}

static int commands(FILE *f, const struct hg_html_run *r, struct hg_html_pics *pics)
{
	(void)pics;
	return hg_html_commands(f, r);
}

static const struct section {
	const char *id, *title;
	part_fn part;
} sections[] = {
	{ "verdict", "Verdict and diagnosis", verdict },
	{ "threads", "Threads", threads },
	{ "latency", "Latency: histogram and tail", hg_html_latency },
	{ "worst", "The worst moment", hg_html_worst },
	{ "causes", "Causes", causes },
	{ "audit", "Audit", audit },
	{ "system", "Loads and system", sys },
	{ "commands", "Command lines", commands },
};

/* One section: its heading, then each run's part in a column of its own. */
static int section(FILE *f, const struct section *s, const struct hg_html_run *runs, size_t n,
		   struct hg_html_pics *pics)
{
	size_t i;
	int ret = 0;

	fprintf(f, "<section id=\"%s\">\n<h2>%s</h2>\n<div class=\"runs\" style=\"--n:%zu\">\n",
		s->id, s->title, n);
	for (i = 0; i < n && !ret; i++) {
		fputs("<div class=\"run\">\n", f);
		if (n > 1) {
			fputs("<h3>", f);
			hg_html_text(f, runs[i].name);
			fputs("</h3>\n", f);
		}
		ret = s->part(f, &runs[i], pics);
		fputs("</div>\n", f);
	}
	fputs("</div>\n</section>\n", f);
	return ret;
}

/* The page's head: what it shows and the command that made it. */
static void heading(FILE *f, const struct hg_html_run *runs, size_t n, const char *cmdline)
{
	size_t i;

	fputs("<header>\n<h1>hourglass report: ", f);
	for (i = 0; i < n; i++) {
		fputs(i ? ", " : "", f);
		hg_html_text(f, runs[i].name);
	}
	fputs("</h1>\n<p class=\"note\">", f);
	if (n > 1)
		fprintf(f, "%zu runs side by side, in the order given. ", n);
	fputs("Every figure is what the run measured or read from the kernel, as "
	      "<code>hourglass dump</code> and <code>explain</code> print it; made by "
	      "<code>hourglass ", f);
	hg_html_text(f, cmdline);
	fputs("</code></p>\n</header>\n", f);
}

int hg_html_report(FILE *f, const struct hg_html_run *runs, size_t n, const char *cmdline)
{
	struct hg_html_pics pics = { .next = 1 };
	char title[256];
	size_t i;
	int ret = 0;

	if (!n || n > HG_HTML_MAX_RUNS)
		return -EINVAL;
	snprintf(title, sizeof(title), "hourglass report: %s%s", runs[0].name,
		 n > 1 ? " and others" : "");
	pics.width_px = (PAGE_PX - GAP_PX * (unsigned int)(n - 1)) / (unsigned int)n;
	if (pics.width_px < HG_RENDER_MIN_WIDTH)
		pics.width_px = HG_RENDER_MIN_WIDTH;	/* scaled down to its column */
	hg_html_begin(f, title);
	heading(f, runs, n, cmdline);
	for (i = 0; i < sizeof(sections) / sizeof(sections[0]) && !ret; i++)
		ret = section(f, &sections[i], runs, n, &pics);
	if (ret)
		return ret;
	return hg_html_end(f);
}
