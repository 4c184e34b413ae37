/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kslreplay.h - the kernel's events of a trace (trace/kevents.h) as slices
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
 *
 * One CPU's events replayed into its slices, each to a function when it
 * ends: the one replay of the stream of every slice (kslices.h) and of
 * the marks that make the slices of a stretch again (kslmarks.h).
 */
#ifndef HG_KSLREPLAY_H
#define HG_KSLREPLAY_H

#include <stddef.h>
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
	int carried;		/* hg_kslices_between() (kslmarks.h): open at its first mark */
	char name[HG_KATTR_NAME_LEN];	/* as explain names it: "24:eth0",
					 * "NET_RX", "local_timer", a comm */
};

typedef int (*hg_kslice_fn)(const struct hg_kslice *s, void *arg);

/* A task that ran first on a CPU (before its first switch), and its name. */
struct hg_kslcomm {
	uint32_t pid;
	uint32_t name;		/* HG_KEV_NO_NAME: no event gives it */
};

/* Those of every CPU, by pid, found before the replay in one pass over the events. */
struct hg_kslcomms {
	struct hg_kslcomm *v;
	size_t n;
};

/*
 * hg_kslreplay_comms - the names of the tasks the CPUs' first switches
 * switch out, each from its first event. Returns 0 or -ENOMEM.
 */
int hg_kslreplay_comms(const struct hg_kevents *k, struct hg_kslcomms *c);

struct hg_kslreplay;

/*
 * Told when a slice ends at @at (before @fn has it, and whether or not
 * it is emitted): a context @c at depth @depth, or the task (@c NULL).
 */
typedef void (*hg_kslreplay_end_fn)(struct hg_kslreplay *r, const struct hg_kctx *c,
			      unsigned int depth, uint64_t at);

struct hg_kslreplay {
	struct hg_kreplay r;
	const struct hg_trace *t;
	const struct hg_kevents *k;
	const struct hg_kslcomms *comms;	/* the names of the tasks that ran first */
	struct hg_kslice task;	/* the task running (its pid and name once the
				 * replay knows it: a switch said) */
	hg_kslice_fn fn;
	void *arg;
	hg_kslreplay_end_fn ended;	/* may be NULL */
	void *end_arg;
};

/*
 * hg_kslreplay_init - @r, a replay of CPU @c's events of @t from its
 * start, each slice to @fn with @arg
 */
void hg_kslreplay_init(struct hg_kslreplay *r, const struct hg_trace *t,
			const struct hg_kslcomms *comms, const struct hg_kcpu *c,
			hg_kslice_fn fn, void *arg);

/* hg_kslreplay_bind - @r's pointers to itself set again (after a copy). */
void hg_kslreplay_bind(struct hg_kslreplay *r);

/*
 * hg_kslreplay_event - event @e of the CPU, when inside its capture
 * (others are skipped). Returns 0 or what @fn returned.
 */
int hg_kslreplay_event(struct hg_kslreplay *r, const struct hg_kev *e, const struct hg_kcpu *c);

/* hg_kslreplay_end - the CPU's capture ends at @end: every slice open ends. */
int hg_kslreplay_end(struct hg_kslreplay *r, uint64_t end);

/*
 * hg_kslreplay_name_first - the task running before any switch named as the
 * first switch names it: @pid, the task it switches out
 */
void hg_kslreplay_name_first(struct hg_kslreplay *r, uint32_t pid);

/* hg_kslreplay_end_task - the running task ends at @at (emitted when not empty). */
int hg_kslreplay_end_task(struct hg_kslreplay *r, uint64_t at);

/* hg_kslreplay_ctx - context @c at depth @depth ending at @at, as a slice into @s. */
void hg_kslreplay_ctx(const struct hg_kslreplay *r, const struct hg_kctx *c, unsigned int depth,
		uint64_t at, struct hg_kslice *s);

#endif /* HG_KSLREPLAY_H */
