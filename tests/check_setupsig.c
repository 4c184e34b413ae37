// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_setupsig.c - SIGINT, SIGTERM and SIGHUP while a run is set up: noted
 * and handed to the run, left alone when the caller holds them, and a
 * set-up that never finishes ended by the grace time or a second signal
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "helpers.h"
#include "run/run.h"
#include "run/setupsig.h"

/* The mask hg_run() sets: its signals blocked; the caller's in *old. */
static void block_run_signals(sigset_t *old)
{
	sigset_t set;

	hg_run_signals(&set);
	ck_assert_int_eq(pthread_sigmask(SIG_BLOCK, &set, old), 0);
}

static bool pending(int sig)
{
	sigset_t p;

	sigpending(&p);
	return sigismember(&p, sig) == 1;
}

START_TEST(test_noted_and_handed_on)
{
	struct hg_setup_signals s;
	struct sigaction before, now;
	sigset_t old;

	sigaction(SIGTERM, NULL, &before);
	block_run_signals(&old);
	ck_assert_int_eq(hg_setup_signals_open(&s, &old, 60), 0);
	/* delivered to the handler: the process goes on, the set-up too */
	ck_assert_int_eq(raise(SIGTERM), 0);
	ck_assert(!pending(SIGTERM));
	ck_assert_int_eq(hg_setup_signals_close(&s), SIGTERM);
	/* pending again, for the run's sigtimedwait() */
	ck_assert(pending(SIGTERM));
	ck_assert_int_eq(hg_run_take_signals(), SIGTERM);
	ck_assert_int_eq(hg_setup_signals_close(&s), 0);	/* twice: nothing */
	sigaction(SIGTERM, NULL, &now);
	ck_assert(now.sa_handler == before.sa_handler);	/* the caller's again */
	ck_assert_int_eq(alarm(0), 0);		/* no grace timer left armed */
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}
END_TEST

START_TEST(test_none_came)
{
	struct hg_setup_signals s;
	sigset_t old;

	block_run_signals(&old);
	ck_assert_int_eq(hg_setup_signals_open(&s, &old, 60), 0);
	ck_assert_int_eq(hg_setup_signals_close(&s), 0);
	ck_assert(!pending(SIGINT) && !pending(SIGTERM) && !pending(SIGHUP));
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}
END_TEST

START_TEST(test_caller_holds_them)
{
	struct hg_setup_signals s;
	sigset_t held, old;

	hg_run_signals(&held);
	pthread_sigmask(SIG_BLOCK, &held, &old);	/* a series of trials */
	block_run_signals(&held);
	ck_assert_int_eq(hg_setup_signals_open(&s, &held, 60), 0);
	ck_assert_int_eq(raise(SIGINT), 0);
	ck_assert(pending(SIGINT));	/* stays blocked, for the caller */
	ck_assert_int_eq(hg_setup_signals_close(&s), 0);
	ck_assert_int_eq(hg_run_take_signals(), SIGINT);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}
END_TEST

START_TEST(test_callers_alarm_kept)
{
	struct hg_setup_signals s;
	sigset_t old;
	unsigned int left;

	block_run_signals(&old);
	alarm(1000);
	ck_assert_int_eq(hg_setup_signals_open(&s, &old, 60), 0);
	ck_assert_int_eq(hg_setup_signals_close(&s), 0);
	left = alarm(0);
	ck_assert_uint_gt(left, 900);
	ck_assert_uint_le(left, 1000);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}
END_TEST

/*
 * A child whose set-up never finishes (it spins, as a loop on a counter that
 * never gets there would, or a library call that never returns) gets
 * @first, and @second (0: none). Returns its wait status; its standard
 * error in @msg. The child is killed after 120 s, which fails the test.
 */
static int stuck_setup(int first, int second, unsigned int grace_s, char *msg, size_t len)
{
	int fd[2], status = 0, n = 0;
	ssize_t got;
	pid_t pid;

	ck_assert_int_eq(pipe(fd), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		struct hg_setup_signals s;
		volatile unsigned long spin = 0;
		sigset_t old;
		sigset_t set;

		dup2(fd[1], STDERR_FILENO);
		close(fd[0]);
		hg_run_signals(&set);
		pthread_sigmask(SIG_BLOCK, &set, &old);
		if (hg_setup_signals_open(&s, &old, grace_s))
			_exit(100);
		kill(getpid(), first);
		if (second)
			kill(getpid(), second);
		for (;;)
			spin++;
	}
	close(fd[1]);
	while (waitpid(pid, &status, WNOHANG) == 0 && n < 1200) {
		struct timespec ts = { 0, 100000000 };

		nanosleep(&ts, NULL);
		n++;
	}
	if (n >= 1200) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
		close(fd[0]);
		ck_abort_msg("a set-up that never finished was not ended within 120 s");
	}
	got = read(fd[0], msg, len - 1);
	msg[got > 0 ? got : 0] = '\0';
	close(fd[0]);
	return status;
}

START_TEST(test_grace_ends_a_stuck_setup)
{
	char msg[512];
	int st = stuck_setup(SIGTERM, 0, 1, msg, sizeof(msg));

	ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "wait status %#x", st);
	ck_assert_str_eq(msg, "hourglass: the run's set-up (calibration, memory, threads) "
			 "did not finish in time after SIGTERM: ended without a run\n");
}
END_TEST

START_TEST(test_second_signal_ends_at_once)
{
	char msg[512];
	/* a grace of an hour: only the second signal can end it within the test */
	int st = stuck_setup(SIGINT, SIGINT, 3600, msg, sizeof(msg));

	ck_assert_msg(WIFSIGNALED(st) && WTERMSIG(st) == SIGINT, "wait status %#x", st);
	ck_assert_str_eq(msg, "hourglass: SIGINT again while the run was set up: "
			 "ended without a run\n");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("setupsig");
	TCase *tc = tcase_create("setupsig");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_noted_and_handed_on);
	tcase_add_test(tc, test_none_came);
	tcase_add_test(tc, test_caller_holds_them);
	tcase_add_test(tc, test_callers_alarm_kept);
	tcase_add_test(tc, test_grace_ends_a_stuck_setup);
	tcase_add_test(tc, test_second_signal_ends_at_once);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
