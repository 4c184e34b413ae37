// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * latsvg.c - the wake-up lateness of a trace's LAT threads as a picture
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>

#include "bins.h"
#include "latsvg.h"
#include "svg.h"

#define MAX_BARS 200	/* wider buckets beyond */

/* The LAT threads of @t: how many, and the first. */
static uint32_t lat_threads(const struct hg_trace *t, const struct hg_trace_thread **first)
{
	uint32_t i, n = 0;

	for (i = 0; i < t->nthreads; i++) {
		if (t->threads[i].model != HG_MODEL_LAT)
			continue;
		if (!n++)
			*first = &t->threads[i];
	}
	return n;
}

/* The samples of every LAT thread in one set of buckets, as bars. */
static int make_bars(const struct hg_trace *t, struct hg_svg_bar **bars, size_t *n,
		     uint64_t *width_us)
{
	uint64_t min_us, max_us, span, first_us;
	struct hg_svg_bar *b;
	struct hg_bins bins;
	bool from_zero;
	uint32_t i;
	size_t k;
	int ret;

	*bars = NULL;
	*n = 0;
	*width_us = 1;
	if (!hg_lat_range_us(t, &min_us, &max_us))
		return 0;
	span = max_us - min_us + 1;
	from_zero = min_us <= span;
	if (from_zero)
		span = max_us + 1;
	*width_us = span <= MAX_BARS ? 1 : (uint64_t)hg_step125((double)span / MAX_BARS);
	first_us = from_zero ? 0 : min_us / *width_us * *width_us;
	*n = (size_t)((max_us - first_us) / *width_us + 1);
	b = calloc(*n, sizeof(*b));
	if (!b)
		return -ENOMEM;
	for (i = 0; i < t->nthreads; i++) {
		if (t->threads[i].model != HG_MODEL_LAT)
			continue;
		ret = hg_lat_bins(&t->threads[i], first_us, *width_us, *n, &bins);
		for (k = 0; !ret && k < *n; k++)
			b[k].count += bins.count[k];
		hg_bins_free(&bins);
		if (ret) {
			free(b);
			return ret;
		}
	}
	for (k = 0; k < *n; k++) {
		b[k].lo = (double)(first_us + k * *width_us);
		b[k].hi = b[k].lo + (double)*width_us;
	}
	*bars = b;
	return 0;
}

int hg_lat_svg(FILE *f, const struct hg_trace *t)
{
	const struct hg_trace_thread *th = NULL;
	uint32_t n = lat_threads(t, &th);
	char title[256], xlabel[96];
	struct hg_svg_bar *bars;
	uint64_t width_us;
	size_t nbars;
	int ret;

	ret = make_bars(t, &bars, &nbars, &width_us);
	if (ret)
		return ret;
	if (n == 1)
		snprintf(title, sizeof(title), "Wake-up lateness, thread %u: %s%s%s, %s",
			 th->id, th->workload, th->timer[0] ? " on " : "", th->timer,
			 th->priority);
	else
		snprintf(title, sizeof(title), "Wake-up lateness of %u LAT threads", n);
	snprintf(xlabel, sizeof(xlabel), "lateness (us), buckets of %" PRIu64 " us", width_us);
	ret = hg_svg_histogram(f, title, xlabel, bars, nbars, true);
	free(bars);
	return ret;
}
