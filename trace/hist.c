// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hist.c - histograms: streaming log-linear, fixed buckets, the 1-2-5 step
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "trace/hist.h"

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

int hg_bins_linear(struct hg_bins *b, uint64_t first, uint64_t width, size_t n)
{
	memset(b, 0, sizeof(*b));
	if (!n || !width || n >= SIZE_MAX / sizeof(*b->count) ||
	    (UINT64_MAX - first) / width < n)
		return -EINVAL;
	b->count = calloc(n + 1, sizeof(*b->count));
	if (!b->count)
		return -ENOMEM;
	b->first = first;
	b->width = width;
	b->n = n;
	return 0;
}

int hg_bins_log2(struct hg_bins *b, size_t n)
{
	memset(b, 0, sizeof(*b));
	if (!n || n > 64)
		return -EINVAL;
	b->count = calloc(n + 1, sizeof(*b->count));
	if (!b->count)
		return -ENOMEM;
	b->n = n;
	return 0;
}

void hg_bins_free(struct hg_bins *b)
{
	free(b->count);
	memset(b, 0, sizeof(*b));
}

size_t hg_bins_index(const struct hg_bins *b, uint64_t v)
{
	uint64_t i;

	if (!b->width) {
		i = v < 2 ? 0 : 63u - (unsigned int)__builtin_clzll(v);
	} else {
		if (v < b->first)
			return SIZE_MAX;
		i = (v - b->first) / b->width;
	}
	return i < b->n ? (size_t)i : b->n;
}

void hg_bins_add(struct hg_bins *b, uint64_t v, uint64_t times)
{
	size_t i = hg_bins_index(b, v);

	b->total += times;
	if (i == SIZE_MAX)
		b->under += times;
	else
		b->count[i] += times;
}

uint64_t hg_bins_low(const struct hg_bins *b, size_t i)
{
	if (b->width)
		return b->first + (uint64_t)i * b->width;
	if (i >= 64)
		return UINT64_MAX;
	return i ? 1ULL << i : 0;
}

uint64_t hg_bins_end(const struct hg_bins *b, size_t i)
{
	if (b->width)
		return b->first + (uint64_t)(i + 1) * b->width;
	return i < 63 ? 1ULL << (i + 1) : UINT64_MAX;
}

uint64_t hg_bins_peak(const struct hg_bins *b)
{
	uint64_t peak = 0;
	size_t i;

	for (i = 0; b->count && i <= b->n; i++)
		if (b->count[i] > peak)
			peak = b->count[i];
	return peak;
}

double hg_step125(double x)
{
	double p, m;

	if (!(x > 0) || !isfinite(x))
		return 1;
	p = pow(10, floor(log10(x)));
	m = x / p;
	if (m <= 1 + 1e-9)
		return p;
	if (m <= 2 + 1e-9)
		return 2 * p;
	if (m <= 5 + 1e-9)
		return 5 * p;
	return 10 * p;
}
