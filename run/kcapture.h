/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kcapture.h - the kernel's own events beside a run (--kernel), through
 * libtracefs and libtraceevent, in a tracefs instance of the run's own
 *
 * Before the run: an instance of the run's own, named and locked as
 * kinstance.h says (those of runs that are gone are removed, in any PID
 * namespace; those of live runs never), on the run's CPUs only, its clock on the cycle counter
 * (x86-tsc) where the kernel has it, else mono; its buffers sized from
 * the CPU count and the duration; the scheduling and interrupt events
 * enabled, tracing off. Around the run: tracing on and off, nothing read
 * (but at a --forever run's SIGUSR1, hg_kcapture_snapshot()). After it:
 * the raw buffers read into an hg_kevents on the trace's counter, the
 * events lost counted per CPU; the instance removed.
 */
#ifndef HG_KCAPTURE_H
#define HG_KCAPTURE_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/kevents.h"
#include "trace/trace.h"

struct hg_kcapture;

/*
 * hg_kcapture_open - set the instance up for a run on @cpus of about
 * @duration_ns (0: until stopped; the buffers then overwrite their
 * oldest events, a flight recorder)
 * @err: one line saying what is missing (tracefs, the privilege, an
 *       event) on failure
 * Returns 0 with *@out set, or -errno (-EACCES, -ENODEV, -ENOENT,
 * -ENOMEM, -EIO).
 */
int hg_kcapture_open(struct hg_kcapture **out, const cpu_set_t *cpus, uint64_t duration_ns,
		     char *err, size_t errlen);

/*
 * hg_kcapture_start - empty the buffers and turn tracing on (the counter
 * read once it is on starts the capture's window)
 * Returns 0 or -errno.
 */
int hg_kcapture_start(struct hg_kcapture *k);

/* hg_kcapture_stop - turn tracing off (the counter read just before ends the window). */
void hg_kcapture_stop(struct hg_kcapture *k);

/*
 * hg_kcapture_collect - read what was captured, on the counter of @t
 * (its calibration and clock pair place mono times), into *@out, with
 * what snapshots read before; a flight recorder keeps the events from the
 * oldest record of @t's threads on
 * Returns 0 or -errno, with @err set.
 */
int hg_kcapture_collect(struct hg_kcapture *k, const struct hg_trace *t,
			struct hg_kevents **out, char *err, size_t errlen);

/*
 * hg_kcapture_snapshot - while tracing goes on (a --forever run's SIGUSR1):
 * read what the buffers hold, keep it for the next read, and give a copy
 * of every event kept so far, ending at @t's stop, into *@out. A flight
 * recorder keeps the events from the oldest record of @t's threads on.
 * Returns 0 or -errno, with @err set.
 */
int hg_kcapture_snapshot(struct hg_kcapture *k, const struct hg_trace *t,
			 struct hg_kevents **out, char *err, size_t errlen);

/* hg_kcapture_close - remove the instance and free @k; NULL is fine. */
void hg_kcapture_close(struct hg_kcapture *k);

#endif /* HG_KCAPTURE_H */
