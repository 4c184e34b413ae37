// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tailcover.c - how often hourglass tail's 95 % intervals hold the truth:
 * over 200 seeds of each distribution of tests/tailgen.h, 20000 samples
 * each, the share of intervals of P(X > x) (x with a true P of 1e-4 per
 * sample: past the few largest samples) and, for the GPDs, of the shape xi
 * fitted to 1000 of their own samples, that hold the true value; the target
 * is 90 to 99 %. Not a timing: it needs no lock.
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

/* Whether the interval of xi fitted to the first NXI samples of @x holds @g's. */
static int xi_holds(const struct tailgen *g, const double *x)
{
	double y[NXI];
	struct hg_gpd_fit f;
	size_t i;

	for (i = 0; i < NXI; i++)
		y[i] = x[i] - g->loc;
	return !hg_gpd_fit(y, NXI, 0.95, &f) && f.xi_ci[0] <= g->xi && g->xi <= f.xi_ci[1];
}

int main(void)
{
	double *x = malloc(N * sizeof(*x));
	size_t d;

	if (!x)
		return 1;
	printf("%-26s %12s %12s %10s\n", "distribution", "P(X>x) held", "xi held", "refused");
	for (d = 0; d < TAILGENS; d++) {
		const struct tailgen *g = &tailgens[d];
		double at = tailgen_quantile(g, P_AT);
		unsigned int s, held = 0, tried = 0, xi_held = 0, xi_tried = 0, refused = 0;

		for (s = 1; s <= SEEDS; s++) {
			struct hg_tail_opts o = { .threshold = -1, .at = &at, .nat = 1,
						  .ordered = true, .boot = 99, .seed = s };
			struct hg_tail t;

			tailgen_fill(g, s, x, N);
			if (hg_tail_analyse(x, N, &o, &t) || !t.fitted)
				continue;
			refused += t.failed != NULL;
			tried++;
			held += t.at[0].p_ci[0] <= P_AT && P_AT <= t.at[0].p_ci[1];
			if (isnan(g->xi))
				continue;
			xi_tried++;
			xi_held += xi_holds(g, x);
		}
		printf("%-26s %11.1f%% ", g->name, 100.0 * held / (tried ? tried : 1));
		if (xi_tried)
			printf("%11.1f%% ", 100.0 * xi_held / xi_tried);
		else
			printf("%12s ", "-");
		printf("%9.1f%%\n", 100.0 * refused / (tried ? tried : 1));
	}
	free(x);
	return 0;
}
