// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * commands.c - the table of subcommands, and `hourglass help`
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cmdopt.h"
#include "commands.h"
#include "options.h"

extern const struct hg_command hg_cmd_dump, hg_cmd_ctx, hg_cmd_render, hg_cmd_lat,
	hg_cmd_export, hg_cmd_rta, hg_cmd_calibrate, hg_cmd_ctxcost, hg_cmd_cachecost,
	hg_cmd_diff, hg_cmd_help;

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
	&hg_cmd_diff,
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

struct help_args {
	const char *sub;
};

static const struct hg_arg help_pos[] = {
	{ .name = "<subcommand>", .what = "subcommand", .kind = HG_OPT_STRING,
	  .off = offsetof(struct help_args, sub), .optional = true,
	  .help = "dump, ctx, render, lat, export, rta, calibrate, ctxcost,\n"
		  "cachecost, diff or help" },
	HG_ARG_END
};

static const struct hg_cmdspec help_spec = {
	.name = "help",
	.summary = "help on a subcommand",
	.about = "Print the help of a subcommand, or without one the run's --help.",
	.args = help_pos,
};

char *hg_command_names(char *buf, size_t len)
{
	size_t i, at = 0;

	buf[0] = '\0';
	for (i = 0; hg_commands[i] && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "",
				       hg_commands[i]->name);
	return buf;
}

const char *hg_command_suggest(const char *word)
{
	const char *names[sizeof(hg_commands) / sizeof(hg_commands[0])];
	size_t n = 0;

	while (hg_commands[n]) {
		names[n] = hg_commands[n]->name;
		n++;
	}
	return hg_opt_suggest(word, names, n, sizeof(names[0]));
}

static int help_main(int argc, char **argv)
{
	struct help_args a = { 0 };
	const struct hg_command *c;
	int status;

	if (hg_cmdopt_get(&help_spec, argc, argv, &a, &status))
		return status;
	if (!a.sub) {
		hg_usage(stdout);
		return 0;
	}
	c = hg_command_find(a.sub);
	if (!c) {
		char names[256];

		fprintf(stderr, "hourglass: help: unknown subcommand '%s' (choose from %s)\n",
			a.sub, hg_command_names(names, sizeof(names)));
		return 2;
	}
	hg_cmdopt_help(c->spec, stdout);
	return 0;
}

const struct hg_command hg_cmd_help = {
	.name = "help",
	.spec = &help_spec,
	.main = help_main,
};
