// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_run.c - hourglass <options>: run an experiment and report it
 */
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
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

/* --fail-on-miss: the deadlines missed in the whole run, by every thread. */
static uint64_t missed(const struct hg_trace *t)
{
	uint64_t n = 0;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		n += t->threads[i].stats.misses;
	return n;
}

/* Whether output @path is standard output. */
static bool to_stdout(const char *path)
{
	return path && !strcmp(path, "-");
}

/*
 * The text report, the trace (-o) and the summary (--json). A data output
 * on standard output has it to itself: the text report is left out then
 * (the options never put both data outputs there).
 */
static int report(const struct hg_config *cfg, const struct hg_trace *t)
{
	bool text = !cfg->quiet && !to_stdout(cfg->out_path) && !to_stdout(cfg->json_path);
	char err[512];
	int status = 0;

	if (text && hg_print_trace(stdout, t))
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
	hg_config_warn(&cfg, stderr);
	cmdline = hg_join_args(argc, argv);
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
