// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * latsvg.c - the wake-up lateness of a trace's LAT threads as a picture:
 * one series per thread, the axis clipped at the 99.9th percentile
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "analysis/stats/bins.h"
#include "analysis/stats/stats.h"
#include "svg/latsvg.h"
#include "svg/svg.h"
#include "svg/svghist.h"
#include "util/timeval.h"

/* The buckets of the picture: @n of @width_us from @first_us. */
struct lat_axis {
	uint64_t first_us, width_us;
	size_t n;
};

struct sample_list {
	uint64_t *v;
	size_t n;
};

static void sample_add(void *arg, uint64_t ns)
{
	struct sample_list *l = arg;

	l->v[l->n++] = ns / 1000;
}

/* Every stored sample's lateness (us) of every LAT thread, sorted. */
static int all_samples(const struct hg_trace *t, uint64_t **v, size_t *n)
{
	struct sample_list l = { 0 };
	uint64_t lo, hi;
	size_t total = (size_t)hg_lat_range_us(t, &lo, &hi);

	*v = NULL;
	l.v = malloc((total ? total : 1) * sizeof(*l.v));
	if (!l.v)
		return -ENOMEM;
	hg_for_each_lat_sample(t, sample_add, &l);
	*v = l.v;
	*n = l.n;
	return hg_sort_u64(*v, *n);
}

/*
 * Up to @max_us, or past the 99.9th percentile: from 0, unless the samples
 * start further from 0 than they spread.
 */
static int choose_axis(const struct hg_trace *t, uint64_t max_us, struct lat_axis *a)
{
	uint64_t *v, min_us = 0, end_us, span;
	size_t n;
	int ret;

	ret = all_samples(t, &v, &n);
	if (!ret && n) {
		min_us = v[0];
		end_us = max_us ? max_us : hg_percentile_sorted(v, n, 99.9) + 1;
	} else {
		end_us = max_us ? max_us : 1;
	}
	free(v);
	if (ret)
		return ret;
	if (min_us >= end_us)	/* a --max below every sample */
		min_us = 0;
	span = end_us - min_us;
	a->first_us = min_us <= span ? 0 : min_us;
	span = end_us - a->first_us;
	a->width_us = span <= HG_LAT_SVG_BARS ? 1 :
		(uint64_t)hg_step125((double)span / HG_LAT_SVG_BARS);
	a->first_us = a->first_us / a->width_us * a->width_us;
	a->n = (size_t)((end_us - a->first_us + a->width_us - 1) / a->width_us);
	return 0;
}

/* "thread 1: LAT 1ms on HR: 2000 samples, median 4.2 us, p99 11.0 us, max 34012.0 us" */
static void series_name(const struct hg_trace_thread *th, char *buf, size_t len)
{
	const struct hg_hist *h = &th->stats.events;
	int n;

	n = snprintf(buf, len, "thread %u: %s%s%s: %" PRIu64 " sample%s", th->id, th->workload,
		     th->timer[0] ? " on " : "", th->timer, h->count, h->count == 1 ? "" : "s");
	if (h->count && n > 0 && (size_t)n < len)
		snprintf(buf + n, len - (size_t)n, ", median %.1f us, p99 %.1f us, max %.1f us",
			 (double)hg_hist_percentile(h, 50) / 1000.0,
			 (double)hg_hist_percentile(h, 99) / 1000.0, (double)h->max / 1000.0);
}

/* The series of the picture: one per LAT thread, or one for all. */
struct lat_series {
	size_t n;
	struct hg_bins *bins;
	struct hg_svg_series *s;
	char (*names)[256];
};

static int make_series(const struct hg_trace *t, const struct lat_axis *a,
		       struct lat_series *ls)
{
	uint32_t i, nlat = 0;
	struct hg_bins one;
	size_t k, j, room;
	int ret;

	for (i = 0; i < t->nthreads; i++)
		nlat += t->threads[i].model == HG_MODEL_LAT;
	ls->n = nlat <= HG_SVG_NCOLOURS ? nlat : 1;
	room = ls->n ? ls->n : 1;	/* calloc(0) may return NULL */
	ls->bins = calloc(room, sizeof(*ls->bins));
	ls->s = calloc(room, sizeof(*ls->s));
	ls->names = calloc(room, sizeof(*ls->names));
	if (!ls->bins || !ls->s || !ls->names)
		return -ENOMEM;
	if (ls->n == 1 && nlat > 1) {
		snprintf(ls->names[0], sizeof(ls->names[0]), "all %u LAT threads", nlat);
		ls->s[0] = (struct hg_svg_series){ .name = ls->names[0], .bins = &ls->bins[0],
						   .median = NAN, .p99 = NAN };
		ret = hg_bins_linear(&ls->bins[0], a->first_us, a->width_us, a->n);
	} else {
		ret = 0;
	}
	for (i = 0, k = 0; !ret && i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		const struct hg_hist *h = &th->stats.events;

		if (th->model != HG_MODEL_LAT)
			continue;
		ret = hg_lat_bins(th, a->first_us, a->width_us, a->n, ls->n < nlat ? &one :
				  &ls->bins[k]);
		if (ret)
			break;
		if (ls->n < nlat) {	/* all in one */
			for (j = 0; j <= a->n; j++)
				ls->bins[0].count[j] += one.count[j];
			ls->bins[0].total += one.total;
			hg_bins_free(&one);
			continue;
		}
		series_name(th, ls->names[k], sizeof(ls->names[k]));
		ls->s[k] = (struct hg_svg_series){
			.name = ls->names[k], .bins = &ls->bins[k],
			.median = h->count ? (double)hg_hist_percentile(h, 50) / 1000.0 : NAN,
			.p99 = h->count ? (double)hg_hist_percentile(h, 99) / 1000.0 : NAN,
		};
		k++;
	}
	return ret;
}

static void free_series(struct lat_series *ls)
{
	size_t k;

	for (k = 0; ls->bins && k < ls->n; k++)
		hg_bins_free(&ls->bins[k]);
	free(ls->bins);
	free(ls->s);
	free(ls->names);
}

int hg_lat_svg(FILE *f, const struct hg_trace *t, uint64_t max_us)
{
	const struct hg_trace_thread *th = NULL;
	char title[256], xlabel[96];
	struct lat_series ls = { 0 };
	struct lat_axis a;
	struct hg_svg_hist h;
	uint32_t i, n = 0;
	int ret;

	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].model == HG_MODEL_LAT && !n++)
			th = &t->threads[i];
	if (!n)
		return -EINVAL;
	ret = choose_axis(t, max_us, &a);
	if (!ret)
		ret = make_series(t, &a, &ls);
	if (ret) {
		free_series(&ls);
		return ret;
	}
	if (n == 1)
		snprintf(title, sizeof(title), "Wake-up lateness, thread %u: %s%s%s, %s",
			 th->id, th->workload, th->timer[0] ? " on " : "", th->timer,
			 th->priority);
	else
		snprintf(title, sizeof(title), "Wake-up lateness of %u LAT threads", n);
	snprintf(xlabel, sizeof(xlabel), "lateness (us), buckets of %" PRIu64 " us", a.width_us);
	h = (struct hg_svg_hist){
		.title = title, .subtitle = t->cmdline, .xlabel = xlabel, .ylabel = "samples",
		.unit = "us", .per_unit = 1, .log_counts = true, .series = ls.s,
		.nseries = ls.n,
	};
	ret = hg_svg_hist(f, &h);
	free_series(&ls);
	return ret;
}
