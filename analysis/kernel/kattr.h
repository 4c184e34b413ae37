/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kattr.h - every gap taken apart by the kernel's own events (--kernel)
 *
 * The events of each captured CPU (trace/kevents.h) are replayed
 * (analysis/kernel/kreplay.h) into a time line of what held the CPU: a task (by
 * pid), or, innermost first, an interrupt handler, a softirq, a timer (the
 * local timer vector and the hrtimer callbacks), an IPI (reschedule,
 * call_function, irq_work, ...), an NMI. A gap of a thread, from the end of one of its intervals to the start
 * of its next, is cut along that line into
 *   irq <n>:<name>, softirq <vector>, timer <name>, ipi <name>, nmi <name>,
 *   task <comm> (another task ran: its pid),
 *   kernel      the thread's own context between the events (entry, exit
 *               and switch paths), at most HG_KATTR_KERNEL_MAX_NS a piece,
 *   unexplained what no event covers: the rest of those pieces, a gap with
 *               no event in it at all (the hypervisor, SMIs, the hardware),
 *               time outside the capture, events the kernel lost.
 * The parts add up to the gap exactly, in counter cycles. A gap that ends
 * on another CPU (a migration) is cut on its first CPU up to the thread's
 * switch out, and on its second from there. A task the events make
 * current before the gap's start, on the CPU where the thread ran then,
 * with no switch since, is a switch into the thread the kernel did not
 * report (this kernel never traces a switch out of the idle task): that
 * stretch is the thread's own. Gaps after a sleep of the
 * thread's own (HG_REC_SLEEP) are not interference and are left out.
 */
#ifndef HG_KATTR_H
#define HG_KATTR_H

#include <stdint.h>

#include "analysis/kernel/kreplay.h"
#include "trace/kevents.h"
#include "trace/trace.h"

#define HG_KATTR_KERNEL_MAX_NS 5000ULL	/* the kernel's own time, a piece */
/* events stamped with CLOCK_MONOTONIC, placed on the counter: their error */
#define HG_KATTR_SKEW_NS 2000ULL
#define HG_KATTR_MAX_PARTS 24
#define HG_KATTR_NAME_LEN (HG_KEV_NAME_LEN + 16)

/* One cause of a gap: every piece of one kind and name, summed. */
struct hg_kpart {
	enum hg_kcause kind;
	char name[HG_KATTR_NAME_LEN];
	uint32_t pid;		/* task: its pid */
	uint8_t prio;		/* task: its class and priority (HG_KPRIO_*) */
	uint32_t count;		/* separate pieces (handler runs, task runs) */
	uint64_t cycles;
	uint64_t max_cycles;	/* the longest piece */
};

/* A gap taken apart. */
struct hg_kgap {
	uint32_t thread;
	uint32_t cpu;		/* where the thread resumed */
	uint32_t from_cpu;	/* where it stopped */
	uint64_t at_cycles;	/* the end of its interval */
	uint64_t len_cycles;
	uint64_t charged_cycles;	/* of it, the thread was the current task: its
					 * own pieces and the handlers that ran on its
					 * time (the kernel charges it those unless it
					 * accounts interrupt time apart) */
	uint64_t handler_cycles;	/* of those, the handlers' */
	uint32_t nparts;
	struct hg_kpart parts[HG_KATTR_MAX_PARTS];	/* by size, largest first */
};

struct hg_kattr;

/*
 * hg_kattr_build - the CPUs' time lines from @t's kernel events
 * Returns 0 with *@out set, -ENODATA when @t has no kernel events, -ENOMEM.
 */
int hg_kattr_build(const struct hg_trace *t, struct hg_kattr **out);

/* hg_kattr_free - free @a; NULL is fine. */
void hg_kattr_free(struct hg_kattr *a);

/*
 * hg_kattr_gap - take apart the time from @from (on CPU @from_cpu) to @to
 * (on @to_cpu) of the thread with kernel id @tid into @g (its parts; the
 * caller sets the rest); the thread ran at @from (a gap's start)
 */
void hg_kattr_gap(const struct hg_kattr *a, uint32_t tid, uint32_t from_cpu, uint64_t from,
		  uint32_t to_cpu, uint64_t to, struct hg_kgap *g);

/*
 * hg_kattr_window - the same for a stretch at whose start the thread was
 * not running (a wake-up's window from the timer's expiry): the task the
 * events make current there is taken at its word
 */
void hg_kattr_window(const struct hg_kattr *a, uint32_t tid, uint32_t from_cpu, uint64_t from,
		     uint32_t to_cpu, uint64_t to, struct hg_kgap *g);

/*
 * hg_kgap_add - add @p to @g: into the part of its kind, name and pid
 * (counts and cycles summed, the longer piece kept), else a new part; when
 * @g is full, into a part of its kind, else its last
 */
void hg_kgap_add(struct hg_kgap *g, const struct hg_kpart *p);

/* hg_kgap_sort - @g's parts by size, largest first. */
void hg_kgap_sort(struct hg_kgap *g);

/*
 * hg_kattr_left - how thread @tid left CPU @cpu in [@from, @to): 1 when its
 * first switch out there found it runnable (preempted, or yielding), 0 when
 * it was not (asleep, blocked), -1 when no switch out of it lies there
 */
int hg_kattr_left(const struct hg_kattr *a, uint32_t cpu, uint32_t tid, uint64_t from,
		  uint64_t to);

/*
 * hg_kattr_status - 0, or -ENOMEM when a cut found no memory for its
 * stretch of a line (their memory is a window's, made as the cuts need:
 * a cut that failed so left its gap's time unparted)
 */
int hg_kattr_status(const struct hg_kattr *a);

typedef int (*hg_kgap_fn)(const struct hg_kgap *g, void *arg);

/*
 * hg_kattr_each - every gap of every thread of @t, taken apart, to @fn
 * (in thread order, then time)
 * Returns 0, or what @fn returned when not 0.
 */
int hg_kattr_each(const struct hg_trace *t, const struct hg_kattr *a, hg_kgap_fn fn, void *arg);

#endif /* HG_KATTR_H */
