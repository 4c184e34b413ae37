// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * render_sched.c - the timeline's other tasks (--sched): what the kernel
 * ran in the workers' gaps, a named box in its CPU's row
 */
#include <math.h>
#include <string.h>

#include "analysis/gaps/attrib.h"
#include "svg/renderint.h"
#include "util/errlen.h"

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

	if (run->cpu >= NCPUS || r->cpu_row[run->cpu] < 0 || !hg_render_clip(r, &s, &e))
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
int hg_render_others(const struct render *r, const struct hg_attrib_in *sched)
{
	char err[HG_ERR_LEN];
	int ret;

	fputs("<g>\n", r->f);
	ret = hg_attribute(r->t, sched, no_gap, draw_other, (void *)r, NULL, err,
			   sizeof(err));
	fputs("</g>\n", r->f);
	return ret;
}
