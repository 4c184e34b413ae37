/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ctx.h - context-switch costs and the other gap classes (the paper's
 * process_ctx): statistics per class and a histogram of switch costs
 */
#ifndef HG_CTX_H
#define HG_CTX_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../trace/hist.h"
#include "../trace/trace.h"
#include "classify.h"
#include "stats.h"

struct hg_ctx_report {
	uint64_t *cost[HG_GAP_NCLASSES];	/* costs in cycles, sorted */
	size_t n[HG_GAP_NCLASSES];
	size_t cap[HG_GAP_NCLASSES];
	struct hg_stats st[HG_GAP_NCLASSES];	/* in cycles */
	uint64_t *switches;			/* both switch classes, sorted */
	size_t nswitches;
	uint64_t elapsed_ns;			/* the run's length, for rates */
	uint64_t tsc_hz;
	uint64_t *inferred[2];			/* per thread: voluntary and
						 * involuntary switches away */
};

/*
 * hg_ctx_analyse - classify every gap of @t and compute the statistics
 * Returns 0 or -errno; free with hg_ctx_free() either way.
 */
int hg_ctx_analyse(const struct hg_trace *t, struct hg_ctx_report *r);

/* hg_ctx_free - release what hg_ctx_analyse() allocated. */
void hg_ctx_free(struct hg_ctx_report *r);

/*
 * hg_ctx_histogram - the switch costs of class @cls (HG_GAP_VOLUNTARY or
 * HG_GAP_INVOLUNTARY; -1 for both) in buckets of @bucket_ns from 0 up to
 * @max_ns (0 for both: automatic, about 50 buckets of a 1-2-5 width up to
 * the 99th percentile of all switches or 20 medians, whichever is less; so
 * every class gets the same buckets); costs beyond the last bucket in the
 * overflow bucket. A cost falls in the bucket whose edges, converted to
 * cycles, enclose it.
 * Returns 0, -EINVAL or -ENOMEM; free @b with hg_bins_free() either way.
 */
int hg_ctx_histogram(const struct hg_ctx_report *r, int cls, uint64_t bucket_ns,
		     uint64_t max_ns, struct hg_bins *b);

/*
 * hg_ctx_print - the text report: one line per class, per thread the
 * switches away from it inferred from the trace beside the kernel's count
 * (getrusage), then the histogram.
 */
int hg_ctx_print(FILE *f, const struct hg_trace *t, const struct hg_ctx_report *r,
		 uint64_t bucket_ns, uint64_t max_ns);

/*
 * hg_ctx_json - the same as one JSON object: "classes" by class, "per_thread"
 * with each thread's inferred and kernel switch counts.
 */
void hg_ctx_json(FILE *f, const struct hg_trace *t, const struct hg_ctx_report *r);

#endif /* HG_CTX_H */
