// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tail.c - peaks over a threshold: the fit, its checks and its answers
 * (see tail.h)
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "analysis/stats/stats.h"
#include "analysis/stats/tail.h"
#include "analysis/stats/tailchk.h"

size_t hg_tail_rule_k(size_t n)
{
	size_t k = (size_t)ceil(sqrt((double)n));

	if (k < HG_TAIL_MIN_EXCEED)
		k = HG_TAIL_MIN_EXCEED;
	if (k > HG_TAIL_AUTO_MAX)
		k = HG_TAIL_AUTO_MAX;
	if (k > n / 10)
		k = n / 10;
	return k;
}

double hg_tail_need(double p, double conf)
{
	if (!(p > 0))
		return INFINITY;
	if (p >= 1)
		return 1;
	return ceil(log1p(-conf) / log1p(-p));
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * The automatic threshold: just below the hg_tail_rule_k() largest of the
 * @total samples, the @n of @x the largest.
 */
static int auto_threshold(const double *x, size_t n, size_t total, double *u)
{
	double *s = malloc(n * sizeof(*s));
	size_t k = hg_tail_rule_k(total);

	if (!s)
		return -ENOMEM;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	*u = k < n ? s[n - 1 - k] : s[0] / 2;
	free(s);
	return 0;
}

/* log P(X > x) at (zeta, sigma, xi) = @v. */
static double log_p(const struct hg_tail *t, const double v[3], double x)
{
	struct hg_gpd g = { .sigma = v[1], .xi = v[2] };

	return log(v[0]) + log(hg_gpd_sf(&g, x - t->u));
}

/* The return level of @p per sample at (zeta, sigma, xi) = @v. */
static double level(const struct hg_tail *t, const double v[3], double p)
{
	struct hg_gpd g = { .sigma = v[1], .xi = v[2] };

	return t->u + hg_gpd_quantile(&g, fmin(p / v[0], 1));
}

/*
 * The variance of zeta: binomial, times the mean cluster size when the
 * exceedances come in clusters (the clusters are the independent events).
 */
static double zeta_var(const struct hg_tail *t)
{
	double size = t->k ? (double)t->above / (double)t->k : 1;

	return t->zeta * (1 - t->zeta) / (double)t->n * size;
}

/*
 * The delta method's standard error of @f at the estimate: its numerical
 * gradient over (zeta, sigma, xi), zeta's binomial variance and the fit's
 * covariance of (sigma, xi).
 */
static double delta_se(const struct hg_tail *t, double (*f)(const struct hg_tail *,
							     const double[3], double), double a)
{
	double v[3] = { t->zeta, t->fit.g.sigma, t->fit.g.xi }, gr[3], var;
	const double h[3] = { 1e-5 * t->zeta, 1e-5 * t->fit.g.sigma, 1e-5 };
	int i;

	for (i = 0; i < 3; i++) {
		double up[3], dn[3];

		memcpy(up, v, sizeof(up));
		memcpy(dn, v, sizeof(dn));
		up[i] += h[i];
		dn[i] -= h[i];
		gr[i] = (f(t, up, a) - f(t, dn, a)) / (2 * h[i]);
	}
	var = gr[0] * gr[0] * zeta_var(t) +
	      gr[1] * gr[1] * t->fit.cov[0][0] + gr[2] * gr[2] * t->fit.cov[1][1] +
	      2 * gr[1] * gr[2] * t->fit.cov[0][1];
	return var >= 0 ? sqrt(var) : NAN;
}

/* The count per period and the run length needed, from @a's probability. */
static void follow(const struct hg_tail_opts *o, struct hg_tail_at *a)
{
	double per = o->rate_hz > 0 && o->per_s > 0 ? o->rate_hz * o->per_s : NAN;
	int i;

	a->per = a->p * per;
	a->need = hg_tail_need(a->p, HG_TAIL_NEED_CONF);
	for (i = 0; i < 2; i++) {
		a->per_ci[i] = a->p_ci[i] * per;
		a->need_ci[1 - i] = hg_tail_need(a->p_ci[i], HG_TAIL_NEED_CONF);
	}
}

/* P(X > @x) counted among the samples, with its Wilson score interval. */
static void counted(const double *x, size_t m, size_t n, double at, double z,
		    struct hg_tail_at *a)
{
	double c = 0, p, nd = (double)n, mid, half;
	size_t i;

	for (i = 0; i < m; i++)
		c += x[i] > at;
	p = c / nd;
	mid = (p + z * z / (2 * nd)) / (1 + z * z / nd);
	half = z / (1 + z * z / nd) * sqrt(p * (1 - p) / nd + z * z / (4 * nd * nd));
	a->counted = true;
	a->p = p;
	a->p_ci[0] = fmax(mid - half, 0);
	a->p_ci[1] = fmin(mid + half, 1);
}

double hg_tail_p(const struct hg_tail *t, double x, double ci[2])
{
	double v[3] = { t->zeta, t->fit.g.sigma, t->fit.g.xi }, z = gsl_cdf_ugaussian_Pinv(0.975);
	double p = exp(log_p(t, v, x)), se, top;

	/* never above the upper bound of exceeding the threshold at all */
	top = fmin(t->zeta + z * sqrt(zeta_var(t)), 1);
	/* beyond the fitted end point: 0, bounded above by @top alone */
	se = p > 0 ? delta_se(t, log_p, x) : NAN;
	ci[0] = p > 0 ? p * exp(-z * se) : 0;
	ci[1] = p > 0 && isfinite(se) ? fmin(p * exp(z * se), top) : top;
	return p;
}

/*
 * The return levels and their profile likelihood intervals over the @t->k
 * exceedances @y fitted, zeta taken as measured.
 */
static void return_levels(const double *y, struct hg_tail *t)
{
	static const double rl_p[HG_TAIL_NRL] = { 1e-6, 1e-7, 1e-8, 1e-9 };
	double v[3] = { t->zeta, t->fit.g.sigma, t->fit.g.xi }, ci[2];
	size_t i;

	for (i = 0; i < HG_TAIL_NRL; i++) {
		struct hg_tail_rl *r = &t->rl[i];
		double q = rl_p[i] / t->zeta;

		r->p = rl_p[i];
		r->x = level(t, v, r->p);
		r->ci[0] = r->ci[1] = NAN;
		if (q < 1 && !hg_gpd_level_ci(y, t->k, &t->fit, q, 0.95, ci)) {
			r->ci[0] = t->u + ci[0];
			r->ci[1] = t->u + ci[1];
		}
		r->need = hg_tail_need(r->p, HG_TAIL_NEED_CONF);
	}
}

static void answers(const double *x, size_t m, const struct hg_tail_opts *o, struct hg_tail *t)
{
	double z = gsl_cdf_ugaussian_Pinv(0.975);
	size_t i;

	for (i = 0; i < t->nat; i++) {
		struct hg_tail_at *a = &t->at[i];

		a->x = o->at[i];
		if (a->x <= t->u)
			counted(x, m, t->n, a->x, z, a);
		else
			a->p = hg_tail_p(t, a->x, a->p_ci);
		follow(o, a);
	}
}

static void check(struct hg_tail *t, int id, const char *name, int passed, double value,
		  double p)
{
	t->chk[id] = (struct hg_tail_check){ .name = name, .passed = passed, .value = value,
					     .p_value = p };
}

/*
 * The failed check named first: stationarity (a shift halfway also bunches
 * the exceedances, so lowers the extremal index), independence (clusters
 * leave few exceedances once declustered), the count, the fit.
 */
static const char *first_failed(const struct hg_tail *t)
{
	static const int order[] = { HG_TAIL_CHK_STAT, HG_TAIL_CHK_INDEP, HG_TAIL_CHK_COUNT,
				     HG_TAIL_CHK_FIT };
	size_t i;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (!t->chk[order[i]].passed)
			return t->chk[order[i]].name;
	return NULL;
}

/* The exceedances of @t->u in time order: their sample numbers and excesses. */
static size_t exceedances(const double *x, size_t m, struct hg_tail *t, size_t *idx,
			  double *y)
{
	size_t i, k = 0;

	for (i = 0; i < m; i++)
		if (x[i] > t->u) {
			idx[k] = i;
			y[k++] = x[i] - t->u;
		}
	return k;
}

/* The checks that need the fit, then the fit's answers. */
static void fitted(const double *x, size_t m, const struct hg_tail_opts *o, struct hg_tail *t,
		   const size_t *idx, const double *y)
{
	double a2, p;
	int df = 0;

	if (o->ordered) {
		p = hg_tail_halves(idx, y, t->k, t->n, &df);
		check(t, HG_TAIL_CHK_STAT, "stationarity", isnan(p) ? -1 : p > HG_TAIL_LEVEL,
		      p, p);
		t->chk[HG_TAIL_CHK_STAT].df = df;
	}
	a2 = hg_anderson_darling(y, t->k, &t->fit.g);
	p = hg_ad_pvalue(a2, t->k, &t->fit.g, o->boot, o->seed);
	check(t, HG_TAIL_CHK_FIT, "fit", isnan(p) ? -1 : p > HG_TAIL_LEVEL, a2, p);
	answers(x, m, o, t);
	return_levels(y, t);
}

int hg_tail_analyse(const double *x, size_t n, const struct hg_tail_opts *o, struct hg_tail *t)
{
	size_t i, *idx;
	double *y;
	int ret = 0;

	memset(t, 0, sizeof(*t));
	if (!n || o->nat > HG_TAIL_MAX_AT)
		return -EINVAL;
	t->n = n + (size_t)o->below;
	t->nat = o->nat;
	check(t, HG_TAIL_CHK_STAT, "stationarity", -1, NAN, NAN);
	check(t, HG_TAIL_CHK_FIT, "fit", -1, NAN, NAN);
	t->max = x[0];
	for (i = 1; i < n; i++)
		t->max = fmax(t->max, x[i]);
	t->automatic = o->threshold < 0;
	if (t->automatic && hg_tail_rule_k(t->n) == 0)
		t->u = t->max;
	else if (t->automatic)
		ret = auto_threshold(x, n, t->n, &t->u);
	else
		t->u = o->threshold;
	idx = malloc(n * sizeof(*idx));
	y = malloc(n * sizeof(*y));
	if (ret || !idx || !y) {
		free(idx);
		free(y);
		return -ENOMEM;
	}
	t->above = t->k = exceedances(x, n, t, idx, y);
	t->theta = NAN;
	if (o->ordered) {
		t->theta = hg_extremal_index(idx, t->k);
		if (t->theta < HG_TAIL_THETA_DECLUSTER) {
			t->k = hg_decluster(idx, y, t->k, t->theta);
			t->declustered = true;
		}
		check(t, HG_TAIL_CHK_INDEP, "independence", t->theta >= HG_TAIL_THETA_MIN,
		      t->theta, NAN);
	} else {
		check(t, HG_TAIL_CHK_INDEP, "independence", -1, NAN, NAN);
	}
	/* every exceedance counts: the clusters' maxima give the shape alone */
	t->zeta = (double)t->above / (double)t->n;
	check(t, HG_TAIL_CHK_COUNT, "exceedances", t->k >= HG_TAIL_MIN_EXCEED, (double)t->k, NAN);
	if (t->k >= HG_TAIL_MIN_FIT && !hg_gpd_fit(y, t->k, 0.95, &t->fit)) {
		t->fitted = true;
		fitted(x, n, o, t, idx, y);
	} else if (t->k >= HG_TAIL_MIN_FIT) {
		check(t, HG_TAIL_CHK_FIT, "fit", 0, NAN, NAN);	/* did not converge */
	}
	t->failed = first_failed(t);
	free(idx);
	free(y);
	return 0;
}
