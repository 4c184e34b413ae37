// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tailchk.c - the checks of a tail fit (see tailchk.h)
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "analysis/stats/stats.h"
#include "analysis/stats/tailchk.h"

double hg_extremal_index(const size_t *idx, size_t k)
{
	double s1 = 0, s2 = 0, t, theta;
	size_t i, tmax = 0;

	if (k < 3)
		return 1;
	for (i = 1; i < k; i++)
		if (idx[i] - idx[i - 1] > tmax)
			tmax = idx[i] - idx[i - 1];
	for (i = 1; i < k; i++) {
		t = (double)(idx[i] - idx[i - 1]);
		if (tmax <= 2) {
			s1 += t;
			s2 += t * t;
		} else {
			s1 += t - 1;
			s2 += (t - 1) * (t - 2);
		}
	}
	if (!(s2 > 0))
		return 1;
	theta = 2 * s1 * s1 / ((double)(k - 1) * s2);
	return fmin(theta, 1);
}

static int cmp_size_desc(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? 1 : x > y ? -1 : 0;
}

size_t hg_decluster(size_t *idx, double *y, size_t k, double theta)
{
	size_t *gaps, c, r, i, out = 0;

	if (k < 2 || theta >= 1)
		return k;
	gaps = malloc((k - 1) * sizeof(*gaps));
	if (!gaps)
		return k;
	for (i = 1; i < k; i++)
		gaps[i - 1] = idx[i] - idx[i - 1];
	qsort(gaps, k - 1, sizeof(*gaps), cmp_size_desc);
	c = (size_t)floor(theta * (double)k) + 1;	/* clusters */
	r = c < k ? gaps[c - 1] : 0;	/* a gap longer than the c-th largest separates */
	free(gaps);
	for (i = 0; i < k; i++) {
		bool sep = i && idx[i] - idx[i - 1] > r;

		if (sep)
			out++;
		if (!i || sep || y[i] > y[out]) {
			y[out] = y[i];
			idx[out] = idx[i];
		}
	}
	return out + 1;
}

/* The binomial log-likelihood of @k of @n at their own rate. */
static double binom_ll(size_t k, size_t n)
{
	double p = (double)k / (double)n, ll = 0;

	if (k)
		ll += (double)k * log(p);
	if (k < n)
		ll += (double)(n - k) * log1p(-p);
	return ll;
}

/* The fitted negative log-likelihood of @k exceedances, NaN when no fit. */
static double fit_nll(const double *y, size_t k)
{
	struct hg_gpd g;

	if (k < HG_TAIL_HALF_MIN || hg_gpd_mle(y, k, &g))
		return NAN;
	return hg_gpd_nll(&g, y, k);
}

double hg_tail_lr(const double *y, size_t k, size_t k1, size_t n, size_t n1, int *df)
{
	double lr, all, a, b;

	*df = 0;
	if (n1 < 2 || n - n1 < 2 || !k)
		return NAN;
	lr = 2 * (binom_ll(k1, n1) + binom_ll(k - k1, n - n1) - binom_ll(k, n));
	all = fit_nll(y, k);
	a = fit_nll(y, k1);
	b = fit_nll(y + k1, k - k1);
	*df = 1;
	if (!isnan(all) && !isnan(a) && !isnan(b)) {
		lr += 2 * (all - a - b);
		*df = 3;
	}
	return gsl_cdf_chisq_Q(fmax(lr, 0), *df);
}

double hg_tail_halves(const size_t *idx, const double *y, size_t k, size_t n, int *df)
{
	size_t h = n / 2, k1 = 0;

	while (k1 < k && idx[k1] < h)
		k1++;
	return hg_tail_lr(y, k, k1, n, h, df);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* A^2 of @k values of the fitted distribution's CDF, sorted in place. */
static double ad_of(double *z, size_t k)
{
	double s = 0, kd = (double)k;
	size_t i;

	qsort(z, k, sizeof(*z), cmp_double);
	for (i = 0; i < k; i++) {
		double lo = fmin(fmax(z[i], 1e-300), 1 - 1e-16);
		double hi = fmin(fmax(z[k - 1 - i], 1e-300), 1 - 1e-16);

		s += (2 * (double)i + 1) * (log(lo) + log1p(-hi));
	}
	return -kd - s / kd;
}

double hg_anderson_darling(const double *y, size_t k, const struct hg_gpd *g)
{
	double *z = malloc(k * sizeof(*z)), a2;
	size_t i;

	if (!z || !k) {
		free(z);
		return NAN;
	}
	for (i = 0; i < k; i++)
		z[i] = hg_gpd_cdf(g, y[i]);
	a2 = ad_of(z, k);
	free(z);
	return a2;
}

/* A uniform (0, 1) draw of @r. */
static double uniform(struct hg_rng *r)
{
	return ((double)(hg_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

double hg_ad_pvalue(double a2, size_t k, const struct hg_gpd *g, unsigned int reps,
		    uint64_t seed)
{
	double *y = malloc(k * sizeof(*y));
	unsigned int i, done = 0, above = 0;
	struct hg_rng r;
	struct hg_gpd f;
	size_t j;

	if (!y)
		return NAN;
	hg_rng_seed(&r, seed);
	for (i = 0; i < reps; i++) {
		for (j = 0; j < k; j++)
			y[j] = fmax(hg_gpd_quantile(g, uniform(&r)), 1e-300);
		if (hg_gpd_mle(y, k, &f))
			continue;	/* a sample the fit cannot take counts for nothing */
		done++;
		if (hg_anderson_darling(y, k, &f) >= a2)
			above++;
	}
	free(y);
	return done ? (1.0 + above) / (1.0 + done) : NAN;
}
