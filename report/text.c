// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * text.c - the whole text output of a run, from its parts: what a run
 * prints at its end and what dump prints from its trace
 */
#include <stdio.h>

#include "report/audit.h"
#include "report/chainrun.h"
#include "report/load.h"
#include "report/tail.h"
#include "report/text.h"

void hg_print_command(FILE *f, const struct hg_trace *t)
{
	fprintf(f, "# command: %s\n", t->cmdline ? t->cmdline : "");
}

void hg_print_header(FILE *f, const struct hg_trace *t)
{
	size_t k;

	hg_print_command(f, t);
	for (k = 0; k < t->nsys; k++)
		if (!hg_is_load_key(t->sys[k].key) && !hg_is_audit_key(t->sys[k].key) &&
		    !hg_is_audit_fix_key(t->sys[k].key))
			/* their own lines, by the summary */
			fprintf(f, "# system %s: %s\n", t->sys[k].key, t->sys[k].value);
}

int hg_print_trace_lines(FILE *f, const struct hg_trace *t)
{
	int ret;

	if (t->flags & HG_TRACE_NO_INTERVALS)
		return 0;
	ret = hg_print_intervals(f, t);
	return ret ? ret : hg_print_samples(f, t);
}

int hg_print_trace(FILE *f, const struct hg_trace *t)
{
	int ret;

	hg_print_header(f, t);
	ret = hg_print_trace_lines(f, t);
	hg_print_summary(f, t);
	hg_print_models(f, t);
	hg_print_tail_summary(f, t);
	hg_print_loads(f, t);
	hg_print_audit(f, t);
	hg_print_prediction(f, t);
	hg_print_chains(f, t);
	if (t->flags & HG_TRACE_GAP_HIST)
		hg_print_gap_histograms(f, t);
	return ret;
}
