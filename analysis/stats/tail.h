/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tail.h - how rare a large value is: peaks over a threshold fitted with
 * the generalized Pareto distribution (analysis/stats/gpd.h), the checks of
 * analysis/stats/tailchk.h before any answer, and the answers: P(X > x) per
 * sample and per period, return levels down to 1e-9 per sample, and the
 * run length needed to see a value once
 *
 * The method is measurement-based probabilistic timing analysis by peaks
 * over threshold (Coles 2001, chapter 4; Abella et al., "Measurement-Based
 * Worst-Case Execution Time Estimation Using the Coefficient of Variation",
 * ACM TODAES 22, 2017). P(X > x) = zeta * S(x - u), zeta the exceedances
 * per sample, every one of them, S fitted to the clusters' maxima when the
 * exceedances cluster (Coles 2001, 5.3.2); its interval by the delta method
 * on (zeta, sigma, xi), with zeta's binomial variance times the mean
 * cluster size and the fit's inverse observed information, on the log
 * scale. The return levels' intervals by profile likelihood
 * (hg_gpd_level_ci()), zeta taken as measured. Counts per period take the run's rate of
 * samples as measured, without error.
 */
#ifndef HG_TAIL_H
#define HG_TAIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/stats/gpd.h"

#define HG_TAIL_MIN_EXCEED 50	/* exceedances (clusters) the answers need */
#define HG_TAIL_MIN_FIT 10	/* fewer: not even a forced estimate */
#define HG_TAIL_AUTO_MAX 5000	/* the automatic threshold keeps at most these */
#define HG_TAIL_THETA_DECLUSTER 0.9	/* an extremal index below: decluster */
#define HG_TAIL_THETA_MIN 0.5	/* below: the exceedances are not independent */
#define HG_TAIL_LEVEL 0.01	/* the tests' level: a p value at or below it fails */
#define HG_TAIL_MAX_AT 32
#define HG_TAIL_NRL 4		/* return levels 1e-6 .. 1e-9 */
#define HG_TAIL_NEED_CONF 0.95	/* the run length to see a value with this */

/* What to fit and ask. */
struct hg_tail_opts {
	double threshold;	/* the samples' unit; < 0: the automatic rule */
	const double *at;	/* values to give P(X > x) of */
	size_t nat;
	double rate_hz;		/* samples a second; 0: unknown (no per-period answer) */
	double per_s;		/* the period of the expected counts, seconds */
	bool ordered;		/* the samples are in time order (a histogram is not) */
	uint64_t below;		/* samples left out, each below every one given (a
				   histogram's lower part; with !ordered only) */
	unsigned int boot;	/* the goodness-of-fit bootstrap's samples */
	uint64_t seed;		/* its generator's seed */
};

enum hg_tail_check_id {
	HG_TAIL_CHK_COUNT,	/* enough exceedances */
	HG_TAIL_CHK_INDEP,	/* the extremal index */
	HG_TAIL_CHK_STAT,	/* first half against second */
	HG_TAIL_CHK_FIT,	/* Anderson-Darling */
	HG_TAIL_NCHK,
};

/* One check: @passed 1, 0, or -1 when it could not be made. */
struct hg_tail_check {
	const char *name;
	int passed;
	double value;		/* its statistic: a count, theta, a p value, A^2 */
	double p_value;		/* NaN: none */
	int df;			/* stationarity: the test's degrees of freedom */
};

/* P(X > x) and what follows from it; NaN where it cannot be said. */
struct hg_tail_at {
	double x;
	double p, p_ci[2];		/* per sample */
	double per, per_ci[2];		/* expected count per period */
	double need, need_ci[2];	/* samples to see one with HG_TAIL_NEED_CONF */
	bool counted;			/* x below the threshold: counted, not fitted */
};

/* The value exceeded with probability @p per sample. */
struct hg_tail_rl {
	double p, x, ci[2];
	double need;		/* samples to see it once with HG_TAIL_NEED_CONF */
};

struct hg_tail {
	size_t n;		/* samples */
	double max;		/* the largest seen */
	double u;		/* the threshold */
	bool automatic;		/* @u by the rule */
	size_t above;		/* samples above @u */
	size_t k;		/* exceedances fitted: clusters when declustered */
	double theta;		/* extremal index; NaN without time order */
	bool declustered;
	double zeta;		/* @above per sample */
	bool fitted;
	struct hg_gpd_fit fit;
	struct hg_tail_check chk[HG_TAIL_NCHK];
	const char *failed;	/* the first failed check's name, or NULL */
	struct hg_tail_at at[HG_TAIL_MAX_AT];
	size_t nat;
	struct hg_tail_rl rl[HG_TAIL_NRL];
};

/*
 * hg_tail_rule_k - how many samples of @n the automatic threshold leaves
 * above it: ceil(sqrt(n)), at least HG_TAIL_MIN_EXCEED and at most
 * HG_TAIL_AUTO_MAX, never more than a tenth of the samples
 */
size_t hg_tail_rule_k(size_t n);

/*
 * hg_tail_analyse - the fit, the checks and the answers for the @n
 * samples @x (in time order when @o says so) and @o->below smaller ones
 * Returns 0 (a failed check is not an error: see @t->failed), -EINVAL for
 * no sample or more than HG_TAIL_MAX_AT values to ask about,
 * -ENOMEM.
 */
int hg_tail_analyse(const double *x, size_t n, const struct hg_tail_opts *o, struct hg_tail *t);

/*
 * hg_tail_p - P(X > @x) per sample by the fit of @t (@x above its
 * threshold), its 95 % interval (delta method) into @ci
 */
double hg_tail_p(const struct hg_tail *t, double x, double ci[2]);

/* hg_tail_need - samples to see an event of probability @p once, with @conf. */
double hg_tail_need(double p, double conf);

#endif
