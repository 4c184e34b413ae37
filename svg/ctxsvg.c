// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ctxsvg.c - context-switch costs as a picture: voluntary and involuntary
 * switches as two series
 */
#include <math.h>
#include <stdio.h>

#include "svg/ctxsvg.h"
#include "svg/svghist.h"
#include "util/timeval.h"

static const int classes[] = { HG_GAP_VOLUNTARY, HG_GAP_INVOLUNTARY };
#define NSERIES (sizeof(classes) / sizeof(classes[0]))

/* "voluntary: 712 switches, median 21.347 us, p99 45.020 us" */
static void series_name(const struct hg_ctx_report *r, int c, char *buf, size_t len)
{
	const struct hg_stats *s = &r->st[c];
	char a[32], b[32];

	if (!s->count) {
		snprintf(buf, len, "%s: no switches", hg_gap_class_name(c));
		return;
	}
	snprintf(buf, len, "%s: %llu switch%s, median %s us, p99 %s us", hg_gap_class_name(c),
		 (unsigned long long)s->count, s->count == 1 ? "" : "es",
		 hg_format_us(hg_cycles_to_ns(s->median, r->tsc_hz), a, sizeof(a)),
		 hg_format_us(hg_cycles_to_ns(s->p99, r->tsc_hz), b, sizeof(b)));
}

static double us_of(const struct hg_ctx_report *r, const struct hg_stats *s, uint64_t cycles)
{
	return s->count ? (double)hg_cycles_to_ns(cycles, r->tsc_hz) / 1000.0 : NAN;
}

int hg_ctx_svg(FILE *f, const struct hg_trace *t, const struct hg_ctx_report *r,
	       const struct hg_ctx_svg_opts *o)
{
	struct hg_bins bins[NSERIES] = { { 0 } };
	struct hg_svg_series series[NSERIES];
	char names[NSERIES][160], title[256], xlabel[96];
	struct hg_svg_hist h;
	size_t k;
	int ret = 0;

	for (k = 0; k < NSERIES && !ret; k++) {
		const struct hg_stats *s = &r->st[classes[k]];

		ret = hg_ctx_histogram(r, classes[k], o->bucket_ns, o->max_ns, &bins[k]);
		series_name(r, classes[k], names[k], sizeof(names[k]));
		series[k] = (struct hg_svg_series){
			.name = names[k], .bins = &bins[k],
			.median = us_of(r, s, s->median), .p99 = us_of(r, s, s->p99),
		};
	}
	if (!ret) {
		snprintf(title, sizeof(title), "Context-switch cost: %zu switches (%s)",
			 r->nswitches, o->name);
		snprintf(xlabel, sizeof(xlabel), "context-switch cost (us), buckets of %g us",
			 (double)bins[0].width / 1000.0);
		h = (struct hg_svg_hist){
			.title = title, .subtitle = t->cmdline, .xlabel = xlabel,
			.ylabel = "switches", .unit = "us", .per_unit = 1000,
			.log_counts = o->log_y, .series = series, .nseries = NSERIES,
		};
		ret = hg_svg_hist(f, &h);
	}
	for (k = 0; k < NSERIES; k++)
		hg_bins_free(&bins[k]);
	return ret;
}
