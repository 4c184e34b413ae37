// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * render_chain.c - a run's chains on the timeline: a line from each output
 * of a thread (its job's finish, on its row) to the job of the next thread
 * that read it first (that job's start, on the next thread's row)
 */
#include <math.h>

#include "svg/renderint.h"

/* A job's CLOCK_MONOTONIC time as ns from the run's start, the axis' time. */
static uint64_t axis_ns(const struct hg_trace *t, uint64_t mono_ns)
{
	return hg_trace_ns(t, hg_trace_mono_cycles(t, mono_ns));
}

/* Hop @k of chain @ch: one path of lines, a line at most a pixel apart. */
static void draw_hop(const struct render *r, const struct hg_chain_run *ch, uint32_t k)
{
	const struct hg_chain_stage *st = &ch->stage[k + 1];
	double y0 = band_top(r, ch->stage[k].thread) + BAND_H / 2.0;
	double y1 = band_top(r, st->thread) + BAND_H / 2.0, last = -10;
	uint64_t prev = HG_CHAIN_NO_SEQ, n;
	bool open = false;

	for (n = 0; n < st->n; n++) {
		const struct hg_chain_job *j = &st->jobs[n];
		uint64_t a, b;

		if (j->seq == HG_CHAIN_NO_SEQ || j->seq == prev)
			continue;
		prev = j->seq;
		a = axis_ns(r->t, j->avail_ns);
		b = axis_ns(r->t, j->start_ns);
		if (a < r->l.from_ns || b > r->l.to_ns || fabs(x_of(r, a) - last) < 1)
			continue;
		if (!open)
			fprintf(r->f, "<path class=\"chain\" style=\"" HG_RENDER_CHAIN_STYLE
				"\" d=\"");
		open = true;
		last = x_of(r, a);
		fprintf(r->f, "M%.1f %.1fL%.1f %.1f", last, y0, x_of(r, b), y1);
	}
	if (open)
		fputs("\"/>\n", r->f);
}

void hg_render_chains(const struct render *r)
{
	const struct hg_chainset *cs = r->t->chains;
	uint32_t c, k;

	if (!cs)
		return;
	fputs("<g>\n", r->f);
	for (c = 0; c < cs->n; c++)
		for (k = 0; k + 1 < cs->chain[c].nstages; k++)
			draw_hop(r, &cs->chain[c], k);
	fputs("</g>\n", r->f);
}
