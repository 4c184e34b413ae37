/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * latsvg.h - the wake-up lateness of a trace's LAT threads as a picture
 */
#ifndef HG_LATSVG_H
#define HG_LATSVG_H

#include <stdio.h>

#include "../trace/trace.h"

/*
 * hg_lat_svg - an SVG histogram of the lateness of the stored samples of
 * every LAT thread of @t (log counts): buckets of 1 us, or of a 1-2-5
 * width giving at most 200 bars; from 0 unless the samples start so far
 * from 0 that it would hide them
 * Returns 0, -ENOMEM or -EIO.
 */
int hg_lat_svg(FILE *f, const struct hg_trace *t);

#endif /* HG_LATSVG_H */
