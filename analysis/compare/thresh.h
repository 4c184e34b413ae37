/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * thresh.h - the resolution of a trace: is the gap threshold the same from
 * run to run, and may two traces be put side by side
 *
 * A gap shorter than the threshold is not seen, so two traces whose
 * thresholds differ count different gaps (foreign gaps most of all) and
 * cannot be compared gap for gap. Comparisons (diff, and any subcommand
 * given several traces) ask hg_thresh_differ() and say so with
 * hg_thresh_warn() (report/thresh.h).
 */
#ifndef HG_THRESH_H
#define HG_THRESH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/trace.h"

/* Thresholds further apart than this, relative to the smaller, differ. */
#define HG_THRESH_TOLERANCE_PCT 10.0

/* The spread of thresholds taken again and again (calibrate --repeat). */
struct hg_thresh_spread {
	size_t n;
	uint64_t min, median, max;	/* cycles */
	double spread_pct;		/* (max - min) / median, in % */
};

/*
 * hg_thresh_spread - the spread of the @n thresholds @v (cycles; sorted in
 * place). Returns 0, or -EINVAL for @n 0.
 */
int hg_thresh_spread(uint64_t *v, size_t n, struct hg_thresh_spread *s);

/*
 * hg_thresh_differ_ns - whether thresholds of @a_ns and @b_ns differ by
 * more than HG_THRESH_TOLERANCE_PCT of the smaller (for comparisons that
 * hold the figures only, like diff's summaries)
 */
bool hg_thresh_differ_ns(uint64_t a_ns, uint64_t b_ns);

/*
 * hg_thresh_differ - whether @a and @b were taken with gap thresholds (the
 * run's, in ns, so that machines of other clock rates compare) more than
 * HG_THRESH_TOLERANCE_PCT apart, relative to the smaller
 */
bool hg_thresh_differ(const struct hg_trace *a, const struct hg_trace *b);

/*
 * hg_thresh_first_differ - the first pair (*@i < *@j) of the @n traces @t
 * whose thresholds differ (hg_thresh_differ()). Returns whether there is
 * one; report/thresh.h says so.
 */
bool hg_thresh_first_differ(const struct hg_trace *const *t, size_t n, size_t *i, size_t *j);

#endif /* HG_THRESH_H */
