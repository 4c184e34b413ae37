/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * monitor.h - the hooks a caller of hg_run() gives it to look at the run
 * while it goes on (run.h); shared with the run's state (runint.h)
 */
#ifndef HG_MONITOR_H
#define HG_MONITOR_H

#include <stddef.h>
#include <stdint.h>

#include "trace/trace.h"

struct hg_status_thread;

/*
 * What the main thread does while the threads run, at normal priority and
 * never in a measuring thread: each hook gets a copy of the run so far
 * (statistics exact as of the copy; the records the writers had finished).
 * Any hook may be NULL.
 */
struct hg_run_monitor {
	void *arg;
	/* SIGUSR1: a snapshot with the records, to write -o and --json */
	int (*snapshot)(void *arg, const struct hg_trace *t);
	/* every @periodic_ns: statistics only (no records), for --prom */
	int (*periodic)(void *arg, const struct hg_trace *t);
	uint64_t periodic_ns;
	/*
	 * once, when the trace is made, before any thread: what the caller
	 * keeps in its system snapshot (the audit of the run's CPUs), so every
	 * snapshot carries it as the final trace does; 0 or -ENOMEM
	 */
	int (*prepare)(void *arg, struct hg_trace *t);
	/*
	 * once, the threads set up, just before they are released: --load
	 * starts its loads and checks they run; 0, or -errno with @err set:
	 * the run ends there, nothing measured (HG_RUN_LOAD)
	 */
	int (*release)(void *arg, char *err, size_t errlen);
	/* about once a second: the numbers of the status line */
	void (*status)(void *arg, uint64_t elapsed_ns, uint64_t total_ns,
		       const struct hg_status_thread *th, unsigned int n);
};

#endif /* HG_MONITOR_H */
