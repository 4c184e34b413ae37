/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * render_kset.h - the kernel's slices a timeline draws (analysis/kernel/kslices.h),
 * sorted and indexed so that those meeting a stretch of time on a CPU are
 * found by bisection, not by a walk from the CPU's first slice: drawing a
 * gap costs its own slices and a logarithm, however long the run
 *
 * Sorted by CPU, tasks before interrupts (drawn over them), then by
 * start. Within one CPU and class the starts only grow; interrupts nest
 * (an outer one ends after the inner ones), so each slice also keeps the
 * latest end of its class on its CPU up to it, which only grows too. Used
 * by render_kernel.c; not installed.
 */
#ifndef HG_RENDER_KSET_H
#define HG_RENDER_KSET_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/kernel/kslices.h"
#include "trace/trace.h"

/*
 * A slice as the set keeps it: its name an index into the set's names,
 * each kept once (a slice is 32 bytes, not the 120 of struct hg_kslice).
 */
struct hg_kset_slice {
	uint64_t start_cycles, end_cycles;
	uint32_t cpu, pid, name;
	uint8_t kind, depth, ours;
};

struct hg_kset {
	struct hg_kset_slice *v;	/* in drawing order, once indexed */
	uint64_t *reach;	/* ns from the run's start: the latest end of
				 * v[0..i] of v[i]'s CPU and class */
	size_t n, cap;
	char (*names)[HG_KATTR_NAME_LEN];
	uint32_t nnames;
	size_t capnames;
	uint32_t *hash;		/* open addressing: 1 + a name's index, 0 free */
	uint32_t hcap;
};

/* hg_kset_add - append a copy of @s to @set. Returns 0 or -ENOMEM. */
int hg_kset_add(struct hg_kset *set, const struct hg_kslice *s);

/* hg_kset_get - slice @i of @set (in drawing order, once indexed) into @s. */
void hg_kset_get(const struct hg_kset *set, size_t i, struct hg_kslice *s);

/*
 * hg_kset_index - sort @set's slices into drawing order and index them,
 * times in ns from @t's start (hg_trace_ns()); no slice is fine
 * Returns 0 or -ENOMEM.
 */
int hg_kset_index(struct hg_kset *set, const struct hg_trace *t);

/* A slice meeting the stretch asked for, and its part inside it [@a, @b) ns. */
typedef void (*hg_kset_fn)(const struct hg_kslice *s, uint64_t a, uint64_t b, void *arg);

/*
 * hg_kset_span - every slice of an indexed @set on CPU @cpu that meets
 * [@from, @to) ns from @t's start (ends after @from, starts before @to),
 * clipped to it, to @fn in drawing order: the tasks by start, then the
 * interrupts by start
 */
void hg_kset_span(const struct hg_kset *set, const struct hg_trace *t, uint32_t cpu,
		  uint64_t from, uint64_t to, hg_kset_fn fn, void *arg);

/* hg_kset_free - free what @set holds (not @set); it is empty after. */
void hg_kset_free(struct hg_kset *set);

#endif /* HG_RENDER_KSET_H */
