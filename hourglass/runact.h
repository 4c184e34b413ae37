/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * runact.h - what a run does once its results are written: the files of
 * --on-threshold trace and the actions of --on-end
 */
#ifndef HG_RUNACT_H
#define HG_RUNACT_H

#include "run/config.h"
#include "trace/trace.h"

/*
 * hg_runact_trace - --on-threshold trace: for the event that stopped the
 * run, or each of continue's worst kept, the kernel's events of the N ms
 * that end with it, as text, into file=F or beside the -o trace
 * (<trace less .hgt>.threshold.txt); says where, or why not, in one line
 * Returns 0, or 1 when a file could not be written.
 */
int hg_runact_trace(const struct hg_config *cfg, const struct hg_trace *t);

/*
 * hg_runact_end - --on-end: each signal and shell action, HG_EVENT_KIND=end,
 * HG_AT_NS the run's length and HG_THRESHOLD_NS --break's (0 without it)
 * in the command's environment; a failure said in one line
 * Returns 0, or 1 when one failed.
 */
int hg_runact_end(const struct hg_config *cfg, const struct hg_trace *t);

#endif /* HG_RUNACT_H */
