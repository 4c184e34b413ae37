/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rta.h - schedulability analyses of periodic task sets
 *
 * Fixed-priority preemptive response-time analysis on one CPU (Audsley et
 * al. 1993; Tindell, Burns and Wellings 1994, arbitrary deadlines after
 * Lehoczky 1990): for task i with execution time C, period T, deadline D
 * (below, equal to or above T), release jitter J and blocking B, job q of
 * the level-i busy period completes at the smallest
 *
 *     w = (q + 1) C + B + sum over higher-priority j of ceil((w + J_j) / T_j) C_j
 *
 * and responds J + w - q T; the worst-case response is the longest over
 * the jobs of the busy period. B is the task's own: a higher-priority
 * task's blocking is not a part of the interference it causes. The jobs
 * are followed until one completes before the next is released, and never
 * past one hyperperiod of the level (a later job responds no later than
 * one before it), so a level that uses exactly the whole CPU, whose busy
 * period never ends, still gets its bounded response. A level above the
 * whole CPU (or whose higher levels take all of it) has no bound. Sums
 * saturate, never wrap; a walk too long to finish says so (undecided).
 */
#ifndef HG_RTA_H
#define HG_RTA_H

#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/locks.h"

#define HG_RTA_NO_PRIO INT32_MIN

struct hg_rta_task {
	unsigned int id;	/* thread number, for reports */
	uint64_t c_ns;		/* worst-case execution time */
	uint64_t t_ns;		/* period */
	uint64_t d_ns;		/* relative deadline (may exceed T) */
	uint64_t j_ns;		/* release jitter */
	uint64_t b_ns;		/* blocking */
	int32_t prio;		/* larger runs first; HG_RTA_NO_PRIO: none */
	cpu_set_t cpus;		/* where it may run; empty: not named (one CPU) */
	uint32_t ncs;		/* its jobs' lock sections (blocking.h) */
	struct hg_cs cs[HG_MAX_CS];
};

/* What response_ns is. */
enum hg_rta_bound {
	HG_RTA_EXACT,		/* the worst-case response */
	HG_RTA_AT_LEAST,	/* the walk stopped at a job already late: at least this */
	HG_RTA_UNBOUNDED,	/* no bound exists, or none below 2^64 ns (UINT64_MAX) */
	HG_RTA_UNDECIDED,	/* too long to find, or no test applies: nothing is
				   promised (UINT64_MAX) */
	HG_RTA_UPPER,		/* an upper bound (a sufficient test, not an exact one) */
};

/* Which analysis a task had (analysis/sched/partition.h chooses). */
enum hg_rta_test {
	HG_RTA_TEST_UNI,	/* uniprocessor: hg_rta_fp() on its CPU */
	HG_RTA_TEST_GLOBAL,	/* global fixed priority on its CPUs (global.h) */
	HG_RTA_TEST_NONE,	/* not covered: CPUs shared with other affinities */
};

/* hg_rta_test_name - "uniprocessor", "global", "not-covered". */
const char *hg_rta_test_name(enum hg_rta_test t);

/* hg_rta_bound_name - "exact", "at least", "unbounded", "undecided", "upper bound". */
const char *hg_rta_bound_name(enum hg_rta_bound b);

struct hg_rta_result {
	uint64_t response_ns;	/* J + R; see bound */
	enum hg_rta_bound bound;
	bool schedulable;
	unsigned int rank;	/* 0 is the highest priority (among the tasks of its test) */
	unsigned int iterations;
	enum hg_rta_test test;
};

/* How the priorities were ordered. */
enum hg_rta_order {
	HG_RTA_BY_PRIORITY,	/* every task has its own priority */
	HG_RTA_RATE_MONOTONIC,	/* no task has one: shorter period first */
	HG_RTA_MIXED,		/* priorities (none is lowest), rate-monotonic among equals */
};

/* hg_rta_order_name - "priority", "rate-monotonic", ... */
const char *hg_rta_order_name(enum hg_rta_order o);

/*
 * hg_rta_rank - the indices of @ts's @n tasks in priority order (the
 * highest first) into @idx, and how the order was chosen into @order (may
 * be NULL). Ties are broken by period, then deadline, then id. Returns 0
 * or -ENOMEM.
 */
int hg_rta_rank(const struct hg_rta_task *ts, size_t n, size_t *idx, enum hg_rta_order *order);

/*
 * hg_rta_fp - response-time analysis of @n tasks on one CPU (their cpus
 * are not looked at)
 * @res:   one result per task, in the order of @ts
 * @order: how the priority order was chosen (may be NULL)
 * Ties are broken by period, then deadline, then id (rate-monotonic).
 * Returns 0, or -EINVAL for a task with C or T of 0.
 */
int hg_rta_fp(const struct hg_rta_task *ts, size_t n, struct hg_rta_result *res,
	      enum hg_rta_order *order);

/*
 * A task's jobs held back by a lower task's section on a lock without a
 * protocol (blocking.h): the tasks ranked below it and above rank @until
 * take its release jitter as @j_ns (when larger than its own). j_ns 0:
 * none.
 */
struct hg_rta_held {
	uint64_t j_ns;
	size_t until;
};

/*
 * hg_rta_fp_held - hg_rta_fp() with @held (one per task, in the order of
 * @ts; NULL: none). A task that sees a jitter of @held gets an upper
 * bound (HG_RTA_UPPER) when it is schedulable, else HG_RTA_UNDECIDED
 * (the test cannot show it schedulable), or unbounded as before.
 */
int hg_rta_fp_held(const struct hg_rta_task *ts, size_t n, const struct hg_rta_held *held,
		   struct hg_rta_result *res, enum hg_rta_order *order);

/* hg_rta_utilisation - sum of C / T. */
double hg_rta_utilisation(const struct hg_rta_task *ts, size_t n);

#endif /* HG_RTA_H */
