/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * optionsint.h - what the run's parser shares inside hourglass/: the
 * per-thread options with their scope, the parser's state; options.c reads
 * the line with the table of runopts.c, whose rows take their values
 * (the per-thread rows' functions are in runopts_thread.c),
 * options_apply.c applies it (calls go that way only). Not installed, not
 * used outside these files.
 */
#ifndef HG_OPTIONSINT_H
#define HG_OPTIONSINT_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run/priority.h"
#include "timers/timer.h"
#include "trace/locks.h"
#include "workloads/workload.h"

struct hg_config;
struct hg_run_opt;
struct hg_thread_cfg;

/* One per-thread option, with the threads it applies to. */
struct thread_opt {
	int scope;		/* -1: all threads */
	const char *scope_arg;	/* the -t value, for messages */
	const struct hg_run_opt *row;	/* the option */
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
		struct hg_cs cs;
	} v;
};

/* The parser's state over one command line. */
struct parser {
	struct hg_config *cfg;
	int argc;
	char *const *argv;
	int next;		/* the word after the values read so far (-w takes more) */
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
	uint64_t cs_cost_ns;			/* --cs-cost, 0: not given */
	bool protocol_given[HG_MAX_LOCKS];	/* --protocol named the lock */
	const char *protocol_arg[HG_MAX_LOCKS];	/* its value, for messages */
	const char *max_scope_arg;
	bool chain_mode_given;			/* --chain-mode given */
	bool chain_wake_given;			/* --chain-wake given */
};

/*
 * hg_args_fail - write the message @fmt to the parser's error buffer
 * Returns @ret, so that a handler can return hg_args_fail(...).
 */
int hg_args_fail(struct parser *ps, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * hg_args_assign - a new per-thread option of row @row, zeroed, in the
 * parser's current scope (-t or all threads); NULL when out of memory
 */
struct thread_opt *hg_args_assign(struct parser *ps, const struct hg_run_opt *row);

/*
 * hg_args_finish - once the line is read: -n given and every -t within it,
 * the threads' configurations made (defaults, then each per-thread option
 * in order over its scope), and what only the whole line shows checked
 * (-s and -f against -d, outputs that clash, --break-on without --break,
 * --prom-interval without --prom)
 * Returns 0, or -EINVAL / -ENOMEM with the message in the parser's buffer.
 */
int hg_args_finish(struct parser *ps);

/*
 * hg_args_lock - the number of lock @name (1 to HG_LOCK_NAME_LEN - 1
 * letters, digits, _ - .), a new lock with the default protocol when the
 * line has not named it yet. Returns it, or -EINVAL (bad name, too many
 * locks) with the message in the parser's buffer (@opt names the option).
 */
int hg_args_lock(struct parser *ps, const char *opt, const char *name);

/*
 * hg_args_locks - once the threads are made: each thread's sections on a
 * model that runs them and within its amount, at most HG_MAX_CS, every
 * lock used by a thread, protect only among SCHED_FIFO/RR threads; sets
 * each protect lock's ceiling. Returns 0 or -EINVAL with the message.
 */
int hg_args_locks(struct parser *ps);

/*
 * The chains' rows (runopts_chain.c): --chain <name> <a>><b>...,
 * --chain-mode and --chain-wake take their values as struct hg_run_opt's
 * @set does.
 */
int hg_run_set_chain(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		     char *const *v);
int hg_run_set_chain_mode(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			  char *const *v);
int hg_run_set_chain_wake(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			  char *const *v);

/*
 * hg_args_chains - once the threads are made: every thread of a chain
 * exists and runs jobs (PERIODIC or PERIODIC_TABLE), --chain-mode and
 * --chain-wake only with a chain, --chain-wake only for event chains.
 * Returns 0 or -EINVAL with the message in the parser's buffer.
 */
int hg_args_chains(struct parser *ps);

/*
 * The per-thread rows' functions (runopts_thread.c), for the table of
 * runopts.c: hg_run_set_<x> takes the row's values, as struct hg_run_opt's
 * @set does (a new per-thread option in the current scope, or a message);
 * hg_run_apply_<x> applies that option to a thread, as @apply does.
 * -p, -w (and its model's arguments), -i, --cpu, --cs, -rh and -rs.
 */
int hg_run_set_priority(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			char *const *v);
int hg_run_set_workload(struct parser *ps, const struct hg_run_opt *r, const char *opt,
			char *const *v);
int hg_run_set_timer(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		     char *const *v);
int hg_run_set_cpu(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		   char *const *v);
int hg_run_set_cs(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		  char *const *v);
int hg_run_set_reserve(struct parser *ps, const struct hg_run_opt *r, const char *opt,
		       char *const *v);
void hg_run_apply_priority(const struct thread_opt *a, struct hg_thread_cfg *t);
void hg_run_apply_workload(const struct thread_opt *a, struct hg_thread_cfg *t);
void hg_run_apply_timer(const struct thread_opt *a, struct hg_thread_cfg *t);
void hg_run_apply_cpu(const struct thread_opt *a, struct hg_thread_cfg *t);
void hg_run_apply_cs(const struct thread_opt *a, struct hg_thread_cfg *t);
void hg_run_apply_hard(const struct thread_opt *a, struct hg_thread_cfg *t);
void hg_run_apply_soft(const struct thread_opt *a, struct hg_thread_cfg *t);

#endif /* HG_OPTIONSINT_H */
