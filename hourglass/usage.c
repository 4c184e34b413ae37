// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * usage.c - the --help text, grouped as the man page is: the options' part
 * printed from their table (runopts.c), the rest around it
 */
#include <stdio.h>
#include <string.h>

#include "hourglass/cmdopt.h"
#include "hourglass/commands.h"
#include "hourglass/options.h"
#include "hourglass/runopts.h"
#include "trace/msg.h"

#define LEFT_WIDTH	24	/* the spellings' column; help starts 3 further */

const char *hg_runopts_spellings(const struct hg_run_opt *r, char *buf, size_t len)
{
	char sh[8] = "";

	if (r->opt.letter)
		snprintf(sh, sizeof(sh), "-%c", r->opt.letter);
	else if (r->sh)
		snprintf(sh, sizeof(sh), "%s", r->sh);
	snprintf(buf, len, "%s%s--%s%s%s", *sh ? sh : "    ", *sh ? ", " : "", r->opt.name,
		 r->opt.value ? " " : "", r->opt.value ? r->opt.value : "");
	return buf;
}

/*
 * One row: its spellings, its help lines under the column, the rows that
 * share its line, then what its @more writes.
 */
static void help_row(FILE *f, const struct hg_run_opt *r)
{
	const struct hg_run_opt *next;
	char left[128];

	hg_opt_help_row(f, LEFT_WIDTH + 3, hg_runopts_spellings(r, left, sizeof(left)),
			r->opt.help);
	for (next = r + 1; next->opt.name && (next->flags & HG_RUNOPT_SAME_LINE); next++)
		fprintf(f, "  %s  %s", hg_runopts_spellings(next, left, sizeof(left)),
			next->opt.help);
	fputc('\n', f);
	if (r->more)
		r->more(f);
}

void hg_runopts_help(FILE *f)
{
	static const char *const heading[] = {
		[HG_SCOPE_GLOBAL] = "Global options:",
		[HG_SCOPE_SELECT] = "Scope of per-thread options:",
		[HG_SCOPE_THREAD] = "Per-thread options:",
	};
	const struct hg_run_opt *r;

	for (r = hg_run_opts; r->opt.name; r++) {
		if (r == hg_run_opts || r->scope != r[-1].scope)
			fprintf(f, "%s%s\n", r == hg_run_opts ? "" : "\n", heading[r->scope]);
		if (!(r->flags & HG_RUNOPT_SAME_LINE))
			help_row(f, r);
	}
}

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
