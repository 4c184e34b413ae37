/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kirqaff.h - the affinity of each device interrupt the kernel's events
 * saw (--kernel), read at the run's end into its snapshot, so that the
 * diagnosis of an irq says where it may run as well as where it ran
 */
#ifndef HG_KIRQAFF_H
#define HG_KIRQAFF_H

#include "trace/trace.h"

#define HG_KIRQAFF_MAX 64	/* interrupts kept, the first seen */

/*
 * hg_kirq_affinity - "irq_affinity" in @t's snapshot: "<n>:<cpu list> ..."
 * for each interrupt number of @t's irq_handler_entry events, as
 * <proc>/irq/<n>/smp_affinity_list says (@proc: "/proc"); an interrupt
 * whose file cannot be read is left out, nothing is added when none can
 * Returns 0 or -ENOMEM.
 */
int hg_kirq_affinity(struct hg_trace *t, const char *proc);

#endif /* HG_KIRQAFF_H */
