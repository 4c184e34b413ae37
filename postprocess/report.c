// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * report.c - the whole text output of a run, from its parts: what a run
 * prints at its end and what dump prints from its trace
 */
#include <stdio.h>

#include "text.h"

int hg_print_trace(FILE *f, const struct hg_trace *t)
{
	int ret = 0;

	if (!(t->flags & HG_TRACE_NO_INTERVALS)) {
		ret = hg_print_intervals(f, t);
		if (!ret)
			ret = hg_print_samples(f, t);
	}
	hg_print_summary(f, t);
	hg_print_models(f, t);
	hg_print_prediction(f, t);
	if (t->flags & HG_TRACE_GAP_HIST)
		hg_print_gap_histograms(f, t);
	return ret;
}
