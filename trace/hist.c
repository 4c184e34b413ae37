// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hist.c - streaming log-linear histogram
 */
#include <string.h>

#include "hist.h"

void hg_hist_init(struct hg_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT64_MAX;
}

uint64_t hg_hist_bucket_low(unsigned int i)
{
	unsigned int shift;
	uint64_t sub;

	if (i < HG_HIST_LINEAR)
		return i;
	shift = (i - HG_HIST_LINEAR) / (1u << HG_HIST_SUB_BITS) + 1;
	sub = (i - HG_HIST_LINEAR) % (1u << HG_HIST_SUB_BITS) + (1u << HG_HIST_SUB_BITS);
	return sub << shift;
}

uint64_t hg_hist_bucket_high(unsigned int i)
{
	if (i + 1 >= HG_HIST_BUCKETS)
		return UINT64_MAX;
	return hg_hist_bucket_low(i + 1) - 1;
}

uint64_t hg_hist_percentile(const struct hg_hist *h, double pct)
{
	uint64_t rank, seen = 0, v;
	unsigned int i;

	if (!h->count)
		return 0;
	if (pct <= 0)
		return h->min;
	if (pct >= 100)
		return h->max;
	rank = hg_rank(pct, h->count);
	for (i = 0; i < HG_HIST_BUCKETS; i++) {
		seen += h->bucket[i];
		if (seen >= rank)
			break;
	}
	if (i >= HG_HIST_BUCKETS)
		return h->max;
	v = hg_hist_bucket_low(i) + (hg_hist_bucket_high(i) - hg_hist_bucket_low(i)) / 2;
	if (v < h->min)
		v = h->min;
	if (v > h->max)
		v = h->max;
	return v;
}

void hg_hist_merge(struct hg_hist *dst, const struct hg_hist *src)
{
	unsigned int i;

	if (!src->count)
		return;
	dst->count += src->count;
	dst->sum = dst->sum + src->sum < dst->sum ? UINT64_MAX : dst->sum + src->sum;
	if (src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	for (i = 0; i < HG_HIST_BUCKETS; i++)
		dst->bucket[i] += src->bucket[i];
}
