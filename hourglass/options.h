/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * options.h - the run's command line, parsed into one struct
 *
 * The parser is hand-written because Hourglass 0.5 has two-letter
 * single-dash options (-rh, -rs) and per-thread options scoped by -t and
 * -a. It never exits and never prints: it returns an error and a one-line
 * message, so that every option and every message can be unit-tested.
 */
#ifndef HG_OPTIONS_H
#define HG_OPTIONS_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../timers/timer.h"
#include "../workloads/workload.h"
#include "priority.h"

#define HG_MAX_THREADS		1024
#define HG_MAX_RECORDS		(1ULL << 28)
#define HG_DEFAULT_RECORDS	1000000ULL
#define HG_DEFAULT_DURATION_NS	10000000000ULL
#define HG_DEFAULT_PROM_INTERVAL_NS	10000000000ULL
#define HG_MAX_HISTOGRAM_US	HG_MAX_HISTOGRAM_BUCKETS
#define HG_MAX_TIME_NS		(366ULL * 24 * 3600 * 1000000000ULL)	/* a year */

struct hg_thread_cfg {
	struct hg_prio prio;
	const struct hg_workload *wl;
	struct hg_wl_params wp;
	const struct hg_timer *timer;	/* NULL: the default (NATIVE) */
	uint64_t start_ns;		/* -s: offset from the common start */
	uint64_t finish_ns;		/* -f: offset of the end; 0: end of run */
	enum hg_reserve reserve;	/* -rh / -rs */
	uint64_t reserve_budget_ns;
	uint64_t reserve_period_ns;
	bool pinned;			/* --cpu given */
	cpu_set_t cpus;
	/* for the response-time analysis only */
	uint64_t jitter_ns;		/* --jitter: release jitter J */
	uint64_t wcet_ns;		/* --wcet: C, instead of the workload's */
	uint64_t blocking_ns;		/* --blocking: B */
};

struct hg_config {
	unsigned int nthreads;		/* -n */
	uint64_t duration_ns;		/* -d; 0: --forever, until SIGINT or SIGTERM */
	uint64_t records;		/* -e */
	uint64_t gap_ns;		/* -g; 0: derive from the loop */
	bool raw_cycles;		/* -c */
	bool no_intervals;		/* -x */
	bool quiet;			/* -q */
	bool gap_hist;			/* -gh */
	const char *out_path;		/* -o */
	const char *json_path;		/* --json */
	uint32_t histogram_us;		/* --histogram: LAT buckets of 1 us */
	unsigned int nthresholds;	/* --lat-thresholds */
	bool thresholds_set;		/* --lat-thresholds given */
	uint64_t thresholds_ns[HG_MAX_THRESHOLDS];
	bool fail_on_miss;		/* --fail-on-miss: exit 3 after a missed deadline */
	uint64_t break_ns;		/* --break: stop at an event beyond it; 0: none */
	unsigned int break_on;		/* --break-on: enum hg_break_kind bits */
	const char *prom_path;		/* --prom: OpenMetrics text */
	uint64_t prom_interval_ns;	/* --prom-interval (default 10s) */
	struct hg_thread_cfg *threads;	/* nthreads of them */
};

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
 * hg_config_warn - options that cannot have an effect, one line each on @f
 * ("hourglass: warning: ..."); the run goes on:
 *   a timer (-i) on threads whose model never sleeps, when no thread that
 *   sleeps has it;
 *   --histogram or --lat-thresholds without a LAT thread;
 *   PERIODIC or CPU_PERIODIC with the amount C above the period T or the
 *   deadline D (every job misses).
 * Returns the number of lines written.
 */
unsigned int hg_config_warn(const struct hg_config *cfg, FILE *f);

/* hg_usage - the --help text, grouped as in the man page. */
void hg_usage(FILE *f);

/* hg_usage_short - what `hourglass` alone prints: the two forms, where help is. */
void hg_usage_short(FILE *f);

#endif /* HG_OPTIONS_H */
