/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * monitor.h - the hooks a caller of hg_run() gives it to look at the run
 * while it goes on (run.h); shared with the run's state (runint.h)
 */
#ifndef HG_MONITOR_H
#define HG_MONITOR_H

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
	/* once, just before the threads are released: --load starts its loads */
	void (*release)(void *arg);
	/* about once a second: the numbers of the status line */
	void (*status)(void *arg, uint64_t elapsed_ns, uint64_t total_ns,
		       const struct hg_status_thread *th, unsigned int n);
};

#endif /* HG_MONITOR_H */
