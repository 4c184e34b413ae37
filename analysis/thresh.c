// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * thresh.c - spread of gap thresholds, and whether two traces' differ
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis/thresh.h"
#include "util/timeval.h"

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

bool hg_thresh_warn(FILE *f, const char *cmd, const struct hg_trace *const *t,
		    const char *const *names, size_t n)
{
	char x[32], y[32];
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = i + 1; j < n; j++) {
			if (!hg_thresh_differ(t[i], t[j]))
				continue;
			fprintf(f, "hourglass: %s: warning: %s and %s were taken with gap "
				"thresholds %s and %s us: gaps between them were seen in one and "
				"not the other; compare with the same -g\n", cmd, names[i],
				names[j], hg_format_us(t[i]->calib.gap_threshold_ns, x, sizeof(x)),
				hg_format_us(t[j]->calib.gap_threshold_ns, y, sizeof(y)));
			return true;
		}
	}
	return false;
}
