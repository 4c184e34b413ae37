/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kdiag.h - the mechanism behind each part of a window taken apart by the
 * kernel's events (analysis/kernel/kwin.h), from the part, the thread's policy
 * and priority, the tasks' priorities the switches carried and the
 * machine's snapshot:
 *   rt-throttling    a lower task or the idle task held the CPU of a
 *                    runnable real-time thread: the kernel switched the
 *                    running thread out for it (only the reservation for
 *                    the lower classes does that: the real-time limit,
 *                    sched_rt_runtime_us of sched_rt_period_us, or the fair
 *                    class's server), or real-time tasks had used the CPU
 *                    up to the limit over the period before;
 *   non-preemptible  a lower task kept the CPU after the real-time
 *                    thread became runnable, the limit far away;
 *   blocked          another task ran while the thread itself slept in
 *                    the kernel (it left the CPU not runnable);
 *   higher-priority  a real-time task above the thread, or a deadline task;
 *   same-priority    a real-time task at the thread's priority;
 *   time-sharing     another fair task, the thread being a fair one;
 *   idle-exit        the idle task, on its way out of idle;
 *   task             another task whose priority the trace does not hold;
 *   irq, ipi, nmi, softirq, tick (the scheduler tick, the local timer),
 *   timer            (other hrtimer callbacks), by the handler's kind;
 *   timer-delay      a LAT wake-up: from the timer's expiry to its interrupt;
 *   host             the thread's own time with no kernel event: taken by
 *                    the hypervisor or the firmware (SMIs);
 *   kernel           the thread's own kernel paths (assumed, capped);
 *   switch           a wake-up's lower task current for no longer in all
 *                    than the kernel's own path may take
 *                    (HG_KATTR_KERNEL_MAX_NS): the switch into the thread
 *                    itself, measured between the events, not a task that
 *                    kept the CPU;
 *   migration        the same, in a window that moved the thread's CPU;
 *   unexplained      time outside the capture, on a CPU not captured, or
 *                    where the kernel lost events.
 * A window's mechanisms add up to its length, but for a miss's window the
 * thread's own run in it.
 */
#ifndef HG_KDIAG_H
#define HG_KDIAG_H

#include <stdint.h>

#include "analysis/kernel/kattr.h"
#include "analysis/kernel/krt.h"
#include "analysis/kernel/kwin.h"
#include "trace/trace.h"

enum hg_mech {
	HG_MECH_RT_THROTTLING, HG_MECH_NON_PREEMPTIBLE, HG_MECH_HIGHER_PRIORITY,
	HG_MECH_SAME_PRIORITY, HG_MECH_TIME_SHARING, HG_MECH_IDLE_EXIT, HG_MECH_TASK,
	HG_MECH_BLOCKED,
	HG_MECH_IRQ, HG_MECH_IPI, HG_MECH_NMI, HG_MECH_SOFTIRQ, HG_MECH_TICK, HG_MECH_TIMER,
	HG_MECH_TIMER_DELAY, HG_MECH_HOST, HG_MECH_KERNEL, HG_MECH_SWITCH, HG_MECH_MIGRATION,
	HG_MECH_UNEXPLAINED, HG_MECH_N,
};

/* hg_mech_name - "rt-throttling", "non-preemptible", ...; "?" out of range. */
const char *hg_mech_name(enum hg_mech m);

/* The machine's limits, from a trace's snapshot, and its real-time time. */
struct hg_kdiag_ctx {
	int rt_limited;			/* sched_rt_runtime_us below the period */
	uint64_t rt_runtime_cycles;
	uint64_t rt_period_cycles;
	const struct hg_krt *rt;	/* real-time tasks' time per CPU, or NULL */
	uint64_t switch_max_cycles;	/* a wake-up's lower task current no
					 * longer than this in all is the
					 * switch (0: never) */
};

/*
 * hg_kdiag_ctx_init - @c from @t's snapshot (rt_runtime_us, rt_period_us):
 * not limited where they are missing, -1 or equal; no real-time time
 * (the caller sets @c->rt, analysis/kernel/krt.h); the switch's longest
 * piece HG_KATTR_KERNEL_MAX_NS
 */
void hg_kdiag_ctx_init(const struct hg_trace *t, struct hg_kdiag_ctx *c);

/* One mechanism of a window, and the part most behind it. */
struct hg_kmech {
	enum hg_mech mech;
	uint32_t count;		/* pieces */
	uint64_t cycles;
	uint64_t max_cycles;
	struct hg_kpart lead;	/* the largest part it took */
	uint64_t rt_cycles;	/* rt-throttling: real-time tasks' time on the
				 * CPU over the period before the window */
	int switched_out;	/* rt-throttling: the kernel switched the
				 * runnable thread out for the lower task */
};

/* A window's diagnosis: its mechanisms, largest first. */
struct hg_kdiag {
	uint32_t cpu, from_cpu;	/* the window's */
	uint32_t n;
	struct hg_kmech m[HG_MECH_N];
};

/*
 * hg_kdiag_window - the mechanisms of window @w of @t, taken apart into @g
 * (hg_kwin_cut()), with the time lines of @a
 */
void hg_kdiag_window(const struct hg_trace *t, const struct hg_kattr *a,
		     const struct hg_kdiag_ctx *c, const struct hg_kwin *w,
		     const struct hg_kgap *g, struct hg_kdiag *d);

/* A mechanism over many windows. */
struct hg_kmech_sum {
	uint64_t count;		/* pieces */
	uint64_t windows;	/* windows it took part in */
	uint64_t cycles;
	uint64_t max_cycles;	/* the longest piece */
	struct hg_kpart lead;	/* the largest part of one window */
	uint64_t rt_cycles;
	int switched_out;
	uint32_t cpu, from_cpu;	/* that window's */
};

/* hg_kmech_sum_add - add @d's mechanisms to @s (HG_MECH_N of them). */
void hg_kmech_sum_add(struct hg_kmech_sum *s, const struct hg_kdiag *d);

#endif /* HG_KDIAG_H */
