/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * run.h - run an experiment: set up, release, time, stop, collect
 */
#ifndef HG_RUN_H
#define HG_RUN_H

#include <signal.h>
#include <stddef.h>

#include "run/config.h"
#include "run/monitor.h"
#include "trace/trace.h"

/* What went wrong, for main() to choose its exit status. */
enum hg_run_error {
	HG_RUN_OK = 0,
	HG_RUN_SETUP,		/* a thread could not be set up: nothing ran */
	HG_RUN_SYSTEM,		/* calibration or memory failed: nothing ran */
	HG_RUN_REFUSED,		/* --kernel: no tracefs or no privilege: nothing ran */
	HG_RUN_LOAD,		/* the monitor's release failed (a load of --load ended as it
				   started): nothing was measured */
};


/*
 * hg_run_signals - the signals a run takes itself, blocked in every thread
 * and waited for by the main one: SIGINT, SIGTERM and SIGHUP (end it),
 * SIGUSR1 (a snapshot)
 */
void hg_run_signals(sigset_t *set);

/*
 * hg_run_take_signals - take every pending signal of hg_run_signals(),
 * which the caller blocks, so none is delivered once it unblocks them
 * Returns the first one taken, or 0.
 */
int hg_run_take_signals(void);

/*
 * hg_run - run the experiment @cfg describes
 * @mon:     what to do while the threads run (may be NULL)
 * @cmdline: the command line, kept in the trace
 * @out:     the finished trace, also when a signal ended the run early
 * @err:     on failure, one line naming the thread, what failed and the
 *           privilege or limit to change
 *
 * Calibrates, snapshots the system, locks and pre-faults memory, sets up
 * every thread (affinity, priority, memory), calls @mon's release (a
 * failure there ends the run before any thread measured: HG_RUN_LOAD with
 * @err from it), releases the threads together, waits
 * for the end, SIGINT, SIGTERM or SIGHUP (or --break), raises the stop flag
 * and collects the trace. Nothing is printed while threads are timing but
 * what @mon's hooks print. A signal of hg_run_signals() that comes after
 * the run ended is taken and dropped, unless the caller blocks SIGINT
 * itself (hg_trial_hold()): then the signals stay pending for the caller.
 *
 * Returns HG_RUN_OK, or an hg_run_error with @err set.
 */
int hg_run(const struct hg_config *cfg, const struct hg_run_monitor *mon, const char *cmdline,
	   struct hg_trace **out, char *err, size_t errlen);

#endif /* HG_RUN_H */
