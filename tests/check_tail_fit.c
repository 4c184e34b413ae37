// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_tail_fit.c - hourglass tail's fit: the generalized Pareto
 * estimate and its profile likelihood intervals against an independent
 * search of the likelihood, fits of known tails (a few seeds:
 * tests/bench/tailcover.c counts 200), P(X > x) of a clustered series
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "helpers.h"
#include "tailgen.h"
#include "analysis/stats/gpd.h"
#include "analysis/stats/tail.h"

#define N 20000
#define SEEDS 5

/* The maximum of the likelihood by a grid, refined three times: no GSL, no simplex. */
static void grid_mle(const double *y, size_t n, struct hg_gpd *best)
{
	double xi0 = -0.9, xi1 = 2, ls0 = log(1e-3), ls1 = log(1e7), bn = INFINITY;
	int round, i, j;

	for (round = 0; round < 5; round++) {
		double bxi = 0, bls = 0, wxi = (xi1 - xi0) / 60, wls = (ls1 - ls0) / 60;

		for (i = 0; i <= 60; i++)
			for (j = 0; j <= 60; j++) {
				struct hg_gpd g = { .xi = xi0 + wxi * i, .sigma = exp(ls0 + wls * j) };
				double v = hg_gpd_nll(&g, y, n);

				if (v < bn) {
					bn = v;
					bxi = g.xi;
					bls = log(g.sigma);
					*best = g;
				}
			}
		/* two steps either side of the best, 15 times finer */
		xi0 = bxi - 2 * wxi;
		xi1 = bxi + 2 * wxi;
		ls0 = bls - 2 * wls;
		ls1 = bls + 2 * wls;
	}
}

/* The estimate agrees with the grid's; the interval's ends lie where the deviance is 3.84. */
START_TEST(test_reference)
{
	static double y[400];
	struct hg_gpd_fit f;
	struct hg_gpd ref, g = { .xi = 0.1, .sigma = 5000 };
	struct hg_rng r;
	size_t i;

	hg_rng_seed(&r, 11);
	for (i = 0; i < 400; i++)
		y[i] = hg_gpd_quantile(&g, tailgen_u(&r));
	ck_assert_int_eq(hg_gpd_fit(y, 400, 0.95, &f), 0);
	grid_mle(y, 400, &ref);
	ck_assert_double_eq_tol(f.g.xi, ref.xi, 0.002);
	ck_assert_double_eq_tol(f.g.sigma / ref.sigma, 1, 0.002);
	ck_assert_double_le(hg_gpd_nll(&f.g, y, 400), hg_gpd_nll(&ref, y, 400) + 1e-6);
	ck_assert_double_lt(f.xi_ci[0], f.g.xi);
	ck_assert_double_gt(f.xi_ci[1], f.g.xi);
	ck_assert_double_lt(f.sigma_ci[0], f.g.sigma);
	ck_assert_double_gt(f.sigma_ci[1], f.g.sigma);
	/* at each end of xi's interval, the best sigma's likelihood has fallen by 3.84 / 2 */
	for (i = 0; i < 2; i++) {
		double best = INFINITY, s;

		for (s = f.g.sigma * 0.3; s < f.g.sigma * 3; s *= 1.0005) {
			struct hg_gpd p = { .xi = f.xi_ci[i], .sigma = s };

			best = fmin(best, hg_gpd_nll(&p, y, 400));
		}
		ck_assert_double_eq_tol(2 * (best - f.nll), 3.8415, 0.02);
	}
	ck_assert_int_eq(hg_gpd_fit(y, 2, 0.95, &f), -EINVAL);
	y[0] = -1;
	ck_assert_int_eq(hg_gpd_fit(y, 400, 0.95, &f), -EINVAL);
}
END_TEST

/* The survival function, its quantile and the exponential limit. */
START_TEST(test_gpd_functions)
{
	struct hg_gpd e = { .xi = 0, .sigma = 2 }, n = { .xi = -0.5, .sigma = 1 };
	struct hg_gpd p = { .xi = 0.5, .sigma = 1 };

	ck_assert_double_eq_tol(hg_gpd_sf(&e, 2), exp(-1), 1e-12);
	ck_assert_double_eq_tol(hg_gpd_quantile(&e, exp(-1)), 2, 1e-9);
	ck_assert_double_eq_tol(hg_gpd_sf(&n, 1), 0.25, 1e-12);	/* (1 - 0.5)^2 */
	ck_assert_double_eq(hg_gpd_sf(&n, 2), 0);		/* the end point: sigma / -xi */
	ck_assert_double_eq_tol(hg_gpd_sf(&p, 2), 0.25, 1e-12);	/* (1 + 1)^-2 */
	ck_assert_double_eq_tol(hg_gpd_quantile(&p, 0.25), 2, 1e-9);
	ck_assert_double_eq_tol(hg_gpd_cdf(&p, 2) + hg_gpd_sf(&p, 2), 1, 1e-12);
	ck_assert_uint_eq(hg_tail_rule_k(1000000), 1000);
	ck_assert_uint_eq(hg_tail_rule_k(100000000), 5000);	/* at most 5000 */
	ck_assert_uint_eq(hg_tail_rule_k(1000), 50);		/* at least 50 */
	ck_assert_uint_eq(hg_tail_rule_k(300), 30);		/* at most a tenth */
	ck_assert_double_eq_tol(hg_tail_need(1e-6, 0.95), 2995731, 2);
}
END_TEST

/*
 * Known tails: the shape's interval holds the true xi on GPD samples, and
 * P(X > x) at a true 1e-4 lies in its interval, in most of a few seeds
 * (the full count: make bench, tailcover).
 */
START_TEST(test_known_tails)
{
	const struct tailgen *g = &tailgens[_i];
	double *x = malloc(N * sizeof(*x)), at = tailgen_quantile(g, 1e-4);
	unsigned int s, held = 0, xi_held = 0;

	ck_assert_ptr_nonnull(x);
	for (s = 1; s <= SEEDS; s++) {
		struct hg_tail_opts o = tailgen_opts(&at, 1);
		struct hg_tail t;

		tailgen_fill(g, s, x, N);
		ck_assert_int_eq(hg_tail_analyse(x, N, &o, &t), 0);
		ck_assert(t.fitted);
		held += t.at[0].p_ci[0] <= 1e-4 && 1e-4 <= t.at[0].p_ci[1];
		if (!isnan(g->xi))
			xi_held += t.fit.xi_ci[0] <= g->xi && g->xi <= t.fit.xi_ci[1];
		ck_assert_double_ge(t.max, t.u);
		ck_assert_double_le(t.rl[0].x, t.rl[3].x);	/* rarer is larger */
	}
	ck_assert_msg(held >= SEEDS - 1, "%s: P(X > x) held in %u of %d", g->name, held, SEEDS);
	if (!isnan(g->xi))
		ck_assert_msg(xi_held >= SEEDS - 1, "%s: xi held in %u of %d", g->name, xi_held,
			      SEEDS);
	free(x);
}
END_TEST

/*
 * The least negative log-likelihood at scale @sigma, by a fine search of
 * xi's distance from the least shape the largest exceedance allows.
 */
static double sigma_profile(const double *y, size_t n, double max, double sigma)
{
	double lim = fmax(-1, -sigma / max), best = INFINITY, e;

	for (e = log(1e-9); e < log(3); e += 1e-3) {
		struct hg_gpd g = { .xi = lim + exp(e), .sigma = sigma };

		best = fmin(best, hg_gpd_nll(&g, y, n));
	}
	return best;
}

/*
 * A shape below zero puts the likelihood's maximum just inside the end
 * point: at each end of sigma's interval the profile has still fallen by
 * 3.84 / 2 (the profile once searched xi on an even grid that stepped over
 * it, and the interval held the true sigma in 69 % of 200 seeds).
 */
START_TEST(test_sigma_profile)
{
	static double x[1000], y[1000];
	const struct tailgen *g = &tailgens[0];
	struct hg_gpd_fit f;
	double max = 0;
	size_t i;

	tailgen_fill(g, 1, x, 1000);
	for (i = 0; i < 1000; i++) {
		y[i] = x[i] - g->loc;
		max = fmax(max, y[i]);
	}
	ck_assert_int_eq(hg_gpd_fit(y, 1000, 0.95, &f), 0);
	ck_assert_double_lt(f.g.xi, 0);
	for (i = 0; i < 2; i++)
		ck_assert_double_eq_tol(2 * (sigma_profile(y, 1000, max, f.sigma_ci[i]) - f.nll),
					3.8415, 0.05);
	ck_assert_double_le(f.sigma_ci[0], 4000);	/* the truth, held */
	ck_assert_double_ge(f.sigma_ci[1], 4000);
}
END_TEST

/*
 * Exponential samples, each repeated in the next with probability 1/3:
 * clusters of 1.5 exceedances on average (theta 2/3), the same marginal
 * tail. P(X > x) per sample counts every exceedance, not one a cluster:
 * it once came out near 2/3 of the truth.
 */
START_TEST(test_clustered_p)
{
	double *x = malloc(N * sizeof(*x)), at = tailgen_quantile(&tailgens[1], 1e-3), ratio = 0;
	unsigned int s, held = 0;
	struct hg_rng r;
	size_t i;

	ck_assert_ptr_nonnull(x);
	for (s = 1; s <= SEEDS; s++) {
		struct hg_tail_opts o = tailgen_opts(&at, 1);
		struct hg_tail t;

		tailgen_fill(&tailgens[1], s, x, N);
		hg_rng_seed(&r, 100 + s);
		for (i = 1; i < N; i++)
			if (tailgen_u(&r) < 1.0 / 3)
				x[i] = x[i - 1];
		ck_assert_int_eq(hg_tail_analyse(x, N, &o, &t), 0);
		ck_assert(t.declustered);
		ck_assert_double_lt(t.theta, 0.85);
		ck_assert_uint_lt(t.k, t.above);
		ratio += t.at[0].p / 1e-3 / SEEDS;
		held += t.at[0].p_ci[0] <= 1e-3 && 1e-3 <= t.at[0].p_ci[1];
	}
	ck_assert_msg(ratio > 0.85 && ratio < 1.2, "P(X > x) %.3f of the truth", ratio);
	ck_assert_uint_ge(held, SEEDS - 1);
	free(x);
}
END_TEST

/*
 * The least negative log-likelihood with excess @yp exceeded with
 * probability @q, by a fine search of xi (sigma follows from yp and xi).
 */
static double level_profile(const double *y, size_t n, double max, double q, double yp)
{
	double best = INFINITY, lq = -log(q), lim = -1, e;

	if (yp < max)
		lim = fmax(-1, log1p(-yp / max) / lq);
	for (e = log(1e-9); e < log(3); e += 1e-3) {
		double xi = lim + exp(e);
		struct hg_gpd g = { .xi = xi, .sigma = yp * xi / expm1(xi * lq) };

		best = fmin(best, hg_gpd_nll(&g, y, n));
	}
	return best;
}

/*
 * A return level's profile likelihood interval: at each end the profile
 * has fallen by 3.84 / 2, for a GPD of each sign of xi; the true level held.
 */
START_TEST(test_level_profile)
{
	static double x[1000], y[1000];
	const struct tailgen *g = &tailgens[_i == 0 ? 0 : 2];
	struct hg_gpd truth = { .xi = g->xi, .sigma = g->sigma };
	struct hg_gpd_fit f;
	double max = 0, ci[2], q = 1e-4;
	size_t i;

	tailgen_fill(g, 1, x, 1000);
	for (i = 0; i < 1000; i++) {
		y[i] = x[i] - g->loc;
		max = fmax(max, y[i]);
	}
	ck_assert_int_eq(hg_gpd_fit(y, 1000, 0.95, &f), 0);
	ck_assert_int_eq(hg_gpd_level_ci(y, 1000, &f, q, 0.95, ci), 0);
	ck_assert_double_lt(ci[0], hg_gpd_quantile(&f.g, q));
	ck_assert_double_gt(ci[1], hg_gpd_quantile(&f.g, q));
	for (i = 0; i < 2; i++)
		ck_assert_double_eq_tol(2 * (level_profile(y, 1000, max, q, ci[i]) - f.nll),
					3.8415, 0.05);
	ck_assert_double_le(ci[0], hg_gpd_quantile(&truth, q));
	ck_assert_double_ge(ci[1], hg_gpd_quantile(&truth, q));
	ck_assert_int_eq(hg_gpd_level_ci(y, 1000, &f, 1, 0.95, ci), -EINVAL);
}
END_TEST

static Suite *tail_fit_suite(void)
{
	Suite *s = suite_create("tail_fit");
	TCase *fit = tcase_create("fit");

	tcase_set_timeout(fit, 120);
	tcase_add_test(fit, test_reference);
	tcase_add_test(fit, test_gpd_functions);
	tcase_add_test(fit, test_sigma_profile);
	tcase_add_test(fit, test_clustered_p);
	tcase_add_loop_test(fit, test_level_profile, 0, 2);
	tcase_add_loop_test(fit, test_known_tails, 0, (int)TAILGENS);
	suite_add_tcase(s, fit);
	return s;
}

int main(void)
{
	return hg_test_run(tail_fit_suite());
}
