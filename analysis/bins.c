// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * bins.c - a thread's lateness samples and gaps in fixed buckets
 */
#include "analysis/bins.h"
#include "trace/reccur.h"
#include "trace/timeval.h"

/* The lateness of LAT sample @r in us, or UINT64_MAX for another record. */
static uint64_t sample_us(const struct hg_record *r)
{
	return hg_event_type(r->flags) == HG_EV_LAT ? r->len_cycles / 1000 : UINT64_MAX;
}

int hg_lat_bins(const struct hg_trace_thread *th, uint64_t first_us, uint64_t width_us,
		size_t n, struct hg_bins *b)
{
	int ret;

	const struct hg_record *r;
	struct hg_reccur c;

	ret = hg_bins_linear(b, first_us, width_us, n);
	if (ret)
		return ret;
	hg_reccur_init(&c, th);
	while ((ret = hg_reccur_next(&c, &r)) > 0) {
		uint64_t us = sample_us(r);

		if (us != UINT64_MAX)
			hg_bins_add(b, us, 1);
	}
	hg_reccur_free(&c);
	return ret;
}

uint64_t hg_lat_overflow_cycles(const struct hg_trace_thread *th, uint64_t limit_us,
				uint64_t *cycles, size_t max)
{
	uint64_t cycle = 0, n = 0;
	const struct hg_record *r;
	struct hg_reccur c;

	hg_reccur_init(&c, th);
	while (hg_reccur_next(&c, &r) > 0) {
		uint64_t us = sample_us(r);

		if (us == UINT64_MAX)
			continue;
		if (us >= limit_us) {
			if (n < max)
				cycles[n] = cycle;
			n++;
		}
		cycle++;
	}
	hg_reccur_free(&c);
	return n;
}

void hg_for_each_lat_sample(const struct hg_trace *t, void (*fn)(void *arg, uint64_t ns),
			    void *arg)
{
	const struct hg_record *r;
	struct hg_reccur c;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		if (t->threads[i].model != HG_MODEL_LAT)
			continue;
		hg_reccur_init(&c, &t->threads[i]);
		while (hg_reccur_next(&c, &r) > 0)
			if (hg_event_type(r->flags) == HG_EV_LAT)
				fn(arg, r->len_cycles);
		hg_reccur_free(&c);
	}
}

struct lat_range {
	uint64_t lo, hi, n;
};

static void range_add(void *arg, uint64_t ns)
{
	struct lat_range *r = arg;
	uint64_t us = ns / 1000;

	r->n++;
	r->lo = us < r->lo ? us : r->lo;
	r->hi = us > r->hi ? us : r->hi;
}

uint64_t hg_lat_range_us(const struct hg_trace *t, uint64_t *min_us, uint64_t *max_us)
{
	struct lat_range r = { .lo = UINT64_MAX };

	hg_for_each_lat_sample(t, range_add, &r);
	if (r.n) {
		*min_us = r.lo;
		*max_us = r.hi;
	}
	return r.n;
}

int hg_gap_bins(const struct hg_trace *t, const struct hg_trace_thread *th,
		struct hg_bins *b)
{
	const struct hg_hist *h = &th->stats.gaps;
	unsigned int i;
	int ret;

	ret = hg_bins_log2(b, HG_GAP_OCTAVES);
	if (ret)
		return ret;
	for (i = 0; i < HG_HIST_BUCKETS; i++)
		if (h->bucket[i])
			hg_bins_add(b, hg_cycles_to_ns(hg_hist_bucket_low(i), t->calib.tsc_hz),
				    h->bucket[i]);
	return 0;
}
