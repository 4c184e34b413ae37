// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gpd.c - the generalized Pareto distribution, fitted by maximum likelihood
 * (see gpd.h)
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_multimin.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_vector.h>

#include "analysis/stats/gpd.h"

#define GPD_XI_ZERO 1e-7	/* |xi| below it: the exponential limit */
#define GPD_HUGE 1e300		/* the minimisers' value outside the support */
#define GPD_GRID 20		/* points of a profile's coarse search */
#define GPD_ITER 4000
#define GPD_LEVEL_SPAN 30.0	/* a level's interval searched up to e^30 times it */

double hg_gpd_sf(const struct hg_gpd *g, double y)
{
	double t;

	if (y <= 0)
		return 1;
	if (fabs(g->xi) < GPD_XI_ZERO)
		return exp(-y / g->sigma);
	t = g->xi * y / g->sigma;
	if (t <= -1)
		return 0;
	return exp(-log1p(t) / g->xi);
}

double hg_gpd_cdf(const struct hg_gpd *g, double y)
{
	double t;

	if (y <= 0)
		return 0;
	if (fabs(g->xi) < GPD_XI_ZERO)
		return -expm1(-y / g->sigma);
	t = g->xi * y / g->sigma;
	if (t <= -1)
		return 1;
	return -expm1(-log1p(t) / g->xi);
}

double hg_gpd_quantile(const struct hg_gpd *g, double q)
{
	if (fabs(g->xi) < GPD_XI_ZERO)
		return -g->sigma * log(q);
	return g->sigma * expm1(-g->xi * log(q)) / g->xi;
}

/* The negative log-likelihood at (@sigma, @xi). */
static double nll(double sigma, double xi, const double *y, size_t n)
{
	double s = 0, t;
	size_t i;

	if (!(sigma > 0) || !isfinite(sigma) || xi <= HG_GPD_XI_MIN || xi >= HG_GPD_XI_MAX)
		return INFINITY;
	if (fabs(xi) < GPD_XI_ZERO) {
		for (i = 0; i < n; i++)
			s += y[i];
		return (double)n * log(sigma) + s / sigma;
	}
	for (i = 0; i < n; i++) {
		t = xi * y[i] / sigma;
		if (t <= -1)
			return INFINITY;
		s += log1p(t);
	}
	return (double)n * log(sigma) + (1 + 1 / xi) * s;
}

double hg_gpd_nll(const struct hg_gpd *g, const double *y, size_t n)
{
	return nll(g->sigma, g->xi, y, n);
}

/* The parameter a profile holds fixed, the others maximised over. */
enum gpd_prof {
	GPD_PROF_XI,		/* xi fixed, over sigma */
	GPD_PROF_SIGMA,		/* sigma fixed, over xi */
	GPD_PROF_LEVEL,		/* the excess exceeded with probability q, over xi */
};

/* The exceedances and what the minimisers' functions need of them. */
struct gpd_data {
	const double *y;
	size_t n;
	double mean, max;
	double fixed;		/* a profile's fixed parameter */
	double nll_min, crit;	/* a deviance's zero: where nll = nll_min + crit / 2 */
	enum gpd_prof prof;	/* whose profile */
	double lq;		/* a return level's -log q */
};

/* A value the minimisers can compare: +inf as a large finite number. */
static double comparable(double v)
{
	return isfinite(v) ? v : GPD_HUGE;
}

/* The simplex's function: (log(sigma / mean), xi). */
static double simplex_f(const gsl_vector *v, void *arg)
{
	const struct gpd_data *d = arg;

	return comparable(nll(d->mean * exp(gsl_vector_get(v, 0)), gsl_vector_get(v, 1), d->y, d->n));
}

/* One run of the simplex from @g into @g; returns 0 or -EDOM. */
static int simplex(const struct gpd_data *d, struct hg_gpd *g, double step)
{
	gsl_multimin_fminimizer *m;
	gsl_multimin_function fn = { .f = simplex_f, .n = 2, .params = (void *)d };
	gsl_vector *x = gsl_vector_alloc(2), *ss = gsl_vector_alloc(2);
	int st = GSL_CONTINUE, it = 0, ret = -EDOM;

	m = gsl_multimin_fminimizer_alloc(gsl_multimin_fminimizer_nmsimplex2, 2);
	if (!m || !x || !ss)
		goto out;
	gsl_vector_set(x, 0, log(g->sigma / d->mean));
	gsl_vector_set(x, 1, g->xi);
	gsl_vector_set_all(ss, step);
	if (gsl_multimin_fminimizer_set(m, &fn, x, ss))
		goto out;
	/* it stops when the simplex is small, or can shrink no further */
	while (st == GSL_CONTINUE && it++ < GPD_ITER) {
		if (gsl_multimin_fminimizer_iterate(m))
			break;
		st = gsl_multimin_test_size(gsl_multimin_fminimizer_size(m), 1e-6);
	}
	if (gsl_multimin_fminimizer_size(m) < 1e-4 && m->fval < GPD_HUGE) {
		g->sigma = d->mean * exp(gsl_vector_get(m->x, 0));
		g->xi = gsl_vector_get(m->x, 1);
		ret = 0;
	}
out:
	gsl_multimin_fminimizer_free(m);
	gsl_vector_free(x);
	gsl_vector_free(ss);
	return ret;
}

/* @d's mean and largest exceedance; -EINVAL for too few or one not > 0. */
static int data_init(struct gpd_data *d, const double *y, size_t n)
{
	size_t i;

	*d = (struct gpd_data){ .y = y, .n = n };
	if (n < 3)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		if (!(y[i] > 0) || !isfinite(y[i]))
			return -EINVAL;
		d->mean += y[i] / (double)n;
		if (y[i] > d->max)
			d->max = y[i];
	}
	return 0;
}

/* The estimate from @d's moments (Hosking and Wallis 1987), inside the support. */
static struct hg_gpd moments(const struct gpd_data *d)
{
	double v = 0, r;
	struct hg_gpd g;
	size_t i;

	for (i = 0; i < d->n; i++)
		v += (d->y[i] - d->mean) * (d->y[i] - d->mean) / (double)(d->n - 1);
	r = v > 0 ? d->mean * d->mean / v : 1;
	g.xi = fmin(fmax(0.5 * (1 - r), -0.45), 0.9);
	g.sigma = 0.5 * d->mean * (1 + r);
	if (g.xi < 0 && g.sigma <= -g.xi * d->max * 1.05)
		g.sigma = -g.xi * d->max * 1.2;
	return g;
}

static int mle(const struct gpd_data *d, struct hg_gpd *g)
{
	*g = moments(d);
	gsl_set_error_handler_off();
	if (simplex(d, g, 0.3))
		return -EDOM;
	return simplex(d, g, 0.05);	/* restarted where it stopped */
}

int hg_gpd_mle(const double *y, size_t n, struct hg_gpd *g)
{
	struct gpd_data d;
	int ret = data_init(&d, y, n);

	return ret ? ret : mle(&d, g);
}

/*
 * The least shape at scale @sigma: the largest exceedance must lie inside
 * the support. The likelihood's maximum often lies just above it (xi < 0,
 * the sample's largest near the end point), so the profile over sigma
 * searches xi's distance from it on a log scale, where an even grid would
 * step over the minimum.
 */
static double xi_least(const struct gpd_data *d, double sigma)
{
	return fmax(HG_GPD_XI_MIN, -sigma / d->max);
}

/*
 * The scale at which excess @yp is exceeded with probability q = e^-lq
 * at shape @xi: yp = sigma (q^-xi - 1) / xi, yp = sigma lq at xi = 0.
 */
static double level_sigma(const struct gpd_data *d, double yp, double xi)
{
	if (fabs(xi) < GPD_XI_ZERO)
		return yp / d->lq;
	return yp * xi / expm1(xi * d->lq);
}

/*
 * The least shape at which excess @yp is exceeded with probability q and
 * the largest exceedance lies inside the support: the end point
 * yp / (1 - q^-xi) beyond it.
 */
static double level_xi_least(const struct gpd_data *d, double yp)
{
	if (yp >= d->max)
		return HG_GPD_XI_MIN;
	return fmax(HG_GPD_XI_MIN, log1p(-yp / d->max) / d->lq);
}

/* A profile's inner function of one free parameter @p. */
static double inner_f(double p, void *arg)
{
	const struct gpd_data *d = arg;
	double lim;

	if (d->prof == GPD_PROF_SIGMA)	/* sigma fixed, xi = its least value + e^p */
		return comparable(nll(d->fixed, xi_least(d, d->fixed) + exp(p), d->y, d->n));
	if (d->prof == GPD_PROF_LEVEL) {	/* the level fixed, xi as above */
		double xi = level_xi_least(d, d->fixed) + exp(p);

		return comparable(nll(level_sigma(d, d->fixed, xi), xi, d->y, d->n));
	}
	lim = d->fixed < 0 ? -d->fixed * d->max : 0;	/* xi fixed, sigma = lim + e^p */
	return comparable(nll(lim + exp(p), d->fixed, d->y, d->n));
}

/*
 * The smallest value of @f on [@lo, @hi]: the least of a grid, then
 * GSL's Brent minimiser between its neighbours.
 */
static double min1d(double (*f)(double, void *), void *arg, double lo, double hi)
{
	double best = INFINITY, x, v, bx = lo, step = (hi - lo) / (GPD_GRID - 1);
	gsl_function fn = { .function = f, .params = arg };
	gsl_min_fminimizer *m;
	int i, it = 0;

	for (i = 0; i < GPD_GRID; i++) {
		x = lo + step * i;
		v = f(x, arg);
		if (v < best) {
			best = v;
			bx = x;
		}
	}
	m = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
	if (!m || bx <= lo || bx >= hi ||
	    gsl_min_fminimizer_set(m, &fn, bx, bx - step, bx + step)) {
		gsl_min_fminimizer_free(m);
		return best;
	}
	while (it++ < 100 && !gsl_min_fminimizer_iterate(m) &&
	       gsl_min_test_interval(gsl_min_fminimizer_x_lower(m),
				     gsl_min_fminimizer_x_upper(m), 1e-9, 1e-8) == GSL_CONTINUE)
		;
	x = gsl_min_fminimizer_f_minimum(m);
	gsl_min_fminimizer_free(m);
	return fmin(x, best);
}

/* The profile negative log-likelihood at @v (xi, log sigma or log level). */
static double profile(struct gpd_data *d, double v)
{
	if (d->prof == GPD_PROF_SIGMA) {
		double sigma = exp(v);

		d->fixed = sigma;
		return min1d(inner_f, d, log(1e-9),
			     log(HG_GPD_XI_MAX - xi_least(d, sigma) - 1e-9));
	}
	if (d->prof == GPD_PROF_LEVEL) {
		d->fixed = exp(v);
		return min1d(inner_f, d, log(1e-9),
			     log(HG_GPD_XI_MAX - level_xi_least(d, d->fixed) - 1e-9));
	}
	d->fixed = v;
	return min1d(inner_f, d, log(d->mean * 1e-6), log(d->mean * 1e4));
}

static double deviance(double v, void *arg)
{
	struct gpd_data *d = arg;

	return 2 * (profile(d, v) - d->nll_min) - d->crit;
}

/*
 * Where the deviance crosses zero from @at in direction @dir (+1 or -1),
 * not past @limit: stepping out, then GSL's Brent root finder.
 */
static double bound(struct gpd_data *d, double at, int dir, double limit)
{
	gsl_function fn = { .function = deviance, .params = d };
	gsl_root_fsolver *s;
	double in = at, out = at, h = 0.02, r;
	int it = 0, st = GSL_CONTINUE;

	for (;;) {
		out = in + dir * h;
		if ((dir > 0 && out >= limit) || (dir < 0 && out <= limit))
			return dir > 0 ? INFINITY : -INFINITY;
		if (deviance(out, d) > 0)
			break;
		in = out;
		h *= 1.6;
	}
	s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	if (!s || gsl_root_fsolver_set(s, &fn, fmin(in, out), fmax(in, out))) {
		gsl_root_fsolver_free(s);
		return out;
	}
	while (st == GSL_CONTINUE && it++ < 100 && !gsl_root_fsolver_iterate(s))
		st = gsl_root_test_interval(gsl_root_fsolver_x_lower(s),
					    gsl_root_fsolver_x_upper(s), 1e-6, 1e-6);
	r = gsl_root_fsolver_root(s);
	gsl_root_fsolver_free(s);
	return r;
}

/* The inverse observed information of (sigma, xi), NaN when not positive. */
static void covariance(const struct gpd_data *d, const struct hg_gpd *g, double cov[2][2])
{
	const double h[2] = { 1e-4 * g->sigma, 1e-4 }, p[2] = { g->sigma, g->xi };
	double H[2][2], det;
	int i, j;

	for (i = 0; i < 2; i++)
		for (j = 0; j < 2; j++) {
			double a[2], f[4];
			int k;

			for (k = 0; k < 4; k++) {
				a[0] = p[0];
				a[1] = p[1];
				a[i] += (k & 1 ? -1 : 1) * h[i];
				a[j] += (k & 2 ? -1 : 1) * h[j];
				f[k] = nll(a[0], a[1], d->y, d->n);
			}
			H[i][j] = (f[0] - f[1] - f[2] + f[3]) / (4 * h[i] * h[j]);
		}
	det = H[0][0] * H[1][1] - H[0][1] * H[1][0];
	if (!(det > 0) || !(H[0][0] > 0) || !isfinite(det)) {
		cov[0][0] = cov[0][1] = cov[1][0] = cov[1][1] = NAN;
		return;
	}
	cov[0][0] = H[1][1] / det;
	cov[1][1] = H[0][0] / det;
	cov[0][1] = cov[1][0] = -H[0][1] / det;
}

int hg_gpd_fit(const double *y, size_t n, double level, struct hg_gpd_fit *fit)
{
	struct gpd_data d;
	int ret = data_init(&d, y, n);

	if (ret || (ret = mle(&d, &fit->g)))
		return ret;
	fit->nll = nll(fit->g.sigma, fit->g.xi, y, n);
	/* the minimiser stops a little short: the profile's own minimum is the base */
	d.crit = gsl_cdf_chisq_Pinv(level, 1);
	d.prof = GPD_PROF_XI;
	d.nll_min = fmin(fit->nll, profile(&d, fit->g.xi));
	fit->xi_ci[0] = bound(&d, fit->g.xi, -1, HG_GPD_XI_MIN);
	fit->xi_ci[1] = bound(&d, fit->g.xi, 1, HG_GPD_XI_MAX);
	d.prof = GPD_PROF_SIGMA;
	fit->sigma_ci[0] = exp(bound(&d, log(fit->g.sigma), -1, log(d.mean * 1e-6)));
	fit->sigma_ci[1] = exp(bound(&d, log(fit->g.sigma), 1, log(d.mean * 1e6)));
	covariance(&d, &fit->g, fit->cov);
	return 0;
}

int hg_gpd_level_ci(const double *y, size_t n, const struct hg_gpd_fit *fit, double q,
		    double level, double ci[2])
{
	struct gpd_data d;
	double yp = hg_gpd_quantile(&fit->g, q), at;
	int ret = data_init(&d, y, n);

	if (ret)
		return ret;
	if (!(q > 0 && q < 1) || !(yp > 0) || !isfinite(yp))
		return -EINVAL;
	d.prof = GPD_PROF_LEVEL;
	d.lq = -log(q);
	d.crit = gsl_cdf_chisq_Pinv(level, 1);
	at = log(yp);
	d.nll_min = fmin(fit->nll, profile(&d, at));
	ci[0] = exp(bound(&d, at, -1, log(d.mean * 1e-6)));
	ci[1] = exp(bound(&d, at, 1, at + GPD_LEVEL_SPAN));
	return 0;
}
