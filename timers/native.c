// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * native.c - NATIVE: a relative sleep for the time that remains
 *
 * Like usleep(): the time to sleep is computed, then slept, so whatever
 * happens between the computation and the call (preemption, the call
 * itself) is added to the wake-up. That is the release jitter the paper
 * measured for relative timers.
 */
#include <errno.h>
#include <time.h>

#include "timers/timer.h"
#include "util/timeval.h"

static int native_sleep_until(struct hg_timer_ctx *t, uint64_t mono_ns)
{
	uint64_t now = hg_mono_ns();
	struct timespec ts;

	(void)t;
	if (now >= mono_ns)
		return 0;
	ts = hg_ns_to_timespec(mono_ns - now);
	/* interrupted: the run is stopping (the caller looks) */
	return nanosleep(&ts, NULL) ? -errno : 0;
}

const struct hg_timer hg_timer_native = {
	.name = "NATIVE",
	.help = "relative sleep for the time left (the default)",
	.is_default = true,
	.sleep_until = native_sleep_until,
	.resolution = hg_timer_getres,
};
