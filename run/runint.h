/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runint.h - the state of a run, shared by run.c (set up, release, stop,
 * collect), worker.c (the measuring threads) and live.c (look at the run
 * while it goes on) only
 */
#ifndef HG_RUNINT_H
#define HG_RUNINT_H

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "run/config.h"
#include "run/monitor.h"
#include "run/status.h"
#include "trace/arena.h"
#include "trace/brk.h"
#include "trace/calib.h"
#include "util/errlen.h"
#include "trace/trace.h"

#define HG_WAKE_SIGNAL	SIGUSR2		/* cuts the sleeps of timed threads short */

struct run;
struct hg_kcapture;
struct hg_chain_out;
struct hg_wl_chain;
struct hg_setup_signals;

struct worker {
	struct run *run;
	unsigned int id;
	const struct hg_thread_cfg *cfg;
	pthread_t th;
	unsigned int pool;
	struct hg_writer writer;
	struct hg_tstats *stats;	/* the trace's own (no copy at the end) */
	struct hg_tracer tracer;
	struct hg_wl_ctx wctx;
	struct hg_timer_ctx timer;
	bool timer_open;
	const char *timer_name;		/* for the summary, once closed */
	uint64_t timer_res_ns;
	uint64_t begin;		/* counter value of its start (-s) */
	uint64_t end;		/* counter value of its end (-f or -d) */
	uint64_t gap_cycles;		/* its gap threshold */
	uint64_t hiccup_cycles;		/* its hiccup floor */
	struct rusage ru0;		/* at the start of its run */
	struct rusage ru;		/* at its end */
	pid_t tid;			/* its kernel thread id */
	uint64_t cpu0_ns;		/* CLOCK_THREAD_CPUTIME_ID at the start ... */
	uint64_t cpu_ns;		/* ... and over its window */
	int error;
	char msg[HG_ERR_LEN];
};

/* --on-threshold: what the main thread keeps of the actions (onthresh.c). */
struct run_onthresh {
	struct hg_worst *worst;		/* continue: a table per thread */
	bool act;			/* signal, shell or trace among the actions */
	uint64_t acted;			/* events signal and shell ran for */
	uint64_t rearm_ns;		/* when the next event may be acted on */
};

struct run {
	const struct hg_config *cfg;
	struct hg_calib calib;
	struct hg_arena arena;
	pthread_mutex_t lock;
	pthread_cond_t wake;		/* stop raised (CLOCK_MONOTONIC waits) */
	pthread_cond_t ready_cv;	/* a thread finished its set-up */
	pthread_cond_t go_cv;		/* the threads are released */
	unsigned int nready;
	bool released;
	pthread_t main;
	atomic_int stop;
	bool abort;
	uint64_t mono_t0_ns;
	uint64_t cycles_t0;
	uint64_t check_cycles;
	struct worker *w;
	const struct hg_run_monitor *mon;
	cpu_set_t online;
	struct hg_break brk;		/* --break */
	struct run_onthresh onth;	/* --on-threshold */
	struct hg_tstats *scratch;	/* a second copy, to see that one is stable */
	struct hg_status_thread *status;	/* the status line's numbers */
	uint64_t *prev;			/* per thread: received, gaps, samples, their sum */
	uint64_t prev_ns;		/* when they were read */
	struct hg_kcapture *kcap;	/* --kernel, or NULL */
	struct hg_setup_signals *setup;	/* the signals during the set-up */
	pthread_mutex_t locks[HG_MAX_LOCKS];	/* --cs: cfg->nlocks of them */
	bool locks_made;
	struct hg_chain_out *chain_out;	/* --chain: each stage's output */
	struct hg_wl_chain *chain_w;	/* --chain: each thread's place, by thread */
};

#endif /* HG_RUNINT_H */
