/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ctx.h - context-switch costs and the other gap classes (the paper's
 * process_ctx): statistics per class and a histogram of switch costs
 */
#ifndef HG_CTX_H
#define HG_CTX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/gaps/attrib.h"
#include "analysis/gaps/classify.h"
#include "analysis/kernel/noise.h"
#include "analysis/stats/stats.h"
#include "analysis/stats/vcount.h"
#include "trace/hist.h"
#include "trace/trace.h"

#define HG_CTX_TOP_OTHERS 10
#define HG_COMM_LEN HG_KEV_NAME_LEN	/* an other task's name, as the events keep it */

/* Another task that ran inside the workers' gaps (with --sched). */
struct hg_ctx_other {
	uint32_t pid;
	char comm[HG_COMM_LEN];
	uint64_t count;		/* its runs inside gaps */
	uint64_t total_cycles;
	uint64_t max_cycles;
};

/*
 * The classes are enum hg_gap_class (HG_GAP_NCLASSES of them) or, with the
 * kernel's switches, enum hg_sched_class (HG_SC_NCLASSES); either way
 * 0 and 1 are the voluntary and involuntary switches.
 */
struct hg_ctx_report {
	int nclasses;
	bool sched;				/* classes are enum hg_sched_class */
	struct hg_vcount cost[HG_SC_NCLASSES];	/* costs in cycles, counted */
	size_t n[HG_SC_NCLASSES];
	struct hg_stats st[HG_SC_NCLASSES];	/* in cycles */
	struct hg_vcount switches;		/* both switch classes */
	size_t nswitches;
	uint64_t elapsed_ns;			/* the run's length, for rates */
	uint64_t tsc_hz;
	uint64_t *inferred[2];			/* per thread: voluntary and
						 * involuntary switches away */
	uint32_t nthreads;			/* threads in @inferred */
	struct hg_noise noise;			/* the kernel's counts beside ours, */
	int noise_ret;				/* unless -ENODATA (none), -errno */
	struct hg_sched_totals kernel;		/* with --sched */
	struct hg_ctx_other *others;		/* with --sched, most time first */
	size_t nothers, capothers;
};

/*
 * hg_ctx_analyse - classify every gap of @t and compute the statistics
 * Returns 0 or -errno; free with hg_ctx_free() either way.
 */
int hg_ctx_analyse(const struct hg_trace *t, struct hg_ctx_report *r);

/*
 * hg_ctx_analyse_src - the same with @t's records read from @src (a trace
 * read as a stream, trace/tstream.h, has none of its own)
 */
int hg_ctx_analyse_src(const struct hg_trace *t, const struct hg_recsrc *src,
		       struct hg_ctx_report *r);

/*
 * hg_ctx_analyse_sched - the same with every gap attributed from the
 * kernel's switches of @in (attrib.h): the seven classes of enum
 * hg_sched_class, only direct switches in the switch costs, and the other
 * tasks that ran inside the gaps (most time first). Returns 0 or what
 * hg_attribute() returns (@err says why for the input's errors); free with
 * hg_ctx_free() either way.
 */
int hg_ctx_analyse_sched(const struct hg_trace *t, const struct hg_attrib_in *in,
			 struct hg_ctx_report *r, char *err, size_t errlen);

/* hg_ctx_class_name - the name of class @c of @r ("voluntary switch"). */
const char *hg_ctx_class_name(const struct hg_ctx_report *r, int c);

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
 * hg_ctx_costs_us - the costs of class @cls into @v (r->n[cls] of them),
 * in us, smallest first
 */
void hg_ctx_costs_us(const struct hg_ctx_report *r, int cls, double *v);

#endif /* HG_CTX_H */
