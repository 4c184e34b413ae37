// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * registry.c - the list of timer sources, lookup, and what they share
 */
#include <string.h>
#include <time.h>

#include "timers/timer.h"
#include "util/timeval.h"
#include "trace/calib.h"
#include "util/lookup.h"

extern const struct hg_timer hg_timer_native, hg_timer_hr, hg_timer_timerfd,
	hg_timer_posix, hg_timer_spin, hg_timer_rtc, hg_timer_mm;

const struct hg_timer *const hg_timers[] = {
	&hg_timer_native,
	&hg_timer_hr,
	&hg_timer_timerfd,
	&hg_timer_posix,
	&hg_timer_spin,
	&hg_timer_rtc,
	&hg_timer_mm,
	NULL,
};

static const char *timer_name(const void *ctx, size_t i)
{
	(void)ctx;
	return hg_timers[i]->name;
}

const struct hg_timer *hg_timer_find(const char *name, char *err, size_t errlen)
{
	size_t count = 0, i;

	while (hg_timers[count])
		count++;
	if (hg_lookup(name, "timer", timer_name, NULL, count, &i, err, errlen))
		return NULL;
	return hg_timers[i];
}

const struct hg_timer *hg_timer_default(void)
{
	return &hg_timer_native;
}

int hg_timer_open(struct hg_timer_ctx *t, const struct hg_timer *ops, unsigned int thread,
		  uint64_t period_ns, uint64_t tsc_hz, char *err, size_t errlen)
{
	memset(t, 0, sizeof(*t));
	t->ops = ops;
	t->thread = thread;
	t->period_ns = period_ns;
	t->tsc_hz = tsc_hz;
	t->fd = -1;
	return ops->open ? ops->open(t, err, errlen) : 0;
}

void hg_timer_close(struct hg_timer_ctx *t)
{
	if (t->ops && t->ops->close)
		t->ops->close(t);
	t->ops = NULL;
}

uint64_t hg_mono_ns(void)
{
	return hg_clock_ns(CLOCK_MONOTONIC);
}

uint64_t hg_timer_getres(const struct hg_timer_ctx *t)
{
	struct timespec ts;

	(void)t;
	if (clock_getres(CLOCK_MONOTONIC, &ts))
		return 0;
	return hg_timespec_to_ns(&ts);
}
