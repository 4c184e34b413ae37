// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * predict.c - after a run with PERIODIC threads: the response-time analysis
 * of the run's own task set beside the response times measured, then again
 * with the release jitter measured; and an audit of each reservation
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/reccur.h"
#include "analysis/cpuset.h"
#include "analysis/hog.h"
#include "analysis/partition.h"
#include "analysis/predict.h"
#include "analysis/rta.h"
#include "trace/timeval.h"

/* The analysed threads: PERIODIC models with a C, not under a reservation. */
static size_t collect(const struct hg_trace *t, struct hg_rta_task *ts, uint32_t *idx,
		      bool measured_jitter)
{
	size_t n = 0;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];

		/* D > T is analysed too: its busy period may hold several jobs */
		if (th->model != HG_MODEL_PERIODIC || !th->wcet_ns ||
		    th->reserve != HG_RESERVE_NONE || !th->period_ns)
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
		ts[n].ncs = th->ncs;
		memcpy(ts[n].cs, th->cs, sizeof(ts[n].cs));
		/* the CPUs it could run on ("0-1"); not a list: none named */
		if (hg_cpuset_parse(th->cpus, &ts[n].cpus))
			CPU_ZERO(&ts[n].cpus);
		idx[n++] = i;
	}
	return n;
}

/*
 * The analysis of @n tasks @ts of @t into @r, CPU by CPU (partition.h),
 * with the blocking from the run's locks into @blk (may be NULL).
 */
static int analyse(const struct hg_trace *t, const struct hg_rta_task *ts, size_t n,
		   struct hg_rta_result *r, struct hg_block *blk, enum hg_rta_order *order)
{
	struct hg_rta_analysis an;
	int ret = hg_rta_analyse_locks(ts, n, t->locks, t->nlocks, &an);

	if (!ret) {
		memcpy(r, an.r, n * sizeof(*r));
		if (blk)
			memcpy(blk, an.blk, n * sizeof(*blk));
		*order = an.order;
	}
	hg_rta_analysis_free(&an);
	return ret;
}

bool hg_predict_hog(const struct hg_trace_thread *th)
{
	return hg_hog_is(th->model, th->rt_prio != HG_NO_RT_PRIO, th->reserve) && !th->error;
}

/*
 * p->hogs: the threads of @t that never block (hg_predict_hog()), each's
 * index the trace's. Returns 0 or -ENOMEM.
 */
static int find_hogs(const struct hg_trace *t, struct hg_prediction *p)
{
	uint32_t h;

	p->hogs = calloc(t->nthreads ? t->nthreads : 1, sizeof(*p->hogs));
	if (!p->hogs)
		return -ENOMEM;
	for (h = 0; h < t->nthreads; h++) {
		const struct hg_trace_thread *th = &t->threads[h];
		struct hg_hog *g = &p->hogs[p->nhogs];

		if (!hg_predict_hog(th))
			continue;
		g->id = th->id;
		g->index = h;
		g->prio = th->rt_prio;
		/* no CPU list: none named */
		if (hg_cpuset_parse(th->cpus, &g->cpus))
			CPU_ZERO(&g->cpus);
		snprintf(g->label, sizeof(g->label), "%s", th->workload);
		snprintf(g->priority, sizeof(g->priority), "%s", th->priority);
		p->nhogs++;
	}
	return 0;
}

/* p->hog and the results @r made unbounded or not covered (hog.h). */
static void hogs(struct hg_prediction *p, struct hg_rta_result *r)
{
	hg_hog_apply(p->ts, p->n, p->hogs, p->nhogs, p->hog, r);
}

/* p->r_o: the analysis with each job charged p->ovh. Returns 0 or -ENOMEM. */
static int with_overheads(const struct hg_trace *t, struct hg_prediction *p)
{
	struct hg_rta_task *ts = malloc(p->n * sizeof(*ts));
	enum hg_rta_order order;

	p->r_o = calloc(p->n, sizeof(*p->r_o));
	if (!ts || !p->r_o) {
		free(ts);
		hg_prediction_free(p);
		return -ENOMEM;
	}
	memcpy(ts, p->ts, p->n * sizeof(*ts));
	hg_overheads_apply(ts, p->n, &p->ovh);
	if (analyse(t, ts, p->n, p->r_o, NULL, &order)) {
		free(p->r_o);
		p->r_o = NULL;
	} else {
		hogs(p, p->r_o);
	}
	free(ts);
	return 0;
}

int hg_predict(const struct hg_trace *t, struct hg_prediction *p)
{
	size_t m = t->nthreads ? t->nthreads : 1;
	uint32_t i;

	memset(p, 0, sizeof(*p));
	p->ts = calloc(m, sizeof(*p->ts));
	p->r = calloc(m, sizeof(*p->r));
	p->idx = calloc(m, sizeof(*p->idx));
	p->ts_j = calloc(m, sizeof(*p->ts_j));
	p->r_j = calloc(m, sizeof(*p->r_j));
	p->blk = calloc(m, sizeof(*p->blk));
	p->hog = calloc(m, sizeof(*p->hog));
	if (!p->ts || !p->r || !p->idx || !p->ts_j || !p->r_j || !p->blk || !p->hog ||
	    find_hogs(t, p)) {
		hg_prediction_free(p);
		return -ENOMEM;
	}
	for (i = 0; i < t->nthreads; i++)
		p->reserved |= t->threads[i].reserve != HG_RESERVE_NONE;
	p->n = collect(t, p->ts, p->idx, false);
	if (!p->n || analyse(t, p->ts, p->n, p->r, p->blk, &p->order)) {
		p->n = 0;
		return 0;
	}
	hogs(p, p->r);
	/* again, each job charged the machine's overheads (--overheads, --cs-cost) */
	hg_overheads_from_sys(t, &p->ovh);
	if (hg_overheads_any(&p->ovh) && with_overheads(t, p))
		return -ENOMEM;
	/* again, with the jitter the timers gave */
	/* NOLINTNEXTLINE(clang-analyzer-unix.Malloc): the caller frees @p either way */
	collect(t, p->ts_j, p->idx, true);
	p->with_jitter = !analyse(t, p->ts_j, p->n, p->r_j, NULL, &p->order_j);
	if (p->with_jitter)
		hogs(p, p->r_j);
	return 0;
}

void hg_prediction_free(struct hg_prediction *p)
{
	free(p->ts);
	free(p->r);
	free(p->idx);
	free(p->ts_j);
	free(p->r_j);
	free(p->blk);
	free(p->r_o);
	free(p->hog);
	free(p->hogs);
	memset(p, 0, sizeof(*p));
}

/* What a reserved thread received per period of its grid. */
struct per_period {
	uint64_t p;		/* the period, cycles (never 0) */
	uint64_t budget;	/* cycles */
	uint64_t margin;	/* HG_AUDIT_MARGIN_NS in cycles */
	uint64_t min, max, total, at_budget, over_budget, n;
	uint64_t cur, sum;	/* the period being summed, and its sum */
};

/* @count periods that each received @sum cycles. */
static void pp_add(struct per_period *a, uint64_t sum, uint64_t count)
{
	if (!count)
		return;
	a->min = sum < a->min ? sum : a->min;
	a->max = sum > a->max ? sum : a->max;
	a->total += sum * count;
	a->n += count;
	/* used it all (up to the margin): throttled */
	if (sum + a->margin >= a->budget)
		a->at_budget += count;
	if (a->budget && sum > a->budget && sum - a->budget > a->margin)
		a->over_budget += count;
}

/* Close the periods before period @k: the one summed, the empty ones after it. */
static void pp_move(struct per_period *a, uint64_t k)
{
	if (k <= a->cur)
		return;
	pp_add(a, a->sum, 1);
	pp_add(a, 0, k - a->cur - 1);
	a->cur = k;
	a->sum = 0;
}

/*
 * CPU time @th received in each of its periods, from its stored records;
 * the periods are those of the thread's own grid, from its start (the
 * kernel's reservation periods are not visible from user space). Summed as
 * the records go, in constant memory: the period and the records come
 * from a file, and a period of one cycle over an hour must cost nothing
 * more than the records. Returns the number of whole periods (0: none).
 */
static uint64_t per_period(const struct hg_trace *t, const struct hg_trace_thread *th,
			   struct per_period *a)
{
	uint64_t p = hg_ns_to_cycles(th->reserve_period_ns, t->calib.tsc_hz);
	uint64_t end = t->stop_cycles && t->stop_cycles < th->end_cycles ? t->stop_cycles :
		       th->end_cycles;
	uint64_t np, last;
	struct hg_interval v;
	struct hg_reccur c;

	if (!p || end <= th->begin_cycles)
		return 0;
	np = (end - th->begin_cycles) / p;
	if (!np)
		return 0;
	last = th->begin_cycles + np * p;	/* the end of the last whole period */
	*a = (struct per_period){ .p = p, .min = UINT64_MAX,
		.budget = hg_ns_to_cycles(th->reserve_budget_ns, t->calib.tsc_hz),
		.margin = hg_ns_to_cycles(th->reserve_budget_ns / 100 < HG_AUDIT_MARGIN_NS ?
					  th->reserve_budget_ns / 100 : HG_AUDIT_MARGIN_NS,
					  t->calib.tsc_hz) };
	hg_reccur_init(&c, th);
	while (hg_reccur_interval(&c, &v) == 1) {
		uint64_t s = v.start_cycles, e = v.start_cycles + v.len_cycles, k0, k1;

		if (e < s || e > last)
			e = last;
		if (s < th->begin_cycles || s >= e)
			continue;
		k0 = (s - th->begin_cycles) / p;
		k1 = (e - 1 - th->begin_cycles) / p;
		/* records out of order (a crafted file) count in the current period */
		k0 = k0 < a->cur ? a->cur : k0;
		k1 = k1 < k0 ? k0 : k1;
		pp_move(a, k0);
		if (k0 == k1) {
			a->sum += e - s;
			continue;
		}
		a->sum += th->begin_cycles + (k0 + 1) * p - s;
		pp_move(a, k0 + 1);
		/* the whole periods inside the interval */
		a->cur = k1;
		pp_add(a, p, k1 - k0 - 1);
		a->sum = e - (th->begin_cycles + k1 * p);
	}
	hg_reccur_free(&c);
	pp_move(a, np);
	return np;
}

int hg_audit(const struct hg_trace *t, const struct hg_trace_thread *th, struct hg_audit *au)
{
	struct per_period a;
	uint64_t hz = t->calib.tsc_hz, n = per_period(t, th, &a);

	memset(au, 0, sizeof(*au));
	if (!n)
		return 0;
	au->periods = n;
	au->min_ns = hg_cycles_to_ns(a.min, hz);
	au->mean_ns = hg_cycles_to_ns(a.total / n, hz);
	au->max_ns = hg_cycles_to_ns(a.max, hz);
	au->at_budget = a.at_budget;
	au->over_budget = a.over_budget;
	return 1;
}
