/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * timer.h - timer sources a timed model sleeps on
 *
 * Each source is named as on the command line (-i). The sources are parsed
 * and checked; none can be slept on yet, and a run that names one other
 * than the default stops before it starts.
 */
#ifndef HG_TIMER_H
#define HG_TIMER_H

#include <stdbool.h>
#include <stddef.h>

struct hg_timer {
	const char *name;
	const char *help;	/* one line */
	bool is_default;	/* NATIVE */
	bool windows_only;	/* MM: refused with a clear error */
};

/* hg_timers - every timer source, NULL-terminated. */
extern const struct hg_timer *const hg_timers[];

/*
 * hg_timer_find - look a source up by name: case-insensitive, a unique
 * prefix is enough. On failure writes a reason listing the choices to @err.
 */
const struct hg_timer *hg_timer_find(const char *name, char *err, size_t errlen);

#endif /* HG_TIMER_H */
