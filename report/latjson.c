// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * latjson.c - the LAT report of a trace as one JSON document (lat --json):
 * per LAT thread its samples, lateness statistics, counts over each
 * threshold and, with a histogram, its buckets and overflows
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis/stats/bins.h"
#include "analysis/stats/summary.h"
#include "report/json.h"
#include "report/text.h"
#include "trace/trace.h"

/* The histogram of cyclictest's -h: @nb buckets of 1 us, the overflows and where. */
static int histogram(struct hg_json *j, const struct hg_trace_thread *th, uint32_t nb)
{
	struct hg_bins b;
	uint64_t *cyc, n, k;
	uint32_t i;

	if (!nb) {
		hg_json_null(j, "histogram");
		return 0;
	}
	cyc = calloc(nb, sizeof(*cyc));
	if (!cyc || hg_lat_bins(th, 0, 1, nb, &b)) {
		free(cyc);
		return -ENOMEM;
	}
	n = hg_lat_overflow_cycles(th, nb, cyc, nb);
	hg_json_obj(j, "histogram");
	hg_json_u64(j, "bucket_us", 1);
	hg_json_row(j, "counts");
	for (i = 0; i < nb; i++)
		hg_json_u64(j, NULL, b.count[i]);
	hg_json_close(j);
	hg_json_u64(j, "overflows", b.count[nb]);
	hg_json_row(j, "overflow_cycles");
	for (k = 0; k < n && k < nb; k++)
		hg_json_u64(j, NULL, cyc[k]);
	hg_json_close(j);
	hg_json_close(j);
	hg_bins_free(&b);
	free(cyc);
	return 0;
}

static int thread(struct hg_json *j, const struct hg_trace *t, const struct hg_trace_thread *th,
		  uint32_t nb)
{
	const struct hg_hist *h = &th->stats.events;
	uint32_t i;

	hg_json_obj(j, NULL);
	hg_json_u64(j, "thread", th->id);
	hg_json_string(j, "workload", th->workload);
	hg_json_string(j, "priority", th->priority);
	hg_json_bool(j, "real_time", th->rt_prio != HG_NO_RT_PRIO ||
		     th->reserve != HG_RESERVE_NONE);
	if (th->timer[0])
		hg_json_string(j, "timer", th->timer);
	else
		hg_json_null(j, "timer");
	hg_json_u64(j, "timer_resolution_ns", th->timer_res_ns);
	hg_json_u64(j, "period_ns", th->period_ns);
	hg_json_u64(j, "samples", h->count);
	hg_json_u64(j, "samples_not_stored", th->stats.samples_dropped);
	if (h->count) {
		hg_json_u64(j, "min_ns", h->min);
		hg_json_u64(j, "median_ns", hg_hist_percentile(h, 50));
		hg_json_u64(j, "mean_ns", h->sum / h->count);
		hg_json_u64(j, "p99_ns", hg_hist_percentile(h, 99));
		hg_json_u64(j, "p999_ns", hg_hist_percentile(h, 99.9));
		hg_json_u64(j, "max_ns", h->max);
	} else {
		hg_json_null(j, "min_ns");
		hg_json_null(j, "median_ns");
		hg_json_null(j, "mean_ns");
		hg_json_null(j, "p99_ns");
		hg_json_null(j, "p999_ns");
		hg_json_null(j, "max_ns");
	}
	hg_json_arr(j, "later_than");
	for (i = 0; i < t->nthresholds; i++) {
		hg_json_row_obj(j, NULL);
		hg_json_u64(j, "threshold_ns", t->thresholds_ns[i]);
		hg_json_u64(j, "samples", th->stats.over[i]);
		hg_json_close(j);
	}
	hg_json_close(j);
	if (histogram(j, th, nb))
		return -ENOMEM;
	hg_json_close(j);
	return 0;
}

int hg_lat_json(FILE *f, const struct hg_trace *t, uint32_t nb)
{
	struct hg_json j;
	uint32_t i;
	int ret = 0;

	hg_json_begin(&j, f);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", HG_LAT_SCHEMA);
	hg_json_string(&j, "generator", "hourglass lat");
	hg_json_string(&j, "command", t->cmdline);
	hg_json_arr(&j, "threads");
	for (i = 0; !ret && i < t->nthreads; i++)
		if (t->threads[i].model == HG_MODEL_LAT)
			ret = thread(&j, t, &t->threads[i], nb);
	hg_json_close(&j);
	if (hg_json_end_doc(&j))
		return -EIO;
	return ret;
}
