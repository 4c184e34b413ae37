// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_models_lat.c - LAT's accounting of wake-ups in the fake world of
 * modeltest.h: each wake-up's lateness in the histogram and against the
 * thresholds. Nothing is timed, so every number below is exact.
 */
#include "modeltest.h"

/* ---------------------------------------------------------------- LAT */

#define MAX_SAMPLES 16

/*
 * LAT T=1us from S0 to S0 + end, sleep i woken late[i] late, counting
 * samples over 5 ns, 100 ns and 1 us
 */
static const uint64_t lat_thresholds[] = { 5, 100, 1000 };

static const struct lat_case {
	const char *what;
	uint64_t end;
	uint64_t late[MAX_SAMPLES];
	bool grid;			/* LAT T GRID */
	unsigned int stop_in_sleep;
	int sleep_err_at;		/* sleep (n - 1) fails with -EINTR; 0: none */
	/* expected */
	int ret;
	unsigned int sleeps;
	uint64_t asked[MAX_SAMPLES];	/* each sleep's requested wake-up, from S0 */
	unsigned int nsamples;		/* the first nsamples sleeps give a sample */
	uint64_t over[3];
} lat_cases[] = {
	{
		.what = "each request is the last wake-up + T",
		.end = 10500,
		.late = { 0, 5, 120, 0, 2000, 30, 0, 0 },
		.sleeps = 8,
		.asked = { 1000, 2000, 3005, 4125, 5125, 8125, 9155, 10155 },
		.nsamples = 8,
		.over = { 3, 2, 1 },	/* 5 is not over 5 */
	}, {
		/*
		 * the same wake-ups on the grid S0 + k*T: the one 2 us late
		 * (asked 5000, woke 7000) skips 6000, already past; 7000 is
		 * not, and is asked for (as cyclictest does)
		 */
		.what = "GRID: each request on S0 + k*T, the points past skipped",
		.end = 10500,
		.late = { 0, 5, 120, 0, 2000, 30, 0, 0, 0 },
		.grid = true,
		.sleeps = 9,
		.asked = { 1000, 2000, 3000, 4000, 5000, 7000, 8000, 9000, 10000 },
		.nsamples = 9,
		.over = { 3, 2, 1 },
	}, {
		.what = "GRID: a late wake-up between two points waits for the next",
		.end = 5000,
		.late = { 1500 },
		.grid = true,
		.sleeps = 4,
		.asked = { 1000, 3000, 4000, 5000 },	/* woke at 2500: 2000 is past */
		.nsamples = 4,
		.over = { 1, 1, 1 },
	}, {
		.what = "a request on the end: sampled, then the end",
		.end = 3000,
		.sleeps = 3,
		.asked = { 1000, 2000, 3000 },
		.nsamples = 3,
	}, {
		.what = "the last wake-up late past the end: sampled",
		.end = 3500,
		.late = { [2] = 900 },
		.sleeps = 3,
		.asked = { 1000, 2000, 3000 },
		.nsamples = 3,
		.over = { 1, 1, 0 },
	}, {
		.what = "a signal in sleep 2: no sample of it",
		.end = 10000,
		.late = { 7, 7 },
		.stop_in_sleep = 3,
		.sleeps = 3,
		.asked = { 1000, 2007, 3014 },
		.nsamples = 2,
		.over = { 2, 0, 0 },
	}, {
		.what = "the first request after the end: no sleep",
		.end = 999,
		.sleeps = 0,
		.nsamples = 0,
	}, {
		.what = "a failed sleep ends the run with its error",
		.end = 10000,
		.late = { 200 },
		.sleep_err_at = 2,
		.ret = -EINTR,
		.sleeps = 2,
		.asked = { 1000, 2200 },
		.nsamples = 1,
		.over = { 1, 1, 0 },
	},
};

START_TEST(test_lat)
{
	const struct lat_case *lc = &lat_cases[_i];
	struct fake *f = fake_new(lc->end);
	uint64_t late[MAX_SAMPLES];
	unsigned int i;

	f->p.period_ns = 1000;
	f->p.grid = lc->grid;
	f->ctx.thresholds_ns = lat_thresholds;
	f->ctx.nthresholds = ARRAY_SIZE(lat_thresholds);
	memcpy(f->late, lc->late, sizeof(lc->late));
	f->stop_in_sleep = lc->stop_in_sleep;
	if (lc->sleep_err_at)
		f->sleep_err[lc->sleep_err_at - 1] = -EINTR;
	ck_assert_int_eq(run_model(f, "LAT"), lc->ret);

	ck_assert_msg(f->nsleep == lc->sleeps, "%s: %u sleeps, want %u", lc->what, f->nsleep,
		      lc->sleeps);
	for (i = 0; i < lc->sleeps; i++)
		ck_assert_msg(f->asked[i] == lc->asked[i], "%s: sleep %u until %llu, want %llu",
			      lc->what, i, (unsigned long long)f->asked[i],
			      (unsigned long long)lc->asked[i]);
	/* one sample per sleep that woke: at the time asked, its lateness */
	ck_assert_msg(f->nevents == lc->nsamples, "%s: %u samples, want %u", lc->what,
		      f->nevents, lc->nsamples);
	for (i = 0; i < lc->nsamples; i++) {
		struct fake_event want = { HG_EV_LAT, lc->asked[i], lc->late[i], 0 };

		assert_event(f, i, &want);
		late[i] = lc->late[i];
	}
	assert_hist_holds(&f->st.events, late, lc->nsamples);
	for (i = 0; i < HG_MAX_THRESHOLDS; i++)
		ck_assert_msg(f->st.over[i] == (i < 3 ? lc->over[i] : 0),
			      "%s: over[%u] = %llu, want %llu", lc->what, i,
			      (unsigned long long)f->st.over[i],
			      (unsigned long long)(i < 3 ? lc->over[i] : 0));
	/* LAT counts no deadlines, no units, no intervals */
	ck_assert_uint_eq(f->st.hits, 0);
	ck_assert_uint_eq(f->st.misses, 0);
	ck_assert_uint_eq(f->st.units, 0);
	ck_assert_uint_eq(f->st.intervals, 0);
	ck_assert_uint_eq(f->nreceive, 0);
	free(f);
}
END_TEST

/* every threshold a run may count, each sample against each */
START_TEST(test_lat_all_thresholds)
{
	uint64_t th[HG_MAX_THRESHOLDS];
	/* 17 sleeps of 1 us, late by 100 ns .. 1.6 us and then 5 us: the last ends the run */
	struct fake *f = fake_new(17 * 1000 + 16 * 17 * 100 / 2 + 5000);
	unsigned int i;

	for (i = 0; i < HG_MAX_THRESHOLDS; i++)
		th[i] = 100 * (i + 1);			/* 100 ns .. 1.6 us */
	for (i = 0; i < 16; i++)
		f->late[i] = 100 * (i + 1);		/* each on a threshold */
	f->late[16] = 5000;				/* over them all */
	f->p.period_ns = 1000;
	f->ctx.thresholds_ns = th;
	f->ctx.nthresholds = HG_MAX_THRESHOLDS;
	ck_assert_int_eq(run_model(f, "LAT"), 0);
	ck_assert_uint_eq(f->nevents, 17);
	/* threshold i is passed by samples i+1 .. 15 and the last one */
	for (i = 0; i < HG_MAX_THRESHOLDS; i++)
		ck_assert_msg(f->st.over[i] == HG_MAX_THRESHOLDS - i,
			      "over[%u] = %llu, want %u", i, (unsigned long long)f->st.over[i],
			      HG_MAX_THRESHOLDS - i);
	free(f);
}
END_TEST

/* no thresholds: nothing counted over them, the histogram all the same */
START_TEST(test_lat_no_thresholds)
{
	struct fake *f = fake_new(10500);
	static const uint64_t late[] = { 0, 5, 120, 0, 2000, 30, 0, 0 };
	unsigned int i;

	memcpy(f->late, late, sizeof(late));
	f->p.period_ns = 1000;
	ck_assert_int_eq(run_model(f, "LAT"), 0);
	for (i = 0; i < HG_MAX_THRESHOLDS; i++)
		ck_assert_uint_eq(f->st.over[i], 0);
	assert_hist_holds(&f->st.events, late, ARRAY_SIZE(late));
	ck_assert_uint_eq(f->st.events.bucket[0], 4);
	ck_assert_uint_eq(f->st.events.bucket[hg_hist_index(2000)], 1);
	free(f);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("models_lat");
	TCase *tc;

	tc = tcase_create("lat");
	tcase_add_loop_test(tc, test_lat, 0, ARRAY_SIZE(lat_cases));
	tcase_add_test(tc, test_lat_all_thresholds);
	tcase_add_test(tc, test_lat_no_thresholds);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
