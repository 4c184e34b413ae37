// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_calib.c - trace/calib.h: frequency and threshold arithmetic, and the
 * structure (never the values) of a real calibration
 */
#include <errno.h>
#include <string.h>

#include "helpers.h"
#include "trace/calib.h"
#include "util/timeval.h"

#define NS 1000000000ULL

START_TEST(test_hz)
{
	static const struct {
		uint64_t tsc0, ns0, tsc1, ns1, want;
	} cases[] = {
		{ 0, 0, NS, NS, NS },
		{ 1000, 5000, 1000 + 3 * NS, 5000 + NS, 3 * NS },
		{ 0, 0, 2, 3, 666666667 },		/* 666666666.67: rounded up */
		{ 0, 0, 1, 3, 333333333 },		/* 333333333.33: rounded down */
		{ 0, 0, 1, 2 * NS, 1 },			/* 0.5 rounds up */
		{ 0, 0, 1, 2 * NS + 1, 0 },		/* just under 0.5 */
		{ 0, 0, 2400000, 1000000, 2400000000ULL },
		/* an hour at 3 GHz far up the counter: the product needs 74 bits */
		{ 1ULL << 62, 1ULL << 50, (1ULL << 62) + 3600 * 3 * NS,
		  (1ULL << 50) + 3600 * NS, 3 * NS },
		{ 0, 5, 100, 5, 0 },			/* ns1 == ns0 */
		{ 0, 6, 100, 5, 0 },			/* ns1 < ns0 */
		{ 100, 0, 100, NS, 0 },			/* the counter did not move */
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t got = hg_calib_hz(cases[i].tsc0, cases[i].ns0, cases[i].tsc1,
					   cases[i].ns1);

		ck_assert_msg(got == cases[i].want, "case %u: got %llu, want %llu", i,
			      (unsigned long long)got, (unsigned long long)cases[i].want);
	}
}
END_TEST

START_TEST(test_ppm)
{
	static const struct {
		uint64_t a, b;
		uint32_t want;
	} cases[] = {
		{ 0, 0, 0 },
		{ 5, 5, 0 },
		{ 1000000, 999000, 1000 },
		{ 999000, 1000000, 1000 },	/* symmetric */
		{ 1000000, 998999, 1001 },
		{ 3, 2, 333333 },		/* truncated */
		{ 7, 0, 1000000 },
		{ 0, 7, 1000000 },
		{ 3000000000ULL, 3003000000ULL, 999 },	/* of the larger, not 1000 */
		{ UINT64_MAX, UINT64_MAX - 1, 0 },
		{ UINT64_MAX, UINT64_MAX / 2, 500000 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ck_assert_msg(hg_calib_ppm(cases[i].a, cases[i].b) == cases[i].want,
			      "case %u: got %u, want %u", i,
			      hg_calib_ppm(cases[i].a, cases[i].b), cases[i].want);
}
END_TEST

START_TEST(test_threshold)
{
	static const struct {
		uint32_t loop_mcycles, p999;
		uint64_t want;
	} cases[] = {
		/* twice the loop, rounded up to an eighth of its power of two */
		{ 0, 0, 2 },			/* at least 2 */
		{ 1, 0, 2 },			/* 0.001 cycles: rounded up to 1 */
		{ 1000, 0, 2 },
		{ 1001, 0, 4 },
		{ 25500, 0, 52 },		/* 25.5 -> 26 -> 52: a multiple of 32/8 */
		{ 25000, 0, 52 },		/* 50 -> 52 */
		{ 25500, 30, 60 },		/* the p99.9 iteration is longer */
		{ 25500, 26, 52 },
		{ 25500, 25, 52 },		/* the mean is longer */
		{ 53000, 0, 112 },		/* 106 -> 112, a multiple of 64/8 */
		{ 0, 57, 120 },			/* 114 -> 120 */
		{ 0, 1, 2 },
		{ 0, 7, 14 },			/* 14: steps of 8/8 */
		{ UINT32_MAX, 0, 9437184 },	/* 8589936 -> 9 * 2^23/8 */
		{ 0, UINT32_MAX, 1ULL << 33 },	/* 2^33 - 2 -> 16 * 2^32/8 */
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t got = hg_calib_threshold(cases[i].loop_mcycles, cases[i].p999);

		ck_assert_msg(got == cases[i].want, "case %u (%u, %u): got %llu, want %llu",
			      i, cases[i].loop_mcycles, cases[i].p999,
			      (unsigned long long)got, (unsigned long long)cases[i].want);
	}
}
END_TEST

START_TEST(test_invariant)
{
	int ret = hg_calib_invariant();

	ck_assert_msg(ret == 0 || ret == 1, "hg_calib_invariant() = %d", ret);
	ck_assert_int_eq(hg_calib_invariant(), ret);
}
END_TEST

/*
 * The counter's step from made-up readings: a counter finer than a read
 * (every reading differs) has a step of one tick, whatever the reads cost;
 * one slower than a read moves in its smallest difference.
 */
START_TEST(test_step)
{
	/* a TSC: 20 to 40 ticks a read, never twice the same value */
	static const uint64_t tsc[] = { 1000, 1024, 1046, 1070, 1091, 1130 };
	/* a 54 MHz generic timer read every 7 ns: 0.4 ticks a read */
	static const uint64_t pi[] = { 500, 500, 500, 501, 501, 502, 502, 502, 503 };
	/* emulated: a microsecond clock scaled to 62.5 MHz, 62 or 63 ticks a step */
	static const uint64_t qemu[] = { 6250, 6250, 6312, 6312, 6312, 6375, 6437, 6437 };
	/* a 1 GHz counter that moves by 20 at 50 MHz (scaled, as FEAT_ECV allows) */
	static const uint64_t ecv[] = { 40, 40, 60, 60, 100, 100, 120 };
	/* one that stands still, and one that went back in between */
	static const uint64_t still[] = { 7, 7, 7, 7 };
	static const uint64_t back[] = { 900, 900, 100, 100, 103, 103 };

	ck_assert_uint_eq(hg_calib_step(tsc, 6), 1);
	ck_assert_uint_eq(hg_calib_step(pi, 9), 1);
	ck_assert_uint_eq(hg_calib_step(qemu, 8), 62);
	ck_assert_uint_eq(hg_calib_step(ecv, 7), 20);
	ck_assert_uint_eq(hg_calib_step(still, 4), 0);
	ck_assert_uint_eq(hg_calib_step(back, 6), 3);
	ck_assert_uint_eq(hg_calib_step(tsc, 1), 1);
}
END_TEST

/*
 * A coarse counter: the loop runs several times per tick, so twice the
 * loop time rounds to a tick or none; the threshold is two steps at least,
 * derived or given. A fine counter keeps what it had.
 */
START_TEST(test_coarse_threshold)
{
	struct hg_calib pi = {
		.tsc_hz = 54000000,		/* 18.5 ns a tick */
		.gap_loop_mcycles = 400,	/* 0.4 ticks an iteration */
		.bare_loop_mcycles = 300,
		.iter_p999_cycles = 1,
		.step_cycles = 1,
	};
	struct hg_calib emu = {
		.tsc_hz = 62500000,		/* 16 ns a tick, a step of 1 us */
		.gap_loop_mcycles = 6260,
		.iter_p999_cycles = 63,
		.step_cycles = 62,
	};
	struct hg_calib tsc = {
		.tsc_hz = 3000000000ULL,
		.gap_loop_mcycles = 26000,
		.iter_p999_cycles = 30,
		.step_cycles = 1,
	};

	ck_assert(hg_calib_coarse(&pi));
	ck_assert(hg_calib_coarse(&emu));
	ck_assert(!hg_calib_coarse(&tsc));
	ck_assert_uint_eq(hg_calib_min_threshold(0), 2);
	ck_assert_uint_eq(hg_calib_min_threshold(62), 124);

	/* the default: 1 us, 54 ticks; the hiccup floor 2 x max(ceil(0.4), 1) = 2 ticks */
	ck_assert_uint_eq(hg_calib_gap_threshold(&pi, 0), 54);
	ck_assert_uint_eq(hg_calib_hiccup_floor(&pi, 0), 2);
	/* given 10 ns: 0.54 ticks rounds to 1 (a tick is no gap): raised to 2 */
	ck_assert_uint_eq(hg_calib_gap_threshold(&pi, 10), 2);
	/* given 1 us: 54 ticks, kept */
	ck_assert_uint_eq(hg_calib_gap_threshold(&pi, 1000), 54);
	/* 1 us is 63 ticks, under two steps: 124; twice the loop (128) no higher */
	ck_assert_uint_eq(hg_calib_gap_threshold(&emu, 0), 124);
	ck_assert_uint_eq(hg_calib_hiccup_floor(&emu, 0), 124);
	/* given 100 ns: 6 ticks, less than one step: two steps, 124; the floor no higher */
	ck_assert_uint_eq(hg_calib_gap_threshold(&emu, 100), 124);
	ck_assert_uint_eq(hg_calib_hiccup_floor(&emu, 100), 124);
	/* a fine counter: the default 1 us, 3000 cycles; the floor twice the loop, 60 */
	ck_assert_uint_eq(hg_calib_gap_threshold(&tsc, 0), 3000);
	ck_assert_uint_eq(hg_calib_hiccup_floor(&tsc, 0), 60);
	/* given 0.1 ns rounds to no tick: one; the floor is then the threshold */
	ck_assert_uint_eq(hg_calib_gap_threshold(&tsc, 1), 3);
	ck_assert_uint_eq(hg_calib_hiccup_floor(&tsc, 1), 3);
	/* given 500 ns: 1500 cycles, over the floor */
	ck_assert_uint_eq(hg_calib_hiccup_floor(&tsc, 500), 60);
	tsc.tsc_hz = 1000000000ULL;
	ck_assert_uint_eq(hg_calib_gap_threshold(&tsc, 0), 1000);
	ck_assert_uint_eq(hg_calib_hiccup_floor(&tsc, 0), 60);
	/* a loop slower than 1 us, but reads that are not: 1 us, the floor under it */
	tsc.gap_loop_mcycles = 900000;
	ck_assert_uint_eq(hg_calib_gap_threshold(&tsc, 0), 1000);
	ck_assert_uint_eq(hg_calib_hiccup_floor(&tsc, 0), 1000);
	/* reads of 900 cycles: twice that (1800, rounded up to a multiple of 128), no hiccups */
	tsc.counter_read_cycles = 900;
	ck_assert_uint_eq(hg_calib_gap_threshold(&tsc, 0), 1920);
	ck_assert_uint_eq(hg_calib_hiccup_floor(&tsc, 0), 1920);
}
END_TEST

/* What every successful calibration has, whatever the machine. */
static void assert_calib(const struct hg_calib *c)
{
	ck_assert_uint_gt(c->tsc_hz, 0);
	ck_assert_uint_ge(c->rounds, 2);
	ck_assert_uint_le(c->agree_ppm, HG_CALIB_AGREE_PPM);
	ck_assert_uint_gt(c->gap_loop_mcycles, 0);
	ck_assert_uint_gt(c->bare_loop_mcycles, 0);
	ck_assert_uint_ge(c->gap_threshold_cycles, 1);
	ck_assert_uint_eq(c->gap_threshold_ns, hg_cycles_to_ns(c->gap_threshold_cycles,
							       c->tsc_hz));
	ck_assert_int_eq(c->invariant, hg_calib_invariant() == 1);
}

START_TEST(test_calibrate_derived)
{
	struct hg_calib c;

	ck_assert_int_eq(hg_calibrate(&c, 0), 0);
	assert_calib(&c);
	ck_assert(!c.threshold_given);
	ck_assert_uint_eq(c.gap_threshold_cycles, hg_calib_gap_threshold(&c, 0));
	/* 1 us at least; the floor under it */
	ck_assert_uint_ge(c.gap_threshold_cycles, hg_ns_to_cycles(HG_GAP_DEFAULT_NS, c.tsc_hz));
	ck_assert_uint_eq(c.hiccup_cycles, hg_calib_hiccup_floor(&c, 0));
	ck_assert_uint_le(c.hiccup_cycles, c.gap_threshold_cycles);
	ck_assert_uint_ge(c.gap_threshold_cycles, 2);
	ck_assert_uint_ge(c.step_cycles, 1);
	ck_assert_uint_ge(c.gap_threshold_cycles, hg_calib_min_threshold(c.step_cycles));
}
END_TEST

START_TEST(test_calibrate_given)
{
	struct hg_calib c;
	uint64_t want;

	ck_assert_int_eq(hg_calibrate(&c, 1000), 0);
	assert_calib(&c);
	ck_assert(c.threshold_given);
	/* 1 us at the measured frequency, rounded to the nearest cycle */
	want = (c.tsc_hz + 500000) / 1000000;
	if (!want)
		want = 1;
	/* a coarse counter (emulated, or slower than the loop): two steps at least */
	if (hg_calib_coarse(&c) && want < hg_calib_min_threshold(c.step_cycles))
		want = hg_calib_min_threshold(c.step_cycles);
	ck_assert_uint_eq(c.gap_threshold_cycles, want);
	ck_assert_uint_eq(c.gap_threshold_cycles, hg_calib_gap_threshold(&c, 1000));
	ck_assert_uint_le(c.hiccup_cycles, c.gap_threshold_cycles);
	if (c.tsc_hz >= 100000000 && !hg_calib_coarse(&c))	/* a cycle is 10 ns or less */
		ck_assert_uint_le(c.gap_threshold_ns > 1000 ? c.gap_threshold_ns - 1000 :
				  1000 - c.gap_threshold_ns, 10);
}
END_TEST

/*
 * A made-up counter for hg_calib_frequency_by(): the frequency it shows over
 * each sleep, in turn (the last one repeated), and the sleeps asked for.
 */
struct fake_counter {
	const uint64_t *hz;
	size_t n, next;
	uint64_t slept_ns;
};

static uint64_t fake_estimate(void *arg, uint64_t window_ns)
{
	struct fake_counter *f = arg;
	uint64_t hz = f->hz[f->next < f->n ? f->next : f->n - 1];

	f->next++;
	f->slept_ns += window_ns;
	return hz;
}

START_TEST(test_frequency_still)
{
	/* a counter that never advances: said as such, not as disagreement */
	static const uint64_t zero[] = { 0 };
	struct fake_counter f = { zero, 1, 0, 0 };
	struct hg_calib c;

	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(hg_calib_frequency_by(&c, fake_estimate, &f), -ENODATA);
	ck_assert_uint_eq(f.next, 12);
	ck_assert_uint_eq(f.slept_ns, HG_CALIB_FREQ_MAX_NS);
	ck_assert_uint_eq(c.tsc_hz, 0);
}
END_TEST

START_TEST(test_frequency_irregular)
{
	/* one that moves in bursts (slow, then fast): it ends, bounded in time */
	static const uint64_t jumpy[] = { 62500000, 0, 31000000, 0, 125000000, 1000, 0,
					  62500000, 0, 62000000, 0, 3 };
	static const uint64_t settles[] = { 0, 0, 54000000, 54000020 };
	struct fake_counter f = { jumpy, 12, 0, 0 };
	struct hg_calib c;

	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(hg_calib_frequency_by(&c, fake_estimate, &f), -EIO);
	ck_assert_uint_eq(f.next, 12);
	ck_assert_uint_le(f.slept_ns, HG_CALIB_FREQ_MAX_NS);
	/* still at first, then steady: its frequency, from the last estimate */
	f = (struct fake_counter){ settles, 4, 0, 0 };
	ck_assert_int_eq(hg_calib_frequency_by(&c, fake_estimate, &f), 0);
	ck_assert_uint_eq(c.tsc_hz, 54000020);
	ck_assert_uint_eq(c.rounds, 4);
	ck_assert_uint_eq(f.slept_ns, 5000000 + 10000000 + 20000000 + 40000000);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("calib");
	TCase *tc = tcase_create("arithmetic");

	tcase_add_test(tc, test_hz);
	tcase_add_test(tc, test_ppm);
	tcase_add_test(tc, test_threshold);
	tcase_add_test(tc, test_invariant);
	tcase_add_test(tc, test_step);
	tcase_add_test(tc, test_coarse_threshold);
	tcase_add_test(tc, test_frequency_still);
	tcase_add_test(tc, test_frequency_irregular);
	suite_add_tcase(s, tc);

	tc = tcase_create("calibrate");
	tcase_set_timeout(tc, 120);	/* the frequency needs up to a few seconds */
	tcase_add_test(tc, test_calibrate_derived);
	tcase_add_test(tc, test_calibrate_given);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
