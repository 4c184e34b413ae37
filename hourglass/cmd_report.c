// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_report.c - hourglass report <trace>... -o <report.html>: one run, or
 * several side by side, as one HTML page (html/html.h)
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/cmdopt.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "hourglass/outpath.h"
#include "html/html.h"
#include "trace/msg.h"
#include "trace/trace.h"
#include "util/errlen.h"

struct report_args {
	const char *file;
	const char *out;
};

static const struct hg_arg report_pos[] = {
	{ .name = "<trace>", .what = "trace file", .kind = HG_OPT_FILE,
	  .off = offsetof(struct report_args, file),
	  .help = "a trace written with -o (with --kernel, the causes\nand the diagnosis too)" },
	HG_ARG_END
};

static const struct hg_opt report_opts[] = {
	{ .name = "output", .letter = 'o', .kind = HG_OPT_OUTPUT, .flags = HG_OPT_REQUIRED,
	  .off = offsetof(struct report_args, out), .value = "<report.html>",
	  .help = "where to write the page (atomically); - for standard\noutput" },
	HG_OPT_END
};

static const struct hg_cmdspec report_spec = {
	.name = "report",
	.summary = "one run, or several side by side, as an HTML page to read",
	.about = "Write one HTML page that holds itself whole (its pictures inline SVG, its\n"
		 "style sheet in its head, no script, nothing fetched), for a browser at\n"
		 "1280 px or for print: the verdict and the diagnosis, per thread its\n"
		 "figures, the LAT threads' lateness histogram and the tail's estimate,\n"
		 "the timeline around the worst moment (the longest gap, latest wake-up or\n"
		 "miss by most) with the kernel's events in it, the causes, the audit with\n"
		 "its fixes, the loads and the system, and the command lines that give each\n"
		 "part again. Several traces (up to 8) stand side by side, one column each,\n"
		 "in the order given: two kernels or two settings compared. A trace that\n"
		 "cannot be read is refused before anything is written.",
	.args = report_pos,
	.opts = report_opts,
	.rest = "[<trace>...]",
};

/* The runs to write, for the atomic writer. */
struct report_page {
	const struct hg_html_run *runs;
	size_t n;
	const char *cmdline;
};

static int write_page(FILE *f, const void *arg)
{
	const struct report_page *p = arg;
	int ret = hg_html_report(f, p->runs, p->n, p->cmdline);

	if (ret != -EINVAL)
		return ret;
	hg_msg("report: damaged records");
	return HG_ATOMIC_SAID;
}

/* The further traces of @rest (after argv[0]) into @runs after the first; 0 or 2. */
static int more_traces(const struct report_args *a, char **rest, int nrest,
		       struct hg_html_run *runs, size_t *n)
{
	char why[HG_ERR_LEN];
	int i;

	for (i = 1; i < nrest; i++) {
		if (rest[i][0] == '-' && rest[i][1]) {
			hg_msg("report: unknown option '%s' (see hourglass "
				"help report)", rest[i]);
			return 2;
		}
		if (*n == HG_HTML_MAX_RUNS) {
			hg_msg("report: %s: more than %d traces (a page holds "
				"%d side by side)", rest[i], HG_HTML_MAX_RUNS, HG_HTML_MAX_RUNS);
			return 2;
		}
		if (hg_output_problem(a->out, rest[i], why, sizeof(why)) == -EINVAL) {
			hg_msg("report: -o %s: %s", a->out, why);
			return 2;
		}
		runs[(*n)++].name = rest[i];
	}
	return 0;
}

/* Read every trace, then write the page; returns the exit status. */
static int report_write(const struct report_args *a, struct hg_html_run *runs, size_t n,
			const char *cmdline)
{
	struct hg_trace *t[HG_HTML_MAX_RUNS] = { NULL };
	const struct report_page p = { .runs = runs, .n = n, .cmdline = cmdline };
	size_t i;
	int ret = 0;

	for (i = 0; i < n && !ret; i++) {
		ret = hg_cmd_read("report", runs[i].name, &t[i]);
		runs[i].t = t[i];
	}
	if (!ret)
		ret = hg_cmd_write("report", a->out, write_page, &p);
	for (i = 0; i < n; i++)
		hg_trace_free(t[i]);
	return ret;
}

static int report_main(int argc, char **argv)
{
	struct report_args a = { 0 };
	struct hg_html_run runs[HG_HTML_MAX_RUNS];
	char **rest, *cmdline;
	size_t n = 1;
	int ret, nrest;

	rest = calloc((size_t)argc + 1, sizeof(*rest));
	cmdline = hg_join_args(argc, argv);	/* argv[0]: "report" */
	if (!rest || !cmdline) {
		free(rest);
		free(cmdline);
		hg_msg("report: %s", strerror(ENOMEM));
		return 1;
	}
	memset(runs, 0, sizeof(runs));
	if (!hg_cmdopt_get_rest(&report_spec, argc, argv, &a, rest, &nrest, &ret)) {
		runs[0].name = a.file;
		ret = more_traces(&a, rest, nrest, runs, &n);
		if (!ret)
			ret = report_write(&a, runs, n, cmdline);
	}
	free(rest);
	free(cmdline);
	return ret;
}

const struct hg_command hg_cmd_report = {
	.name = "report",
	.spec = &report_spec,
	.main = report_main,
};
