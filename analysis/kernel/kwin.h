/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kwin.h - the windows of a thread's time that explain takes apart with
 * the kernel's events (analysis/kernel/kattr.h), for every model:
 *   gap      from the end of one of its intervals to the start of its next
 *            (not after a sleep of its own);
 *   latency  a LAT wake-up, from the timer's expiry (the wake-up asked for)
 *            to the thread running: the delay until the timer interrupt's
 *            handler entered (timer "interrupt delay"; the handlers that
 *            ran in it keep their names), then the handlers, softirqs and
 *            tasks that ran before the thread, and its own wake-up path;
 *   miss     a PERIODIC job done after its deadline, from its release to
 *            its end, or a CPU_PERIODIC period with no frame done: the
 *            thread's own run time in it (task, by its name and pid) and
 *            each of its gaps in the window taken apart.
 * The parts of a window add up to its length.
 */
#ifndef HG_KWIN_H
#define HG_KWIN_H

#include <stdint.h>

#include "analysis/kernel/kattr.h"
#include "trace/trace.h"

enum hg_kwin_kind { HG_KW_GAP, HG_KW_LATENCY, HG_KW_MISS, HG_KW_NKINDS };

#define HG_KW_ALL ((1u << HG_KW_NKINDS) - 1)	/* every kind, as a mask */
#define HG_KW_ANY_THREAD UINT32_MAX

/* hg_kwin_name - "gap", "latency", "miss". */
const char *hg_kwin_name(enum hg_kwin_kind k);

/* One window, not yet taken apart. */
struct hg_kwin {
	uint32_t kind;		/* enum hg_kwin_kind */
	uint32_t thread;
	uint32_t cpu;		/* where it ends (the thread resumed, woke, ran) */
	uint32_t from_cpu;	/* where it starts */
	uint64_t at_cycles;	/* its start: the gap's, the expiry, the release */
	uint64_t len_cycles;
	uint64_t value_ns;	/* the gap; the lateness; past the deadline by */
};

typedef int (*hg_kwin_fn)(const struct hg_kwin *w, void *arg);

/*
 * hg_kwin_each - every window of the kinds in @kinds (1 << enum
 * hg_kwin_kind bits) of thread @thread (HG_KW_ANY_THREAD: every thread),
 * thread by thread, to @fn
 * Returns 0, or what @fn returned when not 0.
 */
int hg_kwin_each(const struct hg_trace *t, uint32_t thread, unsigned int kinds, hg_kwin_fn fn,
		 void *arg);

/*
 * hg_kwin_nearest - the window of @kinds of @thread that holds @at_cycles,
 * else the one nearest to it (of two as near, the shorter: the innermost)
 * Returns 0 with *@w set, -ENOENT when there is none.
 */
int hg_kwin_nearest(const struct hg_trace *t, uint32_t thread, unsigned int kinds,
		    uint64_t at_cycles, struct hg_kwin *w);

/*
 * hg_kwin_cut - take @w apart into @g (its parts, by size; thread, CPUs,
 * start and length from @w)
 */
void hg_kwin_cut(const struct hg_trace *t, const struct hg_kattr *a, const struct hg_kwin *w,
		 struct hg_kgap *g);

#endif /* HG_KWIN_H */
