// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gaphist.c - -gh: each thread's gaps in power-of-two buckets, with the
 * high percentiles Hourglass 1.0 printed (up to 99.999 %)
 */
#include <inttypes.h>
#include <stdio.h>

#include "../trace/timeval.h"
#include "text.h"

#define OCTAVES 64

static void print_thread(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th)
{
	static const double pct[] = { 50, 90, 99, 99.9, 99.99, 99.999 };
	const struct hg_hist *h = &th->stats.gaps;
	uint64_t count[OCTAVES] = { 0 }, hz = t->calib.tsc_hz;
	char v[32], w[32];
	unsigned int i;

	fprintf(f, "# gap histogram, thread %u (%" PRIu64 " gaps):", th->id, h->count);
	for (i = 0; i < sizeof(pct) / sizeof(pct[0]) && h->count; i++)
		fprintf(f, "%s p%g %s us", i ? "," : "", pct[i],
			hg_format_us(hg_cycles_to_ns(hg_hist_percentile(h, pct[i]), hz), v,
				     sizeof(v)));
	fputc('\n', f);
	/* each bucket goes to the octave of its lowest value, in ns */
	for (i = 0; i < HG_HIST_BUCKETS; i++) {
		uint64_t ns;

		if (!h->bucket[i])
			continue;
		ns = hg_cycles_to_ns(hg_hist_bucket_low(i), hz);
		count[ns ? 63 - __builtin_clzll(ns) : 0] += h->bucket[i];
	}
	for (i = 0; i < OCTAVES; i++) {
		if (!count[i])
			continue;
		fprintf(f, "#   %12s - %12s us %12" PRIu64 "\n",
			hg_format_us(i ? 1ULL << i : 0, v, sizeof(v)),
			hg_format_us(i < 63 ? 1ULL << (i + 1) : UINT64_MAX, w, sizeof(w)), count[i]);
	}
}

void hg_print_gap_histograms(FILE *f, const struct hg_trace *t)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model != HG_MODEL_LAT)
			print_thread(f, t, &t->threads[i]);
}
