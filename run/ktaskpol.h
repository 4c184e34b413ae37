/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ktaskpol.h - the scheduling policy, priority and nice of the tasks the
 * kernel's events switched to (--kernel), and whether each is a kernel
 * thread, read at the run's end into its snapshot, so that the diagnosis
 * names the policy of a task that kept the CPU (the events carry only the
 * kernel's priority: the fair class's policies and nice values look alike)
 */
#ifndef HG_KTASKPOL_H
#define HG_KTASKPOL_H

#include "trace/trace.h"

#define HG_KTASKPOL_MAX 256	/* tasks kept, the first seen */

/*
 * hg_ktask_policies - "task_policy" in @t's snapshot: "<pid>:<policy>:
 * <rt priority>:<nice>:<k|u> ..." (policy as sched_setscheduler(2) numbers
 * it; k: a kernel thread) for each task, but the run's own threads, that
 * @t's switch events ran, as <proc>/<pid>/stat says while its name is
 * still the events'; a task gone, renamed or unreadable is left out,
 * nothing is added when none is left
 * Returns 0 or -ENOMEM.
 */
int hg_ktask_policies(struct hg_trace *t, const char *proc);

#endif /* HG_KTASKPOL_H */
