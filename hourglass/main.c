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

#include "cmdopt.h"
#include "cmdutil.h"
#include "commands.h"
#include "options.h"

extern const struct hg_command hg_cmd_dump, hg_cmd_ctx, hg_cmd_render, hg_cmd_lat,
	hg_cmd_export, hg_cmd_rta, hg_cmd_calibrate, hg_cmd_help;

const struct hg_command *const hg_commands[] = {
	&hg_cmd_dump,
	&hg_cmd_ctx,
	&hg_cmd_render,
	&hg_cmd_lat,
	&hg_cmd_export,
	&hg_cmd_rta,
	&hg_cmd_calibrate,
	&hg_cmd_help,
	NULL,
};

const struct hg_command *hg_command_find(const char *name)
{
	size_t i;

	for (i = 0; hg_commands[i]; i++)
		if (!strcmp(hg_commands[i]->name, name))
			return hg_commands[i];
	return NULL;
}

static int help_main(int argc, char **argv)
{
	const struct hg_command *c;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		hg_usage(stdout);
		return 0;
	}
	c = hg_command_find(argv[1]);
	if (!c) {
		fprintf(stderr, "hourglass: help: unknown subcommand '%s' "
			"(choose from dump, ctx, render, lat, export, rta, calibrate, help)\n", argv[1]);
		return 2;
	}
	if (c->spec)
		hg_cmdopt_help(c->spec, stdout);
	else
		c->usage_long(stdout);
	return 0;
}

static void help_usage(FILE *f)
{
	fputs("usage: hourglass help [<subcommand>]\n", f);
}

const struct hg_command hg_cmd_help = {
	.name = "help",
	.usage = "[<subcommand>]",
	.help = "help on a subcommand",
	.main = help_main,
	.usage_long = help_usage,
};

int main(int argc, char **argv)
{
	const struct hg_command *c;
	int status;

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

	if (argc > 1 && argv[1][0] != '-') {
		c = hg_command_find(argv[1]);
		if (!c) {
			fprintf(stderr, "hourglass: unknown subcommand '%s' (choose from dump, "
				"ctx, render, lat, export, rta, calibrate, help; options start with -)\n",
				argv[1]);
			return 2;
		}
		status = c->main(argc - 1, argv + 1);
	} else {
		status = hg_run_main(argc, argv);
	}
	/* help, usage and version too: output that could not be written is an error */
	return status ? status : hg_cmd_flush(NULL, 0);
}
