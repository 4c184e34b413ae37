// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * main.c - hourglass: a synthetic real-time workload and execution-gap tracer
 *
 * "hourglass <options>" runs an experiment; "hourglass <subcommand>" works
 * on saved traces. Only this file exits.
 */
#include <stdio.h>
#include <string.h>

#include "cmdopt.h"
#include "commands.h"
#include "options.h"

extern const struct hg_command hg_cmd_dump, hg_cmd_ctx, hg_cmd_render, hg_cmd_lat,
	hg_cmd_export, hg_cmd_rta, hg_cmd_calibrate, hg_cmd_ctxcost, hg_cmd_cachecost, hg_cmd_help;

const struct hg_command *const hg_commands[] = {
	&hg_cmd_dump,
	&hg_cmd_ctx,
	&hg_cmd_render,
	&hg_cmd_lat,
	&hg_cmd_export,
	&hg_cmd_rta,
	&hg_cmd_calibrate,
	&hg_cmd_ctxcost,
	&hg_cmd_cachecost,
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
			"(choose from dump, ctx, render, lat, export, rta, calibrate, ctxcost, "
			"cachecost, help)\n", argv[1]);
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

	if (argc > 1 && argv[1][0] != '-') {
		c = hg_command_find(argv[1]);
		if (!c) {
			fprintf(stderr, "hourglass: unknown subcommand '%s' (choose from dump, "
				"ctx, render, lat, export, rta, calibrate, ctxcost, cachecost, help; "
				"options start with -)\n",
				argv[1]);
			return 2;
		}
		return c->main(argc - 1, argv + 1);
	}
	return hg_run_main(argc, argv);
}
