/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chainrun.h - the end-to-end figures of a chain as a run measured them
 * (--chain, the trace's CHAINS section), for comparison with the bounds of
 * chain.h (sampled) and holistic.h (event)
 *
 * Each job of a chain carries the number of the first thread's job (the
 * input) its data came from. With the measurement as the bounds define it:
 *
 *  - reaction time of input s: from the previous read of the first
 *    thread (the start of its job s - 1: an input arriving just after it
 *    is read first by job s) to the finish of the first job of the last
 *    thread based on input s or a later one;
 *  - data age of input s: from the start of the first thread's job s (its
 *    read) to the finish of the last job of the last thread based on
 *    input s; an input that no output was based on (written over before
 *    it was read) has none.
 *
 * A hop is one thread's part: for the first, its job from release to
 * finish; for each other, from the finish of its predecessor's job that
 * produced new data to the finish of the first job that read it. Each hop
 * is split where its time went: waiting for the release (a sampled
 * thread's next period), waiting for the CPU (release to start: an event
 * chain's wake-up, the mechanism's cost included), running (the CPU time
 * the job received) and blocked or preempted (the rest).
 */
#ifndef HG_ANALYSIS_CHAINRUN_H
#define HG_ANALYSIS_CHAINRUN_H

#include <stdint.h>

#include "analysis/stats/stats.h"
#include "trace/chains.h"

/* A distribution: its figures and its values, sorted (malloc'd, or NULL when none). */
struct hg_chain_dist {
	struct hg_stats s;
	uint64_t *v;
};

/* One hop: its delays and, summed over them, where the time went. */
struct hg_chain_hop {
	uint32_t thread;
	struct hg_chain_dist delay;
	uint64_t release_ns;	/* waiting for the release */
	uint64_t cpu_ns;	/* waiting for the CPU (the wake-up) */
	uint64_t run_ns;	/* running */
	uint64_t blocked_ns;	/* blocked or preempted */
};

struct hg_chain_meas {
	uint64_t inputs;		/* jobs of the first thread */
	uint64_t unread;		/* inputs no output was based on */
	uint64_t dropped;		/* job records that found no room */
	struct hg_chain_dist reaction;
	struct hg_chain_dist data_age;
	uint32_t nhops;
	struct hg_chain_hop hop[HG_CHAIN_STAGES_MAX];
};

/*
 * hg_chain_measure - @ch's figures into @m (zeroed first; release them
 * with hg_chain_meas_free()). Returns 0 or -ENOMEM.
 */
int hg_chain_measure(const struct hg_chain_run *ch, struct hg_chain_meas *m);

/* hg_chain_meas_free - release the values of @m. */
void hg_chain_meas_free(struct hg_chain_meas *m);

#endif /* HG_ANALYSIS_CHAINRUN_H */
