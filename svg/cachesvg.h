/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cachesvg.h - cachecost's picture: the paper's figure 5
 */
#ifndef HG_CACHESVG_H
#define HG_CACHESVG_H

#include <stddef.h>
#include <stdio.h>

#include "report/cacheout.h"

/*
 * hg_cache_svg - a complete SVG document: the median penalty per switch
 * (us) against the working-set size (KB, log axis) with 95 % error bars,
 * a hollow marker where no penalty is measurable, the paper's wall-clock
 * formula as grey squares beside it, a zero line, a legend, and the
 * command line under the title
 * Returns 0 or -EIO when writing failed.
 */
int hg_cache_svg(FILE *f, const struct hg_cache_run *run, const struct hg_cache_size *s,
		 size_t n);

#endif /* HG_CACHESVG_H */
