// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * usage.c - the --help text, grouped as the man page is: the options' part
 * from their table (runopts.c), the rest around it
 */
#include <stdio.h>
#include <string.h>

#include "hourglass/cmdopt.h"
#include "hourglass/commands.h"
#include "hourglass/options.h"
#include "hourglass/runopts.h"
#include "trace/msg.h"

/*
 * @s broken at spaces outside [] and <> so that no line is longer than
 * @width: the first line indented by @indent, the others by @more. Returns
 * a static buffer.
 */
static const char *wrap(const char *s, int indent, int width, int more)
{
	static char out[2048];
	size_t at, col, n;
	int depth;

	at = (size_t)snprintf(out, sizeof(out), "%*s", indent, "");
	col = at;
	while (*s && at < sizeof(out)) {
		for (n = 0, depth = 0; s[n] && (s[n] != ' ' || depth); n++)
			depth += (s[n] == '[' || s[n] == '<') - (s[n] == ']' || s[n] == '>');
		if (col > (size_t)more && col + 1 + n > (size_t)width) {
			at += (size_t)snprintf(out + at, sizeof(out) - at, "\n%*s", more, "");
			col = (size_t)more;
		} else if (col > (size_t)indent) {
			at += (size_t)snprintf(out + at, sizeof(out) - at, " ");
			col++;
		}
		if (at < sizeof(out))
			at += (size_t)snprintf(out + at, sizeof(out) - at, "%.*s", (int)n, s);
		col += n;
		s += n;
		while (*s == ' ')
			s++;
	}
	return out;
}

void hg_usage(FILE *f)
{
	size_t i;

	fputs("usage: hourglass -n <threads> [<global options>] [-t <thread> | -a] [<per-thread options>]...\n"
	      "       hourglass <subcommand> [<args>]\n"
	      "\n"
	      "Run threads that poll the cycle counter and record every gap in their\n"
	      "execution; print the trace and a summary when the run ends.\n"
	      "\n", f);
	hg_runopts_help(f);
	fputs("\n"
	      "Times take a unit: 2d 12h 3m 1.5s 1020ms 87.0us 500ns. Long options,\n"
	      "workloads, timers and priorities are case-insensitive and may be\n"
	      "shortened to a unique prefix (--hist, -w cpu_y).\n"
	      "\n"
	      "Subcommands (hourglass help <subcommand> for their options):\n", f);
	for (i = 0; hg_commands[i]; i++) {
		const struct hg_cmdspec *spec = hg_commands[i]->spec;
		char syn[1024];

		hg_cmdopt_synopsis(spec, syn, sizeof(syn));
		if (strlen(syn) < 25)
			fprintf(f, "  %-25s%s\n", syn, spec->summary);
		else
			fprintf(f, "%s\n%27s%s\n", wrap(syn, 2, 78, 9), "", spec->summary);
	}
	fputs("\n"
	      "Exit status: 0 done, 1 failed at run time, 2 bad input (nothing run),\n"
	      "3 a violation measured or predicted (--fail-on-miss, --break, rta --strict).\n"
	      "\n"
	      "Signals during a run: SIGINT, SIGTERM, SIGHUP end it (everything recorded is\n"
	      "printed and written); SIGUSR1 writes a snapshot of -o, --json and --prom.\n"
	      "On a terminal, a status line on standard error (not with -q).\n"
	      "\n"
	      "See hourglass(1) for the output formats and examples.\n", f);
}

void hg_usage_short(void)
{
	hg_msg_text("usage: hourglass -n <threads> [<options>]...   run an experiment\n"
		    "       hourglass <subcommand> [<args>]         work on a saved trace\n"
		    "hourglass --help lists the options, hourglass help <subcommand> a\n"
		    "subcommand's; hourglass(1) has the rest.\n");
}
