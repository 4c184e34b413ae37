/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * predict.h - the prediction after a run and the reservation audit, as
 * figures: the text report (text.h, hg_print_prediction) and the summary
 * JSON both take them from here
 */
#ifndef HG_PREDICT_H
#define HG_PREDICT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/sched/blocking.h"
#include "analysis/sched/hog.h"
#include "analysis/sched/overheads.h"
#include "analysis/sched/rta.h"
#include "trace/trace.h"

/*
 * The fixed-priority response-time analysis of the run's PERIODIC and
 * PERIODIC_TABLE threads (those with a C and a T, not under a reservation;
 * a CPU_PERIODIC thread is no such task: it never blocks, see
 * hg_predict_hog()), on the CPUs each
 * could run on (partition.h, as rta's): task i is thread
 * idx[i], ts[i] its C, T, D, J (given) and B, r[i] its result; ts_j and
 * r_j the same with the release jitter measured in the run (when
 * @with_jitter).
 */
struct hg_prediction {
	size_t n;			/* 0: nothing to predict */
	enum hg_rta_order order, order_j;
	bool reserved;			/* threads under reservations are left out */
	bool with_jitter;
	struct hg_rta_task *ts, *ts_j;
	struct hg_rta_result *r, *r_j;
	struct hg_block *blk;		/* each task's blocking from the run's locks */
	struct hg_overheads ovh;	/* --overheads, --cs-cost: none when zero */
	struct hg_rta_result *r_o;	/* with each job charged @ovh, or NULL */
	uint32_t *idx;
	/*
	 * per task: 1 + the index in the trace of a thread that never blocks
	 * (hg_predict_hog()) and can run on its CPUs at its priority or above,
	 * 0: none. Such a thread takes every moment the task could run: the
	 * task's response has no bound where all its CPUs are the hog's
	 * (HG_RTA_UNBOUNDED), and is not covered where it has others
	 * (HG_RTA_TEST_NONE); in r, r_j and r_o alike. Decided by
	 * hg_hog_apply() (hog.h), as rta decides it.
	 */
	uint32_t *hog;
	struct hg_hog *hogs;	/* the threads that never block, their index the trace's */
	size_t nhogs;
};

/*
 * hg_predict_hog - whether thread @th never blocks at a real-time
 * priority, so that nothing of a priority at or below its own runs on its
 * CPU while it does: a CPU-bound model (CPU, CPU_SCAN, ...: HG_MODEL_SPIN)
 * or CPU_PERIODIC (a frame begins as soon as the last is done), not under
 * a reservation, and not failed (hg_hog_is()).
 */
bool hg_predict_hog(const struct hg_trace_thread *th);

/*
 * hg_predict - the prediction for @t into @p (free it with
 * hg_prediction_free() either way). Returns 0 or -ENOMEM.
 */
int hg_predict(const struct hg_trace *t, struct hg_prediction *p);

void hg_prediction_free(struct hg_prediction *p);

/* What a reserved thread received per period of its own grid. */
struct hg_audit {
	uint64_t periods;		/* whole periods of the run */
	uint64_t min_ns, mean_ns, max_ns;
	uint64_t at_budget;		/* periods that used the whole budget: at
					   least the budget less the margin */
	uint64_t over_budget;		/* periods that received more than the
					   budget and the margin */
};

/*
 * How far from the budget a period still "used the whole budget": 10 us,
 * the same for every budget of 1 ms or more, so that a thread that needs
 * 17 ms of 17.1 ms, or 3 ms of 3.1 ms, never did (99 % of the budget
 * counted the first and not the second); 10 us is above what the
 * measurement can miss (the gaps shorter than the threshold, tens of ns
 * each) and below any slack worth reserving. A smaller budget gets 1 % of
 * itself, so that the margin never swallows it.
 */
#define HG_AUDIT_MARGIN_NS 10000

/*
 * hg_audit - the audit of thread @th's reservation, from its stored
 * records. Returns 1 with @a filled, 0 when there is no whole period.
 */
int hg_audit(const struct hg_trace *t, const struct hg_trace_thread *th, struct hg_audit *a);

#endif /* HG_PREDICT_H */
