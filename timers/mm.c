// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * mm.c - MM: Windows multimedia timers, which Linux does not have
 *
 * Kept so that command lines written for Hourglass on Windows get a clear
 * answer instead of "unknown timer".
 */
#include <errno.h>
#include <stdio.h>

#include "timers/timer.h"

static int mm_check(char *err, size_t errlen)
{
	snprintf(err, errlen, "-i MM: multimedia timers exist only on Windows (on Linux use HR)");
	return -EOPNOTSUPP;
}

const struct hg_timer hg_timer_mm = {
	.name = "MM",
	.help = "Windows multimedia timers: Windows only",
	.check = mm_check,
};
