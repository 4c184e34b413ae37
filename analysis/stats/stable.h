/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stable.h - when to stop repeating a trial: the until-stable rule of the
 * experiments (ctxcost, cachecost), a pure function of the results so far
 *
 * After each trial the experiment asks whether to go on. With a fixed
 * count it stops at that count. Until stable, it goes on to at least
 * min_trials, then stops as soon as the 95 % confidence interval of the
 * median (seeded bootstrap) is narrow enough: its half-width within
 * rel_pct % of the median or within abs, whichever allows more; it gives
 * up at max_trials.
 */
#ifndef HG_STABLE_H
#define HG_STABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/stats/stats.h"

#define HG_STABLE_MIN	6	/* the fewest whose median has a 95 % interval (hg_ci_need) */
#define HG_STABLE_MAX	30
#define HG_STABLE_REL	5.0	/* percent of the median */

struct hg_stable_rule {
	unsigned int trials;	/* a fixed count; 0: until stable */
	unsigned int min_trials;
	unsigned int max_trials;
	double rel_pct;		/* half-width allowed, % of the median */
	double abs;		/* half-width allowed, in the values' unit */
};

enum hg_stable_verdict {
	HG_STABLE_MORE,		/* run another trial */
	HG_STABLE_DONE,		/* the interval is narrow enough */
	HG_STABLE_COUNT,	/* the fixed count is reached */
	HG_STABLE_LIMIT,	/* max_trials reached, the interval still wide */
	HG_STABLE_INTERRUPTED,	/* a signal stopped the series first */
};

/*
 * hg_stable_default - the default rule: until stable, 5 to 30 trials,
 * within 5 % or @abs
 */
void hg_stable_default(struct hg_stable_rule *r, double abs);

/*
 * hg_stable_check - whether to go on after @ran trials, @n of which gave
 * the results @v (a trial may give none: a series without a switch)
 * @ci: the median with its 95 % interval so far (when @n > 0)
 * A fixed count and the largest number of trials count the trials that ran.
 * Returns an hg_stable_verdict, or -ENOMEM.
 */
int hg_stable_check(const struct hg_stable_rule *r, const double *v, size_t n,
		    size_t ran, struct hg_ci *ci);

/* hg_stable_name - "stable", "fixed count", "not stable after max", "running" */
const char *hg_stable_name(enum hg_stable_verdict v);

#endif /* HG_STABLE_H */
