/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tailprom.h - hourglass tail's estimates as OpenMetrics text (tail
 * --prom), for node_exporter's textfile collector
 *
 * Every metric is a gauge named hourglass_tail_* and labelled source (the
 * trace or file), thread (a trace's thread id; absent for a file) and of
 * (latency, response, gap). Per series:
 *
 *   hourglass_tail_samples, hourglass_tail_largest_seconds,
 *   hourglass_tail_threshold_seconds, hourglass_tail_exceedances (fitted:
 *   the clusters' maxima when declustered), hourglass_tail_check_passed
 *   and hourglass_tail_check_p_value {check} (the checks made),
 *   hourglass_tail_refused (1: a check failed, no --force: no estimate)
 * and when not refused, each with bound="estimate", "low" and "high" (the
 * 95 % interval):
 *   hourglass_tail_shape, hourglass_tail_scale_seconds,
 *   hourglass_tail_probability {x_seconds} (P(X > x) per sample),
 *   hourglass_tail_expected {x_seconds, per_seconds} (the count per period,
 *   when the rate of samples is known),
 *   hourglass_tail_return_level_seconds {p} (1e-06 to 1e-09 per sample).
 * A bound not found is +Inf; the text ends with "# EOF".
 */
#ifndef HG_TAILPROM_H
#define HG_TAILPROM_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/stats/tail.h"
#include "report/tail.h"

/* One fit and what it was fitted to. */
struct hg_tail_prom {
	const struct hg_tail_series *s;
	const struct hg_tail *t;
};

/*
 * hg_tail_prom_print - the @n fits @v of @source as OpenMetrics text into @f
 * Returns 0, or -EIO when writing failed.
 */
int hg_tail_prom_print(FILE *f, const char *source, const struct hg_tail_prom *v, size_t n);

#endif /* HG_TAILPROM_H */
