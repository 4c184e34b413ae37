/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * latsvg.h - the wake-up lateness of a trace's LAT threads as a picture
 */
#ifndef HG_LATSVG_H
#define HG_LATSVG_H

#include <stdint.h>
#include <stdio.h>

#include "trace/trace.h"

#define HG_LAT_SVG_BARS 200	/* buckets at most: of 1 us, or a 1-2-5 width */

/*
 * hg_lat_svg - an SVG histogram of the lateness of the stored samples of
 * the LAT threads of @t, one series per thread (one for all of them beyond
 * twelve threads) with its count, median, p99 and max in the legend and
 * median and p99 as marks; a log count axis. The axis ends at @max_us, or
 * (0) just past the 99.9th percentile of all samples, and the samples
 * beyond are counted in a labelled overflow bar; it starts at 0 unless the
 * samples start so far from 0 that it would hide them. Buckets of 1 us, or
 * of a 1-2-5 width giving at most HG_LAT_SVG_BARS.
 * Returns 0, -ENOMEM or -EIO.
 */
int hg_lat_svg(FILE *f, const struct hg_trace *t, uint64_t max_us);

#endif /* HG_LATSVG_H */
