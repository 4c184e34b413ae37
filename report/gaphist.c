// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * gaphist.c - -gh: each thread's gaps in power-of-two buckets, with the
 * high percentiles Hourglass 1.0 printed (up to 99.999 %)
 */
#include <inttypes.h>
#include <stdio.h>

#include "analysis/stats/bins.h"
#include "report/text.h"
#include "util/timeval.h"

static void print_thread(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th)
{
	static const double pct[] = { 50, 90, 99, 99.9, 99.99, 99.999 };
	const struct hg_hist *h = &th->stats.gaps;
	uint64_t hz = t->calib.tsc_hz;
	struct hg_bins b;
	char v[32], w[32];
	size_t i;

	fprintf(f, "# gap histogram, thread %u (%" PRIu64 " gaps):", th->id, h->count);
	for (i = 0; i < sizeof(pct) / sizeof(pct[0]) && h->count; i++)
		fprintf(f, "%s p%g %s us", i ? "," : "", pct[i],
			hg_format_us(hg_cycles_to_ns(hg_hist_percentile(h, pct[i]), hz), v,
				     sizeof(v)));
	fputc('\n', f);
	if (hg_gap_bins(t, th, &b))
		goto out;
	for (i = 0; i < b.n; i++) {
		if (!b.count[i])
			continue;
		fprintf(f, "#   %12s - %12s us %12" PRIu64 "\n",
			hg_format_us(hg_bins_low(&b, i), v, sizeof(v)),
			hg_format_us(hg_bins_end(&b, i), w, sizeof(w)), b.count[i]);
	}
out:
	hg_bins_free(&b);
}

void hg_print_gap_histograms(FILE *f, const struct hg_trace *t)
{
	uint32_t i;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model != HG_MODEL_LAT)
			print_thread(f, t, &t->threads[i]);
}
