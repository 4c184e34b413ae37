// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_run.c - hourglass <options>: run an experiment and report it
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../postprocess/summary_json.h"
#include "../postprocess/text.h"
#include "cmdutil.h"
#include "commands.h"
#include "options.h"
#include "run.h"
#include "version.h"

static char *join_args(int argc, char **argv)
{
	size_t len = 1;
	char *s;
	int i;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	for (i = 0, len = 0; i < argc; i++) {
		size_t n = strlen(argv[i]);

		memcpy(s + len, argv[i], n);
		len += n;
		s[len++] = i + 1 < argc ? ' ' : '\0';
	}
	if (!argc)
		s[0] = '\0';
	return s;
}

/* --fail-on-miss: the deadlines missed in the whole run, by every thread. */
static uint64_t missed(const struct hg_trace *t)
{
	uint64_t n = 0;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		n += t->threads[i].stats.misses;
	return n;
}

static int report(const struct hg_config *cfg, const struct hg_trace *t)
{
	char err[512];
	int status = 0;

	if (!cfg->quiet && hg_print_trace(stdout, t))
		status = 1;
	status = hg_cmd_flush(NULL, status);
	if (cfg->out_path) {
		if (hg_trace_write(t, cfg->out_path, err, sizeof(err))) {
			fprintf(stderr, "hourglass: %s\n", err);
			status = 1;
		} else if (!cfg->quiet) {
			fprintf(stderr, "hourglass: trace written to %s\n", cfg->out_path);
		}
	}
	if (cfg->json_path) {
		if (hg_json_write(t, cfg->json_path, err, sizeof(err))) {
			fprintf(stderr, "hourglass: %s\n", err);
			status = 1;
		} else if (!cfg->quiet) {
			fprintf(stderr, "hourglass: summary written to %s\n", cfg->json_path);
		}
	}
	if (t->flags & HG_TRACE_FAILED)
		status = 1;
	if (!status && cfg->fail_on_miss && missed(t)) {
		fprintf(stderr, "hourglass: %llu deadline%s missed (--fail-on-miss)\n",
			(unsigned long long)missed(t), missed(t) == 1 ? "" : "s");
		status = 3;
	}
	return status;
}

int hg_run_main(int argc, char **argv)
{
	struct hg_config cfg;
	struct hg_trace *t = NULL;
	cpu_set_t online;
	char err[512], *cmdline;
	int ret;

	ret = hg_parse_args(argc, argv, &cfg, err, sizeof(err));
	if (ret < 0) {
		fprintf(stderr, "hourglass: %s\n", err);
		return 2;
	}
	if (ret == HG_ARGS_HELP) {
		hg_usage(stdout);
		return 0;
	}
	if (ret == HG_ARGS_VERSION) {
		printf("hourglass %s\n", HG_VERSION);
		return 0;
	}
	if (sched_getaffinity(0, sizeof(online), &online))
		CPU_ZERO(&online);
	if (hg_config_check(&cfg, &online, err, sizeof(err))) {
		fprintf(stderr, "hourglass: %s\n", err);
		hg_config_free(&cfg);
		return 2;
	}
	cmdline = join_args(argc, argv);
	if (!cmdline) {
		fprintf(stderr, "hourglass: out of memory\n");
		hg_config_free(&cfg);
		return 1;
	}
	ret = hg_run(&cfg, cmdline, &t, err, sizeof(err));
	free(cmdline);
	if (ret != HG_RUN_OK) {
		fprintf(stderr, "hourglass: %s\n", err);
		hg_config_free(&cfg);
		return 1;
	}
	ret = report(&cfg, t);
	hg_trace_free(t);
	hg_config_free(&cfg);
	return ret;
}
