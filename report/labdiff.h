/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * labdiff.h - diff's comparison for test labs (report/labres.h): a test
 * per metric, not ok only for the metric --fail-if-worse gates when B is
 * worse than its tolerance allows
 */
#ifndef HG_LABDIFF_H
#define HG_LABDIFF_H

#include <stdbool.h>
#include <stddef.h>

#include "analysis/diff.h"
#include "report/labres.h"

/*
 * hg_labdiff - the @n rows of @r as tests into @l, each with A, B, the
 * difference and its interval, the test and the verdict as its line; @gate:
 * the gated row (NULL: none), @worse whether it failed its gate
 * Returns 0 or -ENOMEM.
 */
int hg_labdiff(struct hg_lab *l, const struct hg_diff_row *r, size_t n,
	       const struct hg_diff_row *gate, bool worse);

#endif /* HG_LABDIFF_H */
