// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_trial.c - hourglass/trial.h: a trial's command line, and signals
 * held across a series of trials (a signal between two trials ends the
 * next one at once instead of the process)
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "hourglass/trial.h"

START_TEST(test_words)
{
	struct hg_trial_args a;

	hg_trial_init(&a);
	ck_assert_int_eq(a.argc, 1);
	ck_assert_str_eq(a.argv[0], "hourglass");
	ck_assert_int_eq(hg_trial_add(&a, "-d"), 0);
	ck_assert_int_eq(hg_trial_add(&a, "%uus", 900u), 0);
	ck_assert_int_eq(a.argc, 3);
	ck_assert_str_eq(a.argv[2], "900us");
	ck_assert_ptr_null(a.argv[3]);
	while (!hg_trial_add(&a, "x"))
		;
	ck_assert_int_eq(a.argc, HG_TRIAL_WORDS - 1);	/* full, still NULL-terminated */
	ck_assert_ptr_null(a.argv[a.argc]);
}
END_TEST

/* Held, a signal waits; released, it is taken, not delivered, and the mask is back. */
START_TEST(test_hold_release)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	sigset_t held, now, pending;

	hg_trial_hold(&held);
	ck_assert_int_eq(raise(sigs[_i]), 0);
	ck_assert_int_eq(sigpending(&pending), 0);
	ck_assert(sigismember(&pending, sigs[_i]));
	hg_trial_release(&held);	/* the default action would end the test here */
	ck_assert_int_eq(sigpending(&pending), 0);
	ck_assert(!sigismember(&pending, sigs[_i]));
	ck_assert_int_eq(pthread_sigmask(SIG_SETMASK, NULL, &now), 0);
	ck_assert_int_eq(sigismember(&now, sigs[_i]), sigismember(&held, sigs[_i]));
}
END_TEST

/*
 * A signal that came between two trials ends the next trial at once: its
 * trace is flagged interrupted (a 60 s trial, so it cannot have ended by
 * itself), and the signal is spent, not left for the process.
 */
START_TEST(test_signal_between_trials)
{
	struct hg_trial_args a;
	struct hg_trace *t = NULL;
	sigset_t held, pending;
	char err[512];

	hg_trial_init(&a);
	ck_assert_int_eq(hg_trial_add(&a, "-n") || hg_trial_add(&a, "1") ||
			 hg_trial_add(&a, "-d") || hg_trial_add(&a, "60s") ||
			 hg_trial_add(&a, "-e") || hg_trial_add(&a, "1000") ||
			 hg_trial_add(&a, "-w") || hg_trial_add(&a, "CPU_YIELD") ||
			 hg_trial_add(&a, "100us") || hg_trial_add(&a, "-x") ||
			 hg_trial_add(&a, "-q"), 0);
	hg_trial_hold(&held);
	ck_assert_int_eq(raise(SIGINT), 0);
	ck_assert_msg(hg_trial_run(&a, &t, err, sizeof(err)) == 0, "%s", err);
	ck_assert_ptr_nonnull(t);
	ck_assert(t->flags & HG_TRACE_INTERRUPTED);
	ck_assert_int_eq(t->signal, SIGINT);
	ck_assert_int_eq(sigpending(&pending), 0);
	ck_assert(!sigismember(&pending, SIGINT));
	hg_trace_free(t);
	hg_trial_release(&held);
}
END_TEST

static Suite *trial_suite(void)
{
	Suite *s = suite_create("trial");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_words);
	tcase_add_loop_test(tc, test_hold_release, 0, 3);
	tcase_add_test(tc, test_signal_between_trials);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(trial_suite());
}
