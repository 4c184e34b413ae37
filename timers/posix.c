// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix.c - POSIX: timer_create() with a signal for the thread alone,
 * waited for with sigwaitinfo()
 *
 * Each thread's timer raises its own real-time signal (SIGRTMIN + 1 + the
 * thread number, modulo what is left), delivered to that thread only
 * (SIGEV_THREAD_ID). The signal is blocked in every thread: it is taken
 * only by sigwaitinfo(), never by a handler.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "timers/timer.h"
#include "util/timeval.h"

static int posix_open(struct hg_timer_ctx *t, char *err, size_t errlen)
{
	struct sigevent sev;
	timer_t *tid = calloc(1, sizeof(*tid));
	int span = SIGRTMAX - SIGRTMIN - 1;
	sigset_t set;

	if (!tid)
		return -ENOMEM;
	t->signo = SIGRTMIN + 1 + (int)(t->thread % (unsigned int)span);
	sigemptyset(&set);
	sigaddset(&set, t->signo);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = t->signo;
	sev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
	if (timer_create(CLOCK_MONOTONIC, &sev, tid)) {
		int e = errno;

		free(tid);
		snprintf(err, errlen, "-i POSIX: timer_create: %s", strerror(e));
		return -e;
	}
	t->timer = tid;
	return 0;
}

static int posix_sleep_until(struct hg_timer_ctx *t, uint64_t mono_ns)
{
	struct itimerspec its = {
		.it_value = hg_ns_to_timespec(mono_ns),
	};
	sigset_t set;

	if (mono_ns <= hg_mono_ns())
		return 0;
	sigemptyset(&set);
	sigaddset(&set, t->signo);
	if (timer_settime(*(timer_t *)t->timer, TIMER_ABSTIME, &its, NULL))
		return -errno;
	/* EINTR: the run is stopping (the caller looks) */
	return sigwaitinfo(&set, NULL) < 0 ? -errno : 0;
}

static void posix_close(struct hg_timer_ctx *t)
{
	if (t->timer) {
		timer_delete(*(timer_t *)t->timer);
		free(t->timer);
	}
	t->timer = NULL;
}

const struct hg_timer hg_timer_posix = {
	.name = "POSIX",
	.help = "timer_create() signal, taken by sigwaitinfo()",
	.open = posix_open,
	.sleep_until = posix_sleep_until,
	.close = posix_close,
	.resolution = hg_timer_getres,
};
