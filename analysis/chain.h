/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chain.h - cause-effect chains of periodic tasks and their end-to-end
 * bounds
 *
 * A sampled chain tau_1 -> ... -> tau_n: each task keeps its own period,
 * and each job reads the latest output its predecessor has finished when
 * it starts and writes its own when it finishes (implicit communication,
 * no offsets assumed between the tasks, on one CPU or several). With R_i
 * a task's worst-case response from its nominal release (release jitter
 * included), as the response-time analysis gives it:
 *
 *  - reaction time, from an input just missed by a read of tau_1 to the
 *    first output of tau_n based on it: each hop waits at most one period
 *    for the next release and one response for its finish,
 *        reaction <= sum over i of (T_i + R_i)
 *    (Davare et al., DAC 2007; the reaction-time bound of Duerr et al.,
 *    TECS 2019, for periodic tasks);
 *  - data age, from tau_1's read of an input to the finish of the last
 *    tau_n job based on it (the longest immediate backward job chain): a
 *    job of tau_{i+1} starts less than T_i + R_i after the read of the
 *    tau_i job it reads from, and tau_n's job finishes within R_n of its
 *    start,
 *        data age <= sum over i of (T_i + R_i) - T_n
 *    (the maximum data-age bound of Duerr et al. 2019).
 */
#ifndef HG_ANALYSIS_CHAIN_H
#define HG_ANALYSIS_CHAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/rta.h"

#define HG_CHAIN_NAME_LEN 32	/* a name's letters, with the NUL */
#define HG_CHAIN_MAX_TASKS 64	/* tasks in one chain */

/* One task's place in one chain, as a task file gives it (CHAIN=name:pos). */
struct hg_chain_link {
	char name[HG_CHAIN_NAME_LEN];
	uint32_t pos;
	size_t task;		/* its index in the task set */
};

/* One chain: its tasks' indices in the task set, position 0 first. */
struct hg_chain {
	char name[HG_CHAIN_NAME_LEN];
	bool event;		/* an event chain (holistic.h), else sampled */
	size_t n;
	size_t task[HG_CHAIN_MAX_TASKS];
};

/* The links read, then the chains made of them. */
struct hg_chains {
	size_t nlinks;
	size_t cap;			/* room in @link */
	struct hg_chain_link *link;	/* malloc'd, NULL when none */
	size_t n;
	struct hg_chain *chain;		/* malloc'd by hg_chains_build() */
	size_t nevent;			/* the names declared event chains */
	char (*event)[HG_CHAIN_NAME_LEN];	/* malloc'd, NULL when none */
};

/*
 * Tasks are named by their index in the task set (a task file's task n is
 * its line of words n, from 0), in messages too.
 *
 * hg_chain_word - a "name:position" value (after "CHAIN=") of the task of
 * index @task into @c's links; the name 1 to 31
 * letters, digits, '_', '-' or '.', the position 0 to 63, the task not
 * already in that chain. Returns 0, or -EINVAL or -ENOMEM with the reason
 * in @why.
 */
int hg_chain_word(struct hg_chains *c, const char *v, size_t task, char *why, size_t whylen);

/*
 * hg_chain_mode - chain @name (a name as above) is an event chain when
 * @mode is "event", sampled (the default) when "sampled". Returns 0, or
 * -EINVAL or -ENOMEM with the reason in @why.
 */
int hg_chain_mode(struct hg_chains *c, const char *name, const char *mode, char *why,
		  size_t whylen);

/*
 * hg_chains_build - the chains of @c's links, each in the order of its
 * positions: a chain needs two tasks at least and its positions 0, 1, 2...
 * without a gap or one given twice; an event chain's tasks all of the
 * first's period (@ts: the tasks, by index), each task after the first in one
 * event chain at most, and every chain declared an event chain has tasks.
 * Returns 0, or -EINVAL or -ENOMEM with the reason in @why.
 */
int hg_chains_build(struct hg_chains *c, const struct hg_rta_task *ts, char *why,
		    size_t whylen);

/* hg_chains_free - release it (zeroed after). */
void hg_chains_free(struct hg_chains *c);

/* A chain's bounds. */
struct hg_chain_bound {
	uint64_t reaction_ns;	/* UINT64_MAX: no bound (see why) */
	uint64_t data_age_ns;	/* UINT64_MAX: no bound (see why) */
	size_t culprit;		/* the index of the task without a bound, or SIZE_MAX */
	const char *why;	/* NULL, or why there is no bound */
};

/*
 * hg_chain_no_bound - why the result @r is no upper bound on a response
 * (unbounded, undecided, "at least", not covered), or NULL when it is one.
 */
const char *hg_chain_no_bound(const struct hg_rta_result *r);

/*
 * hg_chain_bounds - the sampled chain @ch's reaction-time and data-age
 * bounds (above) from the tasks @ts and their results @r (by index). A
 * task whose response has no upper bound (unbounded, undecided, "at
 * least", not covered) leaves the chain without one: b->why says which.
 * Sums saturate.
 */
void hg_chain_bounds(const struct hg_chain *ch, const struct hg_rta_task *ts,
		     const struct hg_rta_result *r, struct hg_chain_bound *b);

#endif /* HG_ANALYSIS_CHAIN_H */
