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
#include "hourglass/msgout.h"
#include "hourglass/options.h"
#include "hourglass/outpath.h"

/*
 * At the exit: the message stream closed (what it holds of a line is
 * written, its state freed), standard error plain again for whatever
 * writes after it
 */
static void messages_close(void)
{
	FILE *msg = stderr, *plain = fdopen(STDERR_FILENO, "w");

	if (!plain)
		return;
	setvbuf(plain, NULL, _IONBF, 0);
	stderr = plain;
	fclose(msg);
}

int main(int argc, char **argv)
{
	const struct hg_command *c;
	/* every message tamed and bounded, whoever prints it; closed at the exit */
	FILE *msg = hg_msg_stream(STDERR_FILENO);

	if (msg) {
		stderr = msg;
		atexit(messages_close);
	}

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
		hg_usage_short(stderr);
		return 2;
	}
	if (argv[1][0] != '-') {
		c = hg_command_find(argv[1]);
		if (!c) {
			const char *near = hg_command_suggest(argv[1]);
			char names[256];

			if (near)
				fprintf(stderr, "hourglass: unknown subcommand '%s' (did you mean "
					"%s?)\n", argv[1], near);
			else
				fprintf(stderr, "hourglass: unknown subcommand '%.*s%s' (choose from "
					"%s; options start with -)\n", HG_QUOTE_MAX, argv[1],
					strlen(argv[1]) > HG_QUOTE_MAX ? "..." : "",
					hg_command_names(names, sizeof(names)));
			return 2;
		}
		return hg_cmd_flush(c->name, c->main(argc - 1, argv + 1));
	}
	return hg_cmd_flush(NULL, hg_run_main(argc, argv));
}
