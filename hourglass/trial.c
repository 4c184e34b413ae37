// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * trial.c - one trial: a run's command line, parsed, checked and run
 */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hourglass/cmdutil.h"
#include "hourglass/options.h"
#include "hourglass/trial.h"
#include "run/cpulist.h"
#include "run/run.h"
#include "trace/msg.h"

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

void hg_trial_hold(sigset_t *old)
{
	sigset_t set;

	hg_run_signals(&set);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

void hg_trial_release(const sigset_t *old)
{
	hg_run_take_signals();
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

int hg_trial_run(const struct hg_trial_args *a, struct hg_trace **t, char *err,
		 size_t errlen)
{
	struct hg_config cfg;
	cpu_set_t online;
	char *cmdline;
	int ret;

	*t = NULL;
	ret = hg_parse_args(a->argc, a->argv, "hourglass --help", &cfg, err, errlen);
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
	ret = hg_run(&cfg, NULL, cmdline, t, err, errlen);
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

#define NO_CPU UINT64_MAX

void hg_trial_opts_default(struct hg_trial_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->cpu = NO_CPU;
	o->threads = 10;
	o->duration_ns = 2000000000ULL;
	o->min_trials = HG_STABLE_MIN;
	o->max_trials = HG_STABLE_MAX;
	o->within_pct = (uint64_t)HG_STABLE_REL;
	o->within_ns = 100;
}

int hg_trial_opts_check(const char *cmd, struct hg_trial_opts *o,
			struct hg_stable_rule *rule)
{
	cpu_set_t allowed;
	int cpu;

	if (o->trials && o->until_stable) {
		hg_msg("%s: --trials %" PRIu64 ": cannot be combined "
			"with --until-stable", cmd, o->trials);
		return 2;
	}
	if (o->min_trials > o->max_trials) {
		hg_msg("%s: --min-trials %" PRIu64 ": more than "
			"--max-trials %" PRIu64, cmd, o->min_trials, o->max_trials);
		return 2;
	}
	if (sched_getaffinity(0, sizeof(allowed), &allowed))
		CPU_ZERO(&allowed);
	if (o->cpu == NO_CPU) {
		cpu = hg_cpu_last(&allowed);
		if (cpu < 0) {
			hg_msg("%s: no CPU to run on", cmd);
			return 2;
		}
		o->cpu = (uint64_t)cpu;
	} else if (!CPU_ISSET(o->cpu, &allowed)) {
		hg_msg("%s: --cpu %" PRIu64 ": not a CPU this process "
			"may use", cmd, o->cpu);
		return 2;
	}
	hg_stable_default(rule, (double)o->within_ns);
	rule->trials = (unsigned int)o->trials;
	rule->min_trials = (unsigned int)o->min_trials;
	rule->max_trials = (unsigned int)o->max_trials;
	rule->rel_pct = (double)o->within_pct;
	return 0;
}

char *hg_trial_opts_describe(const struct hg_stable_rule *rule, char *buf, size_t len)
{
	if (rule->trials)
		snprintf(buf, len, "%u asked for", rule->trials);
	else
		snprintf(buf, len, "until the median's 95 %% interval is within %g %% or "
			 "%.3f us, %u to %u trials", rule->rel_pct, rule->abs / 1000,
			 rule->min_trials, rule->max_trials);
	return buf;
}
