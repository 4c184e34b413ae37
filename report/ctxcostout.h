/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ctxcostout.h - ctxcost's results as text and JSON: the trials, the
 * switch costs with their intervals, the rate, the machine's quiet and the
 * pipe ping-pong beside them
 */
#ifndef HG_CTXCOSTOUT_H
#define HG_CTXCOSTOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/stats/stable.h"
#include "analysis/stats/stats.h"

/* One class of switch (voluntary or involuntary) over the trials. */
struct hg_ctxcost_class {
	const double *med_ns;	/* per trial its median cost, NAN: none in that trial */
	const double *mean_ns;	/* per trial its mean cost, NAN: none */
	size_t n;		/* trials that had any */
	uint64_t switches;	/* in all trials */
	struct hg_ci med;	/* the median of the trials' medians, bootstrap interval */
	struct hg_ci mean;	/* the mean of their means, bootstrap interval */
};

/* What ctxcost measured, as it is printed. */
struct hg_ctxcost_out {
	uint64_t cpu, threads;		/* of each trial */
	uint64_t duration_ns, yield_ns;
	size_t trials;
	enum hg_stable_verdict verdict;	/* why the trials stopped */
	const char *rule;		/* the until-stable rule in words */
	const char *command;		/* a trial, as a run's command line */
	struct hg_ctxcost_class cls[2];	/* voluntary, involuntary */
	const double *rate;		/* per trial, switches per second */
	struct hg_ci rate_ci;		/* their mean, bootstrap interval */
	size_t noise_known;		/* trials whose kernel counters were read */
	size_t quiet;			/* of them, trials on a quiet CPU */
	bool have_pp;			/* the ping-pong was measured */
	struct hg_ci pingpong_ns;	/* its median per switch */
};

/*
 * hg_ctxcost_print - the text: "# ctxcost: <n> threads CPU_YIELD ..." and
 * "# a trial: <command>", a line per trial (median and mean per class in
 * us, "-" for none, switches/s), per class "<class> switch: median ...,
 * mean ...; <n> switches in <n> trials" (or "none seen"), "switches per
 * second: ...", "machine: quiet|not quiet ..." when known and the pipe
 * ping-pong's line when measured
 */
void hg_ctxcost_print(FILE *f, const struct hg_ctxcost_out *o);

/*
 * hg_ctxcost_json - the same as one JSON object (schemas/ctxcost.schema.json):
 * the setup, "voluntary" and "involuntary" with their trials' medians
 * (null for none), the rate, "quiet" and "pingpong_ns" (null when unknown)
 */
void hg_ctxcost_json(FILE *f, const struct hg_ctxcost_out *o);

#endif /* HG_CTXCOSTOUT_H */
