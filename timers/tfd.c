// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tfd.c - TIMERFD: an absolute timerfd on CLOCK_MONOTONIC, read to wait
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/timerfd.h>

#include "timers/timer.h"
#include "util/timeval.h"

static int tfd_open(struct hg_timer_ctx *t, char *err, size_t errlen)
{
	t->fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	if (t->fd < 0) {
		int e = errno;

		snprintf(err, errlen, "-i TIMERFD: timerfd_create: %s", strerror(e));
		return -e;
	}
	return 0;
}

static int tfd_sleep_until(struct hg_timer_ctx *t, uint64_t mono_ns)
{
	struct itimerspec its = {
		.it_value = hg_ns_to_timespec(mono_ns),
	};
	uint64_t expirations;

	/* a zero time would disarm the timer, and read() would never return */
	if (mono_ns <= hg_mono_ns())
		return 0;
	if (timerfd_settime(t->fd, TFD_TIMER_ABSTIME, &its, NULL))
		return -errno;
	/* EINTR: the run is stopping (the caller looks) */
	return read(t->fd, &expirations, sizeof(expirations)) < 0 ? -errno : 0;
}

static void tfd_close(struct hg_timer_ctx *t)
{
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

const struct hg_timer hg_timer_timerfd = {
	.name = "TIMERFD",
	.help = "absolute timerfd, waited for with read()",
	.open = tfd_open,
	.sleep_until = tfd_sleep_until,
	.close = tfd_close,
	.resolution = hg_timer_getres,
};
