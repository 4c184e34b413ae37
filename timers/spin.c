// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * spin.c - SPIN: busy-wait on the cycle counter; the thread never gives the
 * CPU away, so there is no wake-up at all: the reference with zero
 * wake-up cost
 */
#include <errno.h>
#include <stdatomic.h>
#include <time.h>

#include "timers/timer.h"
#include "trace/counter.h"
#include "util/timeval.h"

static int spin_sleep_until(struct hg_timer_ctx *t, uint64_t mono_ns)
{
	uint64_t now = hg_mono_ns(), c0 = hg_counter_read(), target;

	if (now >= mono_ns)
		return 0;
	/* convert over one period only: the two clocks cannot drift apart */
	target = c0 + hg_ns_to_cycles(mono_ns - now, t->tsc_hz);
	while (hg_counter_read() < target) {
		if (t->stop && atomic_load_explicit(t->stop, memory_order_relaxed))
			return -EINTR;	/* the run is stopping */
		hg_cpu_relax();
	}
	/* land on the monotonic side of the target, whatever the rounding */
	while (hg_mono_ns() < mono_ns)
		;
	return 0;
}

static uint64_t spin_resolution(const struct hg_timer_ctx *t)
{
	return t->tsc_hz ? (1000000000ULL + t->tsc_hz - 1) / t->tsc_hz : 1;
}

const struct hg_timer hg_timer_spin = {
	.name = "SPIN",
	.help = "busy-wait on the counter: no wake-up cost",
	.sleep_until = spin_sleep_until,
	.resolution = spin_resolution,
};
