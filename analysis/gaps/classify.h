/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * classify.h - what each gap was, from the intervals of all threads on
 * each CPU
 *
 * Records carry their CPU, so the intervals of one CPU form a time line on
 * which no two overlap. A gap of thread A, from the end of A's interval on
 * CPU c to A's next interval:
 *   - is a context switch A -> B when the next traced interval on c is
 *     B's; its cost is the time from A's end to B's start. It is voluntary
 *     when A's interval ended with a yield or a sleep, involuntary
 *     (preemption) otherwise;
 *   - is foreign activity (an interrupt, the kernel, an untraced process)
 *     when the next interval on c is A's own next one;
 *   - is a migration when A resumes on another CPU before anything traced
 *     runs on c (or when nothing traced runs on c after A at all);
 *   - stays unclassified when its neighbours are unknown: a thread's
 *     records were dropped before A resumed or before the next interval
 *     on c, so that thread may have run there unseen. Its cost is then
 *     A's whole gap.
 */
#ifndef HG_CLASSIFY_H
#define HG_CLASSIFY_H

#include <stddef.h>
#include <stdint.h>

#include "trace/recsrc.h"
#include "trace/trace.h"

enum hg_gap_class {
	HG_GAP_VOLUNTARY,	/* switch after a yield or sleep */
	HG_GAP_INVOLUNTARY,	/* switch by preemption */
	HG_GAP_FOREIGN,		/* the same thread resumed on the same CPU */
	HG_GAP_MIGRATION,	/* the thread resumed on another CPU */
	HG_GAP_UNKNOWN,		/* neighbours unknown */
	HG_GAP_NCLASSES,
};

/* hg_gap_class_name - "voluntary switch", "foreign", ... */
const char *hg_gap_class_name(enum hg_gap_class c);

struct hg_gap {
	enum hg_gap_class cls;
	uint32_t thread;	/* A */
	uint32_t next_thread;	/* B for a switch, else A */
	unsigned int cpu;	/* c */
	uint64_t at_cycles;	/* end of A's interval */
	uint64_t cost_cycles;	/* switch: to B's start; else A's whole gap */
};

/* Called for each gap, in no particular order; returns 0 to go on. */
typedef int (*hg_gap_fn)(const struct hg_gap *g, void *arg);

/*
 * hg_classify - classify every gap of every thread of @t
 * Returns 0, -ENOMEM, -EINVAL for records that do not decode, or what
 * @fn returned when not 0.
 */
int hg_classify(const struct hg_trace *t, hg_gap_fn fn, void *arg);

/*
 * hg_classify_stream - the gaps of hg_classify(), each classified the same,
 * in no particular order either: no time line per CPU is kept (8 bytes an
 * interval), for callers that only count. The gaps are classified as the
 * threads' records are merged by start time (clstream.c). Returns what
 * hg_classify() returns; a record that does not decode may be found after
 * @fn was called: what it was given is to be dropped.
 */
int hg_classify_stream(const struct hg_trace *t, hg_gap_fn fn, void *arg);

/*
 * Called with @n gaps at @g (HG_GAP_BATCH at most), in no particular
 * order; returns 0 to go on.
 */
typedef int (*hg_gaps_fn)(const struct hg_gap *g, size_t n, void *arg);

#define HG_GAP_BATCH	64

/* Called when the gaps given so far are to be forgotten: they come again. */
typedef void (*hg_reset_fn)(void *arg);

/*
 * hg_classify_src - hg_classify_stream() over the records @src gives, each
 * read once (a trace's file is never held whole: trace/tstream.h), the
 * gaps given to @fn a batch at a time (the merge calls nothing else). With
 * @reset, threads that their CPU lists pin to one CPU are merged a CPU at
 * a time; a record on another CPU calls @reset, and every thread is then
 * merged at once from the start. Returns what hg_classify_stream() returns,
 * or -errno of @src.
 */
int hg_classify_src(const struct hg_trace *t, const struct hg_recsrc *src, hg_gaps_fn fn,
		    hg_reset_fn reset, void *arg);

#endif /* HG_CLASSIFY_H */
