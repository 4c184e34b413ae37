// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * trial.c - one trial: a run's command line, parsed, checked and run
 */
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmdutil.h"
#include "options.h"
#include "run.h"
#include "trial.h"

void hg_trial_init(struct hg_trial_args *a)
{
	memset(a, 0, sizeof(*a));
	hg_trial_add(a, "hourglass");
}

int hg_trial_add(struct hg_trial_args *a, const char *fmt, ...)
{
	size_t room = sizeof(a->buf) - a->used;
	va_list ap;
	int n;

	if (a->argc >= HG_TRIAL_WORDS - 1)
		return -E2BIG;
	va_start(ap, fmt);
	n = vsnprintf(a->buf + a->used, room, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= room)
		return -E2BIG;
	a->argv[a->argc++] = a->buf + a->used;
	a->argv[a->argc] = NULL;
	a->used += (size_t)n + 1;
	return 0;
}

int hg_trial_run(const struct hg_trial_args *a, struct hg_trace **t, char *err,
		 size_t errlen)
{
	struct hg_config cfg;
	cpu_set_t online;
	char *cmdline;
	int ret;

	*t = NULL;
	ret = hg_parse_args(a->argc, a->argv, &cfg, err, errlen);
	if (ret < 0)
		return 2;
	if (ret != HG_ARGS_RUN) {
		hg_config_free(&cfg);
		snprintf(err, errlen, "a trial is not a run");
		return 2;
	}
	if (sched_getaffinity(0, sizeof(online), &online))
		CPU_ZERO(&online);
	if (hg_config_check(&cfg, &online, err, errlen)) {
		hg_config_free(&cfg);
		return 2;
	}
	cmdline = hg_join_args(a->argc, a->argv);
	if (!cmdline) {
		hg_config_free(&cfg);
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return 1;
	}
	ret = hg_run(&cfg, cmdline, t, err, errlen);
	free(cmdline);
	hg_config_free(&cfg);
	if (ret != HG_RUN_OK)
		return 1;
	if ((*t)->flags & HG_TRACE_FAILED) {
		snprintf(err, errlen, "a thread failed during the trial");
		hg_trace_free(*t);
		*t = NULL;
		return 1;
	}
	return 0;
}
