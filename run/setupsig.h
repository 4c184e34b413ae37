/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * setupsig.h - SIGINT, SIGTERM and SIGHUP while a run is set up
 *
 * A run blocks its signals in every thread and takes them in the main
 * thread once the threads are released. Until then (calibration, the
 * snapshot, the arena, the threads' creation) the main thread keeps
 * SIGINT, SIGTERM and SIGHUP deliverable to a handler that notes the first
 * one: the set-up goes on, and the run ends as soon as it starts, as
 * before. A set-up that does not end within a grace time of that signal
 * (one stuck in a call that never returns) ends the process with one line
 * and the exit status 128 + the signal; so does a second signal.
 */
#ifndef HG_SETUPSIG_H
#define HG_SETUPSIG_H

#include <signal.h>
#include <stdbool.h>

/*
 * How long, in seconds, a set-up may still take once a signal asked the run
 * to end (alarm(): Linux counts it on the monotonic clock, not the wall clock).
 */
#define HG_SETUP_GRACE_S 10u

struct hg_setup_signals {
	struct sigaction old[3];	/* SIGINT, SIGTERM, SIGHUP, as they were */
	struct sigaction old_alarm;	/* SIGALRM, as it was */
	unsigned int old_alarm_left;	/* an alarm the caller had set, in s */
	bool alarm_blocked;		/* the caller had SIGALRM blocked */
	bool open;			/* handlers installed, signals deliverable */
};

/*
 * hg_setup_signals_open - make SIGINT, SIGTERM and SIGHUP deliverable to
 * the calling thread for the set-up (the caller has them blocked, as
 * hg_run_signals() says); nothing is changed when @held says the caller
 * held them before the run (a series of trials keeps them for itself)
 * @grace_s: how long the set-up may take after the first signal, in s (>= 1)
 * Returns 0 or -errno (then nothing was changed).
 */
int hg_setup_signals_open(struct hg_setup_signals *s, const sigset_t *held,
			  unsigned int grace_s);

/*
 * hg_setup_signals_close - the set-up is over: block the signals again,
 * disarm the grace timer and restore the handlers. The signal noted during
 * the set-up, if any, is raised again (blocked, so pending) for the run's
 * sigtimedwait() to take. Safe to call when not open, and twice.
 * Returns the signal noted, or 0.
 */
int hg_setup_signals_close(struct hg_setup_signals *s);

#endif /* HG_SETUPSIG_H */
