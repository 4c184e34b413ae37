/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * workload.h - execution models: one ops table each
 *
 * A workload parses its own arguments into struct hg_wl_params, may set up
 * memory before the run starts, and runs on the thread's tracer until the
 * tracer says stop. Its ops are called once per run, never per iteration of
 * the gap loop.
 */
#ifndef HG_WORKLOAD_H
#define HG_WORKLOAD_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "timers/timer.h"
#include "trace/locks.h"
#include "trace/trace.h"
#include "trace/tracer.h"

#define HG_WL_PATH_LEN 256

/* Parameters of every model; each uses the fields it needs. */
struct hg_wl_params {
	uint64_t scan_bytes;	/* CPU_SCAN*: size of the array */
	uint64_t amount_ns;	/* CPU_YIELD*: CPU time between yields; PERIODIC: C */
	uint64_t period_ns;	/* PERIODIC, CPU_PERIODIC, LAT: T */
	bool grid;		/* LAT GRID: wake-ups at start + k*T, not now + T */
	uint64_t deadline_ns;	/* PERIODIC: D (default T) */
	char path[HG_WL_PATH_LEN];	/* PERIODIC_TABLE: the file of times */
	uint64_t table_len;	/* PERIODIC_TABLE: how many times it holds (from parse) */
	uint64_t table_max_ns;	/* PERIODIC_TABLE: the largest of them (from parse) */
	/* PERIODIC, PERIODIC_TABLE, CPU_PERIODIC: --cs, the sections of each job */
	uint32_t ncs;
	struct hg_cs cs[HG_MAX_CS];
};

/*
 * PERIODIC_TABLE: a file holds at most 10 million times (lines), and the
 * threads of a run at most 16 Mi times in all: each thread holds its own
 * table in memory, 8 bytes a time, so 128 MiB at most (checked with the
 * run's options, hg_config_check(): -n 16 of a 10-million-line table
 * would take 1.2 GiB).
 */
#define HG_WL_TABLE_MAX_LINES 10000000u
#define HG_WL_TABLE_MAX_TOTAL (16u << 20)

struct hg_wl_ctx;
struct hg_wl_chain;

/*
 * The world a timed model sees: the clock, CPU time, the timer, the trace.
 * The run gives the real one (hg_wl_env_real); tests give a fake one, so
 * that a model's accounting can be checked without timing anything.
 */
struct hg_wl_env {
	/* now_ns - CLOCK_MONOTONIC */
	uint64_t (*now_ns)(struct hg_wl_ctx *ctx);
	/*
	 * receive - run the gap loop until @budget_ns more CPU time has been
	 * received, or CLOCK_MONOTONIC reaches @until_ns (HG_NO_LIMIT: no
	 * such limit); *@got_ns is the CPU time received. Returns
	 * HG_LOOP_BUDGET, HG_LOOP_DEADLINE or HG_LOOP_STOP.
	 */
	int (*receive)(struct hg_wl_ctx *ctx, uint64_t budget_ns, uint64_t until_ns,
		       uint64_t *got_ns);
	/*
	 * sleep_until - sleep on the thread's timer until @mono_ns, never past
	 * the thread's end. Returns 0, HG_LOOP_STOP once the thread must end,
	 * or -errno.
	 */
	int (*sleep_until)(struct hg_wl_ctx *ctx, uint64_t mono_ns);
	/*
	 * event - record an event of @type (HG_EV_*) at @at_ns with @value_ns;
	 * @extra: HG_REC_MISS or 0
	 */
	void (*event)(struct hg_wl_ctx *ctx, unsigned int type, uint64_t at_ns,
		      uint64_t value_ns, unsigned int extra);
	/*
	 * lock - take lock number @lock, waiting as long as it takes; *@wait_ns
	 * is the time waited (on the cycle counter). Returns 0 or -errno.
	 */
	int (*lock)(struct hg_wl_ctx *ctx, unsigned int lock, uint64_t *wait_ns);
	/* unlock - release lock number @lock. */
	void (*unlock)(struct hg_wl_ctx *ctx, unsigned int lock);
};

/* What a workload runs with. */
struct hg_wl_ctx {
	struct hg_tracer *tr;
	const struct hg_wl_params *p;
	uint64_t tsc_hz;
	void *priv;		/* the workload's own state, from setup */
	/* timed models */
	const struct hg_wl_env *env;
	struct hg_timer_ctx *timer;
	struct hg_tstats *stats;
	uint64_t start_ns;	/* the thread's start, CLOCK_MONOTONIC */
	uint64_t end_ns;	/* the thread's end, CLOCK_MONOTONIC */
	uint64_t mono0_ns;	/* a CLOCK_MONOTONIC reading ... */
	uint64_t cycles0;	/* ... and the counter read with it */
	const uint64_t *thresholds_ns;	/* LAT: lateness thresholds counted */
	unsigned int nthresholds;
	pthread_mutex_t *locks;		/* the run's locks (--cs), by number */
	struct hg_wl_chain *chain;	/* --chain: its place in a chain, or NULL */
};

/* The real world, for runs. */
extern const struct hg_wl_env hg_wl_env_real;

struct hg_workload {
	const char *name;
	const char *args;	/* usage of its arguments, e.g. "<size KB> <amount>" */
	const char *help;	/* one line */
	unsigned int min_args;
	unsigned int max_args;
	const char *unit;	/* what tstats.units counts, or NULL */
	enum hg_model model;	/* what it reports beside intervals */
	bool untraced;		/* does not run the gap loop (LAT) */
	bool timed;		/* sleeps on the thread's timer (-i) */
	/*
	 * parse - fill @p from @n arguments; on error write a one-line reason
	 * naming the argument to @err and return -EINVAL or -ERANGE
	 */
	int (*parse)(struct hg_wl_params *p, char *const *args, unsigned int n,
		     char *err, size_t errlen);
	/* describe - the workload with its arguments, as a user writes it */
	void (*describe)(const struct hg_wl_params *p, char *buf, size_t len);
	/* setup - allocate and touch memory before the start (may be NULL) */
	int (*setup)(struct hg_wl_ctx *ctx);
	/*
	 * run - the model, until hg_tracer_* returns HG_LOOP_STOP; NULL while
	 * the model is not supported. Returns 0 or -errno.
	 */
	int (*run)(struct hg_wl_ctx *ctx);
	/* teardown - release what setup took (may be NULL) */
	void (*teardown)(struct hg_wl_ctx *ctx);
	/*
	 * step - the work the model does in each iteration of the gap loop
	 * (NULL: none), called with the state setup left in ctx->priv; the
	 * thread's gap threshold is derived from the loop with it
	 */
	void (*step)(void *priv);
	/*
	 * wcet - the longest CPU time one job asks for, for the analysis
	 * (NULL: not a model of jobs). Returns 0 or -errno.
	 */
	int (*wcet)(const struct hg_wl_params *p, uint64_t *ns);
};

/* hg_workloads - every model, NULL-terminated. */
extern const struct hg_workload *const hg_workloads[];

/*
 * hg_workload_find - look a model up by name: case-insensitive, a unique
 * prefix is enough. On failure writes a reason listing the choices to @err.
 * Returns the model or NULL.
 */
const struct hg_workload *hg_workload_find(const char *name, char *err, size_t errlen);

/* hg_workload_default - the CPU model. */
const struct hg_workload *hg_workload_default(void);

/*
 * hg_wl_parse_time - parse argument @what of a workload as a time value
 * greater than zero; on error writes "<what> '<arg>': reason" to @err.
 */
int hg_wl_parse_time(const char *arg, const char *what, uint64_t *ns,
		     char *err, size_t errlen);

/*
 * hg_wl_parse_kb - parse a size in KB ("256", "256K", "256KB"), 1 KB to
 * 16 GB, into bytes; on error writes "<what> '<arg>': reason" to @err.
 */
int hg_wl_parse_kb(const char *arg, const char *what, uint64_t *bytes,
		   char *err, size_t errlen);

#endif /* HG_WORKLOAD_H */
