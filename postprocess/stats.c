// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * stats.c - exact order statistics
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../trace/hist.h"
#include "stats.h"

int hg_sort_u64(uint64_t *v, size_t n)
{
	uint64_t *tmp, *src = v, *dst, *swap, all = 0;
	size_t count[256], i;
	unsigned int shift;

	if (n < 2)
		return 0;
	for (i = 0; i < n; i++)
		all |= v[i];
	tmp = malloc(n * sizeof(*tmp));
	if (!tmp)
		return -ENOMEM;
	dst = tmp;
	for (shift = 0; shift < 64; shift += 8) {
		size_t pos = 0;

		if (!((all >> shift) & 0xff))
			continue;	/* this byte is zero everywhere: already in order */
		memset(count, 0, sizeof(count));
		for (i = 0; i < n; i++)
			count[(src[i] >> shift) & 0xff]++;
		for (i = 0; i < 256; i++) {
			size_t c = count[i];

			count[i] = pos;
			pos += c;
		}
		for (i = 0; i < n; i++)
			dst[count[(src[i] >> shift) & 0xff]++] = src[i];
		swap = src;
		src = dst;
		dst = swap;
	}
	if (src != v)
		memcpy(v, src, n * sizeof(*v));
	free(tmp);
	return 0;
}

uint64_t hg_percentile_sorted(const uint64_t *v, size_t n, double pct)
{
	if (!n)
		return 0;
	return v[hg_rank(pct, n) - 1];
}

int hg_stats_compute(uint64_t *v, size_t n, struct hg_stats *s)
{
	size_t i;
	int ret;

	memset(s, 0, sizeof(*s));
	if (!n)
		return 0;
	ret = hg_sort_u64(v, n);
	if (ret)
		return ret;
	s->count = n;
	for (i = 0; i < n; i++)
		s->sum = s->sum + v[i] < s->sum ? UINT64_MAX : s->sum + v[i];
	s->min = v[0];
	s->max = v[n - 1];
	s->p1 = hg_percentile_sorted(v, n, 1);
	s->median = hg_percentile_sorted(v, n, 50);
	s->p90 = hg_percentile_sorted(v, n, 90);
	s->p99 = hg_percentile_sorted(v, n, 99);
	s->p999 = hg_percentile_sorted(v, n, 99.9);
	s->mean = (double)s->sum / (double)n;
	return 0;
}
