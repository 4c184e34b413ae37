/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * html.h - a report of one run or of several side by side as one HTML
 * page that holds itself whole: its pictures inline SVG, its style sheet
 * in its head, no script and nothing fetched. Sections: the verdict and
 * diagnosis, the threads' figures, the latency histogram and tail, the
 * timeline of the worst moment with the kernel's events, the causes, the
 * audit, the loads and the system, the command lines that make it again.
 * Every figure on it is the text or picture the other subcommands print.
 */
#ifndef HG_HTML_H
#define HG_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "trace/trace.h"

#define HG_HTML_MAX_RUNS 8	/* side by side at most */

/* One run of the report. */
struct hg_html_run {
	const char *name;		/* the trace's file name, as given */
	const struct hg_trace *t;
};

/*
 * hg_html_report - the page of the @n runs of @runs (1 to
 * HG_HTML_MAX_RUNS) into @f; @cmdline: the words after "hourglass" of the
 * command that made it ("report a.hgt -o a.html"), shown at its top
 * Returns 0, -EINVAL for no run or too many, or records that do not
 * decode, -ENOMEM, or -EIO when writing failed.
 */
int hg_html_report(FILE *f, const struct hg_html_run *runs, size_t n, const char *cmdline);

#endif /* HG_HTML_H */
