/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tailcmp.h - two tails compared, for diff: the value each exceeds with a
 * given probability per sample, and a likelihood-ratio test that both
 * share one tail
 *
 * Both from samples sorted in ascending order (diff's distributions), so
 * without the checks of time order (independence, stationarity) that
 * hourglass tail makes: the threshold is the automatic rule's
 * (hg_tail_rule_k()), the fit the maximum-likelihood estimate alone.
 */
#ifndef HG_TAILCMP_H
#define HG_TAILCMP_H

#include <stddef.h>

/*
 * hg_tail_level_sorted - the value exceeded with probability @p per
 * sample of the @n sorted samples @x, into @level
 * Returns 0, -EINVAL when fewer than HG_TAIL_MIN_EXCEED samples lie above
 * the threshold or @p is not below their share, -EDOM when the fit does
 * not converge, -ENOMEM.
 */
int hg_tail_level_sorted(const double *x, size_t n, double p, double *level);

/*
 * hg_tail_same - the p value of the likelihood-ratio test (hg_tail_lr())
 * that the sorted samples @a (@na) and @b (@nb) share one tail above the
 * automatic threshold of both together; @df its degrees of freedom
 * Returns the p value, NaN when too few exceed or on no memory.
 */
double hg_tail_same(const double *a, size_t na, const double *b, size_t nb, int *df);

#endif
