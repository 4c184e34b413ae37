// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * predict.c - after a run with PERIODIC threads: the response-time analysis
 * of the run's own task set beside the response times measured, then again
 * with the release jitter measured; and an audit of each reservation
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../trace/timeval.h"
#include "rta.h"
#include "text.h"

/* The analysed threads: PERIODIC models with a C, not under a reservation. */
static size_t collect(const struct hg_trace *t, struct hg_rta_task *ts, uint32_t *idx,
		      bool measured_jitter)
{
	size_t n = 0;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];

		/* the analysis needs D <= T: such a thread is left out */
		if (th->model != HG_MODEL_PERIODIC || !th->wcet_ns || th->reserve != HG_RESERVE_NONE ||
		    !th->period_ns || th->deadline_ns > th->period_ns)
			continue;
		ts[n] = (struct hg_rta_task){
			.id = th->id,
			.c_ns = th->wcet_ns,
			.t_ns = th->period_ns,
			.d_ns = th->deadline_ns ? th->deadline_ns : th->period_ns,
			.j_ns = measured_jitter ? th->stats.jitter.max : th->jitter_ns,
			.b_ns = th->blocking_ns,
			.prio = th->rt_prio == HG_NO_RT_PRIO ? HG_RTA_NO_PRIO : th->rt_prio,
		};
		idx[n++] = i;
	}
	return n;
}

static void print_predicted(FILE *f, const struct hg_trace *t, struct hg_rta_task *ts,
			    struct hg_rta_result *r, uint32_t *idx)
{
	enum hg_rta_order order;
	char a[8][32];
	size_t n = collect(t, ts, idx, false), i;

	if (!n || hg_rta_fp(ts, n, r, &order))
		return;
	fprintf(f, "# predicted vs measured: fixed-priority response-time analysis of the run's "
		"PERIODIC threads, order: %s\n", hg_rta_order_name(order));
	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].reserve != HG_RESERVE_NONE) {
			fprintf(f, "# (threads under reservations run before every fixed priority "
				"and are not in this analysis: it holds only without them)\n");
			break;
		}
	fprintf(f, "# %-6s %-22s %8s %8s %8s %8s %13s %8s %8s %7s  %s\n", "thread", "workload",
		"C_ms", "T_ms", "D_ms", "J_ms", "predicted_ms", "max_ms", "p99_ms", "misses",
		"held");
	for (i = 0; i < n; i++) {
		const struct hg_trace_thread *th = &t->threads[idx[i]];
		const struct hg_hist *h = &th->stats.events;
		char held[48];

		/* held: no response measured was longer than the one predicted */
		if (!h->count)
			snprintf(held, sizeof(held), "-");
		else if (h->max <= r[i].response_ns)
			snprintf(held, sizeof(held), "yes");
		else
			snprintf(held, sizeof(held), "no (+%s ms)",
				 hg_format_ms3(h->max - r[i].response_ns, a[7], 32));
		fprintf(f, "# %-6u %-22s %8s %8s %8s %8s %13s %8s %8s %7" PRIu64 "  %s\n",
			th->id, th->workload, hg_format_ms3(ts[i].c_ns, a[0], 32), hg_format_ms3(ts[i].t_ns, a[1], 32),
			hg_format_ms3(ts[i].d_ns, a[2], 32), hg_format_ms3(ts[i].j_ns, a[3], 32),
			hg_format_ms3(r[i].response_ns, a[4], 32),
			h->count ? hg_format_ms3(h->max, a[5], 32) : "-",
			h->count ? hg_format_ms3(hg_hist_percentile(h, 99), a[6], 32) : "-",
			th->stats.misses, held);
	}
	/* again, with the jitter the timers gave */
	n = collect(t, ts, idx, true);
	if (hg_rta_fp(ts, n, r, &order))
		return;
	fprintf(f, "# predicted with the release jitter measured in the run (the latest wake-up "
		"after a release; on a shared CPU it also holds the time higher-priority threads "
		"ran then, so this is pessimistic):\n");
	for (i = 0; i < n; i++)
		fprintf(f, "# %-6u J %s ms: response %s ms, deadline %s ms: %s\n", ts[i].id,
			hg_format_ms3(ts[i].j_ns, a[0], 32), hg_format_ms3(r[i].response_ns, a[1], 32),
			hg_format_ms3(ts[i].d_ns, a[2], 32), r[i].schedulable ? "schedulable" : "UNSCHEDULABLE");
}

/*
 * CPU time @th received in each of its periods, from its stored records;
 * the periods are those of the thread's own grid, from its start (the
 * kernel's reservation periods are not visible from user space).
 */
static int per_period(const struct hg_trace *t, const struct hg_trace_thread *th,
		      uint64_t **out, size_t *nout)
{
	uint64_t p = hg_ns_to_cycles(th->reserve_period_ns, t->calib.tsc_hz);
	uint64_t end = t->stop_cycles && t->stop_cycles < th->end_cycles ? t->stop_cycles :
		       th->end_cycles;
	size_t np = p && end > th->begin_cycles ? (size_t)((end - th->begin_cycles) / p) : 0;
	uint64_t *sum = calloc(np ? np : 1, sizeof(*sum));
	struct hg_interval v;
	size_t pos = 0;
	int ret;

	if (!sum)
		return -ENOMEM;
	while ((ret = hg_record_decode(th->recs, th->stored, &pos, &v)) == 1) {
		uint64_t s = v.start_cycles, e = v.start_cycles + v.len_cycles;

		while (s < e && s >= th->begin_cycles) {
			size_t k = (size_t)((s - th->begin_cycles) / p);
			uint64_t edge = th->begin_cycles + (k + 1) * p;
			uint64_t to = e < edge ? e : edge;

			if (k >= np)
				break;
			sum[k] += to - s;
			s = to;
		}
	}
	*out = sum;
	*nout = np;
	return ret < 0 ? ret : 0;	/* the caller frees *out either way */
}

static void print_audit(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th)
{
	uint64_t *sum, min = UINT64_MAX, max = 0, total = 0, at_budget = 0, hz = t->calib.tsc_hz;
	uint64_t budget = hg_ns_to_cycles(th->reserve_budget_ns, hz);
	char a[4][32];
	size_t n = 0, k;

	sum = NULL;
	if (per_period(t, th, &sum, &n) || !n) {
		free(sum);
		return;
	}
	for (k = 0; k < n; k++) {
		min = sum[k] < min ? sum[k] : min;
		max = sum[k] > max ? sum[k] : max;
		total += sum[k];
		at_budget += sum[k] * 100 >= budget * 99;	/* used it all: throttled */
	}
	free(sum);
	fprintf(f, "# reservation, thread %u: %s: CPU received per period ms min %s mean %s max %s "
		"of a budget of %s; %" PRIu64 " of %zu periods used the whole budget%s; "
		"%" PRIu64 " missed deadlines%s\n", th->id, th->priority,
		hg_format_ms3(hg_cycles_to_ns(min, hz), a[0], 32), hg_format_ms3(hg_cycles_to_ns(total / n, hz), a[1], 32),
		hg_format_ms3(hg_cycles_to_ns(max, hz), a[2], 32), hg_format_ms3(th->reserve_budget_ns, a[3], 32),
		at_budget, n, th->reserve == HG_RESERVE_HARD ? " (throttled)" : "", th->stats.misses,
		th->dropped ? " (from the stored records: raise -e)" : "");
}

void hg_print_prediction(FILE *f, const struct hg_trace *t)
{
	struct hg_rta_task *ts = calloc(t->nthreads ? t->nthreads : 1, sizeof(*ts));
	struct hg_rta_result *r = calloc(t->nthreads ? t->nthreads : 1, sizeof(*r));
	uint32_t *idx = calloc(t->nthreads ? t->nthreads : 1, sizeof(*idx)), i;

	if (ts && r && idx)
		print_predicted(f, t, ts, r, idx);
	for (i = 0; i < t->nthreads; i++)
		if (t->threads[i].reserve != HG_RESERVE_NONE)
			print_audit(f, t, &t->threads[i]);
	free(ts);
	free(r);
	free(idx);
}
