/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * overheads.h - the machine's own costs in the response-time analyses:
 * the direct cost of a context switch (ctxcost --json, or --cs-cost by
 * hand) and the cache penalty a preempted thread pays (cachecost --json)
 *
 * Each job is charged two switches (to it and away from it) and one cache
 * penalty: C' = C + 2 S + P. A job of higher priority that preempts a task
 * is charged the same in its own C', so the analysis of that task counts,
 * per preempting job, the two switches it causes and the cache the task
 * reloads after it (J. Liu, "Real-Time Systems", Prentice Hall 2000,
 * section 6.8: context-switch time added twice to each job; the cache
 * penalty charged to the preempting job as in Busquets-Mataix et al.,
 * RTAS 1996). S is the larger of ctxcost's voluntary and involuntary
 * median switch cost; P is the largest penalty cachecost measured over
 * its sizes (the threads' own working sets are not known: the worst one
 * measured stands for them).
 */
#ifndef HG_OVERHEADS_H
#define HG_OVERHEADS_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/sched/rta.h"
#include "trace/trace.h"

struct json_object;

struct hg_overheads {
	uint64_t switch_ns;	/* S, one context switch; 0 with the rest: none */
	uint64_t cache_ns;	/* P, the cache penalty of one preemption */
	uint64_t cache_kb;	/* the working set P was measured at, 0: none */
	char source[160];	/* where they come from: "ctxcost x.json", "--cs-cost" */
	char noisy[160];	/* the files that say the machine was not quiet
				   ("quiet": false), ", "-separated; "" none */
};

/* hg_overheads_any - whether @o charges anything. */
static inline int hg_overheads_any(const struct hg_overheads *o)
{
	return o->switch_ns || o->cache_ns;
}

/* hg_overheads_per_job - 2 S + P (saturated). */
uint64_t hg_overheads_per_job(const struct hg_overheads *o);

/*
 * hg_overheads_from_doc - add what the parsed JSON document @root (NULL:
 * not JSON) named @name gives to @o: a ctxcost --json sets S, a cachecost
 * --json sets P (told apart by their "generator"); a document that says
 * "quiet": false adds @name to @o->noisy (its costs may include other
 * tasks' run time). Returns 0, or -errno with a one-line reason in @err
 * (not JSON, neither document, no cost measured in it). The file is read
 * by hg_overheads_read() (hourglass/overin.h).
 */
int hg_overheads_from_doc(struct json_object *root, const char *name, struct hg_overheads *o,
			  char *err, size_t errlen);

/* hg_overheads_source - add @what to the sources @o names. */
void hg_overheads_source(struct hg_overheads *o, const char *what);

/* hg_overheads_apply - @n tasks' C raised by hg_overheads_per_job(@o). */
void hg_overheads_apply(struct hg_rta_task *ts, size_t n, const struct hg_overheads *o);

/*
 * hg_overheads_to_sys, hg_overheads_from_sys - @o kept in a trace's
 * system snapshot (keys overheads_switch_ns, overheads_cache_ns,
 * overheads_cache_kb, overheads_source, and overheads_not_quiet when a
 * file was measured on a machine that was not quiet), so a saved run
 * predicts, and says what its costs rest on, as the run did. to_sys returns 0 or -ENOMEM; from_sys leaves @o zeroed when the
 * trace has none.
 */
int hg_overheads_to_sys(struct hg_trace *t, const struct hg_overheads *o);
void hg_overheads_from_sys(const struct hg_trace *t, struct hg_overheads *o);

#endif /* HG_OVERHEADS_H */
