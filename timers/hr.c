// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * hr.c - HR: clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)
 */
#include <errno.h>
#include <time.h>

#include "timers/timer.h"
#include "util/timeval.h"

static int hr_sleep_until(struct hg_timer_ctx *t, uint64_t mono_ns)
{
	struct timespec ts = hg_ns_to_timespec(mono_ns);

	(void)t;
	/* EINTR: the run is stopping (the caller looks) */
	return -clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

const struct hg_timer hg_timer_hr = {
	.name = "HR",
	.help = "clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)",
	.sleep_until = hr_sleep_until,
	.resolution = hg_timer_getres,
};
