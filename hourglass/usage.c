// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * usage.c - the --help text, grouped as the man page is
 */
#include <stdio.h>
#include <string.h>

#include "hourglass/cmdopt.h"
#include "hourglass/commands.h"
#include "hourglass/options.h"

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
	      "\n"
	      "Global options:\n"
	      "  -n, --threads <n>        number of threads (1-1024); required\n"
	      "  -d, --duration <time>    length of the run (default 10s; 0: --forever)\n"
	      "      --forever            run until SIGINT or SIGTERM; each thread keeps its\n"
	      "                           newest records (a flight recorder)\n"
	      "  -c, --cycles             also print the raw counter values of each interval\n"
	      "  -e, --records <n>        trace capacity in 16-byte records (default 1000000)\n"
	      "  -g, --gap <time>         gap threshold (default: twice the gap loop's time)\n"
	      "  -gh, --gap-histogram     print each thread's gap histogram and percentiles\n"
	      "  -x, --no-intervals       do not print one line per interval\n"
	      "  -q, --quiet              print nothing on standard output\n"
	      "  -o, --output <file>      write the binary trace to <file> (.hgt)\n"
	      "      --json <file>        write the summary as JSON to <file>\n"
	      "      --histogram <max_us> LAT: a histogram of 1 us buckets up to <max_us>,\n"
	      "                           in cyclictest's -h layout\n"
	      "      --lat-thresholds <t>[,<t>...]\n"
	      "                           LAT: count samples later than each (default\n"
	      "                           10us,50us,100us,500us,1ms,5ms,10ms,50ms)\n"
	      "      --fail-on-miss       exit with status 3 when a deadline was missed\n"
	      "      --break <time>       stop at the first event beyond <time> (exit 3),\n"
	      "                           marking and stopping a kernel trace (tracefs)\n"
	      "      --break-on gap,lat,miss\n"
	      "                           which events --break watches (default all three)\n"
	      "      --prom <file>        OpenMetrics text for node_exporter's textfile\n"
	      "                           collector, written during the run and at its end\n"
	      "      --prom-interval <time>\n"
	      "                           how often --prom is written (default 10s)\n"
	      "      --kernel             capture the kernel's scheduling and interrupt\n"
	      "                           events on the run's CPUs (tracefs, root), kept\n"
	      "                           in the trace for explain\n"
	      "  -h, --help               this text;  -V, --version  the version\n"
	      "\n"
	      "Scope of per-thread options:\n"
	      "  -t, --thread <n>         the following options apply to thread <n> (0 to n-1)\n"
	      "  -a, --all                the following options apply to all threads (the\n"
	      "                           scope before any -t or -a)\n"
	      "\n"
	      "Per-thread options:\n"
	      "  -p, --priority <prio>    IDLE               SCHED_IDLE\n"
	      "                           LOW NORMAL HIGH HIGHEST\n"
	      "                                              SCHED_OTHER nice 10, 0, -10, -20\n"
	      "                           RTLOW RTMED RTHIGH SCHED_FIFO 10, 50, 90\n"
	      "                           FIFO:<1-98> RR:<1-98> OTHER:<nice> BATCH\n"
	      "                           (99 is the run's clock thread's)\n"
	      "                           (default NORMAL)\n"
	      "  -w, --workload <model> [<args>]\n", f);
	for (i = 0; hg_workloads[i]; i++) {
		const struct hg_workload *w = hg_workloads[i];
		char name[64];

		snprintf(name, sizeof(name), "%s %s", w->name, w->args);
		fprintf(f, "      %-34s %s\n", name, w->help);
	}
	fputs("  -i, --timer <timer>      what PERIODIC, PERIODIC_TABLE and LAT sleep on:\n", f);
	for (i = 0; hg_timers[i]; i++)
		fprintf(f, "      %-8s %s\n", hg_timers[i]->name, hg_timers[i]->help);
	fputs(""
	      "  -s, --start <time>       start the thread <time> into the run\n"
	      "  -f, --finish <time>      stop the thread <time> into the run\n"
	      "      --cpu <list>         pin the thread to CPUs <list> (e.g. 0-3,5)\n"
	      "      --jitter <time>      for the analysis only: release jitter J\n"
	      "      --wcet <time>        for the analysis only: execution time C\n"
	      "      --blocking <time>    for the analysis only: blocking B\n"
	      "  -rh, --reserve-hard <budget> <period>\n"
	      "                           SCHED_DEADLINE reservation, throttled at the budget\n"
	      "  -rs, --reserve-soft <budget> <period>\n"
	      "                           the same, reclaiming spare bandwidth\n"
	      "                           (a reservation replaces -p)\n"
	      "\n"
	      "Times take a unit: 2d 12h 3m 1.5s 1020ms 87.0us 500ns. Names are\n"
	      "case-insensitive and may be shortened to a unique prefix.\n"
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

void hg_usage_short(FILE *f)
{
	fputs("usage: hourglass -n <threads> [<options>]...   run an experiment\n"
	      "       hourglass <subcommand> [<args>]         work on a saved trace\n"
	      "hourglass --help lists the options, hourglass help <subcommand> a\n"
	      "subcommand's; hourglass(1) has the rest.\n", f);
}
