/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kslices.h - the kernel's events of a trace (trace/kevents.h) as slices
 * to draw: each interrupt context from its entry to its exit (nested ones
 * inside, with their depth), and each task's run on a CPU from its switch
 * in to its switch out, for export and render
 *
 * Interrupt contexts are those of the attribution, from the same replay
 * (analysis/kernel/kreplay.h): a device's handler (irq), a softirq, a timer (the
 * local timer vector, an hrtimer callback), an IPI, an NMI (ending at its
 * event, its length back from there). A context still open at the end of
 * a CPU's capture, at a switch or at events lost, ends there; an exit with
 * no entry is skipped. The first
 * task of a CPU runs from the capture's start (its pid and name from its
 * first switch out).
 */
#ifndef HG_KSLICES_H
#define HG_KSLICES_H

#include <stdint.h>

#include "analysis/kernel/kattr.h"
#include "trace/trace.h"

struct hg_kslice {
	uint32_t cpu;
	uint64_t start_cycles, end_cycles;	/* on the trace's counter */
	enum hg_kcause kind;	/* HG_KC_IRQ ... HG_KC_NMI, or HG_KC_TASK */
	uint32_t depth;		/* interrupt contexts: how many hold it (0: none) */
	uint32_t pid;		/* a task's */
	int ours;		/* a task: one of the trace's threads */
	char name[HG_KATTR_NAME_LEN];	/* as explain names it: "24:eth0",
					 * "NET_RX", "local_timer", a comm */
};

typedef int (*hg_kslice_fn)(const struct hg_kslice *s, void *arg);

/*
 * hg_kslices - every slice of @t's kernel events to @fn, CPU by CPU, each
 * when it ends (so inner slices before those holding them); one pass over
 * the events per CPU, and one more to name the tasks that ran first
 * Returns 0, -ENODATA when @t has no kernel events, -ENOMEM, or what @fn
 * returned when not 0.
 */
int hg_kslices(const struct hg_trace *t, hg_kslice_fn fn, void *arg);

#endif /* HG_KSLICES_H */
