// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_timers.c - timers/timer.h: the registry, the sources that refuse
 * (RTC without /dev/rtc, MM), and the sleep of every Linux source
 *
 * A sleep is only ever checked for not being early: hg_mono_ns() after it
 * is at or past the time asked for. How late it is is a benchmark's
 * business, never a test's.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "timers/timer.h"
#include "trace/calib.h"
#include "trace/counter.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define MS		1000000ULL
#define ERR_LEN		256
#define RTC_MISSING	"-i RTC: cannot use /dev/rtc: No such file or directory " \
			"(this machine has no RTC device; use HR)"
#define MM_WINDOWS	"-i MM: multimedia timers exist only on Windows (on Linux use HR)"

static const struct hg_timer *find(const char *name)
{
	char err[ERR_LEN] = "";
	const struct hg_timer *t = hg_timer_find(name, err, sizeof(err));

	ck_assert_msg(t != NULL, "%s: %s", name, err);
	return t;
}

/* A rough counter frequency, for SPIN (which is checked for never being early). */
static uint64_t counter_hz(void)
{
	struct timespec ts = { 0, 20 * MS };
	uint64_t c0 = hg_counter_read(), n0 = hg_mono_ns(), c1, n1;

	nanosleep(&ts, NULL);
	c1 = hg_counter_read();
	n1 = hg_mono_ns();
	return hg_calib_hz(c0, n0, c1, n1);
}

/* ------------------------------------------------------------ registry */

/* every source, in the order of the registry, and the words that find it */
static const struct {
	const char *name;
	const char *words[4];
} names[] = {
	{ "NATIVE", { "NATIVE", "native", "n", "Nat" } },
	{ "HR", { "HR", "hr", "h", "Hr" } },
	{ "TIMERFD", { "TIMERFD", "timerfd", "t", "TimerF" } },
	{ "POSIX", { "POSIX", "posix", "p", "pos" } },
	{ "SPIN", { "SPIN", "spin", "s", "sp" } },
	{ "RTC", { "RTC", "rtc", "r", "Rt" } },
	{ "MM", { "MM", "mm", "m", "Mm" } },
};

START_TEST(test_registry_order)
{
	size_t i;

	for (i = 0; hg_timers[i]; i++) {
		ck_assert_uint_lt(i, ARRAY_SIZE(names));
		ck_assert_str_eq(hg_timers[i]->name, names[i].name);
		ck_assert_ptr_nonnull(hg_timers[i]->help);
		ck_assert_msg(hg_timers[i]->help[0], "%s: no help", hg_timers[i]->name);
	}
	ck_assert_uint_eq(i, ARRAY_SIZE(names));
}
END_TEST

START_TEST(test_registry_find)
{
	size_t w;

	for (w = 0; w < ARRAY_SIZE(names[_i].words); w++) {
		char err[ERR_LEN] = "";
		const struct hg_timer *t = hg_timer_find(names[_i].words[w], err, sizeof(err));

		ck_assert_msg(t == hg_timers[_i], "'%s' found %s, want %s (%s)",
			      names[_i].words[w], t ? t->name : "nothing", names[_i].name, err);
	}
}
END_TEST

#define CHOICES "(choose from NATIVE, HR, TIMERFD, POSIX, SPIN, RTC, MM)"

static const struct {
	const char *word;
	const char *msg;
} unknown[] = {
	{ "X", "unknown timer 'X' " CHOICES },
	{ "", "unknown timer '' " CHOICES },
	{ "HRT", "unknown timer 'HRT' (did you mean HR?)" },
	{ "NATIVE2", "unknown timer 'NATIVE2' (did you mean NATIVE?)" },
	{ "TIMERFD_", "unknown timer 'TIMERFD_' (did you mean TIMERFD?)" },
};

START_TEST(test_registry_unknown)
{
	char err[ERR_LEN] = "";

	ck_assert_ptr_null(hg_timer_find(unknown[_i].word, err, sizeof(err)));
	ck_assert_str_eq(err, unknown[_i].msg);
	ck_assert_ptr_null(hg_timer_find(unknown[_i].word, NULL, 0));	/* no message wanted */
}
END_TEST

START_TEST(test_registry_default)
{
	size_t i, ndefault = 0;

	ck_assert_ptr_nonnull(hg_timer_default());
	ck_assert_str_eq(hg_timer_default()->name, "NATIVE");
	ck_assert_ptr_eq(hg_timer_default(), find("NATIVE"));
	for (i = 0; hg_timers[i]; i++)
		ndefault += hg_timers[i]->is_default;
	ck_assert_uint_eq(ndefault, 1);
	ck_assert(hg_timer_default()->is_default);
}
END_TEST

/* ------------------------------------------------- sources that refuse */

START_TEST(test_rtc_missing)
{
	const struct hg_timer *rtc = find("RTC");
	struct hg_timer_ctx t;
	char err[ERR_LEN] = "";

	if (!access("/dev/rtc", F_OK)) {
		printf("test_rtc_missing: skipped: this machine has /dev/rtc\n");
		return;
	}
	ck_assert_ptr_nonnull(rtc->check);
	ck_assert_int_eq(rtc->check(err, sizeof(err)), -ENOENT);
	ck_assert_str_eq(err, RTC_MISSING);

	err[0] = '\0';
	ck_assert_int_eq(hg_timer_open(&t, rtc, 0, MS, 1000000000ULL, err, sizeof(err)), -ENOENT);
	ck_assert_str_eq(err, RTC_MISSING);
	ck_assert_int_eq(t.fd, -1);
	hg_timer_close(&t);		/* a failed open may be closed */
	ck_assert_ptr_null(t.ops);
}
END_TEST

START_TEST(test_mm_windows_only)
{
	const struct hg_timer *mm = find("MM");
	char err[ERR_LEN] = "";

	ck_assert_ptr_nonnull(mm->check);
	ck_assert_int_eq(mm->check(err, sizeof(err)), -EOPNOTSUPP);
	ck_assert_str_eq(err, MM_WINDOWS);
	ck_assert(!mm->is_default);
}
END_TEST

/* --------------------------------------------------- the Linux sources */

static const char *const linux_timers[] = { "NATIVE", "HR", "TIMERFD", "POSIX", "SPIN" };

/* Open @name for the calling thread as thread @thread. */
static void open_timer(struct hg_timer_ctx *t, const char *name, unsigned int thread)
{
	const struct hg_timer *ops = find(name);
	char err[ERR_LEN] = "";

	if (ops->check)
		ck_assert_msg(ops->check(err, sizeof(err)) == 0, "%s: check: %s", name, err);
	ck_assert_msg(hg_timer_open(t, ops, thread, MS, counter_hz(), err, sizeof(err)) == 0,
		      "%s: open: %s", name, err);
	ck_assert_ptr_eq(t->ops, ops);
	ck_assert_ptr_nonnull(ops->sleep_until);
	ck_assert_ptr_nonnull(ops->resolution);
}

/* Sleep until @target; never return before it. */
static void assert_sleep(struct hg_timer_ctx *t, uint64_t target)
{
	uint64_t after;
	int ret = t->ops->sleep_until(t, target);

	after = hg_mono_ns();
	ck_assert_msg(ret == 0, "%s: sleep_until returned %d", t->ops->name, ret);
	ck_assert_msg(after >= target, "%s: woke %llu ns early", t->ops->name,
		      (unsigned long long)(target - after));
}

START_TEST(test_sleep_2ms)
{
	struct hg_timer_ctx t;

	open_timer(&t, linux_timers[_i], 0);
	assert_sleep(&t, hg_mono_ns() + 2 * MS);
	hg_timer_close(&t);
}
END_TEST

/* absolute times one after the other: each is waited for in turn */
START_TEST(test_sleep_series)
{
	struct hg_timer_ctx t;
	uint64_t base;
	int k;

	open_timer(&t, linux_timers[_i], 0);
	base = hg_mono_ns();
	for (k = 1; k <= 5; k++)
		assert_sleep(&t, base + (uint64_t)k * MS);
	hg_timer_close(&t);
}
END_TEST

/* a time already past returns at once with 0, and the next sleep still waits */
START_TEST(test_sleep_past)
{
	struct hg_timer_ctx t;
	uint64_t now;

	open_timer(&t, linux_timers[_i], 0);
	now = hg_mono_ns();
	ck_assert_int_eq(t.ops->sleep_until(&t, now - MS), 0);
	ck_assert_int_eq(t.ops->sleep_until(&t, now - 1), 0);
	ck_assert_int_eq(t.ops->sleep_until(&t, 1), 0);		/* just after boot */
	assert_sleep(&t, hg_mono_ns() + MS);
	hg_timer_close(&t);
}
END_TEST

/*
 * BUG (timers/tfd.c:23-37, tfd_sleep_until(): a CLOCK_MONOTONIC time of 0
 * gives timerfd_settime() a zero it_value, which disarms the timer, and
 * the read() that follows never returns): TIMERFD's sleep_until(0) hangs
 * (this test then fails on Check's timeout) where every other source
 * returns at once, as timer.h's contract "return at or after @mono_ns"
 * says for a time in the past.
 */
START_TEST(test_sleep_time_zero)
{
	struct hg_timer_ctx t;

	open_timer(&t, linux_timers[_i], 0);
	ck_assert_int_eq(t.ops->sleep_until(&t, 0), 0);
	hg_timer_close(&t);
}
END_TEST

START_TEST(test_resolution)
{
	struct hg_timer_ctx t;

	open_timer(&t, linux_timers[_i], 0);
	ck_assert_msg(t.ops->resolution(&t) > 0, "%s: resolution 0", t.ops->name);
	hg_timer_close(&t);
}
END_TEST

/* close undoes open: the file is closed, the POSIX timer deleted */
START_TEST(test_close)
{
	struct hg_timer_ctx t;
	int fd;

	open_timer(&t, linux_timers[_i], 0);
	fd = t.fd;
	if (!strcmp(linux_timers[_i], "TIMERFD"))
		ck_assert_int_ge(fd, 0);
	if (!strcmp(linux_timers[_i], "POSIX"))
		ck_assert_ptr_nonnull(t.timer);
	hg_timer_close(&t);
	ck_assert_ptr_null(t.ops);
	ck_assert_ptr_null(t.timer);
	if (fd >= 0) {
		ck_assert_int_eq(t.fd, -1);
		ck_assert_int_eq(fcntl(fd, F_GETFD), -1);
		ck_assert_int_eq(errno, EBADF);
	}
	hg_timer_close(&t);	/* twice is harmless */
	/* and it opens again */
	open_timer(&t, linux_timers[_i], 0);
	assert_sleep(&t, hg_mono_ns() + MS);
	hg_timer_close(&t);
}
END_TEST

/* ------------------------------------------- POSIX in two threads at once */

struct posix_thread {
	unsigned int thread;
	int signo;
	int opened;
	int early;		/* sleeps that returned before their target */
	int failed;		/* sleeps that returned an error */
	char err[ERR_LEN];
};

static void *posix_worker(void *arg)
{
	struct posix_thread *pt = arg;
	struct hg_timer_ctx t;
	uint64_t base;
	int k;

	if (hg_timer_open(&t, find("POSIX"), pt->thread, MS, 0, pt->err, sizeof(pt->err)))
		return NULL;
	pt->opened = 1;
	pt->signo = t.signo;
	base = hg_mono_ns();
	for (k = 1; k <= 10; k++) {
		uint64_t target = base + (uint64_t)k * MS;

		if (t.ops->sleep_until(&t, target))
			pt->failed++;
		else if (hg_mono_ns() < target)
			pt->early++;
	}
	hg_timer_close(&t);
	return NULL;
}

START_TEST(test_posix_two_threads)
{
	struct posix_thread pt[2] = { { .thread = 0 }, { .thread = 1 } };
	pthread_t tid[2];
	int i;

	for (i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_create(&tid[i], NULL, posix_worker, &pt[i]), 0);
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_join(tid[i], NULL), 0);
	for (i = 0; i < 2; i++) {
		ck_assert_msg(pt[i].opened, "thread %d: %s", i, pt[i].err);
		ck_assert_msg(!pt[i].failed, "thread %d: %d sleeps failed", i, pt[i].failed);
		ck_assert_msg(!pt[i].early, "thread %d: %d sleeps were early", i, pt[i].early);
		ck_assert_int_ge(pt[i].signo, SIGRTMIN);
		ck_assert_int_le(pt[i].signo, SIGRTMAX);
	}
	ck_assert_int_ne(pt[0].signo, pt[1].signo);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("timers");
	TCase *tc;

	tc = tcase_create("registry");
	tcase_add_test(tc, test_registry_order);
	tcase_add_loop_test(tc, test_registry_find, 0, ARRAY_SIZE(names));
	tcase_add_loop_test(tc, test_registry_unknown, 0, ARRAY_SIZE(unknown));
	tcase_add_test(tc, test_registry_default);
	suite_add_tcase(s, tc);

	tc = tcase_create("refused");
	tcase_add_test(tc, test_rtc_missing);
	tcase_add_test(tc, test_mm_windows_only);
	suite_add_tcase(s, tc);

	tc = tcase_create("sleep");
	tcase_add_loop_test(tc, test_sleep_2ms, 0, ARRAY_SIZE(linux_timers));
	tcase_add_loop_test(tc, test_sleep_series, 0, ARRAY_SIZE(linux_timers));
	tcase_add_loop_test(tc, test_sleep_past, 0, ARRAY_SIZE(linux_timers));
	tcase_add_loop_test(tc, test_sleep_time_zero, 0, ARRAY_SIZE(linux_timers));
	tcase_add_loop_test(tc, test_resolution, 0, ARRAY_SIZE(linux_timers));
	tcase_add_loop_test(tc, test_close, 0, ARRAY_SIZE(linux_timers));
	tcase_add_test(tc, test_posix_two_threads);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
