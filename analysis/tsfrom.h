/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tsfrom.h - a task set built from a run (rta --from): each PERIODIC,
 * CPU_PERIODIC and LAT thread of a trace with what the run measured of it,
 * and where each value came from
 *
 * Per thread: C is the most one job received (jobrecv.h), measured; T, D,
 * the priority, the CPUs and the lock sections are the run's options, as
 * the trace keeps them; J is the latest wake-up after a release
 * (PERIODIC), the worst lateness (LAT), measured, or 0 (CPU_PERIODIC: a
 * frame starts when the last is done, assumed); B is the run's --blocking,
 * and for a thread with lock sections the larger of what its locks'
 * bound gives and the longest a job waited for its locks (lockwait.h),
 * measured. A LAT thread's D is its period (assumed: it has no deadline,
 * the next wake-up is its limit); a LAT thread without GRID wakes a
 * period after it woke, so its T is the least time between releases.
 *
 * A CPU_PERIODIC thread never blocks: it is a task of C and T only where
 * nothing shares its CPUs at its priority or below (a task there would
 * never run under SCHED_FIFO, or share the CPU with it under the
 * timesharing scheduler, which no test here models); its frame, begun at
 * any moment, then gets its C within the response of the lowest level.
 * Elsewhere it is left out with the reason, and at a real-time priority
 * keeps the tasks at or below it out (hog.h).
 *
 * The switch overheads are those given (ctxcost and cachecost files), or
 * else the run's own switches: the larger of the median voluntary and
 * involuntary switch between the run's threads (ctx.h), no cache penalty.
 */
#ifndef HG_TSFROM_H
#define HG_TSFROM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/taskset.h"
#include "trace/trace.h"

/* Where a value came from. */
enum hg_tsfrom_src {
	HG_TSFROM_MEASURED,	/* the run's records */
	HG_TSFROM_CONFIG,	/* the run's options, kept in the trace */
	HG_TSFROM_ASSUMED,	/* neither: stated in how */
};

/* hg_tsfrom_src_name - "measured", "config", "assumed". */
const char *hg_tsfrom_src_name(enum hg_tsfrom_src s);

/* One value of a task and where it came from. */
struct hg_tsfrom_value {
	enum hg_tsfrom_src src;
	const char *how;	/* a few words: "the most one job received" */
};

/* What the run says of one task (task i of the task set). */
struct hg_tsfrom_task {
	uint32_t index;			/* the thread's index in the trace */
	uint64_t jobs;			/* jobs (frames, wake-ups) measured */
	uint64_t c_config_ns;		/* the C of its options, 0: none */
	uint64_t b_measured_ns;		/* the longest a job waited for its locks */
	uint64_t b_lock_ns;		/* the bound from the lock sections (blocking.h) */
	bool locks;			/* it has lock sections */
	uint64_t observed_ns;		/* its worst response in the run */
	uint64_t observed_count;	/* responses that worst is of; 0: none */
	bool observed_lateness;		/* a LAT thread not traced: the worst
					   lateness, without the run after it */
	struct hg_tsfrom_value c, t, d, j, b, prio;
};

/* A thread of a jobs model the set leaves out, and why. */
struct hg_tsfrom_left {
	uint32_t id;
	char why[400];
};

struct hg_tsfrom {
	const char *path;		/* the trace's file, for reports */
	size_t n;			/* as the task set's n */
	struct hg_tsfrom_task *task;
	struct hg_tsfrom_value ovh;	/* where the switch overheads came from */
	char ovh_how[256];		/* ovh.how points here */
	uint64_t switches;		/* the run's switches they rest on (from the run) */
	size_t nleft;
	struct hg_tsfrom_left *left;
};

/*
 * hg_tsfrom_build - the task set of trace @t (read from @path) into @s
 * and what the run says of each task into @f (s->from points to it).
 * @s->ovh, when it holds costs already (--overheads), is kept; else it is
 * filled from the run's switches. Returns 0, -ENODATA with the reason in
 * @err when the trace has no PERIODIC, CPU_PERIODIC or LAT thread to
 * analyse, or -ENOMEM; free both with hg_tsfrom_free() either way.
 */
int hg_tsfrom_build(const struct hg_trace *t, const char *path, struct hg_taskset *s,
		    struct hg_tsfrom *f, char *err, size_t errlen);

/* hg_tsfrom_free - release @f and @s. */
void hg_tsfrom_free(struct hg_tsfrom *f, struct hg_taskset *s);

#endif /* HG_TSFROM_H */
