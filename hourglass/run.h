/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * run.h - run an experiment: set up, release, time, stop, collect
 */
#ifndef HG_RUN_H
#define HG_RUN_H

#include <stddef.h>

#include "../trace/trace.h"
#include "options.h"

/* What went wrong, for main() to choose its exit status. */
enum hg_run_error {
	HG_RUN_OK = 0,
	HG_RUN_SETUP,		/* a thread could not be set up: nothing ran */
	HG_RUN_SYSTEM,		/* calibration or memory failed: nothing ran */
};

/*
 * hg_run - run the experiment @cfg describes
 * @cmdline: the command line, kept in the trace
 * @out:     the finished trace, also when a signal ended the run early
 * @err:     on failure, one line naming the thread, what failed and the
 *           privilege or limit to change
 *
 * Calibrates, snapshots the system, locks and pre-faults memory, sets up
 * every thread (affinity, priority, memory), releases them together, waits
 * for the end or SIGINT/SIGTERM, raises the stop flag and collects the
 * trace. Nothing is printed while threads are timing.
 *
 * Returns HG_RUN_OK, or an hg_run_error with @err set.
 */
int hg_run(const struct hg_config *cfg, const char *cmdline, struct hg_trace **out,
	   char *err, size_t errlen);

#endif /* HG_RUN_H */
