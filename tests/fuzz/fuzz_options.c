// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_options.c - the run's command line: the input split at NUL bytes
 * and newlines is argv. It is parsed and checked as before a run, and the
 * task set a run would analyse is built and analysed; no run is started.
 * A parse that fails must say why in one line.
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/options.h"
#include "hourglass/taskin.h"
#include "report/rtaprint.h"
#include "fuzz.h"

#define MAX_WORDS 64

static void analyse(const struct hg_config *cfg)
{
	struct hg_taskset s;
	char err[512];

	if (hg_taskset_from_config(cfg, &s, err, sizeof(err)))
		return;
	s.cpus = 2;
	s.rt_runtime_us = 950000;
	s.rt_period_us = 1000000;
	if (s.n) {
		hg_rta_report(hg_fuzz_sink(), &s, false, NULL);
		hg_rta_report(hg_fuzz_sink(), &s, true, NULL);
	}
	hg_taskset_free(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hg_config cfg;
	cpu_set_t online;
	char **argv, err[512];
	int argc, ret;

	argc = hg_fuzz_words(data, size, "hourglass", MAX_WORDS, &argv);
	if (argc < 0)
		return 0;
	err[0] = '\0';
	ret = hg_parse_args(argc, argv, "hourglass --help", &cfg, err, sizeof(err));
	if (ret < 0) {
		/* refused: one line that says why */
		if (!err[0] || strchr(err, '\n'))
			abort();
		free(argv);
		return 0;
	}
	if (ret == HG_ARGS_RUN) {
		CPU_ZERO(&online);
		CPU_SET(0, &online);
		CPU_SET(1, &online);
		if (!hg_config_check(&cfg, &online, err, sizeof(err)))
			analyse(&cfg);
	}
	hg_config_free(&cfg);
	free(argv);
	return 0;
}
