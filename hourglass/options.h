/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options.h - the run's command line, parsed into one struct
 *
 * The options are rows of one table (runopts.h), rows of the same kind as
 * the subcommands' (cmdopt.h) with what only the run has beside them:
 * Hourglass 0.5's two-letter single-dash options (-rh, -rs) and the
 * per-thread options scoped by -t and -a. The parser never exits and never
 * prints: it returns an error and a one-line message, so that every option
 * and every message can be unit-tested.
 */
#ifndef HG_OPTIONS_H
#define HG_OPTIONS_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "run/config.h"

/* What hg_parse_args() found, when it is not an error. */
enum hg_args_result {
	HG_ARGS_RUN = 0,
	HG_ARGS_HELP,
	HG_ARGS_VERSION,
};

/*
 * hg_parse_args - parse a run's command line
 * @argc, @argv: as given to main(), argv[0] being the program
 * @help:        where an unknown option or a stray word is pointed, the
 *               caller's help ("hourglass --help", "hourglass help rta")
 * @cfg:         filled on success; free with hg_config_free()
 * @err:         on failure, one line: the option, the value, the reason
 *
 * Returns an hg_args_result, or -EINVAL / -ERANGE.
 */
int hg_parse_args(int argc, char *const *argv, const char *help, struct hg_config *cfg,
		  char *err, size_t errlen);

/* hg_config_free - free what hg_parse_args() allocated. */
void hg_config_free(struct hg_config *cfg);

/*
 * hg_config_check - what the parser cannot know: CPUs that exist, output
 * paths that can be written, capabilities not built yet
 * @online: the CPUs this process may run on
 * Returns 0 or -EINVAL with a one-line reason in @err.
 */
int hg_config_check(const struct hg_config *cfg, const cpu_set_t *online,
		    char *err, size_t errlen);

/*
 * hg_config_thread_cpus - the union of the pinned threads' CPUs into @cpus;
 * returns whether every thread is pinned (else a thread may use any CPU)
 */
bool hg_config_thread_cpus(const struct hg_config *cfg, cpu_set_t *cpus);

/*
 * hg_config_load_cpus - the CPUs --load's loads run on: --load-cpu, or
 * the CPUs of @online no pinned thread uses (all of @online when a thread
 * is not pinned or none is left)
 */
void hg_config_load_cpus(const struct hg_config *cfg, const cpu_set_t *online, cpu_set_t *cpus);

/*
 * hg_config_warn - options that cannot have an effect, one warning each,
 * said with hg_warn() ("hourglass: warning: ..."); the run goes on:
 *   a lock (--cs) that only one thread takes;
 *   a timer (-i) on threads whose model never sleeps, when no thread that
 *   sleeps has it;
 *   --histogram or --lat-thresholds without a LAT thread;
 *   PERIODIC or CPU_PERIODIC with the amount C above the period T or the
 *   deadline D (every job misses).
 * Returns the number of lines written.
 */
unsigned int hg_config_warn(const struct hg_config *cfg);

/* hg_usage - the --help text, grouped as in the man page. */
void hg_usage(FILE *f);

/*
 * hg_usage_short - what `hourglass` alone prints on standard error
 * (hg_msg_text()): the two forms, where help is.
 */
void hg_usage_short(void);

#endif /* HG_OPTIONS_H */
