// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * padjust.c - Benjamini-Hochberg adjusted p-values
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "analysis/stats/padjust.h"

struct pidx {
	double p;
	size_t i;
};

static int pidx_cmp(const void *x, const void *y)
{
	const struct pidx *a = x, *b = y;

	return (a->p > b->p) - (a->p < b->p);
}

int hg_bh_adjust(const double *p, size_t n, double *adj)
{
	struct pidx *s = malloc((n ? n : 1) * sizeof(*s));
	size_t m = 0, k;
	double run = 1;

	if (!s)
		return -ENOMEM;
	for (k = 0; k < n; k++) {
		adj[k] = NAN;
		if (!isnan(p[k]))
			s[m++] = (struct pidx){ p[k], k };
	}
	qsort(s, m, sizeof(*s), pidx_cmp);
	for (k = m; k > 0; k--) {
		double v = s[k - 1].p * (double)m / (double)k;

		run = v < run ? v : run;
		adj[s[k - 1].i] = run;
	}
	free(s);
	return 0;
}
