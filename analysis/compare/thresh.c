// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * thresh.c - spread of gap thresholds, and whether two traces' differ
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis/compare/thresh.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int hg_thresh_spread(uint64_t *v, size_t n, struct hg_thresh_spread *s)
{
	if (!n)
		return -EINVAL;
	qsort(v, n, sizeof(*v), cmp_u64);
	s->n = n;
	s->min = v[0];
	s->max = v[n - 1];
	s->median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2] + 1) / 2;
	s->spread_pct = s->median ? 100.0 * (double)(s->max - s->min) / (double)s->median : 0.0;
	return 0;
}

static bool apart(uint64_t x, uint64_t y)
{
	uint64_t lo = x < y ? x : y, hi = x < y ? y : x;

	return (double)(hi - lo) > (double)lo * HG_THRESH_TOLERANCE_PCT / 100.0;
}

bool hg_thresh_differ_ns(uint64_t a_ns, uint64_t b_ns)
{
	return apart(a_ns, b_ns);
}

bool hg_thresh_differ(const struct hg_trace *a, const struct hg_trace *b)
{
	uint64_t x = a->calib.gap_threshold_ns, y = b->calib.gap_threshold_ns;

	/* a threshold below 1 ns is 0 ns here: compare the cycles at one rate */
	if ((!x || !y) && a->calib.tsc_hz == b->calib.tsc_hz)
		return apart(a->calib.gap_threshold_cycles, b->calib.gap_threshold_cycles);
	return apart(x, y);
}

bool hg_thresh_first_differ(const struct hg_trace *const *t, size_t n, size_t *i, size_t *j)
{
	size_t a, b;

	for (a = 0; a < n; a++) {
		for (b = a + 1; b < n; b++) {
			if (hg_thresh_differ(t[a], t[b])) {
				*i = a;
				*j = b;
				return true;
			}
		}
	}
	return false;
}
