// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * main.c - hourglass: a synthetic real-time workload and execution-gap tracer
 *
 * "hourglass <options>" runs an experiment; "hourglass <subcommand>" works
 * on saved traces. Only this file exits.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "hourglass/options.h"
#include "hourglass/outpath.h"
#include "trace/msg.h"

int main(int argc, char **argv)
{
	const struct hg_command *c;

	/*
	 * Not a terminal: one large buffer, written when full or at the end, so
	 * that a failed write (a full disk) is seen by the flush that reports
	 * it, with its reason, and not lost with the data stdio drops
	 */
	if (!isatty(STDOUT_FILENO)) {
		char *buf = malloc(1 << 16);	/* stdout's until the exit: never freed */

		if (buf)
			setvbuf(stdout, buf, _IOFBF, 1 << 16);
	}
	if (argc < 2) {
		hg_usage_short();
		return 2;
	}
	if (argv[1][0] != '-') {
		c = hg_command_find(argv[1]);
		if (!c) {
			const char *near = hg_command_suggest(argv[1]);
			char names[256];

			if (near)
				hg_msg("unknown subcommand '%s' (did you mean "
					"%s?)", argv[1], near);
			else
				hg_msg("unknown subcommand '%.*s%s' (choose from "
					"%s; options start with -)", HG_QUOTE_MAX, argv[1],
					strlen(argv[1]) > HG_QUOTE_MAX ? "..." : "",
					hg_command_names(names, sizeof(names)));
			return 2;
		}
		return hg_cmd_flush(c->name, c->main(argc - 1, argv + 1));
	}
	return hg_cmd_flush(NULL, hg_run_main(argc, argv));
}
