// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * commands.c - the table of subcommands
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "hourglass/cmdopt.h"
#include "hourglass/commands.h"

extern const struct hg_command hg_cmd_dump, hg_cmd_ctx, hg_cmd_render, hg_cmd_lat,
	hg_cmd_export, hg_cmd_rta, hg_cmd_calibrate, hg_cmd_ctxcost, hg_cmd_cachecost,
	hg_cmd_diff, hg_cmd_explain, hg_cmd_audit, hg_cmd_tail, hg_cmd_report, hg_cmd_help;

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
	&hg_cmd_explain,
	&hg_cmd_audit,
	&hg_cmd_tail,
	&hg_cmd_report,
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
