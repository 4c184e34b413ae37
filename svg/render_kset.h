/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * render_kset.h - the kernel's slices a timeline draws (analysis/kernel/kslices.h),
 * made a window at a time from the slices' marks and held for one window
 * per CPU: the memory is that of a window, however long the capture, and
 * those meeting a stretch of time are found in a window by bisection
 *
 * A window is HG_KSET_STRIDE marks of a CPU (hg_kslices_between()). Its
 * tasks (drawn first) and its interrupts (over them) are kept apart, each
 * by start, put in place as they come (they come nearly in order: tasks
 * do not overlap, interrupts nest a few deep). Interrupts nest (an outer
 * one ends after the inner ones), so each slice also keeps the latest end
 * of its class in the window up to it, which only grows. A stretch
 * that spans windows takes each in turn, once for the tasks and once for
 * the interrupts, a slice from the window it starts in (or the first).
 * Used by render_kernel.c; not installed.
 */
#ifndef HG_RENDER_KSET_H
#define HG_RENDER_KSET_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/kernel/kslmarks.h"
#include "trace/trace.h"

#define HG_KSET_STRIDE 4	/* marks a window */

/*
 * A slice as the set keeps it: its name an index into the set's names,
 * each kept once (a slice is 48 bytes, not the 120 of struct hg_kslice).
 */
struct hg_kset_slice {
	uint64_t start_cycles, end_cycles;
	uint64_t a, b;		/* the same in ns from the trace's start */
	uint32_t pid, name;
	uint8_t kind, depth, ours, carried;
};

/* A window's slices of one class, in drawing order. */
struct hg_kset_class {
	struct hg_kset_slice *v;
	uint64_t *reach;	/* the latest end (ns) of v[0..i] */
	size_t n, cap, capreach;
};

/* One CPU's window: its tasks and its interrupts. */
struct hg_kset_win {
	uint32_t cpu;
	size_t w;		/* its number: marks w * HG_KSET_STRIDE on */
	int valid;
	struct hg_kset_class c[2];	/* [0] tasks, [1] interrupts */
	uint64_t *at;		/* the ns of each window's first mark, and the
				 * last mark's: nw + 1 */
	size_t nw;
};

/* Whether a slice is kept (drawn). */
typedef int (*hg_kset_keep_fn)(const struct hg_kslice *s, void *arg);

struct hg_kset {
	const struct hg_trace *t;
	const struct hg_kslice_marks *marks;
	hg_kset_keep_fn keep;
	void *keep_arg;
	struct hg_kset_win *win;	/* by CPU, as the events' */
	struct hg_kset_win *filling;	/* the window being made */
	char (*names)[HG_KATTR_NAME_LEN];
	uint32_t nnames;
	size_t capnames;
	uint32_t *hash;		/* open addressing: 1 + a name's index, 0 free */
	uint32_t hcap;
};

/*
 * hg_kset_init - @set, the slices of @marks (of @t) that @keep keeps,
 * none made yet. Returns 0 or -ENOMEM.
 */
int hg_kset_init(struct hg_kset *set, const struct hg_trace *t,
		 const struct hg_kslice_marks *marks, hg_kset_keep_fn keep, void *arg);

/* A slice meeting the stretch asked for, and its part inside it [@a, @b) ns. */
typedef void (*hg_kset_fn)(const struct hg_kslice *s, uint64_t a, uint64_t b, void *arg);

/*
 * hg_kset_span - every kept slice on CPU @cpu that meets [@from, @to) ns
 * from the trace's start (ends after @from, starts before @to), clipped to
 * it, to @fn in drawing order: the tasks by start, then the interrupts by
 * start. @fn must not ask @set for another stretch, unless @set holds
 * it already (hg_kset_holds()); a second set can.
 * Returns 0, or -ENOMEM (a window could not be made).
 */
int hg_kset_span(struct hg_kset *set, uint32_t cpu, uint64_t from, uint64_t to,
		 hg_kset_fn fn, void *arg);

/*
 * hg_kset_holds - whether the window @set holds for CPU @cpu is all that
 * [@from, @to) needs: then @fn of hg_kset_span() may ask @set for it
 */
int hg_kset_holds(const struct hg_kset *set, uint32_t cpu, uint64_t from, uint64_t to);

/* hg_kset_free - free what @set holds (not @set, nor its marks). */
void hg_kset_free(struct hg_kset *set);

#endif /* HG_RENDER_KSET_H */
