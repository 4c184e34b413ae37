// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_dump.c - hourglass dump <file>: print a saved trace as the run did
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../postprocess/text.h"
#include "../trace/trace.h"
#include "cmdutil.h"
#include "commands.h"

static void dump_usage(FILE *f)
{
	fputs("usage: hourglass dump <file>\n"
	      "\n"
	      "Print the trace lines and summary of a trace written with -o, exactly\n"
	      "as the run printed them (with the run's -c and -x).\n", f);
}

static int dump_main(int argc, char **argv)
{
	struct hg_trace *t;
	int ret;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		dump_usage(stdout);
		return 0;
	}
	if (argc != 2) {
		fprintf(stderr, "hourglass: dump: %s (usage: hourglass dump <file>)\n",
			argc < 2 ? "missing trace file" : "too many arguments");
		return 2;
	}
	ret = hg_cmd_read("dump", argv[1], &t);
	if (ret)
		return ret;
	ret = hg_print_trace(stdout, t);
	hg_trace_free(t);
	if (ret == -EINVAL) {
		fprintf(stderr, "hourglass: dump: %s: damaged records\n", argv[1]);
		return 1;
	}
	return hg_cmd_flush("dump", ret ? 1 : 0);
}

const struct hg_command hg_cmd_dump = {
	.name = "dump",
	.usage = "<file>",
	.help = "print a saved trace as the run printed it",
	.main = dump_main,
	.usage_long = dump_usage,
};
