/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * gpd.h - the generalized Pareto distribution: its survival function and
 * quantiles, its maximum-likelihood fit to exceedances, and profile
 * likelihood intervals for its shape and scale
 *
 * The distribution of y = x - u for x above a high threshold u (Pickands
 * 1975; Coles, "An Introduction to Statistical Modeling of Extreme
 * Values", 2001, chapter 4): S(y) = (1 + xi y / sigma)^(-1/xi), exp(-y /
 * sigma) at xi = 0. The fit minimises the negative log-likelihood with
 * GSL's simplex minimiser over (log sigma, xi), xi kept above -1 where the
 * likelihood is bounded; the intervals are where twice the profile's
 * log-likelihood has fallen by the chi-square(1) quantile (Coles 2.6.6),
 * found with GSL's Brent minimiser and root finder.
 */
#ifndef HG_GPD_H
#define HG_GPD_H

#include <stddef.h>

#define HG_GPD_XI_MIN (-1.0)	/* shapes at or below it are not fitted */
#define HG_GPD_XI_MAX 5.0	/* nor above it */

/* One generalized Pareto distribution. */
struct hg_gpd {
	double xi;	/* shape */
	double sigma;	/* scale, > 0, in the exceedances' unit */
};

/* A fit and what rests on it. */
struct hg_gpd_fit {
	struct hg_gpd g;
	double nll;		/* the negative log-likelihood at the estimate */
	double xi_ci[2];	/* 95 % profile likelihood interval of xi */
	double sigma_ci[2];	/* and of sigma; a bound not found is +-inf */
	double cov[2][2];	/* covariance of (sigma, xi): the inverse observed
				   information, for the delta method */
};

/* hg_gpd_sf - P(Y > @y) under @g, for @y >= 0. */
double hg_gpd_sf(const struct hg_gpd *g, double y);

/* hg_gpd_cdf - P(Y <= @y) under @g, computed without cancellation. */
double hg_gpd_cdf(const struct hg_gpd *g, double y);

/* hg_gpd_quantile - the y with P(Y > y) = @q under @g, 0 < @q <= 1. */
double hg_gpd_quantile(const struct hg_gpd *g, double q);

/*
 * hg_gpd_nll - the negative log-likelihood of the @n exceedances @y under
 * @g; +inf where an exceedance lies beyond @g's end point
 */
double hg_gpd_nll(const struct hg_gpd *g, const double *y, size_t n);

/*
 * hg_gpd_mle - the maximum-likelihood estimate alone, from the moment
 * estimate on (for a bootstrap's refits)
 * Returns 0, -EINVAL for fewer than 3 exceedances or one not > 0, or
 * -EDOM when the minimiser does not converge.
 */
int hg_gpd_mle(const double *y, size_t n, struct hg_gpd *g);

/*
 * hg_gpd_fit - the estimate, the profile likelihood intervals at @level
 * (0.95) and the covariance of the @n exceedances @y (each > 0)
 * Returns 0 or as hg_gpd_mle().
 */
int hg_gpd_fit(const double *y, size_t n, double level, struct hg_gpd_fit *fit);

/*
 * hg_gpd_level_ci - the profile likelihood interval at @level (0.95) of
 * the excess exceeded with probability @q (0 < @q < 1) under @fit of the
 * @n exceedances @y: the distribution reparametrised by that excess and
 * xi, xi maximised out (Coles 4.3.3); an upper bound not found is +inf
 * Returns 0, -EINVAL for bad exceedances or a level not finite and > 0.
 */
int hg_gpd_level_ci(const double *y, size_t n, const struct hg_gpd_fit *fit, double q,
		    double level, double ci[2]);

#endif
