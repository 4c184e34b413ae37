// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * registry.c - the list of timer sources and lookup by name
 */
#include "../trace/lookup.h"
#include "timer.h"

static const struct hg_timer native = {
	.name = "NATIVE", .help = "relative sleep (nanosleep), the default", .is_default = true,
};
static const struct hg_timer hr = {
	.name = "HR", .help = "clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)",
};
static const struct hg_timer rtc = { .name = "RTC", .help = "/dev/rtc periodic interrupts" };
static const struct hg_timer mm = {
	.name = "MM", .help = "multimedia timers", .windows_only = true,
};

const struct hg_timer *const hg_timers[] = { &native, &hr, &rtc, &mm, NULL };

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
