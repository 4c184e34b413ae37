/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * thresh.h - the warning that traces of different gap thresholds are
 * compared (analysis/compare/thresh.h finds them)
 */
#ifndef HG_REPORT_THRESH_H
#define HG_REPORT_THRESH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "trace/trace.h"

/*
 * hg_thresh_warn - for the first pair of the @n traces @t (named @names)
 * whose thresholds differ, one line on @f: "hourglass: <cmd>: warning:
 * <a> and <b> were taken with gap thresholds <x> and <y> us: gaps between
 * them were seen in one and not the other; compare with the same -g".
 * Returns whether it warned.
 */
bool hg_thresh_warn(FILE *f, const char *cmd, const struct hg_trace *const *t,
		    const char *const *names, size_t n);

#endif /* HG_REPORT_THRESH_H */
