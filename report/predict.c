// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * predict.c - the prediction after a run and the reservation audit of
 * analysis/sched/predict.h, printed (text.h: hg_print_prediction)
 */
#include <inttypes.h>
#include <stdio.h>

#include "analysis/cpuset.h"
#include "analysis/sched/lockwait.h"
#include "analysis/sched/predict.h"
#include "report/ovhprint.h"
#include "report/rtaprint.h"
#include "report/text.h"
#include "util/timeval.h"

/* Per thread blocked by locks: the bound used, and the longest wait measured. */
static void print_blocking(FILE *f, const struct hg_trace *t, const struct hg_prediction *p)
{
	char a[32], b[32];
	size_t i;

	for (i = 0; i < p->n; i++) {
		const struct hg_trace_thread *th = &t->threads[p->idx[i]];
		struct hg_lockwait w;

		hg_print_blocking(f, th->id, &p->blk[i], t->locks);
		if (p->blk[i].kind == HG_BLOCK_NONE || hg_lockwait(t, th, &w) != 1 || !w.jobs)
			continue;
		if (p->blk[i].kind == HG_BLOCK_UNBOUNDED || p->blk[i].kind == HG_BLOCK_REMOTE)
			fprintf(f, "# thread %u: blocking measured: max %s ms a job (no bound "
				"predicted; middle-priority threads ran max %s ms of it)\n", th->id,
				hg_format_ms3(w.max_ns, a, sizeof(a)),
				hg_format_ms3(w.middle_max_ns, b, sizeof(b)));
		else
			fprintf(f, "# thread %u: blocking measured: max %s ms a job, predicted "
				"bound %s ms: %s\n", th->id, hg_format_ms3(w.max_ns, a, sizeof(a)),
				hg_format_ms3(p->blk[i].b_ns, b, sizeof(b)),
				w.max_ns <= p->blk[i].b_ns ? "held" : "exceeded (the bound leaves "
				"out the lock's own cost, switches and other load)");
	}
}

/*
 * Why a CPU_PERIODIC thread is not a task of the analysis, and which tasks
 * a thread that never blocks keeps from running (predict.h: hog).
 */
static void print_hogs(FILE *f, const struct hg_trace *t, const struct hg_prediction *p)
{
	uint32_t h;
	size_t i;

	for (h = 0; h < t->nthreads; h++)
		if (t->threads[h].model == HG_MODEL_CPU_PERIODIC)
			fprintf(f, "# thread %u: %s is not analysed: it never blocks (a frame "
				"begins as soon as the last is done), so it is no periodic task; at a "
				"real-time priority it takes all the time its CPUs leave to that "
				"priority\n", t->threads[h].id, t->threads[h].workload);
	for (i = 0; i < p->n; i++) {
		const struct hg_trace_thread *hog;

		if (!p->hog[i])
			continue;
		hog = &t->threads[p->hog[i] - 1];
		hg_print_kept_out(f, "", p->ts[i].id, &p->r[i], &p->ts[i].cpus, hog->id,
				  hog->workload, hog->priority);
	}
}

static void print_predicted(FILE *f, const struct hg_trace *t, const struct hg_prediction *p)
{
	char a[8][32];
	size_t i;

	if (!p->n)
		return;
	fprintf(f, "# predicted vs measured: fixed-priority response-time analysis of the run's "
		"PERIODIC threads, order: %s\n", hg_rta_order_name(p->order));
	if (p->reserved)
		fprintf(f, "# (threads under reservations run before every fixed priority "
			"and are not in this analysis: it holds only without them)\n");
	fprintf(f, "# %-6s %-22s %8s %8s %8s %8s %13s %8s %8s %7s  %-16s %-12s %s\n", "thread",
		"workload", "C_ms", "T_ms", "D_ms", "J_ms", "predicted_ms", "max_ms", "p99_ms",
		"misses", "held", "test", "cpus");
	for (i = 0; i < p->n; i++) {
		const struct hg_trace_thread *th = &t->threads[p->idx[i]];
		const struct hg_rta_task *ts = &p->ts[i];
		const struct hg_hist *h = &th->stats.events;
		char held[48], cpus[256];

		/* held: no response measured was longer than the one predicted */
		if (!h->count || p->r[i].response_ns == UINT64_MAX)
			snprintf(held, sizeof(held), "-");
		else if (h->max <= p->r[i].response_ns)
			snprintf(held, sizeof(held), "yes");
		else
			snprintf(held, sizeof(held), "no (+%s ms)",
				 hg_format_ms3(h->max - p->r[i].response_ns, a[7], 32));
		fprintf(f, "# %-6u %-22s %8s %8s %8s %8s %13s %8s %8s %7" PRIu64 "  %-16s %-12s %s\n",
			th->id, th->workload, hg_format_ms3(ts->c_ns, a[0], 32),
			hg_format_ms3(ts->t_ns, a[1], 32), hg_format_ms3(ts->d_ns, a[2], 32),
			hg_format_ms3(ts->j_ns, a[3], 32),
			hg_rta_response_str(&p->r[i], a[4], 32),
			h->count ? hg_format_ms3(h->max, a[5], 32) : "-",
			h->count ? hg_format_ms3(hg_hist_percentile(h, 99), a[6], 32) : "-",
			th->stats.misses, held, hg_rta_test_name(p->r[i].test),
			hg_cpuset_format(&ts->cpus, cpus, sizeof(cpus)));
	}
	print_hogs(f, t, p);
	print_blocking(f, t, p);
	if (p->r_o) {
		hg_print_overheads(f, "predicted", &p->ovh);
		for (i = 0; i < p->n; i++)
			fprintf(f, "# %-6u with overheads: response %s%s (without: %s%s), deadline "
				"%s ms: %s\n", p->ts[i].id, hg_rta_response_str(&p->r_o[i], a[0], 32),
				p->r_o[i].response_ns == UINT64_MAX ? "" : " ms",
				hg_rta_response_str(&p->r[i], a[1], 32),
				p->r[i].response_ns == UINT64_MAX ? "" : " ms",
				hg_format_ms3(p->ts[i].d_ns, a[2], 32),
				p->r_o[i].schedulable ? "schedulable" : "UNSCHEDULABLE");
	}
	if (!p->with_jitter)
		return;
	fprintf(f, "# predicted with the release jitter measured in the run (the latest wake-up "
		"after a release; on a shared CPU it also holds the time higher-priority threads "
		"ran then, so this is pessimistic):\n");
	for (i = 0; i < p->n; i++)
		fprintf(f, "# %-6u J %s ms: response %s%s, deadline %s ms: %s\n", p->ts_j[i].id,
			hg_format_ms3(p->ts_j[i].j_ns, a[0], 32),
			hg_rta_response_str(&p->r_j[i], a[1], 32),
			p->r_j[i].response_ns == UINT64_MAX ? "" : " ms",
			hg_format_ms3(p->ts_j[i].d_ns, a[2], 32),
			p->r_j[i].schedulable ? "schedulable" : "UNSCHEDULABLE");
}


static void print_audit(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th)
{
	struct hg_audit a;
	char b[4][32];

	if (!hg_audit(t, th, &a))
		return;
	fprintf(f, "# reservation, thread %u: %s: CPU received per period ms min %s mean %s max %s "
		"of a budget of %s; %" PRIu64 " of %" PRIu64 " periods used the whole budget%s; "
		"%" PRIu64 " missed deadlines%s\n", th->id, th->priority,
		hg_format_ms3(a.min_ns, b[0], 32), hg_format_ms3(a.mean_ns, b[1], 32),
		hg_format_ms3(a.max_ns, b[2], 32), hg_format_ms3(th->reserve_budget_ns, b[3], 32),
		a.at_budget, a.periods, th->reserve == HG_RESERVE_HARD ? " (throttled)" : "",
		th->stats.misses,
		th->dropped ? " (from the stored records: raise -e)" : "");
	if (a.over_budget)	/* why a hard budget can be exceeded */
		fprintf(f, "# reservation, thread %u: %" PRIu64 " of %" PRIu64 " periods received "
			"more than the budget: the audit's periods (from the thread's start) need "
			"not line up with the kernel's, so one can hold parts of two budgets, and "
			"the kernel throttles only when it next accounts the runtime (at a tick "
			"without HRTICK)\n", th->id, a.over_budget, a.periods);
}

void hg_print_prediction(FILE *f, const struct hg_trace *t)
{
	struct hg_prediction p;
	uint32_t i;

	if (!hg_predict(t, &p))
		print_predicted(f, t, &p);
	hg_prediction_free(&p);
	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].reserve != HG_RESERVE_NONE)
			print_audit(f, t, &t->threads[i]);
}
