/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diff.h - two sets of trials compared, value by value: the difference,
 * its 95 % interval, the test and a verdict
 *
 * With one trial on each side, a value backed by both distributions is
 * tested on them: a median by Mann-Whitney (interval: bootstrap of the
 * difference of medians), p99 and p99.9 by a bootstrap interval of the
 * difference (significant when it excludes zero), each only from as many
 * samples a side as make their range cover the percentile 95 % of the time
 * (hg_ci_need(): 6 for the median, 299 for p99, 2995 for p99.9; no interval
 * within the samples can do better with fewer). Misses against jobs by
 * Fisher's exact test. With two or more trials on each side, the trials'
 * values by Welch's t-test. Anything else has no test.
 *
 * One comparison tests many metrics at once: the p-values (a bootstrap's
 * from its resamples) are adjusted by Benjamini-Hochberg over the tested
 * metrics, and a metric is significant when its adjusted p is below 0.05,
 * which keeps the expected share of false discoveries at 5 %.
 */
#ifndef HG_DIFF_H
#define HG_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "analysis/compare/diffdata.h"

struct hg_diff_row {
	char name[HG_DIFF_NAME + 8];
	enum hg_diff_kind kind;
	double a, b;		/* the sides' values (means over trials) */
	double delta;		/* b - a */
	double lo, hi;		/* 95 % interval of delta; NAN: none */
	double p;		/* NAN: none */
	double p_adj;		/* p adjusted over the comparison's tests
				   (Benjamini-Hochberg); NAN: none */
	const char *test;	/* "mann-whitney", "bootstrap", "welch", "fisher",
				   "gpd-lr", "none" */
	int sign;		/* +1 B significantly higher, -1 lower, 0 neither */
	size_t need;		/* no test from too few samples: the samples
				   a side the test needs; 0: not that */
	size_t have;		/* and the fewer of the two sides' samples */
};

/*
 * hg_diff_compare - compare every value present in each trial of both
 * sides and not zero on both, in the order of @a[0]; *@rows is malloc'd
 * Returns 0, -EINVAL without trials, or -ENOMEM.
 */
int hg_diff_compare(const struct hg_diff_trial *a, size_t na, const struct hg_diff_trial *b,
		    size_t nb, struct hg_diff_row **rows, size_t *n);

/* The correction of the comparison's p-values, as diff prints it. */
#define HG_DIFF_CORRECTION "benjamini-hochberg"

/*
 * hg_diff_verdict - "B higher", "B lower", "no significant difference",
 * "too few samples" (r->need says how many), "no test"
 */
const char *hg_diff_verdict(const struct hg_diff_row *r);

#endif /* HG_DIFF_H */
