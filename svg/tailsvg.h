/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tailsvg.h - a tail fit as a picture: the log of the survival function
 * P(X > x) per sample against x, the samples' own (observed points), the
 * fit above the threshold with its 95 % band (delta method), the
 * threshold marked; one panel per fit
 */
#ifndef HG_TAILSVG_H
#define HG_TAILSVG_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/stats/tail.h"
#include "report/tail.h"

/* One panel: the fit, what it was fitted to, and the samples. */
struct hg_tail_panel {
	const struct hg_tail_series *s;
	const struct hg_tail *t;
	const double *x;	/* the samples given to the fit (ns) */
	size_t n;
};

/*
 * hg_tail_svg - the @n panels of @p into @f, titled with @source
 * Returns 0, -ENOMEM or -EIO.
 */
int hg_tail_svg(FILE *f, const char *source, const struct hg_tail_panel *p, size_t n);

#endif
