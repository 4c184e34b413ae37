// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_rta.c - hourglass rta: response-time analysis of a task set written
 * as a run's command line, or read from a file
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../postprocess/rtaprint.h"
#include "cmdutil.h"
#include "commands.h"
#include "options.h"
#include "taskset.h"

static void rta_usage(FILE *f)
{
	fputs("usage: hourglass rta -n <threads> [<per-thread options>]... [--json] [--strict]\n"
	      "       hourglass rta --tasks <file> [--json] [--strict]\n"
	      "\n"
	      "Fixed-priority preemptive response-time analysis of the PERIODIC and\n"
	      "PERIODIC_TABLE threads of a command line written as for a run (nothing is\n"
	      "run): per task C (the model's amount, the largest time of a table, or\n"
	      "--wcet), T, D (<= T, default T), release jitter J (--jitter) and blocking\n"
	      "B (--blocking); the recurrence R = C + B + sum over higher-priority j of\n"
	      "ceil((R + J_j) / T_j) C_j; the response is J + R. Priorities come from -p\n"
	      "(real-time classes and FIFO:n, RR:n); tasks without one, or sharing one,\n"
	      "are ordered rate-monotonically, and the report says which order it used.\n"
	      "Then the EDF analyses for SCHED_DEADLINE: the bandwidth of the -rh/-rs\n"
	      "reservations against the admission limit, and the processor demand.\n"
	      "\n"
	      "  --tasks <file>   one task per line: C=<time> T=<time> [D=<time>]\n"
	      "                   [J=<time>] [B=<time>] [P=<priority>]; # comments\n"
	      "  --json           print one JSON object instead of text\n"
	      "  --strict         exit with status 3 when a task is unschedulable\n"
	      "\n"
	      "Output: one line per task, 'rta: thread <n> response <R> deadline <D>\n"
	      "schedulable|unschedulable' (ms), then a table (lines starting with #).\n", f);
}

/* Take --json and --tasks <file> out of argv; what is left is a run's. */
static int strip(int *argc, char **argv, bool *json, bool *strict, const char **tasks)
{
	int i, o = 1;

	for (i = 1; i < *argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			*json = true;
		} else if (!strcmp(argv[i], "--strict")) {
			*strict = true;
		} else if (!strcmp(argv[i], "--tasks")) {
			if (i + 1 >= *argc) {
				fprintf(stderr, "hourglass: rta: --tasks: missing file\n");
				return 2;
			}
			*tasks = argv[++i];
		} else {
			argv[o++] = argv[i];
		}
	}
	*argc = o;
	return 0;
}

static int rta_main(int argc, char **argv)
{
	struct hg_taskset s;
	struct hg_config cfg;
	const char *tasks = NULL;
	bool json = false, strict = false;
	size_t unschedulable = 0;
	char err[512];
	int ret;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		rta_usage(stdout);
		return 0;
	}
	ret = strip(&argc, argv, &json, &strict, &tasks);
	if (ret)
		return ret;
	if (tasks) {
		if (argc > 1) {
			fprintf(stderr, "hourglass: rta: --tasks takes no run options ('%s')\n",
				argv[1]);
			return 2;
		}
		ret = hg_taskset_read(tasks, &s, err, sizeof(err));
	} else {
		ret = hg_parse_args(argc, argv, &cfg, err, sizeof(err));
		if (ret == HG_ARGS_HELP || ret == HG_ARGS_VERSION) {
			rta_usage(stdout);
			hg_config_free(&cfg);
			return 0;
		}
		if (!ret) {
			ret = hg_taskset_from_config(&cfg, &s, err, sizeof(err));
			hg_config_free(&cfg);
			if (!ret && !s.n) {
				hg_taskset_free(&s);
				snprintf(err, sizeof(err), "no PERIODIC thread to analyse "
					 "(give -w PERIODIC <amount> <period> [<deadline>])");
				ret = -1;
			}
		}
	}
	if (ret) {
		fprintf(stderr, "hourglass: rta: %s\n", err);
		return 2;
	}
	for (size_t i = 0; !json && i < s.n; i++)
		if (s.resv_period_ns[i]) {
			fprintf(stderr, "hourglass: rta: note: thread %u has a reservation: "
				"SCHED_DEADLINE runs it before every fixed priority, which the "
				"fixed-priority analysis does not model; see the EDF lines\n",
				s.task[i].id);
			break;
		}
	ret = hg_rta_report(stdout, &s, json, &unschedulable);
	hg_taskset_free(&s);
	if (ret == -EINVAL) {
		fprintf(stderr, "hourglass: rta: a task has an execution time or period of 0\n");
		return 2;
	}
	if (ret) {
		fprintf(stderr, "hourglass: rta: %s\n", strerror(-ret));
		return 1;
	}
	ret = hg_cmd_flush("rta", 0);
	if (!ret && strict && unschedulable) {
		fprintf(stderr, "hourglass: rta: %zu task%s unschedulable (--strict)\n",
			unschedulable, unschedulable == 1 ? "" : "s");
		ret = 3;
	}
	return ret;
}

const struct hg_command hg_cmd_rta = {
	.name = "rta",
	.usage = "<options of a run> | --tasks <file> [--json] [--strict]",
	.help = "response-time analysis of the PERIODIC threads",
	.main = rta_main,
	.usage_long = rta_usage,
};
