// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_ctx_hist.c - analysis/gaps/ctx.h: the histogram of switch costs,
 * its buckets given (width, last edge, cycles) and chosen (1-2-5 widths
 * from the spread of the costs), and that of a synthetic trace
 */
#include "ctxtest.h"

/* -------------------------------------------------------------- histogram */

/*
 * A report of switch costs only, which is all hg_ctx_histogram() reads;
 * ctx_bars() frees it.
 */
static void report_of(struct hg_ctx_report *r, uint64_t *v, size_t n, uint64_t hz)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < n; i++)
		ck_assert_int_eq(hg_vcount_add(&r->switches, v[i]), 0);
	ck_assert_int_eq(hg_vcount_sort(&r->switches), 0);
	r->nswitches = n;
	r->tsc_hz = hz;
}

/* A bucket as the text prints it: [lo, hi) us, hi infinite for the open one. */
struct bar {
	double lo, hi;
	uint64_t count;
};

/* The switches' buckets as bars: then the open one when it holds any; @r freed. */
static int ctx_bars(struct hg_ctx_report *r, uint64_t bucket_ns, uint64_t max_ns,
		    struct bar **bars, size_t *n)
{
	struct hg_bins b;
	size_t i;
	int ret;

	ret = hg_ctx_histogram(r, -1, bucket_ns, max_ns, &b);
	hg_ctx_free(r);
	if (ret) {
		hg_bins_free(&b);
		return ret;
	}
	*bars = calloc(b.n + 1, sizeof(**bars));
	ck_assert_ptr_nonnull(*bars);
	for (i = 0; i <= b.n; i++)
		(*bars)[i] = (struct bar){
			.lo = (double)hg_bins_low(&b, i) / 1000,
			.hi = i < b.n ? (double)hg_bins_end(&b, i) / 1000 : INFINITY,
			.count = b.count[i],
		};
	*n = b.count[b.n] ? b.n + 1 : b.n;
	hg_bins_free(&b);
	return 0;
}

struct hist_case {
	const char *name;
	uint64_t hz;
	uint64_t v[8];		/* switch costs in cycles, sorted */
	size_t nv;
	uint64_t bucket_ns, max_ns;
	size_t nbars;
	uint64_t counts[8];	/* of the first bars (all if nbars <= 8) */
	int open;		/* the last bar is the open one */
};

static const struct hist_case hist_cases[] = {
	{ "bucket 20 max 45", 1000000000, { 10, 30, 40, 50 }, 4, 20, 45,
	  3, { 1, 1, 2 }, 0 },
	{ "bucket 10 max 25", 1000000000, { 10, 30, 40, 50 }, 4, 10, 25,
	  4, { 0, 1, 0, 3 }, 1 },
	/* no max: up to the 99th percentile (50) */
	{ "bucket 10", 1000000000, { 10, 30, 40, 50 }, 4, 10, 0,
	  6, { 0, 1, 0, 1, 1, 1 }, 0 },
	/* no bucket: max / 50 = 20, and max is the last bucket's end */
	{ "max 1000", 1000000000, { 10, 30, 40, 50 }, 4, 0, 1000,
	  50, { 1, 1, 2, 0 }, 0 },
	/* 2 GHz: bucket edges at 20 and 40 cycles */
	{ "2 GHz", 2000000000, { 19, 20, 21, 39, 40 }, 5, 10, 15,
	  3, { 1, 3, 1 }, 1 },
	{ "no switches", 1000000000, { 0 }, 0, 10, 35, 4, { 0, 0, 0, 0 }, 0 },
	{ "all beyond", 1000000000, { 100, 200 }, 2, 10, 15, 3, { 0, 0, 2 }, 1 },
};

START_TEST(test_histogram_given)
{
	const struct hist_case *hc = &hist_cases[_i];
	uint64_t v[8], bucket;
	struct hg_ctx_report r;
	struct bar *bars;
	size_t n, i;

	memcpy(v, hc->v, sizeof(v));
	report_of(&r, v, hc->nv, hc->hz);
	ck_assert_int_eq(ctx_bars(&r, hc->bucket_ns, hc->max_ns, &bars, &n), 0);
	ck_assert_msg(n == hc->nbars, "%s: %zu bars, want %zu", hc->name, n, hc->nbars);
	bucket = hc->bucket_ns ? hc->bucket_ns : hc->max_ns / 50;
	for (i = 0; i < n; i++) {
		if (i < N(hc->counts))
			ck_assert_msg(bars[i].count == hc->counts[i],
				      "%s: bar %zu: %llu, want %llu", hc->name, i,
				      (unsigned long long)bars[i].count,
				      (unsigned long long)hc->counts[i]);
		ck_assert_double_eq_tol(bars[i].lo, (double)(i * bucket) / 1000, 1e-12);
		if (hc->open && i + 1 == n)
			ck_assert(isinf(bars[i].hi));
		else
			ck_assert_double_eq_tol(bars[i].hi, (double)((i + 1) * bucket) / 1000,
						1e-12);
	}
	free(bars);
}
END_TEST

/*
 * "--max <time>: end of the last bucket (more is counted in one)": with
 * buckets of 10 ns up to 30 ns, 35 ns is more than the maximum and must be
 * in the open bucket [0.030, inf), not in a bucket [0.030, 0.040).
 */
START_TEST(test_histogram_max_is_last_edge)
{
	uint64_t v[] = { 5, 15, 25, 35 };
	struct hg_ctx_report r;
	struct bar *bars;
	size_t n;

	report_of(&r, v, N(v), 1000000000);
	ck_assert_int_eq(ctx_bars(&r, 10, 30, &bars, &n), 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_double_eq_tol(bars[2].hi, 0.030, 1e-12);
	ck_assert_double_eq_tol(bars[3].lo, 0.030, 1e-12);
	ck_assert_msg(isinf(bars[3].hi), "last bucket [%g, %g) us is not open", bars[3].lo,
		      bars[3].hi);
	ck_assert_uint_eq(bars[3].count, 1);
	free(bars);
}
END_TEST

/*
 * At a counter frequency that is not a whole number of GHz, a bucket holds
 * the costs from its lower edge converted to cycles (hg_ns_to_cycles) up to
 * its upper edge converted the same way: every cost from 0 to 3000 cycles,
 * one bucket at a time, at 3 GHz, 2.995 GHz, 1.5 MHz and 1 MHz.
 */
START_TEST(test_histogram_cycle_edges)
{
	static const uint64_t hzs[] = { 3000000000, 2995000000, 1500000, 1000000 };
	uint64_t hz = hzs[_i], *v, bucket_ns = hz >= 1000000000 ? 7 : 7000, c;
	struct hg_ctx_report r;
	struct bar *bars;
	size_t n, nv = 3000, i;

	v = malloc(nv * sizeof(*v));
	ck_assert_ptr_nonnull(v);
	for (c = 0; c < nv; c++) {
		v[0] = c;
		report_of(&r, v, 1, hz);
		ck_assert_int_eq(ctx_bars(&r, bucket_ns, 1000 * bucket_ns, &bars, &n), 0);
		for (i = 0; i < n && !bars[i].count; i++)
			;
		ck_assert_uint_lt(i, n);
		ck_assert_msg(hg_ns_to_cycles(i * bucket_ns, hz) <= c &&
			      c < hg_ns_to_cycles((i + 1) * bucket_ns, hz),
			      "%llu cycles at %llu Hz in bucket %zu", (unsigned long long)c,
			      (unsigned long long)hz, i);
		free(bars);
	}
	free(v);
}
END_TEST

static int is_125(uint64_t x)
{
	while (x >= 10 && x % 10 == 0)
		x /= 10;
	return x == 1 || x == 2 || x == 5;
}

/*
 * Automatic buckets: a 1-2-5 width, the first bar at 0, contiguous bars,
 * and every switch in exactly the bar its value falls in.
 */
static void check_auto(uint64_t *v, size_t nv, uint64_t want_bucket, size_t want_bars,
		       uint64_t want_open)
{
	struct hg_ctx_report r;
	struct bar *bars;
	uint64_t bucket, total = 0, *expect;
	size_t n, i;

	report_of(&r, v, nv, 1000000000);
	ck_assert_int_eq(ctx_bars(&r, 0, 0, &bars, &n), 0);
	ck_assert_uint_ge(n, 1);
	bucket = (uint64_t)llround(bars[0].hi * 1000);
	ck_assert_msg(is_125(bucket), "bucket %llu ns", (unsigned long long)bucket);
	ck_assert_uint_eq(bucket, want_bucket);
	ck_assert_uint_eq(n, want_bars);
	expect = calloc(n, sizeof(*expect));
	ck_assert_ptr_nonnull(expect);
	for (i = 0; i < nv; i++) {
		size_t k = (size_t)(v[i] / bucket);

		ck_assert_msg(k < n || isinf(bars[n - 1].hi), "%llu ns has no bar",
			      (unsigned long long)v[i]);
		expect[k < n ? k : n - 1]++;
	}
	for (i = 0; i < n; i++) {
		ck_assert_double_eq_tol(bars[i].lo, (double)(i * bucket) / 1000, 1e-12);
		if (i + 1 < n || !isinf(bars[i].hi))
			ck_assert_double_eq_tol(bars[i].hi, (double)((i + 1) * bucket) / 1000,
						1e-12);
		ck_assert_uint_eq(bars[i].count, expect[i]);
		total += bars[i].count;
	}
	ck_assert_uint_eq(total, nv);
	ck_assert_uint_eq(isinf(bars[n - 1].hi) ? bars[n - 1].count : 0, want_open);
	free(expect);
	free(bars);
}

/* 1..1000 ns: p99 = 990, 990 / 50 -> 20 ns, 50 bars up to 1000, 1000 beyond. */
START_TEST(test_histogram_auto_uniform)
{
	uint64_t v[1000];
	size_t i;

	for (i = 0; i < N(v); i++)
		v[i] = i + 1;
	check_auto(v, N(v), 20, 51, 1);
}
END_TEST

/* 60 of 10 ns, 40 of 10 us: 20 medians (200 ns) < p99: 5 ns, 40 overflow. */
START_TEST(test_histogram_auto_medians)
{
	uint64_t v[100];
	size_t i;

	for (i = 0; i < N(v); i++)
		v[i] = i < 60 ? 10 : 10000;
	check_auto(v, N(v), 5, 42, 40);
}
END_TEST

/* One switch of x ns: the width is the 1-2-5 step at or above x / 50. */
static const uint64_t auto_steps[][2] = {
	{ 1, 1 }, { 10, 1 }, { 50, 1 }, { 51, 1 }, { 100, 2 }, { 150, 5 }, { 250, 5 },
	{ 300, 10 }, { 1000, 20 }, { 5000, 100 }, { 7000, 200 }, { 20000, 500 },
	{ 1000000, 20000 }, { 3000000000ULL, 100000000 },
};

START_TEST(test_histogram_auto_step)
{
	uint64_t v[1] = { auto_steps[_i][0] };

	check_auto(v, 1, auto_steps[_i][1], (size_t)(v[0] / auto_steps[_i][1] + 1), 0);
}
END_TEST

START_TEST(test_histogram_auto_empty)
{
	struct hg_ctx_report r;
	struct bar *bars;
	size_t n, i;

	report_of(&r, NULL, 0, 1000000000);
	ck_assert_int_eq(ctx_bars(&r, 0, 0, &bars, &n), 0);
	ck_assert_uint_ge(n, 1);
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(bars[i].count, 0);
	free(bars);
}
END_TEST

/* The histogram of the analysed trace counts its switches once each. */
START_TEST(test_histogram_of_trace)
{
	struct hg_trace *t = ctx_trace();
	struct hg_ctx_report r;

	uint64_t *sw;

	analyse(t, &r);
	sw = switch_list(&r);
	check_auto(sw, r.nswitches, 1, 51, 0);
	free(sw);
	hg_ctx_free(&r);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("ctx_hist");
	TCase *tc;

	tc = tcase_create("histogram");
	tcase_add_loop_test(tc, test_histogram_given, 0, (int)N(hist_cases));
	tcase_add_test(tc, test_histogram_max_is_last_edge);
	tcase_add_loop_test(tc, test_histogram_cycle_edges, 0, 4);
	tcase_add_test(tc, test_histogram_auto_uniform);
	tcase_add_test(tc, test_histogram_auto_medians);
	tcase_add_loop_test(tc, test_histogram_auto_step, 0, (int)N(auto_steps));
	tcase_add_test(tc, test_histogram_auto_empty);
	tcase_add_test(tc, test_histogram_of_trace);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
