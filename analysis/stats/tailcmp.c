// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tailcmp.c - two tails compared (see tailcmp.h)
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "analysis/stats/gpd.h"
#include "analysis/stats/tail.h"
#include "analysis/stats/tailchk.h"
#include "analysis/stats/tailcmp.h"

/* The automatic threshold of @n sorted samples: just below the rule's largest. */
static double threshold(const double *x, size_t n)
{
	size_t k = hg_tail_rule_k(n);

	return k < n ? x[n - 1 - k] : x[0];
}

/* The excesses over @u of sorted @x into @y; returns how many. */
static size_t excesses(const double *x, size_t n, double u, double *y)
{
	size_t i = n, k = 0;

	while (i > 0 && x[i - 1] > u)
		i--;
	for (; i < n; i++)
		y[k++] = x[i] - u;
	return k;
}

int hg_tail_level_sorted(const double *x, size_t n, double p, double *level)
{
	double u, *y;
	struct hg_gpd g;
	size_t k;
	int ret;

	if (n < 10 * HG_TAIL_MIN_EXCEED)
		return -EINVAL;
	y = malloc(n * sizeof(*y));
	if (!y)
		return -ENOMEM;
	u = threshold(x, n);
	k = excesses(x, n, u, y);
	ret = k < HG_TAIL_MIN_EXCEED || p >= (double)k / (double)n ? -EINVAL :
	      hg_gpd_mle(y, k, &g);
	if (!ret)
		*level = u + hg_gpd_quantile(&g, p * (double)n / (double)k);
	free(y);
	return ret;
}

/* The larger of the two sorted series' values ranked @k from the top (0: the largest). */
static double pooled_rank(const double *a, size_t na, const double *b, size_t nb, size_t k)
{
	size_t i = na, j = nb, r;
	double v = 0;

	for (r = 0; r <= k && (i || j); r++)
		v = !j || (i && a[i - 1] >= b[j - 1]) ? a[--i] : b[--j];
	return v;
}

double hg_tail_same(const double *a, size_t na, const double *b, size_t nb, int *df)
{
	size_t n = na + nb, k = hg_tail_rule_k(n), ka;
	double u, *y, p;

	*df = 0;
	if (k >= n || k < HG_TAIL_MIN_EXCEED)
		return NAN;
	y = malloc(n * sizeof(*y));
	if (!y)
		return NAN;
	u = pooled_rank(a, na, b, nb, k);
	ka = excesses(a, na, u, y);
	p = hg_tail_lr(y, ka + excesses(b, nb, u, y + ka), ka, n, na, df);
	free(y);
	return p;
}
