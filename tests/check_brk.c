// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_brk.c - trace/brk.h: --break, the first event beyond the threshold
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "trace/brk.h"

static const struct {
	const char *list;
	int ret;
	unsigned int on;
	const char *bad;
} on_cases[] = {
	{ "gap", 0, HG_BREAK_GAP, "" },
	{ "lat", 0, HG_BREAK_LAT, "" },
	{ "miss", 0, HG_BREAK_MISS, "" },
	{ "miss,gap", 0, HG_BREAK_MISS | HG_BREAK_GAP, "" },
	{ "gap,lat,miss", 0, HG_BREAK_GAP | HG_BREAK_LAT | HG_BREAK_MISS, "" },
	{ "gap,gap", 0, HG_BREAK_GAP, "" },
	{ "", -EINVAL, 0, "" },
	{ "gap,", -EINVAL, 0, "" },
	{ "gaps", -EINVAL, 0, "gaps" },
	{ "lat,jitter", -EINVAL, 0, "jitter" },
	{ "GAP", -EINVAL, 0, "GAP" },
	{ ",gap", -EINVAL, 0, "" },
	{ "a-very-long-word-that-goes-on-and-on-and-on", -EINVAL, 0,
	  "a-very-long-word-that-goes-on-a" },
};

START_TEST(test_parse_on)
{
	unsigned int on = 99;
	char bad[64] = "x";
	int ret = hg_break_parse_on(on_cases[_i].list, &on, bad, sizeof(bad));

	ck_assert_int_eq(ret, on_cases[_i].ret);
	if (!ret)
		ck_assert_uint_eq(on, on_cases[_i].on);
	else
		ck_assert_str_eq(bad, on_cases[_i].bad);
}
END_TEST

static int wakes;

static void count_wake(void *arg)
{
	(void)arg;
	wakes++;
}

/* Read what was written into the pipe @fd, terminated. */
static void drain(int fd, char *buf, size_t len)
{
	ssize_t n = read(fd, buf, len - 1);

	buf[n > 0 ? n : 0] = '\0';
}

/*
 * The first trip notes what and where, writes the marker and "0" to
 * tracing_on, raises the stop flag and wakes the main thread once; the
 * next ones change nothing.
 */
START_TEST(test_trip_first_wins)
{
	struct hg_break b;
	atomic_int stop;
	int marker[2], on[2];
	char buf[256];

	ck_assert_int_eq(pipe2(marker, O_NONBLOCK), 0);
	ck_assert_int_eq(pipe2(on, O_NONBLOCK), 0);
	atomic_init(&stop, 0);
	hg_break_init(&b, &stop);
	ck_assert_int_eq(b.marker_fd, -1);
	b.on = HG_BREAK_GAP | HG_BREAK_LAT;
	b.threshold_ns = 500;
	b.threshold_cycles = 1000;
	b.marker_fd = marker[1];
	b.tracing_on_fd = on[1];
	b.wake = count_wake;
	wakes = 0;
	ck_assert_int_eq(hg_break_trip(&b, HG_BREAK_LAT, 2, 1, 12345, 800), 0);
	ck_assert_int_eq(hg_break_trip(&b, HG_BREAK_GAP, 0, 0, 99999, 5000), -EALREADY);
	ck_assert_int_eq(atomic_load(&stop), 1);
	ck_assert_int_eq(wakes, 1);
	ck_assert_uint_eq(b.kind, HG_BREAK_LAT);
	ck_assert_uint_eq(b.thread, 2);
	ck_assert_uint_eq(b.cpu, 1);
	ck_assert_uint_eq(b.at_cycles, 12345);
	ck_assert_uint_eq(b.value, 800);
	ck_assert(!b.unmarked);
	drain(marker[0], buf, sizeof(buf));
	ck_assert_str_eq(buf, "hourglass: break: thread 2 lat 800 ns on CPU 1\n");
	drain(on[0], buf, sizeof(buf));
	ck_assert_str_eq(buf, "0");
	close(marker[0]);
	close(marker[1]);
	close(on[0]);
	close(on[1]);
}
END_TEST

/* A marker that cannot be written is noted, and the break still stops the run. */
START_TEST(test_trip_unwritable)
{
	struct hg_break b;
	atomic_int stop;
	int fd = open("/dev/null", O_RDONLY);

	ck_assert_int_ge(fd, 0);
	atomic_init(&stop, 0);
	hg_break_init(&b, &stop);
	b.on = HG_BREAK_MISS;
	b.marker_fd = fd;
	ck_assert_int_eq(hg_break_trip(&b, HG_BREAK_MISS, 0, 0, 1, 2), 0);
	ck_assert(b.unmarked);
	ck_assert_int_eq(atomic_load(&stop), 1);
	close(fd);
}
END_TEST

/* hg_break_gap: only a gap longer than the threshold, only when gaps are chosen. */
START_TEST(test_gap_check)
{
	struct hg_break b;
	atomic_int stop;

	atomic_init(&stop, 0);
	hg_break_init(&b, &stop);
	b.threshold_cycles = 1000;
	b.on = HG_BREAK_LAT;
	hg_break_gap(&b, 0, 0, 1, 5000);
	ck_assert_int_eq(atomic_load(&b.fired), 0);
	b.on = HG_BREAK_GAP;
	hg_break_gap(&b, 0, 0, 1, 1000);		/* not beyond */
	ck_assert_int_eq(atomic_load(&b.fired), 0);
	hg_break_gap(NULL, 0, 0, 1, 5000);		/* no --break */
	hg_break_gap(&b, 3, 1, 777, 1001);
	ck_assert_int_eq(atomic_load(&b.fired), 1);
	ck_assert_uint_eq(b.thread, 3);
	ck_assert_uint_eq(b.value, 1001);
	ck_assert_uint_eq(b.at_cycles, 777);
	ck_assert_int_eq(atomic_load(&stop), 1);
}
END_TEST

/*
 * continue: no event stops the run or writes to tracefs; each is counted
 * and kept; only while the main thread is armed is one handed over (and
 * the main thread woken), once.
 */
START_TEST(test_trip_continue)
{
	struct hg_worst *w = hg_worst_alloc(3, 2);
	struct hg_break b;
	atomic_int stop;
	int marker[2];
	char buf[64];

	ck_assert_ptr_nonnull(w);
	ck_assert_int_eq(pipe2(marker, O_NONBLOCK), 0);
	atomic_init(&stop, 0);
	hg_break_init(&b, &stop);
	b.on = HG_BREAK_GAP | HG_BREAK_LAT;
	b.marker_fd = marker[1];
	b.tsc_hz = 2000000000;		/* 2 cycles a ns */
	b.worst = w;
	b.nworst = 3;
	b.wake = count_wake;
	wakes = 0;
	ck_assert_int_eq(hg_break_trip(&b, HG_BREAK_LAT, 1, 0, 100, 800), -EALREADY);
	atomic_store(&b.armed, 1);
	ck_assert_int_eq(hg_break_trip(&b, HG_BREAK_GAP, 0, 1, 200, 5000), 0);
	ck_assert_int_eq(hg_break_trip(&b, HG_BREAK_LAT, 2, 1, 300, 900), -EALREADY);
	ck_assert_int_eq(atomic_load(&stop), 0);
	ck_assert_int_eq(wakes, 1);
	ck_assert_int_eq(atomic_load(&b.pending_ready), 1);
	ck_assert_int_eq(atomic_load(&b.armed), 0);
	ck_assert_uint_eq(b.pending.kind, HG_BREAK_GAP);
	ck_assert_uint_eq(b.pending.value_ns, 2500);	/* 5000 cycles */
	ck_assert_uint_eq(b.pending.at_cycles, 200);
	ck_assert_uint_eq(w[0].count, 1);	/* each in its thread's table */
	ck_assert_uint_eq(w[1].count, 1);
	ck_assert_uint_eq(w[2].count, 1);
	ck_assert_uint_eq(w[2].ev[0].value_ns, 900);
	ck_assert_int_eq(atomic_load(&b.fired), 0);
	drain(marker[0], buf, sizeof(buf));
	ck_assert_str_eq(buf, "");
	hg_worst_free(w, 3);
	close(marker[0]);
	close(marker[1]);
}
END_TEST

START_TEST(test_kind_names)
{
	ck_assert_str_eq(hg_break_kind_name(HG_BREAK_GAP), "gap");
	ck_assert_str_eq(hg_break_kind_name(HG_BREAK_LAT), "lat");
	ck_assert_str_eq(hg_break_kind_name(HG_BREAK_MISS), "miss");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("brk");
	TCase *tc = tcase_create("break");

	tcase_add_loop_test(tc, test_parse_on, 0, sizeof(on_cases) / sizeof(on_cases[0]));
	tcase_add_test(tc, test_trip_first_wins);
	tcase_add_test(tc, test_trip_unwritable);
	tcase_add_test(tc, test_gap_check);
	tcase_add_test(tc, test_trip_continue);
	tcase_add_test(tc, test_kind_names);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
