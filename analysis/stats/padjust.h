/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * padjust.h - p-values adjusted for the many tests of one comparison
 *
 * Benjamini and Hochberg, "Controlling the false discovery rate: a
 * practical and powerful approach to multiple testing", JRSS B 57 (1995).
 */
#ifndef HG_PADJUST_H
#define HG_PADJUST_H

#include <stddef.h>

/*
 * hg_bh_adjust - Benjamini-Hochberg adjusted p-values of the @n p-values
 * @p (NAN entries are no test and stay NAN; m counts the others): the
 * k-th smallest becomes min over j >= k of p_(j) * m / j, capped at 1.
 * Rejecting where the adjusted p is below q keeps the expected share of
 * false discoveries among the rejections at q (independent or positively
 * dependent tests). Returns 0 or -ENOMEM.
 */
int hg_bh_adjust(const double *p, size_t n, double *adj);

#endif /* HG_PADJUST_H */
