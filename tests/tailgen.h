/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tailgen.h - samples of distributions whose tails are known exactly, for
 * the tests of hourglass tail (tests/check_tail.c) and the count of its
 * intervals' coverage over many seeds (tests/bench/tailcover.c)
 */
#ifndef HG_TAILGEN_H
#define HG_TAILGEN_H

#include <math.h>
#include <stddef.h>

#include "analysis/stats/gpd.h"
#include "analysis/stats/stats.h"
#include "analysis/stats/tail.h"

/* One distribution: its name, a draw from a uniform, and P(X > x). */
struct tailgen {
	const char *name;
	double (*draw)(double u, double z);	/* @u uniform (0, 1), @z standard normal */
	double (*sf)(double x);
	double xi;				/* the tail's shape, for a GPD; else NAN */
	double loc;				/* a GPD's location: X - loc is the GPD */
	double sigma;				/* a GPD's scale; else NAN */
};

/* A uniform (0, 1) draw of @r. */
static inline double tailgen_u(struct hg_rng *r)
{
	return ((double)(hg_rng_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

/* Values in ns, of a few us, as latencies are. */
static inline double tg_gpd_neg(double u, double z)
{
	struct hg_gpd g = { .xi = -0.25, .sigma = 4000 };

	(void)z;
	return 1000 + hg_gpd_quantile(&g, u);
}

static inline double tg_gpd_neg_sf(double x)
{
	struct hg_gpd g = { .xi = -0.25, .sigma = 4000 };

	return hg_gpd_sf(&g, x - 1000);
}

static inline double tg_gpd_pos(double u, double z)
{
	struct hg_gpd g = { .xi = 0.2, .sigma = 2000 };

	(void)z;
	return 1000 + hg_gpd_quantile(&g, u);
}

static inline double tg_gpd_pos_sf(double x)
{
	struct hg_gpd g = { .xi = 0.2, .sigma = 2000 };

	return hg_gpd_sf(&g, x - 1000);
}

static inline double tg_exp(double u, double z)
{
	(void)z;
	return -3000 * log(u);
}

static inline double tg_exp_sf(double x)
{
	return exp(-x / 3000);
}

static inline double tg_lognormal(double u, double z)
{
	(void)u;
	return exp(8 + 0.5 * z);
}

static inline double tg_lognormal_sf(double x)
{
	return 1 - hg_normal_cdf((log(x) - 8) / 0.5);
}

static inline double tg_weibull(double u, double z)
{
	(void)z;
	return 3000 * pow(-log(u), 1 / 1.5);
}

static inline double tg_weibull_sf(double x)
{
	return exp(-pow(x / 3000, 1.5));
}

/* 90 % of wake-ups exponential of mean 2 us, 10 % of mean 6 us. */
static inline double tg_mixture(double u, double z)
{
	return -(hg_normal_cdf(z) < 0.9 ? 2000 : 6000) * log(u);
}

static inline double tg_mixture_sf(double x)
{
	return 0.9 * exp(-x / 2000) + 0.1 * exp(-x / 6000);
}

static const struct tailgen tailgens[] = {
	{ "GPD xi -0.25", tg_gpd_neg, tg_gpd_neg_sf, -0.25, 1000, 4000 },
	{ "GPD xi 0 (exponential)", tg_exp, tg_exp_sf, 0, 0, 3000 },
	{ "GPD xi 0.2", tg_gpd_pos, tg_gpd_pos_sf, 0.2, 1000, 2000 },
	{ "lognormal", tg_lognormal, tg_lognormal_sf, NAN, 0, NAN },
	{ "Weibull 1.5", tg_weibull, tg_weibull_sf, NAN, 0, NAN },
	{ "mixture of exponentials", tg_mixture, tg_mixture_sf, NAN, 0, NAN },
};

#define TAILGENS (sizeof(tailgens) / sizeof(tailgens[0]))

/* @n samples of @g into @x, from seed @seed. */
static inline void tailgen_fill(const struct tailgen *g, uint64_t seed, double *x, size_t n)
{
	struct hg_rng r;
	size_t i;

	hg_rng_seed(&r, seed);
	for (i = 0; i < n; i++) {
		double u = tailgen_u(&r), z = hg_normal_quantile(tailgen_u(&r));

		x[i] = g->draw(u, z);
	}
}

/* The x of @g with P(X > x) = @p, by bisection of its survival function. */
static inline double tailgen_quantile(const struct tailgen *g, double p)
{
	double lo = 0, hi = 1e3;
	int i;

	while (g->sf(hi) > p)
		hi *= 2;
	for (i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (g->sf(mid) > p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* The options of most tests: automatic threshold, in time order, a short bootstrap. */
static inline struct hg_tail_opts tailgen_opts(const double *at, size_t nat)
{
	return (struct hg_tail_opts){ .threshold = -1, .at = at, .nat = nat, .rate_hz = 1000,
				      .per_s = 3600, .ordered = true, .boot = 99, .seed = 7 };
}

#endif
