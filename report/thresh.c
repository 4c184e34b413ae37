// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * thresh.c - the warning that traces of different gap thresholds are compared
 */
#include "analysis/compare/thresh.h"
#include "report/thresh.h"
#include "util/timeval.h"

bool hg_thresh_warn(FILE *f, const char *cmd, const struct hg_trace *const *t,
		    const char *const *names, size_t n)
{
	char x[32], y[32];
	size_t i, j;

	if (!hg_thresh_first_differ(t, n, &i, &j))
		return false;
	fprintf(f, "hourglass: %s: warning: %s and %s were taken with gap "
		"thresholds %s and %s us: gaps between them were seen in one and "
		"not the other; compare with the same -g\n", cmd, names[i],
		names[j], hg_format_us(t[i]->calib.gap_threshold_ns, x, sizeof(x)),
		hg_format_us(t[j]->calib.gap_threshold_ns, y, sizeof(y)));
	return true;
}
