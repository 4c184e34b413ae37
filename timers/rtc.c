// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rtc.c - RTC: periodic interrupts of /dev/rtc
 *
 * The real-time clock interrupts at a power-of-two rate, 2 to 8192 Hz
 * (above 64 Hz needs CAP_SYS_RESOURCE or max-user-freq). The rate chosen
 * is the lowest whose interrupts come at least four times a period; a
 * sleep reads interrupts until the target time has passed, so a wake-up
 * lands on the first interrupt after it, as in the paper.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/rtc.h>

#include "timers/timer.h"

#define RTC_PATH "/dev/rtc"

static int rtc_check(char *err, size_t errlen)
{
	if (access(RTC_PATH, R_OK)) {
		int e = errno;

		snprintf(err, errlen, "-i RTC: cannot use %s: %s (%s)", RTC_PATH, strerror(e),
			 e == ENOENT ? "this machine has no RTC device; use HR" :
			 "needs read access to it; run as root");
		return -e;
	}
	return 0;
}

/* The power-of-two rate with at least four interrupts per @period_ns. */
static unsigned long rtc_rate(uint64_t period_ns)
{
	unsigned long hz = 2;

	while (hz < 8192 && 1000000000ULL / hz * 4 > period_ns)
		hz *= 2;
	return hz;
}

static int rtc_open(struct hg_timer_ctx *t, char *err, size_t errlen)
{
	unsigned long hz = rtc_rate(t->period_ns);
	int e;

	t->fd = open(RTC_PATH, O_RDONLY | O_CLOEXEC);
	if (t->fd < 0) {
		e = errno;
		if (e == ENOENT || e == EACCES)
			return rtc_check(err, errlen);
		snprintf(err, errlen, "-i RTC: cannot open %s: %s%s", RTC_PATH, strerror(e),
			 e == EBUSY ? " (one thread at a time can use it)" : "");
		return -e;
	}
	if (ioctl(t->fd, RTC_IRQP_SET, hz) || ioctl(t->fd, RTC_PIE_ON, 0)) {
		e = errno;
		snprintf(err, errlen, "-i RTC: cannot set %lu Hz periodic interrupts: %s%s", hz,
			 strerror(e), e == EACCES || e == EPERM ?
			 " (above 64 Hz needs CAP_SYS_RESOURCE; run as root)" : "");
		close(t->fd);
		t->fd = -1;
		return -e;
	}
	t->rtc_period_ns = 1000000000ULL / hz;
	return 0;
}

static int rtc_sleep_until(struct hg_timer_ctx *t, uint64_t mono_ns)
{
	unsigned long data;

	while (hg_mono_ns() < mono_ns)
		if (read(t->fd, &data, sizeof(data)) < 0)
			return -errno;	/* EINTR: the run is stopping */
	return 0;
}

static void rtc_close(struct hg_timer_ctx *t)
{
	if (t->fd >= 0) {
		ioctl(t->fd, RTC_PIE_OFF, 0);
		close(t->fd);
	}
	t->fd = -1;
}

static uint64_t rtc_resolution(const struct hg_timer_ctx *t)
{
	return t->rtc_period_ns;
}

const struct hg_timer hg_timer_rtc = {
	.name = "RTC",
	.help = "/dev/rtc interrupts at a power-of-two rate",
	.check = rtc_check,
	.open = rtc_open,
	.sleep_until = rtc_sleep_until,
	.close = rtc_close,
	.resolution = rtc_resolution,
};
