// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_help.c - hourglass help [<subcommand>]: a subcommand's help, or the run's
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "hourglass/cmdopt.h"
#include "hourglass/commands.h"
#include "hourglass/options.h"
#include "hourglass/outpath.h"
#include "trace/msg.h"

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
		const char *near = hg_command_suggest(a.sub);
		char names[256];

		if (near)	/* the same rule as "hourglass ctxcots" */
			hg_msg("help: unknown subcommand '%.*s' (did you mean "
				"%s?)", HG_QUOTE_MAX, a.sub, near);
		else
			hg_msg("help: unknown subcommand '%.*s%s' (choose "
				"from %s)", HG_QUOTE_MAX, a.sub,
				strlen(a.sub) > HG_QUOTE_MAX ? "..." : "",
				hg_command_names(names, sizeof(names)));
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
