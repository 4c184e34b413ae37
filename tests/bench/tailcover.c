// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tailcover.c - how often hourglass tail's 95 % intervals hold the truth,
 * over 200 seeds of each distribution of tests/tailgen.h and of
 * exponential samples in clusters (each repeated in the next with
 * probability 1/3), 20000 samples each: the share of intervals of
 * P(X > x) (x with a true P of 1e-4 per sample: past the few largest
 * samples), and for the GPDs, fitted to 1000 of their own samples, the
 * share of intervals of the shape xi, the scale sigma and the excess
 * exceeded with probability 1e-3, that hold the true value; the target is
 * 90 to 99 %. Not a timing: it needs no lock.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/stats/gpd.h"
#include "analysis/stats/tail.h"
#include "tests/tailgen.h"

#define SEEDS 200
#define N 20000
#define NXI 1000
#define P_AT 1e-4
#define Q_LEVEL 1e-3

/* Intervals tried and holding the truth, per quantity. */
struct cover {
	unsigned int p, p_tried, xi, sigma, level, gpd_tried, refused;
};

/* The GPD's intervals fitted to the first NXI samples of @x, against @g's truth. */
static void gpd_holds(const struct tailgen *g, const double *x, struct cover *c)
{
	struct hg_gpd truth = { .xi = g->xi, .sigma = g->sigma };
	double y[NXI], ci[2], yp = hg_gpd_quantile(&truth, Q_LEVEL);
	struct hg_gpd_fit f;
	size_t i;

	for (i = 0; i < NXI; i++)
		y[i] = x[i] - g->loc;
	if (hg_gpd_fit(y, NXI, 0.95, &f) || hg_gpd_level_ci(y, NXI, &f, Q_LEVEL, 0.95, ci))
		return;
	c->gpd_tried++;
	c->xi += f.xi_ci[0] <= g->xi && g->xi <= f.xi_ci[1];
	c->sigma += f.sigma_ci[0] <= g->sigma && g->sigma <= f.sigma_ci[1];
	c->level += ci[0] <= yp && yp <= ci[1];
}

/* Each sample of @x repeated in the next with probability 1/3, from @seed. */
static void cluster(double *x, size_t n, uint64_t seed)
{
	struct hg_rng r;
	size_t i;

	hg_rng_seed(&r, 1000 + seed);
	for (i = 1; i < n; i++)
		if (tailgen_u(&r) < 1.0 / 3)
			x[i] = x[i - 1];
}

static void share(unsigned int held, unsigned int tried)
{
	if (tried)
		printf(" %9.1f%%", 100.0 * held / tried);
	else
		printf(" %10s", "-");
}

/* The row of @g, clustered or not. */
static void row(const struct tailgen *g, int clustered, double *x)
{
	double at = tailgen_quantile(g, P_AT);
	struct cover c = { 0 };
	unsigned int s;

	for (s = 1; s <= SEEDS; s++) {
		struct hg_tail_opts o = { .threshold = -1, .at = &at, .nat = 1,
					  .ordered = true, .boot = 99, .seed = s };
		struct hg_tail t;

		tailgen_fill(g, s, x, N);
		if (!isnan(g->xi) && !clustered)
			gpd_holds(g, x, &c);
		if (clustered)
			cluster(x, N, s);
		if (hg_tail_analyse(x, N, &o, &t) || !t.fitted)
			continue;
		c.refused += t.failed != NULL;
		c.p_tried++;
		c.p += t.at[0].p_ci[0] <= P_AT && P_AT <= t.at[0].p_ci[1];
	}
	printf("%-26s", clustered ? "exponential, clusters 1.5" : g->name);
	share(c.p, c.p_tried);
	share(c.xi, c.gpd_tried);
	share(c.sigma, c.gpd_tried);
	share(c.level, c.gpd_tried);
	share(c.refused, c.p_tried);
	putchar('\n');
}

int main(void)
{
	double *x = malloc(N * sizeof(*x));
	size_t d;

	if (!x)
		return 1;
	printf("%-26s %10s %10s %10s %10s %10s\n", "distribution", "P(X>x)", "xi", "sigma",
	       "level", "refused");
	for (d = 0; d < TAILGENS; d++)
		row(&tailgens[d], 0, x);
	row(&tailgens[1], 1, x);
	free(x);
	return 0;
}
