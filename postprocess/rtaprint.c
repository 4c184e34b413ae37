// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rtaprint.c - reports of the schedulability analyses
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../trace/timeval.h"
#include "json.h"
#include "rtaprint.h"

int hg_taskset_alloc(struct hg_taskset *s, size_t n)
{
	memset(s, 0, sizeof(*s));
	s->n = n;
	s->task = calloc(n ? n : 1, sizeof(*s->task));
	s->label = calloc(n ? n : 1, sizeof(*s->label));
	s->prio = calloc(n ? n : 1, sizeof(*s->prio));
	s->resv_budget_ns = calloc(n ? n : 1, sizeof(*s->resv_budget_ns));
	s->resv_period_ns = calloc(n ? n : 1, sizeof(*s->resv_period_ns));
	if (!s->task || !s->label || !s->prio || !s->resv_budget_ns || !s->resv_period_ns) {
		hg_taskset_free(s);
		return -ENOMEM;
	}
	return 0;
}

void hg_taskset_free(struct hg_taskset *s)
{
	free(s->task);
	free(s->label);
	free(s->prio);
	free(s->resv_budget_ns);
	free(s->resv_period_ns);
	memset(s, 0, sizeof(*s));
}

/* "29.000": ms with three decimals, rounded to the microsecond. */
struct edf {
	double bandwidth;	/* of the reservations */
	double limit;
	bool any_resv;
	enum hg_edf_verdict demand;
	uint64_t fail_ns;
};

static const char *const verdict_names[] = {
	[HG_EDF_SCHEDULABLE] = "schedulable",
	[HG_EDF_UNSCHEDULABLE] = "unschedulable",
	[HG_EDF_UNDECIDED] = "undecided",
};

static void analyse_edf(const struct hg_taskset *s, struct edf *e)
{
	size_t i;

	memset(e, 0, sizeof(*e));
	for (i = 0; i < s->n; i++) {
		if (!s->resv_period_ns[i])
			continue;
		e->any_resv = true;
		e->bandwidth += (double)s->resv_budget_ns[i] / (double)s->resv_period_ns[i];
	}
	e->limit = s->rt_period_us ? (double)s->cpus * (double)s->rt_runtime_us /
		   (double)s->rt_period_us : (double)s->cpus;
	e->demand = hg_rta_edf_demand(s->task, s->n, &e->fail_ns);
}

static void print_text(FILE *f, const struct hg_taskset *s, const struct hg_rta_result *r,
		       enum hg_rta_order order, const struct edf *e)
{
	char a[32], b[32], c[32], d[32], j[32], bl[32], sl[40];
	size_t i;

	for (i = 0; i < s->n; i++)
		fprintf(f, "rta: thread %u response %s deadline %s %s\n", s->task[i].id,
			hg_format_ms3(r[i].response_ns, a, sizeof(a)), hg_format_ms3(s->task[i].d_ns, b, sizeof(b)),
			r[i].schedulable ? "schedulable" : "unschedulable");
	fprintf(f, "# rta: fixed-priority preemptive response-time analysis, order: %s\n",
		hg_rta_order_name(order));
	fprintf(f, "# %-6s %-4s %-24s %-26s %8s %8s %8s %8s %8s %6s %9s %9s  %s\n", "thread",
		"rank", "workload", "priority", "C_ms", "T_ms", "D_ms", "J_ms", "B_ms", "U",
		"R_ms", "slack_ms", "verdict");
	for (i = 0; i < s->n; i++) {
		const struct hg_rta_task *t = &s->task[i];
		bool late = r[i].response_ns > t->d_ns;
		uint64_t slack = late ? r[i].response_ns - t->d_ns : t->d_ns - r[i].response_ns;

		if (r[i].response_ns == UINT64_MAX)
			snprintf(sl, sizeof(sl), "-inf");
		else
			snprintf(sl, sizeof(sl), "%s%s", late ? "-" : "", hg_format_ms3(slack, d, sizeof(d)));
		fprintf(f, "# %-6u %-4u %-24s %-26s %8s %8s %8s %8s %8s %6.3f %9s %9s  %s\n",
			t->id, r[i].rank, s->label[i], s->prio[i], hg_format_ms3(t->c_ns, a, sizeof(a)),
			hg_format_ms3(t->t_ns, b, sizeof(b)), hg_format_ms3(t->d_ns, c, sizeof(c)),
			hg_format_ms3(t->j_ns, j, sizeof(j)), hg_format_ms3(t->b_ns, bl, sizeof(bl)),
			(double)t->c_ns / (double)t->t_ns, hg_format_ms3(r[i].response_ns, d, sizeof(d)), sl,
			r[i].schedulable ? "schedulable" : "UNSCHEDULABLE");
	}
	fprintf(f, "# rta: total utilisation %.3f on one CPU\n", hg_rta_utilisation(s->task, s->n));
	if (e->any_resv)
		fprintf(f, "# edf: reservations take %.3f CPUs of the admission limit %.3f "
			"(%u CPUs x %" PRIu64 "/%" PRIu64 " us): %s\n", e->bandwidth, e->limit,
			s->cpus, s->rt_runtime_us, s->rt_period_us,
			e->bandwidth <= e->limit ? "admitted" : "refused");
	if (e->demand == HG_EDF_SCHEDULABLE)
		fprintf(f, "# edf: processor demand on one CPU: schedulable under EDF "
			"(SCHED_DEADLINE)\n");
	else if (e->demand == HG_EDF_UNDECIDED)
		fprintf(f, "# edf: processor demand on one CPU: undecided, too many deadlines to "
			"check (nothing is promised)\n");
	else if (e->fail_ns)
		fprintf(f, "# edf: processor demand on one CPU: unschedulable under EDF, the demand "
			"exceeds the time at t = %s ms\n", hg_format_ms3(e->fail_ns, a, sizeof(a)));
	else
		fprintf(f, "# edf: processor demand on one CPU: unschedulable under EDF, "
			"utilisation above 1\n");
}

static void print_json(FILE *f, const struct hg_taskset *s, const struct hg_rta_result *r,
		       enum hg_rta_order order, const struct edf *e)
{
	size_t i;

	fprintf(f, "{\n  \"schema\": 1,\n  \"order\": \"%s\",\n  \"utilisation\": %.6f,\n"
		"  \"tasks\": [", hg_rta_order_name(order), hg_rta_utilisation(s->task, s->n));
	for (i = 0; i < s->n; i++) {
		const struct hg_rta_task *t = &s->task[i];

		fprintf(f, "%s\n    {\"thread\": %u, \"rank\": %u, \"workload\": ", i ? "," : "",
			t->id, r[i].rank);
		hg_json_str(f, s->label[i]);
		fprintf(f, ", "
			"\"c_ns\": %" PRIu64 ", \"t_ns\": %" PRIu64 ", \"d_ns\": %" PRIu64
			", \"j_ns\": %" PRIu64 ", \"b_ns\": %" PRIu64 ", \"response_ns\": %" PRIu64
			", \"schedulable\": %s}", t->c_ns, t->t_ns, t->d_ns, t->j_ns, t->b_ns, r[i].response_ns,
			r[i].schedulable ? "true" : "false");
	}
	fprintf(f, "\n  ],\n  \"edf\": {\"reservation_bandwidth\": %.6f, \"admission_limit\": %.6f, "
		"\"admitted\": %s, \"demand_schedulable\": %s, \"demand_fails_at_ns\": %" PRIu64
		", \"demand_verdict\": \"%s\"}\n}\n", e->bandwidth, e->limit,
		!e->any_resv || e->bandwidth <= e->limit ? "true" : "false",
		e->demand == HG_EDF_SCHEDULABLE ? "true" : "false", e->fail_ns,
		verdict_names[e->demand]);
}

int hg_rta_report(FILE *f, const struct hg_taskset *s, bool json, size_t *unschedulable)
{
	struct hg_rta_result *r = calloc(s->n ? s->n : 1, sizeof(*r));
	enum hg_rta_order order;
	struct edf e;
	int ret;

	if (!r)
		return -ENOMEM;
	ret = hg_rta_fp(s->task, s->n, r, &order);
	if (!ret && unschedulable) {
		size_t i;

		for (*unschedulable = 0, i = 0; i < s->n; i++)
			*unschedulable += !r[i].schedulable;
	}
	if (!ret) {
		analyse_edf(s, &e);
		if (json)
			print_json(f, s, r, order, &e);
		else
			print_text(f, s, r, order, &e);
	}
	free(r);
	return ret;
}
