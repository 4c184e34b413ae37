/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kreplay.h - the kernel's events of one CPU (trace/kevents.h) replayed,
 * one at a time: which task is current (from the switches) and which
 * interrupt contexts are open on it, innermost last, each of a kind:
 *   irq      a device's handler (irq_handler_entry), or an x86 vector
 *            that is neither a timer nor an IPI;
 *   softirq  softirq_entry;
 *   timer    the local timer vector, an hrtimer callback;
 *   ipi      reschedule, call_function(_single), irq_work,
 *            x86_platform_ipi, reboot;
 *   nmi      an NMI, which ends at its event, its length back from there.
 * An exit ends the innermost entry of its type and those inside it; an
 * exit with no entry is skipped; a switch, and events lost, end every
 * context open (what was open is not known to go on). At most
 * HG_KREPLAY_DEPTH contexts nest; an entry past them is not kept.
 *
 * The one replay of the attribution's time lines (kattr.h) and of the
 * slices drawn (kslices.h): each says what it does with the time passing
 * and the contexts ending through its operations.
 */
#ifndef HG_KREPLAY_H
#define HG_KREPLAY_H

#include <stdint.h>

#include "trace/kevents.h"

/* What held a CPU, as the attribution names it. */
enum hg_kcause {
	HG_KC_IRQ, HG_KC_SOFTIRQ, HG_KC_TIMER, HG_KC_IPI, HG_KC_NMI, HG_KC_TASK,
	HG_KC_KERNEL, HG_KC_UNEXPLAINED, HG_KC_NKINDS,
};

/* hg_kcause_name - "irq", "softirq", "timer", "ipi", "nmi", "task", "kernel", "unexplained". */
const char *hg_kcause_name(enum hg_kcause k);

#define HG_KREPLAY_DEPTH 16

/* An interrupt context open on the CPU. */
struct hg_kctx {
	uint8_t kind;		/* enum hg_kcause: HG_KC_IRQ ... HG_KC_NMI */
	uint8_t type;		/* its entry's event type */
	uint8_t seen;		/* the caller's mark, 0 when it opens */
	uint32_t a;		/* its entry's field a: irq, vector */
	uint32_t name;		/* its entry's name (of the events' table) */
	uint64_t start;		/* its entry's time; an NMI's start */
};

struct hg_kreplay;

/* What a replay does; each returns 0 or an error that ends the replay. */
struct hg_kreplay_ops {
	/* time passes up to @to in what holds the CPU now; @lost: events were lost in it */
	int (*advance)(struct hg_kreplay *r, uint64_t to, int lost);
	/* context @c (no longer on the stack) ends at @at; may be NULL */
	int (*close)(struct hg_kreplay *r, const struct hg_kctx *c, uint64_t at);
	/* switch @e, its contexts closed, before it makes its next task current; may be NULL */
	int (*task)(struct hg_kreplay *r, const struct hg_kev *e);
};

struct hg_kreplay {
	const struct hg_kevents *k;
	uint64_t tsc_hz;		/* the counter's, for an NMI's length in ns */
	const struct hg_kreplay_ops *ops;
	void *arg;			/* the caller's */
	int task_known;			/* a switch said which task is current: */
	uint32_t pid;			/* its pid, */
	uint32_t comm;			/* its name (of the events' table), */
	uint8_t prio;			/* its class and priority (HG_KPRIO_*), */
	uint8_t task_seen;		/* the caller's mark, 0 at each switch, */
	uint64_t since;			/* and the switch's time (the start before one) */
	struct hg_kctx stack[HG_KREPLAY_DEPTH];
	unsigned int depth;
};

/*
 * hg_kreplay_init - a replay of @k's events of one CPU from @start, with
 * @ops and @arg; no task known, no context open
 */
void hg_kreplay_init(struct hg_kreplay *r, const struct hg_kevents *k, uint64_t tsc_hz,
		     uint64_t start, const struct hg_kreplay_ops *ops, void *arg);

/*
 * hg_kreplay_event - the next event @e of the CPU (in time order): the
 * time up to it advanced, then what it opens, closes or switches
 * Returns 0, or what an operation returned when not 0.
 */
int hg_kreplay_event(struct hg_kreplay *r, const struct hg_kev *e);

/* hg_kreplay_close - end every context open at @at. Returns 0 or what ops->close returned. */
int hg_kreplay_close(struct hg_kreplay *r, uint64_t at);

#endif /* HG_KREPLAY_H */
