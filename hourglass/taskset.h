/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * taskset.h - the task set an analysis works on: from a run's options, or
 * from a file
 */
#ifndef HG_TASKSET_H
#define HG_TASKSET_H

#include <stddef.h>

#include "analysis/taskset.h"
#include "hourglass/options.h"

/*
 * hg_taskset_from_config - the jobs models of @cfg (PERIODIC,
 * PERIODIC_TABLE) as tasks: C from --wcet or the model (the largest time
 * of a table), T and D from the model, J and B from --jitter and
 * --blocking, the priority from -p (real-time classes only; others have
 * none), the CPUs from --cpu (without it, those this process may run on),
 * reservations from -rh/-rs; the admission limit of this machine; the
 * threads that never block at a real-time priority (s->hogs, hog.h).
 * Returns 0, or -errno with a one-line reason in @err (a table that cannot
 * be read).
 */
int hg_taskset_from_config(const struct hg_config *cfg, struct hg_taskset *s,
			   char *err, size_t errlen);

/*
 * A task file is a regular file of at most 64 MiB, lines of at most 4096
 * bytes, at most 50,000 tasks: the response-time analyses compare each
 * task with those before it, and where tasks have blocking times or share
 * CPUs (the global analysis) their work grows with the square of the
 * tasks: 50,000 such tasks take seconds, 100,000 took minutes.
 */
#define HG_TASKSET_MAX_BYTES (64ULL << 20)
#define HG_TASKSET_MAX_LINE 4096u
#define HG_TASKSET_MAX_TASKS 50000u

/*
 * hg_taskset_read - read a task file: one task per line, words
 * C=<time> T=<time> [D=<time>] [J=<time>] [B=<time>] [P=<priority>]
 * [CPU=<list>] (without CPU=, the task shares one CPU with the others
 * that have none) [CS=<lock>:<amount>]... (sections of each job, in
 * order, out of C, on a lock declared before by a line
 * "lock <name> none|inherit|protect"; every lock used, protect only
 * among tasks with P=, the sections within C) [CHAIN=<name>:<position>]...
 * (the task's place in a cause-effect chain, analysis/chain.h; lines
 * "chain <name> event|sampled" give a chain's mode, sampled by default);
 * blank lines skipped, and everything from a # to the end of its line.
 * Only a regular file within the limits above is read (a FIFO, a device
 * or a directory is refused before any read).
 * Returns 0, or -errno with "<file> line <n>: reason" in @err (-E2BIG past
 * a limit).
 */
int hg_taskset_read(const char *path, struct hg_taskset *s, char *err, size_t errlen);

/* hg_taskset_admission - fill cpus, rt_runtime_us, rt_period_us from this machine. */
void hg_taskset_admission(struct hg_taskset *s);

#endif /* HG_TASKSET_H */
