// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_dump.c - hourglass dump <file>: print a saved trace as the run did
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>

#include "../postprocess/text.h"
#include "../trace/trace.h"
#include "cmdutil.h"
#include "commands.h"

struct dump_args {
	const char *file;
};

static const struct hg_arg dump_pos[] = {
	{ .name = "<file>", .what = "trace file", .kind = HG_OPT_FILE,
	  .off = offsetof(struct dump_args, file), .help = "a trace written with -o" },
	HG_ARG_END
};

static const struct hg_cmdspec dump_spec = {
	.name = "dump",
	.summary = "print a saved trace as the run printed it",
	.about = "Print the trace lines and summary of a trace written with -o, exactly\n"
		 "as the run printed them (with the run's -c and -x).",
	.args = dump_pos,
};

static int dump_run(const void *args, const struct hg_trace *t)
{
	const struct dump_args *a = args;
	int ret = hg_print_trace(stdout, t);

	if (ret == -EINVAL) {
		fprintf(stderr, "hourglass: dump: %s: damaged records\n", a->file);
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
