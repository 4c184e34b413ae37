/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kslmarks.h - the slices of a trace's kernel events (kslreplay.h) for any
 * stretch of time, made again from marks, without holding them all: for
 * render, which draws a window at a time
 */
#ifndef HG_KSLMARKS_H
#define HG_KSLMARKS_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/kernel/kslreplay.h"
#include "trace/trace.h"

/*
 * The slices of any stretch made again without holding them all: each
 * CPU's events replayed once, nothing kept but the replay as it stood
 * every HG_KSLICE_MARK_EVERY events (a mark, at the time replayed up to)
 * and when each slice open there ends. A slice that ends before a mark
 * ends at or before its time; one that starts after a mark's event starts
 * at or after it. A CPU whose events break that (out of time order, an
 * NMI reaching back past a mark) keeps only its first and last marks.
 */
#define HG_KSLICE_MARK_EVERY 1024

struct hg_kslice_marks;

/*
 * hg_kslice_marks_build - the marks of @t's kernel events, into *@out
 * (hg_kslice_marks_free()); @t must outlive them
 * Returns 0, -ENODATA when @t has no kernel events, or -ENOMEM.
 */
int hg_kslice_marks_build(const struct hg_trace *t, struct hg_kslice_marks **out);

/* hg_kslice_marks_free - free @m (NULL is fine). */
void hg_kslice_marks_free(struct hg_kslice_marks *m);

/*
 * hg_kslice_marks_count - how many marks CPU @cpu has: 0 when it was not
 * captured, else at least 2 (its capture's start and its end)
 */
size_t hg_kslice_marks_count(const struct hg_kslice_marks *m, uint32_t cpu);

/* hg_kslice_mark_at - the time of mark @i of CPU @cpu, on the trace's counter. */
uint64_t hg_kslice_mark_at(const struct hg_kslice_marks *m, uint32_t cpu, size_t i);

/*
 * hg_kslices_between - every slice of CPU @cpu that is open at some time
 * between its marks @i and @j (i < j < the count), with its whole start
 * and end, to @fn, each once: those ending between the marks as they end
 * (inner before outer), then those still open at mark @j; ->carried set
 * on those open at mark @i (0 for none at mark 0). The same slices, field
 * for field, as hg_kslices() (kslices.h) gives of them.
 * Returns 0, -EINVAL for marks out of range, or what @fn returned.
 */
int hg_kslices_between(const struct hg_kslice_marks *m, uint32_t cpu, size_t i, size_t j,
		       hg_kslice_fn fn, void *arg);

#endif /* HG_KSLMARKS_H */
