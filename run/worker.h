/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * worker.h - the run's measuring threads: created, set up on their CPU,
 * held at a gate until the main thread opens it, stopped (run.c drives
 * them; the state is runint.h's)
 */
#ifndef HG_WORKER_H
#define HG_WORKER_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "run/runint.h"

/*
 * hg_workers_start - create a thread for each of @r's workers, with the
 * signals @block blocked from its first instruction; each sets itself up
 * (affinity, priority or reservation, timer, workload) and waits at the
 * gate. On a failure to create one, @err says which. Returns the number
 * of threads created: all of them on success.
 */
unsigned int hg_workers_start(struct run *r, const sigset_t *block, char *err,
			      size_t errlen);

/* hg_workers_wait_ready - wait until @n threads have reached the gate. */
void hg_workers_wait_ready(struct run *r, unsigned int n);

/*
 * hg_workers_open_gate - let the threads at the gate go: to measure, or
 * with @abort to end at once (nothing measured)
 */
void hg_workers_open_gate(struct run *r, bool abort);

/*
 * hg_workers_stop - raise the stop flag; wake the threads waiting for their
 * start (-s) and those asleep on a timer (HG_WAKE_SIGNAL)
 */
void hg_workers_stop(struct run *r);

#endif /* HG_WORKER_H */
