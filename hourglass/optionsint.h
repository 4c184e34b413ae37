/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * optionsint.h - what the run's parser shares inside hourglass/: the
 * options' ids, the per-thread options with their scope, the parser's
 * state; options.c reads the line, options_apply.c applies it (calls go
 * that way only). Not installed, not used outside these files.
 */
#ifndef HG_OPTIONSINT_H
#define HG_OPTIONSINT_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run/priority.h"
#include "timers/timer.h"
#include "workloads/workload.h"

struct hg_config;

/* The options, one id each; options.c's table spells them. */
enum opt_id {
	O_THREADS, O_DURATION, O_CYCLES, O_THREAD, O_ALL, O_RECORDS,
	O_PRIORITY, O_RH, O_RS, O_WORKLOAD, O_TIMER, O_START, O_FINISH,
	O_GAP, O_NO_INTERVALS, O_QUIET, O_OUTPUT, O_JSON, O_CPU,
	O_HISTOGRAM, O_THRESHOLDS, O_GAP_HIST, O_JITTER, O_WCET, O_BLOCKING,
	O_FAIL_ON_MISS, O_FOREVER, O_BREAK, O_BREAK_ON, O_PROM, O_PROM_INTERVAL,
	O_KERNEL,
	O_HELP, O_VERSION,
};

/* One per-thread option, with the threads it applies to. */
struct thread_opt {
	int scope;		/* -1: all threads */
	const char *scope_arg;	/* the -t value, for messages */
	enum opt_id id;
	union {
		struct hg_prio prio;
		struct {
			const struct hg_workload *wl;
			struct hg_wl_params p;
		} w;
		const struct hg_timer *timer;
		uint64_t ns;
		struct {
			uint64_t budget, period;
		} resv;
		cpu_set_t cpus;
	} v;
};

/* The parser's state over one command line. */
struct parser {
	struct hg_config *cfg;
	struct thread_opt *as;
	size_t nas, cap;
	int scope;
	const char *scope_arg;
	char *err;
	size_t errlen;
	bool have_n;
	int max_scope;		/* largest -t given, -1 for none */
	bool break_on_given;
	bool prom_interval_given;
	const char *max_scope_arg;
};

/*
 * hg_args_fail - write the message @fmt to the parser's error buffer
 * Returns @ret, so that a handler can return hg_args_fail(...).
 */
int hg_args_fail(struct parser *ps, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * hg_args_assign - a new per-thread option @id, zeroed, in the parser's
 * current scope (-t or all threads); NULL when out of memory
 */
struct thread_opt *hg_args_assign(struct parser *ps, enum opt_id id);

/*
 * hg_args_finish - once the line is read: -n given and every -t within it,
 * the threads' configurations made (defaults, then each per-thread option
 * in order over its scope), and what only the whole line shows checked
 * (-s and -f against -d, outputs that clash, --break-on without --break,
 * --prom-interval without --prom)
 * Returns 0, or -EINVAL / -ENOMEM with the message in the parser's buffer.
 */
int hg_args_finish(struct parser *ps);

#endif /* HG_OPTIONSINT_H */
