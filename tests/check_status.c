// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_status.c - hourglass/status.h: the live status line, from numbers
 *
 * Every expected line is written out by hand from the numbers given.
 */
#include <string.h>

#include "helpers.h"
#include "run/status.h"
#include "trace/trace.h"

#define S	1000000000ULL
#define MS	1000000ULL
#define US	1000ULL

static const struct {
	uint64_t ns;
	const char *want;
} clocks[] = {
	{ 0, "0s" }, { 999999999, "0s" }, { 12 * S, "12s" }, { 59 * S, "59s" },
	{ 60 * S, "1m00s" }, { 245 * S, "4m05s" }, { 3599 * S, "59m59s" },
	{ 3600 * S, "1h00m00s" }, { 7445 * S, "2h04m05s" }, { 100 * 3600 * S, "100h00m00s" },
};

START_TEST(test_clock)
{
	char buf[32];

	ck_assert_str_eq(hg_status_clock(clocks[_i].ns, buf, sizeof(buf)), clocks[_i].want);
}
END_TEST

/* A CPU-bound thread: 985 ms of 1 s is 98.5 %; 120 gaps in 1 s, 120 gaps/s. */
static const struct hg_status_thread spin = {
	.model = HG_MODEL_SPIN, .window_ns = S, .received_ns = 985 * MS, .gaps = 120,
};
/* LAT: 3 samples with a mean of 12.3 us in the second; 45.1 us the latest of the run */
static const struct hg_status_thread lat = {
	.model = HG_MODEL_LAT, .window_ns = S, .lat_ns = 12300, .lat_samples = 3,
	.lat_max_ns = 45100,
};
static const struct hg_status_thread jobs = {
	.model = HG_MODEL_PERIODIC, .window_ns = S, .hits = 1200, .misses = 3,
};

START_TEST(test_line_models)
{
	struct hg_status_thread th[3] = { spin, lat, jobs };
	char buf[256];
	size_t n = hg_status_format(buf, sizeof(buf), 200, 12 * S, 60 * S, th, 3);

	ck_assert_str_eq(buf, "12s/1m00s  0: 98.5% 120 gaps/s  1: lat 12.3us max 45.1us"
			 "  2: 1200 hit 3 miss");
	ck_assert_uint_eq(n, strlen(buf));
}
END_TEST

START_TEST(test_line_forever)
{
	char buf[256];

	hg_status_format(buf, sizeof(buf), 200, 12 * S, 0, &jobs, 1);
	ck_assert_str_eq(buf, "12s/forever  0: 1200 hit 3 miss");
}
END_TEST

/* No sample in the second: no current lateness; lateness in its units. */
static const struct {
	uint64_t cur, n, max;
	const char *want;
} lats[] = {
	{ 0, 0, 45100, "0s/forever  0: lat - max 45.1us" },
	{ 850, 1, 999, "0s/forever  0: lat 850ns max 999ns" },
	{ 4560 * US, 2, 12 * MS, "0s/forever  0: lat 4.56ms max 12.00ms" },
	{ 1200 * MS, 1, 1200 * MS, "0s/forever  0: lat 1.20s max 1.20s" },
};

START_TEST(test_line_lat_units)
{
	struct hg_status_thread t = lat;
	char buf[256];

	t.lat_ns = lats[_i].cur;
	t.lat_samples = lats[_i].n;
	t.lat_max_ns = lats[_i].max;
	hg_status_format(buf, sizeof(buf), 200, 0, 0, &t, 1);
	ck_assert_str_eq(buf, lats[_i].want);
}
END_TEST

/* A thread that has not started (-s) has no window yet. */
START_TEST(test_line_no_window)
{
	struct hg_status_thread t = spin;
	char buf[256];

	t.window_ns = 0;
	hg_status_format(buf, sizeof(buf), 200, 3 * S, 10 * S, &t, 1);
	ck_assert_str_eq(buf, "3s/10s  0: -");
}
END_TEST

/*
 * Too narrow for all: "12s/1m00s" (9) + "  0: 98.5% 120 gaps/s" (21) = 30;
 * with "  +2 more" (9) 39 fits in 40, the next part (36 more) does not.
 */
START_TEST(test_line_narrow)
{
	struct hg_status_thread th[3] = { spin, lat, jobs };
	char buf[256];
	size_t n = hg_status_format(buf, sizeof(buf), 40, 12 * S, 60 * S, th, 3);

	ck_assert_str_eq(buf, "12s/1m00s  0: 98.5% 120 gaps/s  +2 more");
	ck_assert_uint_eq(n, 39);
	/* narrower than the clock: the clock, cut */
	n = hg_status_format(buf, sizeof(buf), 5, 12 * S, 60 * S, th, 3);
	ck_assert_str_eq(buf, "12s/1");
	ck_assert_uint_eq(n, 5);
}
END_TEST

/* The last part may use the room "+N more" would have needed. */
START_TEST(test_line_last_fits)
{
	struct hg_status_thread th[2] = { spin, jobs };
	char buf[256];

	/* 9 + 21 + "  1: 1200 hit 3 miss" (20) = 50 */
	hg_status_format(buf, sizeof(buf), 50, 12 * S, 60 * S, th, 2);
	ck_assert_str_eq(buf, "12s/1m00s  0: 98.5% 120 gaps/s  1: 1200 hit 3 miss");
	hg_status_format(buf, sizeof(buf), 49, 12 * S, 60 * S, th, 2);
	ck_assert_str_eq(buf, "12s/1m00s  0: 98.5% 120 gaps/s  +1 more");
}
END_TEST

/* The buffer limits the line too (to 11 here): whole parts only, terminated. */
START_TEST(test_line_small_buffer)
{
	struct hg_status_thread th[1] = { spin };
	char buf[12];
	size_t n = hg_status_format(buf, sizeof(buf), 200, 12 * S, 60 * S, th, 1);

	ck_assert_uint_eq(n, 9);
	ck_assert_str_eq(buf, "12s/1m00s");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("status");
	TCase *tc = tcase_create("line");

	tcase_add_loop_test(tc, test_clock, 0, sizeof(clocks) / sizeof(clocks[0]));
	tcase_add_test(tc, test_line_models);
	tcase_add_test(tc, test_line_forever);
	tcase_add_loop_test(tc, test_line_lat_units, 0, sizeof(lats) / sizeof(lats[0]));
	tcase_add_test(tc, test_line_no_window);
	tcase_add_test(tc, test_line_narrow);
	tcase_add_test(tc, test_line_last_fits);
	tcase_add_test(tc, test_line_small_buffer);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
