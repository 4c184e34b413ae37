// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setupsig.c - SIGINT, SIGTERM and SIGHUP while a run is set up
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "run/setupsig.h"
#include "trace/msg.h"

static const int setup_sigs[3] = { SIGINT, SIGTERM, SIGHUP };

/*
 * The set-up's stop flag: the signal that asked the run to end (0: none),
 * and the grace its alarm gives. Handlers can reach nothing else.
 */
static struct {
	volatile sig_atomic_t sig;
	unsigned int grace_s;
} setup_stop;

static const char *sig_name(int sig)
{
	return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
}

/* End the process by @sig, with its default action, as if never caught. */
static void die_by(int sig)
{
	struct sigaction dfl;
	sigset_t set;

	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigaction(sig, &dfl, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	kill(getpid(), sig);	/* unblocked here only: this thread takes it */
	_exit(128 + sig);
}

static void on_signal(int sig)
{
	if (setup_stop.sig) {
		hg_msg_sigsafe("hourglass: ");
		hg_msg_sigsafe(sig_name(sig));
		hg_msg_sigsafe(" again while the run was set up: ended without a run\n");
		die_by(sig);
	}
	setup_stop.sig = sig;
	alarm(setup_stop.grace_s);
}

static void on_alarm(int sig)
{
	int why = setup_stop.sig;

	(void)sig;
	if (!why)	/* not ours: the caller's alarm came while we held it */
		return;
	hg_msg_sigsafe("hourglass: the run's set-up (calibration, memory, threads) did not "
	    "finish in time after ");
	hg_msg_sigsafe(sig_name(why));
	hg_msg_sigsafe(": ended without a run\n");
	die_by(why);
}

int hg_setup_signals_open(struct hg_setup_signals *s, const sigset_t *held,
			  unsigned int grace_s)
{
	struct sigaction sa;
	sigset_t set, cur;
	unsigned int i;

	memset(s, 0, sizeof(*s));
	if (sigismember(held, SIGINT))
		return 0;	/* the caller keeps them: they stay blocked */
	pthread_sigmask(SIG_BLOCK, NULL, &cur);
	s->alarm_blocked = sigismember(&cur, SIGALRM) == 1;
	setup_stop.sig = 0;
	setup_stop.grace_s = grace_s ? grace_s : 1;
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < 3; i++)
		sigaddset(&sa.sa_mask, setup_sigs[i]);
	sigaddset(&sa.sa_mask, SIGALRM);
	sa.sa_flags = SA_RESTART;	/* the set-up's reads and waits go on */
	sa.sa_handler = on_alarm;
	if (sigaction(SIGALRM, &sa, &s->old_alarm))
		return -errno;
	s->old_alarm_left = alarm(0);
	sa.sa_handler = on_signal;
	for (i = 0; i < 3; i++)
		sigaction(setup_sigs[i], &sa, &s->old[i]);
	sigemptyset(&set);
	for (i = 0; i < 3; i++)
		sigaddset(&set, setup_sigs[i]);
	sigaddset(&set, SIGALRM);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	s->open = true;
	return 0;
}

int hg_setup_signals_close(struct hg_setup_signals *s)
{
	sigset_t set;
	unsigned int i;
	int sig;

	if (!s->open)
		return 0;
	sigemptyset(&set);
	for (i = 0; i < 3; i++)
		sigaddset(&set, setup_sigs[i]);
	sigaddset(&set, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	alarm(0);
	sig = setup_stop.sig;
	for (i = 0; i < 3; i++)
		sigaction(setup_sigs[i], &s->old[i], NULL);
	sigaction(SIGALRM, &s->old_alarm, NULL);
	/* SIGALRM back as the caller had it, its alarm re-armed */
	if (!s->alarm_blocked) {
		sigemptyset(&set);
		sigaddset(&set, SIGALRM);
		pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	}
	if (s->old_alarm_left)
		alarm(s->old_alarm_left);
	setup_stop.sig = 0;
	s->open = false;
	if (sig)
		raise(sig);	/* blocked: pending for the run's sigtimedwait() */
	return sig;
}
