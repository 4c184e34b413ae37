// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_bins.c - analysis/stats/bins.h: a LAT thread's lateness in linear us
 * buckets, the range of every LAT thread's samples, a thread's gaps in
 * power-of-two ns buckets
 *
 * The first part, a trace with LAT threads, is shared with check_latsvg.c,
 * which includes this file with CHECK_BINS_HELPERS_ONLY defined.
 */
#include <stdio.h>
#include <stdlib.h>

#include "helpers.h"
#include "analysis/stats/bins.h"
#include "trace/record.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Lateness of thread 1's samples (ns), and of thread 2's. */
static const uint64_t late1[] = { 0, 999, 1000, 2500, 9999, 10000, 250000 };
static const uint64_t late2[] = { 4000, 4999, 7000 };

static void put_samples(struct hg_trace_thread *th, const uint64_t *ns, size_t n)
{
	size_t k;

	/* the run's statistics, as the LAT model keeps them */
	hg_hist_init(&th->stats.events);
	for (k = 0; k < n; k++)
		hg_hist_add(&th->stats.events, ns[k]);
	/* a job event and an interval between the samples are not samples */
	th->recs = calloc(2 * n + 1, sizeof(*th->recs));
	ck_assert_ptr_nonnull(th->recs);
	for (k = 0; k < n; k++) {
		th->recs[th->stored++] = (struct hg_record){
			.start_cycles = 1000 * k, .len_cycles = (uint32_t)ns[k],
			.flags = hg_event_flags(HG_EV_LAT, 0) };
		th->recs[th->stored++] = (struct hg_record){
			.start_cycles = 1000 * k + 1, .len_cycles = 5000000 };
	}
	th->recs[th->stored++] = (struct hg_record){
		.len_cycles = 5000000, .flags = hg_event_flags(HG_EV_JOB, 0) };
}

/* A CPU thread 0, then LAT threads 1 and 2; 2 GHz. */
static struct hg_trace *lat_trace(void)
{
	struct hg_trace *t = hg_trace_alloc(3);
	uint32_t i;

	ck_assert_ptr_nonnull(t);
	t->calib.tsc_hz = 2000000000;
	for (i = 0; i < 3; i++) {
		t->threads[i].id = i;
		snprintf(t->threads[i].workload, sizeof(t->threads[i].workload), i ? "LAT 1ms" :
			 "CPU");
		t->threads[i].model = i ? HG_MODEL_LAT : HG_MODEL_SPIN;
		hg_hist_init(&t->threads[i].stats.gaps);
	}
	put_samples(&t->threads[1], late1, N(late1));
	put_samples(&t->threads[2], late2, N(late2));
	return t;
}

#ifndef CHECK_BINS_HELPERS_ONLY

START_TEST(test_lat_bins_us)
{
	struct hg_trace *t = lat_trace();
	struct hg_bins b;

	/* cyclictest -h: buckets of 1 us from 0, here 10 of them */
	ck_assert_int_eq(hg_lat_bins(&t->threads[1], 0, 1, 10, &b), 0);
	ck_assert_uint_eq(b.count[0], 2);	/* 0 and 999 ns */
	ck_assert_uint_eq(b.count[1], 1);	/* 1000 */
	ck_assert_uint_eq(b.count[2], 1);	/* 2500 */
	ck_assert_uint_eq(b.count[9], 1);	/* 9999 */
	ck_assert_uint_eq(b.count[10], 2);	/* overflow: 10 us and 250 us */
	ck_assert_uint_eq(b.total, N(late1));
	hg_bins_free(&b);

	/* two buckets of 2 us from 4 us: 4-5, 6-7, then 8 and more */
	ck_assert_int_eq(hg_lat_bins(&t->threads[2], 4, 2, 2, &b), 0);
	ck_assert_uint_eq(b.under, 0);
	ck_assert_uint_eq(b.count[0], 2);	/* 4000, 4999 */
	ck_assert_uint_eq(b.count[1], 1);	/* 7000 */
	ck_assert_uint_eq(b.count[2], 0);
	hg_bins_free(&b);
	ck_assert_int_eq(hg_lat_bins(&t->threads[1], 5, 1, 3, &b), 0);
	ck_assert_uint_eq(b.under, 4);		/* 0, 999, 1000, 2500 */
	hg_bins_free(&b);
	hg_trace_free(t);
}
END_TEST

/*
 * cyclictest -h's "Histogram Overflow at cycle number": thread 1's samples
 * are numbered 0..6 (the interval and job records between them are no
 * samples); of 10 us or more are 10000 ns (number 5) and 250000 ns (6)
 */
START_TEST(test_lat_overflow_cycles)
{
	struct hg_trace *t = lat_trace();
	uint64_t cyc[4] = { 77, 77, 77, 77 };

	ck_assert_uint_eq(hg_lat_overflow_cycles(&t->threads[1], 10, cyc, 4), 2);
	ck_assert_uint_eq(cyc[0], 5);
	ck_assert_uint_eq(cyc[1], 6);
	ck_assert_uint_eq(cyc[2], 77);
	/* of 1 us or more: numbers 2 to 6, the first two kept */
	ck_assert_uint_eq(hg_lat_overflow_cycles(&t->threads[1], 1, cyc, 2), 5);
	ck_assert_uint_eq(cyc[0], 2);
	ck_assert_uint_eq(cyc[1], 3);
	ck_assert_uint_eq(cyc[2], 77);
	/* none: 4000, 4999 and 7000 ns are under 8 us */
	ck_assert_uint_eq(hg_lat_overflow_cycles(&t->threads[2], 8, cyc, 4), 0);
	ck_assert_uint_eq(hg_lat_overflow_cycles(&t->threads[0], 0, cyc, 4), 0);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_lat_range)
{
	struct hg_trace *t = lat_trace();
	uint64_t lo = 77, hi = 77;

	ck_assert_uint_eq(hg_lat_range_us(t, &lo, &hi), N(late1) + N(late2));
	ck_assert_uint_eq(lo, 0);
	ck_assert_uint_eq(hi, 250);
	t->threads[1].model = HG_MODEL_SPIN;	/* thread 2 alone */
	ck_assert_uint_eq(hg_lat_range_us(t, &lo, &hi), N(late2));
	ck_assert_uint_eq(lo, 4);
	ck_assert_uint_eq(hi, 7);
	t->threads[2].model = HG_MODEL_SPIN;	/* none: left alone */
	lo = hi = 77;
	ck_assert_uint_eq(hg_lat_range_us(t, &lo, &hi), 0);
	ck_assert_uint_eq(lo, 77);
	ck_assert_uint_eq(hi, 77);
	hg_trace_free(t);
}
END_TEST

/*
 * Gaps of 3, 4 and twice 2000 cycles at 2 GHz. Each streaming bucket goes
 * by its lowest value: 3 cycles is 1.5 ns, rounded to 2, and 4 cycles 2 ns,
 * both in the octave 2-3 ns; 2000 cycles lies in the bucket from 1984
 * cycles (992 ns), in the octave 512-1023 ns.
 */
START_TEST(test_gap_bins)
{
	struct hg_trace *t = lat_trace();
	struct hg_hist *h = &t->threads[0].stats.gaps;
	struct hg_bins b;
	size_t i;

	hg_hist_add(h, 3);
	hg_hist_add(h, 4);
	hg_hist_add(h, 2000);
	hg_hist_add(h, 2000);
	ck_assert_int_eq(hg_gap_bins(t, &t->threads[0], &b), 0);
	ck_assert_uint_eq(b.n, HG_GAP_OCTAVES);
	ck_assert_uint_eq(b.total, 4);
	for (i = 0; i <= b.n; i++)
		ck_assert_uint_eq(b.count[i], i == 1 ? 2 : i == 9 ? 2 : 0);
	ck_assert_uint_eq(hg_bins_low(&b, 9), 512);
	ck_assert_uint_eq(hg_bins_end(&b, 9), 1024);
	hg_bins_free(&b);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("bins");
	TCase *tc = tcase_create("lat");

	tcase_add_test(tc, test_lat_bins_us);
	tcase_add_test(tc, test_lat_range);
	tcase_add_test(tc, test_lat_overflow_cycles);
	suite_add_tcase(s, tc);
	tc = tcase_create("gaps");
	tcase_add_test(tc, test_gap_bins);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}

#endif /* CHECK_BINS_HELPERS_ONLY */
