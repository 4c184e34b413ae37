/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stats.h - the one statistics module: exact order statistics of a set of
 * values, streaming moments, distributions, confidence intervals and tests
 *
 * Everything that infers (intervals, tests) works on doubles; confidence
 * levels are fractions (0.95). Intervals of a difference are of b - a.
 */
#ifndef HG_STATS_H
#define HG_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hg_stats {
	uint64_t count;
	uint64_t sum;		/* saturates at UINT64_MAX */
	uint64_t min;
	uint64_t p1;
	uint64_t median;
	uint64_t p90;
	uint64_t p99;
	uint64_t p999;
	uint64_t max;
	double mean;
};

/*
 * hg_sort_u64 - sort @n values in place (LSD radix, 8 bits a pass, passes
 * over bytes that are zero in every value skipped)
 * Returns 0 or -ENOMEM.
 */
int hg_sort_u64(uint64_t *v, size_t n);

/*
 * hg_percentile_sorted - the nearest-rank percentile @pct (0 to 100) of
 * @n sorted values: the smallest value with at least pct % of the values
 * at or below it; 0 when @n is 0
 */
uint64_t hg_percentile_sorted(const uint64_t *v, size_t n, double pct);

/*
 * hg_stats_compute - sort @v (in place) and fill @s
 * Returns 0 or -ENOMEM.
 */
int hg_stats_compute(uint64_t *v, size_t n, struct hg_stats *s);

/* ---------------------------------------------------- streaming moments */

/* Welford's running mean and sum of squared deviations. */
struct hg_welford {
	uint64_t n;
	double mean;
	double m2;
};

/* hg_welford_init - reset @w. */
void hg_welford_init(struct hg_welford *w);

/* hg_welford_add - add @x to @w. */
void hg_welford_add(struct hg_welford *w, double x);

/* hg_welford_var - the sample variance (n - 1 in the divisor); 0 below two values */
double hg_welford_var(const struct hg_welford *w);

/* hg_welford_sd - the sample standard deviation */
double hg_welford_sd(const struct hg_welford *w);

/* ----------------------------------------------------- order statistics */

/* hg_sort_d - sort @n doubles in place (ascending; NaN not allowed). */
void hg_sort_d(double *v, size_t n);

/*
 * hg_percentile_d - the nearest-rank percentile @pct of @n sorted doubles
 * (the rule of hg_percentile_sorted()); 0 when @n is 0
 */
double hg_percentile_d(const double *v, size_t n, double pct);

/*
 * hg_median_d - the median of @n sorted doubles: the middle value, or the
 * mean of the two middle values; 0 when @n is 0
 */
double hg_median_d(const double *v, size_t n);

/* --------------------------------------------------------- distributions */

/* hg_normal_cdf - P(Z <= @z) for a standard normal Z */
double hg_normal_cdf(double z);

/* hg_normal_quantile - the @p quantile of the standard normal (0 < p < 1) */
double hg_normal_quantile(double p);

/*
 * hg_t_cdf - P(T <= @t) for Student's t with @df > 0 degrees of freedom
 * (df may be fractional, as Welch's are; INFINITY is the normal)
 */
double hg_t_cdf(double t, double df);

/* hg_t_quantile - the @p quantile of Student's t with @df degrees of freedom */
double hg_t_quantile(double p, double df);

/* -------------------------------------------------- confidence intervals */

struct hg_ci {
	double est;	/* the estimate: mean, median, percentile or difference */
	double lo;
	double hi;
	size_t n;	/* values it rests on */
	double p;	/* hg_bootstrap_diff_ci(): two-sided bootstrap p of a
			   zero difference, (2 * min(#<= 0, #>= 0) + 1) / (reps
			   + 1) capped at 1; else not set */
};

/*
 * hg_ci_mean - Student-t confidence interval of the mean of @n values at
 * @level; with one value the interval is the value itself
 * Returns 0, or -EINVAL when @n is 0 or @level is not in (0, 1).
 */
int hg_ci_mean(const double *v, size_t n, double level, struct hg_ci *ci);

/* A reproducible generator for resampling (splitmix64). */
struct hg_rng {
	uint64_t state;
};

/* hg_rng_seed - start @r at @seed: the same seed gives the same stream. */
void hg_rng_seed(struct hg_rng *r, uint64_t seed);

/* hg_rng_next - the next 64 random bits of @r. */
uint64_t hg_rng_next(struct hg_rng *r);

/* hg_rng_below - a uniform integer in [0, @n), @n > 0 */
uint64_t hg_rng_below(struct hg_rng *r, uint64_t n);

/*
 * hg_ci_need - the fewest values whose range (smallest to largest) covers
 * the percentile @pct of their distribution with probability @level at
 * least: 1 - p^n - (1 - p)^n >= @level, p = @pct / 100. No interval from
 * fewer values (a percentile bootstrap's lies inside the range) can reach
 * @level: 6 for the median at 95 %.
 */
size_t hg_ci_need(double pct, double level);

/* Default resamples of a bootstrap and their seed. */
#define HG_BOOT_REPS	2000
#define HG_BOOT_SEED	0x686f7572676c6173ULL	/* "hourglas" */

/* @pct of hg_bootstrap_ci(): the mean, not a percentile */
#define HG_BOOT_MEAN	(-1.0)

/*
 * hg_bootstrap_ci - percentile-bootstrap confidence interval at @level of
 * the percentile @pct (50: the median, as hg_median_d(); HG_BOOT_MEAN:
 * the mean) of @n values,
 * from @reps resamples drawn with @seed (the same seed, the same interval)
 * Returns 0, -EINVAL or -ENOMEM.
 */
int hg_bootstrap_ci(const double *v, size_t n, double pct, double level, unsigned int reps,
		    uint64_t seed, struct hg_ci *ci);

/*
 * hg_bootstrap_diff_ci - the same for the difference of the percentiles
 * @pct of @b and of @a (b - a), each resampled on its own
 * Returns 0, -EINVAL or -ENOMEM.
 */
int hg_bootstrap_diff_ci(const double *a, size_t na, const double *b, size_t nb, double pct,
			 double level, unsigned int reps, uint64_t seed, struct hg_ci *ci);

/* ----------------------------------------------------------------- tests */

struct hg_test {
	double stat;	/* t, U (of @a) or the odds ratio */
	double df;	/* Welch: degrees of freedom; else 0 */
	double p;	/* two-sided */
	bool exact;	/* the p-value is exact, not an approximation */
};

/*
 * hg_welch - Welch's unequal-variance t-test of mean(@b) - mean(@a), and
 * its confidence interval at @level in @ci (may be NULL)
 * Returns 0, or -EINVAL below two values in a sample.
 */
int hg_welch(const double *a, size_t na, const double *b, size_t nb, double level,
	     struct hg_test *t, struct hg_ci *ci);

/*
 * hg_mann_whitney - the Mann-Whitney rank test of @a against @b; stat is
 * U of @a (pairs in which a is the larger, ties counting one half). The
 * p-value is exact when there are no ties and na * nb <= 400; otherwise
 * the normal approximation with tie and continuity correction.
 * Returns 0, -EINVAL (an empty sample) or -ENOMEM.
 */
int hg_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
		    struct hg_test *t);

/*
 * hg_fisher_exact - Fisher's exact test of a 2x2 table: @a1 of @an events
 * in A against @b1 of @bn in B (deadline misses of jobs); stat is the
 * sample odds ratio (INFINITY when a cell is 0), p two-sided (the tables
 * no more probable than the one seen)
 * Returns 0, or -EINVAL when a count exceeds its total.
 */
int hg_fisher_exact(uint64_t a1, uint64_t an, uint64_t b1, uint64_t bn, struct hg_test *t);

/* ---------------------------------------------------- outliers and drift */

/*
 * hg_outliers_z - flag in @out the values of @v whose z-score (distance
 * from the mean in sample standard deviations) exceeds @z in size
 * Returns how many were flagged (none below three values or with no spread).
 */
size_t hg_outliers_z(const double *v, size_t n, double z, bool *out);

struct hg_drift {
	double slope;		/* least-squares slope of value against index */
	double se;		/* its standard error */
	double p;		/* two-sided p of slope 0 (t with n - 2 df) */
};

/*
 * hg_drift - least-squares line through (i, @v[i]): how the values move
 * from one trial to the next
 * Returns 0, or -EINVAL below three values.
 */
int hg_drift(const double *v, size_t n, struct hg_drift *d);

#endif /* HG_STATS_H */
