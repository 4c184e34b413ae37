/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tailchk.h - what must hold before a tail fit is believed: independent
 * exceedances (the extremal index, and declustering), the same tail in
 * both halves of a run, and the fit's agreement with the exceedances
 *
 * - The extremal index theta by the intervals estimator of Ferro and
 *   Segers ("Inference for clusters of extreme values", JRSS B 65, 2003),
 *   from the gaps between the exceedances' sample numbers; 1 for
 *   independent exceedances, 1/theta the mean cluster size.
 * - Declustering as the same paper's: with C = floor(theta * N) + 1 (N
 *   exceedances), the gaps longer than the C-th longest separate
 *   clusters, each represented by its largest.
 * - Stationarity: a likelihood-ratio test of one exceedance rate and one
 *   generalized Pareto distribution for the whole run against one of each
 *   per half (3 degrees of freedom; the rate's alone, 1 degree, when a
 *   half has too few exceedances to fit).
 * - Goodness of fit: the Anderson-Darling statistic of the exceedances
 *   under the fitted distribution, its p value by a parametric bootstrap
 *   that refits each sample (the estimate's own parameters make the
 *   tabulated null distribution wrong; Choulakian and Stephens 2001).
 */
#ifndef HG_TAILCHK_H
#define HG_TAILCHK_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/stats/gpd.h"

#define HG_TAIL_HALF_MIN 10	/* exceedances a half needs for its own fit */

/*
 * hg_extremal_index - theta of the exceedances at sample numbers @idx
 * (increasing, @k of them); 1 for fewer than 3
 */
double hg_extremal_index(const size_t *idx, size_t k);

/*
 * hg_decluster - the largest of each cluster, in place: @idx and @y (@k
 * exceedances in time order) become the clusters' maxima, for @theta
 * Returns the number of clusters.
 */
size_t hg_decluster(size_t *idx, double *y, size_t k, double theta);

/*
 * hg_tail_halves - the p value of the stationarity test over @n samples
 * whose @k exceedances @y lie at sample numbers @idx; @df gets the degrees
 * of freedom used
 * Returns the p value, or NaN when no half can be fitted nor counted.
 */
double hg_tail_halves(const size_t *idx, const double *y, size_t k, size_t n, int *df);

/*
 * hg_tail_lr - the p value of the likelihood-ratio test that two series
 * share one tail above one threshold: one exceedance rate and one
 * generalized Pareto distribution against one of each (3 degrees of
 * freedom; the rate's alone, 1, when a side has fewer than
 * HG_TAIL_HALF_MIN exceedances). @y holds the @k exceedances of both, the
 * first @k1 from the first series' @n1 samples of the @n; @df gets the
 * degrees of freedom used
 * Returns the p value, or NaN when a series has fewer than 2 samples or
 * none exceeds.
 */
double hg_tail_lr(const double *y, size_t k, size_t k1, size_t n, size_t n1, int *df);

/* hg_anderson_darling - A^2 of the @k exceedances @y under @g. */
double hg_anderson_darling(const double *y, size_t k, const struct hg_gpd *g);

/*
 * hg_ad_pvalue - the bootstrap p value of @a2, the statistic of @k
 * exceedances under their fit @g: @reps samples of @g drawn with a
 * generator seeded with @seed, each refitted
 * Returns the p value, NaN on no memory.
 */
double hg_ad_pvalue(double a2, size_t k, const struct hg_gpd *g, unsigned int reps,
		    uint64_t seed);

#endif
