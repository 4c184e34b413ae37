// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_dump.c - hourglass dump <file> [--brief] [--json]: print a saved trace
 * as the run did, its whole text (-v), its brief text or its summary JSON
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "hourglass/cmdopt.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "report/summary_json.h"
#include "report/text.h"
#include "trace/msg.h"
#include "trace/trace.h"

struct dump_args {
	const char *file;
	bool json;
	bool brief;
};

static const struct hg_arg dump_pos[] = {
	{ .name = "<file>", .what = "trace file", .kind = HG_OPT_FILE,
	  .off = offsetof(struct dump_args, file), .help = "a trace written with -o" },
	HG_ARG_END
};

static const struct hg_opt dump_opts[] = {
	{ .name = "json", .kind = HG_OPT_FLAG, .off = offsetof(struct dump_args, json),
	  .help = "print the run's summary as JSON, the same bytes\n"
	  "as the run's --json" },
	{ .name = "brief", .kind = HG_OPT_FLAG, .off = offsetof(struct dump_args, brief),
	  .help = "print what the run printed without -v: the answer\n"
	  "and one line each for the machine, audit and noise" },
	HG_OPT_END
};

static const struct hg_cmdspec dump_spec = {
	.name = "dump",
	.summary = "print a saved trace as the run printed it",
	.about = "Print the output of the run that wrote the trace with -o, all of it, as\n"
		 "the run printed it with -v (and its -c and -x): its command line and\n"
		 "system lines, the trace lines, the summary, the models' reports and every\n"
		 "audit check. With --brief, what the run printed without -v. With --json,\n"
		 "the summary JSON that the run's --json wrote instead.",
	.args = dump_pos,
	.opts = dump_opts,
};

static int dump_run(const void *args, const struct hg_trace *t)
{
	const struct dump_args *a = args;
	int ret = a->json ? hg_json_summary(stdout, t) :
		  a->brief ? hg_print_brief(stdout, t) : hg_print_trace(stdout, t);

	if (ret == -EINVAL) {
		hg_msg("dump: %s: damaged records", a->file);
		return 1;
	}
	return ret ? 1 : 0;
}

static int dump_main(int argc, char **argv)
{
	struct dump_args a = { 0 };

	return hg_cmd_on_trace(&dump_spec, argc, argv, &a, &a.file, dump_run);
}

const struct hg_command hg_cmd_dump = {
	.name = "dump",
	.spec = &dump_spec,
	.main = dump_main,
};
