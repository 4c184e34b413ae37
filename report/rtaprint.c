// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rtaprint.c - reports of the schedulability analyses
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report/json.h"
#include "report/rtachain.h"
#include "analysis/cpuset.h"
#include "analysis/sched/edf.h"
#include "analysis/sched/hog.h"
#include "analysis/sched/margin.h"
#include "analysis/sched/partition.h"
#include "analysis/sched/rtamath.h"
#include "analysis/sched/taskset.h"
#include "report/rtafrom.h"
#include "report/ovhprint.h"
#include "report/rtaprint.h"
#include "util/timeval.h"

char *hg_rta_response_str(const struct hg_rta_result *r, char *buf, size_t len)
{
	char ms[32];

	switch (r->bound) {
	case HG_RTA_EXACT:
	case HG_RTA_UPPER:
		return hg_format_ms3(r->response_ns, buf, len);
	case HG_RTA_AT_LEAST:
		snprintf(buf, len, ">=%s", hg_format_ms3(r->response_ns, ms, sizeof(ms)));
		return buf;
	default:
		snprintf(buf, len, "%s", hg_rta_bound_name(r->bound));
		return buf;
	}
}

/* The task's verdict: "schedulable", "unschedulable" or "undecided". */
static const char *verdict(const struct hg_rta_result *r)
{
	if (r->test == HG_RTA_TEST_NONE)
		return "not-covered";
	if (r->bound == HG_RTA_UNDECIDED)
		return "undecided";
	return r->schedulable ? "schedulable" : "unschedulable";
}

struct edf {
	double bandwidth;	/* of the reservations */
	double limit;
	bool any_resv;
	enum hg_edf_verdict demand;	/* over the groups: the worst */
	uint64_t fail_ns;
};

static const char *const verdict_names[] = {
	[HG_EDF_SCHEDULABLE] = "schedulable",
	[HG_EDF_UNSCHEDULABLE] = "unschedulable",
	[HG_EDF_UNDECIDED] = "undecided",
};

static void analyse_edf(const struct hg_taskset *s, const struct hg_rta_analysis *an,
			struct edf *e)
{
	size_t i;

	memset(e, 0, sizeof(*e));
	for (i = 0; i < s->n; i++) {
		if (!s->task[i].resv_period_ns)
			continue;
		e->any_resv = true;
		e->bandwidth += (double)s->task[i].resv_budget_ns / (double)s->task[i].resv_period_ns;
	}
	e->limit = s->rt_period_us ? (double)s->cpus * (double)s->rt_runtime_us /
		   (double)s->rt_period_us : (double)s->cpus;
	e->demand = HG_EDF_SCHEDULABLE;
	for (i = 0; i < an->ngroups; i++) {
		const struct hg_rta_group *g = &an->g[i];

		if (g->demand == HG_EDF_UNSCHEDULABLE && e->demand != HG_EDF_UNSCHEDULABLE) {
			e->demand = HG_EDF_UNSCHEDULABLE;
			e->fail_ns = g->fail_ns;
		} else if (g->demand == HG_EDF_UNDECIDED && e->demand == HG_EDF_SCHEDULABLE) {
			e->demand = HG_EDF_UNDECIDED;
		}
	}
}

/*
 * A task's CPU list, "-" when none is named: most sets name none, and the
 * list walks every possible CPU (a set of 50,000 tasks printed twice).
 */
static char *task_cpus(const cpu_set_t *set, char *buf, size_t len)
{
	if (CPU_COUNT(set))
		return hg_cpuset_format(set, buf, len);
	snprintf(buf, len, "-");
	return buf;
}

/* "CPU 0", "CPUs 0-1" or "one CPU" (none named). */
static char *cpus_name(const struct hg_rta_group *g, char *buf, size_t len)
{
	char l[256];

	if (!CPU_COUNT(&g->cpus))
		snprintf(buf, len, "one CPU");
	else
		snprintf(buf, len, "CPU%s %s", g->ncpus > 1 ? "s" : "",
			 hg_cpuset_format(&g->cpus, l, sizeof(l)));
	return buf;
}

static void print_group(FILE *f, const struct hg_taskset *s, const struct hg_rta_group *g)
{
	char a[32], name[300];

	cpus_name(g, name, sizeof(name));
	if (g->test == HG_RTA_TEST_NONE && g->remote_lock >= 0) {
		fprintf(f, "# rta: %s: not covered: lock '%s' is shared with threads that may run "
			"on other CPUs; blocking across CPUs is not analysed (MPCP and the like); "
			"measured only\n", name, s->locks[g->remote_lock].name);
		return;
	}
	if (g->test == HG_RTA_TEST_NONE) {
		fprintf(f, "# rta: %s: not covered: thread %u may run on some of them but not "
			"all (affinities that overlap without being equal); measured only\n",
			name, g->overlap);
		return;
	}
	if (g->test == HG_RTA_TEST_GLOBAL) {
		fprintf(f, "# rta: %s: utilisation %.3f on %u CPUs, global fixed-priority "
			"response-time analysis (Bertogna and Cirinei 2007; its responses are "
			"upper bounds)\n", name, g->utilisation, g->ncpus);
		fprintf(f, "# edf: %s: global EDF is not analysed\n", name);
		return;
	}
	if (!CPU_COUNT(&g->cpus))
		fprintf(f, "# rta: total utilisation %.3f on one CPU\n", g->utilisation);
	else
		fprintf(f, "# rta: %s: utilisation %.3f, uniprocessor response-time analysis\n",
			name, g->utilisation);
	fprintf(f, "# edf: processor demand on %s, release jitter and blocking included: ",
		name);
	if (g->demand == HG_EDF_SCHEDULABLE)
		fprintf(f, "schedulable under EDF (SCHED_DEADLINE)\n");
	else if (g->demand == HG_EDF_UNDECIDED)
		fprintf(f, "undecided, too many deadlines to check (nothing is promised)\n");
	else if (g->fail_ns)
		fprintf(f, "unschedulable under EDF, the demand exceeds the time at t = %s ms\n",
			hg_format_ms3(g->fail_ns, a, sizeof(a)));
	else if (g->utilisation > 1.0)
		fprintf(f, "unschedulable under EDF, utilisation above 1\n");
	else
		fprintf(f, "unschedulable under EDF, a release jitter as long as its deadline\n");
	(void)s;
}

/* The line of a task charged the work a lock without a protocol holds back. */
static void print_charged(FILE *f, unsigned int id, const struct hg_block *b,
			  const struct hg_lock *locks)
{
	char a[32];

	if (b->held_by_ns == UINT64_MAX)
		fprintf(f, "# rta: thread %u: thread %u can wait for lock '%s' (none) while thread "
			"%u, below this one, holds it, and the busy period that bounds that wait "
			"does not end: the work it holds back has no bound here; --protocol "
			"%s=inherit or protect bounds it\n", id, b->held_by, locks[b->held_lock].name,
			b->held_low, locks[b->held_lock].name);
	else
		fprintf(f, "# rta: thread %u: thread %u can wait for lock '%s' (none) while thread "
			"%u, below this one, holds it, and its jobs held back come at once: charged "
			"as a release jitter of %s ms (the busy period of the levels at and above "
			"the lock's lowest user, less its C), so the response is an upper bound\n",
			id, b->held_by, locks[b->held_lock].name, b->held_low,
			hg_format_ms3(b->held_by_ns, a, sizeof(a)));
}

void hg_print_blocking(FILE *f, unsigned int id, const struct hg_block *b,
		       const struct hg_lock *locks)
{
	char a[32];

	if (b->charged)
		print_charged(f, id, b, locks);
	switch (b->kind) {
	case HG_BLOCK_NONE:
		return;
	case HG_BLOCK_UNBOUNDED:
		fprintf(f, "# rta: thread %u: blocking unbounded: lock '%s' has no protocol "
			"(none) and thread %u, of a priority between, can preempt thread %u "
			"while it holds it (priority inversion); --protocol %s=inherit or "
			"protect bounds it\n", id, locks[b->lock].name, b->middle, b->low,
			locks[b->lock].name);
		return;
	case HG_BLOCK_REMOTE:
		fprintf(f, "# rta: thread %u: blocking not covered: lock '%s' is shared across "
			"CPUs\n", id, locks[b->lock].name);
		return;
	default:
		fprintf(f, "# rta: thread %u: blocking %s ms from the sections of lower-priority "
			"threads (%s bound: %s), included in B_ms\n", id,
			hg_format_ms3(b->b_ns, a, sizeof(a)), hg_block_kind_name(b->kind),
			b->kind == HG_BLOCK_CEILING ? "the longest one section, immediate "
			"priority ceiling" : b->kind == HG_BLOCK_DIRECT ? "no protocol, no "
			"thread between: one section of each lower thread on its locks" :
			"priority inheritance, one section of each lower thread or on each "
			"lock, the smaller sum");
	}
}

void hg_print_kept_out(FILE *f, const char *tag, unsigned int id, const struct hg_rta_result *r,
		       const cpu_set_t *cpus, unsigned int hog_id, const char *label,
		       const char *prio)
{
	char l[256];

	hg_cpuset_format(cpus, l, sizeof(l));
	if (r->bound == HG_RTA_UNBOUNDED)
		fprintf(f, "# %sthread %u: no bound: thread %u (%s, %s) never blocks and can run "
			"on its CPU %s at its priority or above\n", tag, id, hog_id, label, prio, l);
	else
		fprintf(f, "# %sthread %u: not covered: thread %u (%s, %s) never blocks and can "
			"take one of its CPUs %s at its priority or above, which the analysis "
			"does not model\n", tag, id, hog_id, label, prio, l);
}

/* Why a hog is not analysed, for the text and the JSON. */
static void hog_why(const struct hg_hog *h, char *buf, size_t len)
{
	snprintf(buf, len, "%s never blocks at %s: no task at or below its priority runs on its "
		 "CPUs while it runs", h->label, h->priority);
}

/*
 * The threads left out that never block, and the tasks each keeps from
 * running (@by, hog.h), as the prediction after a run says them.
 */
static void print_hogs(FILE *f, const struct hg_taskset *s, const struct hg_rta_result *r,
		       const uint32_t *by)
{
	char why[256];
	size_t i;

	for (i = 0; i < s->nhogs; i++) {
		hog_why(&s->hogs[i], why, sizeof(why));
		fprintf(f, "# rta: thread %u is not analysed: %s\n", s->hogs[i].id, why);
	}
	for (i = 0; i < s->n; i++) {
		const struct hg_hog *h = by[i] ? &s->hogs[by[i] - 1] : NULL;

		if (h)
			hg_print_kept_out(f, "rta: ", s->task[i].rta.id, &r[i], &s->task[i].rta.cpus,
					  h->id, h->label, h->priority);
	}
}

/* Each response without and with the overheads, side by side. */
static void print_overheads(FILE *f, const struct hg_taskset *s, const struct hg_rta_analysis *an,
			    const struct hg_rta_analysis *ao)
{
	char a[32], b[32], d[32];
	size_t i;

	hg_print_overheads(f, "rta", &s->ovh);
	for (i = 0; i < s->n; i++)
		fprintf(f, "# rta: thread %u response %s%s without overheads, %s%s with, deadline "
			"%s ms: %s\n", s->task[i].rta.id, hg_rta_response_str(&an->r[i], a, sizeof(a)),
			an->r[i].response_ns == UINT64_MAX ? "" : " ms",
			hg_rta_response_str(&ao->r[i], b, sizeof(b)),
			ao->r[i].response_ns == UINT64_MAX ? "" : " ms",
			hg_format_ms3(s->task[i].rta.d_ns, d, sizeof(d)), verdict(&ao->r[i]));
}

/* What rta --margin found (mg NULL: not asked for). */
struct margins {
	struct hg_rta_margin m;
	uint64_t *max_c;	/* per task, when m.per_task */
	const char *why;	/* not known: why */
};

/* The slack D - R of a task with a bound at or under D, else UINT64_MAX. */
static uint64_t slack_of(const struct hg_rta_task *t, const struct hg_rta_result *r)
{
	if ((r->bound != HG_RTA_EXACT && r->bound != HG_RTA_UPPER) || r->response_ns > t->d_ns)
		return UINT64_MAX;
	return t->d_ns - r->response_ns;
}

static void print_margin(FILE *f, const struct hg_taskset *s, const struct hg_rta_analysis *an,
			 const struct margins *mg)
{
	char a[32], b[32], c[32];
	size_t i;

	if (!mg->m.known) {
		fprintf(f, "# rta: margin: none: %s\n", mg->why);
		return;
	}
	if (mg->m.scaling >= 1)
		fprintf(f, "# rta: margin: every C may grow by %.1f %%", (mg->m.scaling - 1) * 100);
	else
		fprintf(f, "# rta: margin: every C must shrink by %.1f %% for every task to be "
			"schedulable", (1 - mg->m.scaling) * 100);
	fprintf(f, " (critical scaling factor %.4f, breakdown utilisation %.4f; the lock "
		"sections scaled with C, the test each task has, without overheads)\n",
		mg->m.scaling, mg->m.breakdown);
	for (i = 0; mg->m.per_task && i < s->n; i++) {
		const struct hg_rta_task *t = &s->task[i].rta;
		uint64_t sl = slack_of(t, &an->r[i]);

		fprintf(f, "# rta: thread %u: margin: C up to %s ms (now %s ms, the others as they "
			"are), slack %s ms\n", t->id, hg_format_ms3(mg->max_c[i], a, sizeof(a)),
			hg_format_ms3(t->c_ns, b, sizeof(b)),
			sl == UINT64_MAX ? "-" : hg_format_ms3(sl, c, sizeof(c)));
	}
	if (!mg->m.per_task && s->n > HG_MARGIN_MAX_TASKS)
		fprintf(f, "# rta: margin: the largest C of each task is looked for in sets of up "
			"to %d tasks (a bisection over the whole analysis for each)\n",
			HG_MARGIN_MAX_TASKS);
}

static void print_text(FILE *f, const struct hg_taskset *s, const struct hg_rta_analysis *an,
		       const struct hg_rta_analysis *ao, const struct edf *e, const uint32_t *by,
		       const struct margins *mg)
{
	const struct hg_rta_result *r = an->r;
	char a[32], b[32], c[32], d[32], j[32], bl[32], sl[40], cl[256];
	size_t i;

	for (i = 0; i < s->n; i++)
		fprintf(f, "rta: thread %u response %s%s deadline %sms %s test %s cpus %s\n",
			s->task[i].rta.id, hg_rta_response_str(&r[i], a, sizeof(a)),
			r[i].response_ns == UINT64_MAX ? "" : "ms",
			hg_format_ms3(s->task[i].rta.d_ns, b, sizeof(b)), verdict(&r[i]),
			hg_rta_test_name(r[i].test),
			task_cpus(&s->task[i].rta.cpus, cl, sizeof(cl)));
	fprintf(f, "# rta: fixed-priority preemptive response-time analysis, order: %s\n",
		hg_rta_order_name(an->order));
	fprintf(f, "# %-6s %-4s %-24s %-26s %8s %8s %8s %8s %8s %6s %9s %9s  %-13s %-12s %s\n",
		"thread", "rank", "workload", "priority", "C_ms", "T_ms", "D_ms", "J_ms", "B_ms",
		"U", "R_ms", "slack_ms", "verdict", "test", "cpus");
	for (i = 0; i < s->n; i++) {
		const struct hg_rta_task *t = &s->task[i].rta;
		bool late = r[i].response_ns > t->d_ns;
		uint64_t slack = late ? r[i].response_ns - t->d_ns : t->d_ns - r[i].response_ns;

		if (r[i].bound != HG_RTA_EXACT && r[i].bound != HG_RTA_UPPER)
			snprintf(sl, sizeof(sl), "-");
		else
			snprintf(sl, sizeof(sl), "%s%s", late ? "-" : "", hg_format_ms3(slack, d, sizeof(d)));
		fprintf(f, "# %-6u %-4u %-24s %-26s %8s %8s %8s %8s %8s %6.3f %9s %9s  %-13s %-12s "
			"%s\n", t->id, r[i].rank, s->task[i].label, s->task[i].prio,
			hg_format_ms3(t->c_ns, a, sizeof(a)), hg_format_ms3(t->t_ns, b, sizeof(b)),
			hg_format_ms3(t->d_ns, c, sizeof(c)), hg_format_ms3(t->j_ns, j, sizeof(j)),
			hg_format_ms3(hg_sat_add(t->b_ns, an->blk[i].b_ns), bl, sizeof(bl)),
			(double)t->c_ns / (double)t->t_ns,
			hg_rta_response_str(&r[i], d, sizeof(d)), sl,
			r[i].test == HG_RTA_TEST_NONE ? "NOT-COVERED" :
			r[i].bound == HG_RTA_UNDECIDED ? "UNDECIDED" :
			r[i].schedulable ? "schedulable" : "UNSCHEDULABLE",
			hg_rta_test_name(r[i].test), task_cpus(&t->cpus, cl, sizeof(cl)));
	}
	for (i = 0; i < an->ngroups; i++)
		print_group(f, s, &an->g[i]);
	print_hogs(f, s, r, by);
	for (i = 0; i < s->n; i++)
		hg_print_blocking(f, s->task[i].rta.id, &an->blk[i], s->locks);
	if (ao)
		print_overheads(f, s, an, ao);
	if (mg)
		print_margin(f, s, an, mg);
	hg_print_rtafrom(f, s, r, ao ? ao->r : NULL);
	hg_print_rtachains(f, s, ao ? ao->r : r, ao != NULL);
	if (e->any_resv)
		fprintf(f, "# edf: reservations take %.3f CPUs of the admission limit %.3f "
			"(%u CPUs x %" PRIu64 "/%" PRIu64 " us): %s\n", e->bandwidth, e->limit,
			s->cpus, s->rt_runtime_us, s->rt_period_us,
			e->bandwidth <= e->limit ? "admitted" : "refused");
}

/* "not_analysed": the threads left out that never block. */
static void json_hogs(struct hg_json *j, const struct hg_taskset *s)
{
	char why[256];
	size_t i;

	hg_json_arr(j, "not_analysed");
	for (i = 0; i < s->nhogs; i++) {
		hg_json_row_obj(j, NULL);
		hg_json_u64(j, "thread", s->hogs[i].id);
		hog_why(&s->hogs[i], why, sizeof(why));
		hg_json_string(j, "why", why);
		hg_json_close(j);
	}
	hg_json_close(j);
}

/* @key: @v, or null when it is UINT64_MAX. */
static void json_u64_or_null(struct hg_json *j, const char *key, uint64_t v)
{
	if (v == UINT64_MAX)
		hg_json_null(j, key);
	else
		hg_json_u64(j, key, v);
}

void hg_json_blocking(struct hg_json *j, const struct hg_rta_task *t, const struct hg_block *b,
		      const struct hg_rta_result *r)
{
	/* no number where the locks' blocking has no bound, or none was found */
	if (b->kind == HG_BLOCK_UNBOUNDED || b->kind == HG_BLOCK_REMOTE) {
		hg_json_null(j, "b_ns");
		hg_json_null(j, "lock_blocking_ns");
	} else {
		hg_json_u64(j, "b_ns", hg_sat_add(t->b_ns, b->b_ns));
		hg_json_u64(j, "lock_blocking_ns", b->b_ns);
	}
	hg_json_string(j, "blocking", hg_block_kind_name(b->kind));
	hg_json_bool(j, "unbounded", r->bound == HG_RTA_UNBOUNDED);
}

/* A task's blocking: hg_json_blocking(), then held_back_by and its jitter. */
static void json_blocking(struct hg_json *j, const struct hg_rta_task *t,
			  const struct hg_block *b, const struct hg_rta_result *r)
{
	hg_json_blocking(j, t, b, r);
	if (b->charged) {
		hg_json_u64(j, "held_back_by", b->held_by);
		json_u64_or_null(j, "held_back_jitter_ns", b->held_by_ns);
	} else {
		hg_json_null(j, "held_back_by");
		hg_json_null(j, "held_back_jitter_ns");
	}
}

/* Task @i's object of "tasks". */
static void json_task(struct hg_json *j, const struct hg_taskset *s, size_t i,
		      const struct hg_rta_analysis *an, const struct hg_rta_analysis *ao,
		      const uint32_t *by, const struct margins *mg)
{
	const struct hg_rta_task *t = &s->task[i].rta;
	const struct hg_rta_result *r = &an->r[i];
	char cl[256];

	hg_json_row_obj(j, NULL);
	hg_json_u64(j, "thread", t->id);
	hg_json_u64(j, "rank", r->rank);
	hg_json_string(j, "workload", s->task[i].label);
	hg_json_u64(j, "c_ns", t->c_ns);
	hg_json_u64(j, "t_ns", t->t_ns);
	hg_json_u64(j, "d_ns", t->d_ns);
	hg_json_u64(j, "j_ns", t->j_ns);
	json_blocking(j, t, &an->blk[i], r);
	if (by[i])
		hg_json_u64(j, "kept_out_by", s->hogs[by[i] - 1].id);
	else
		hg_json_null(j, "kept_out_by");
	json_u64_or_null(j, "response_ns", r->response_ns);
	hg_json_string(j, "bound", hg_rta_bound_name(r->bound));
	hg_json_bool(j, "schedulable", r->schedulable);
	json_u64_or_null(j, "slack_ns", slack_of(t, r));
	json_u64_or_null(j, "max_c_ns", mg && mg->m.per_task ? mg->max_c[i] : UINT64_MAX);
	hg_json_string(j, "test", hg_rta_test_name(r->test));
	hg_json_string(j, "cpus", task_cpus(&t->cpus, cl, sizeof(cl)));
	json_u64_or_null(j, "response_overheads_ns", ao ? ao->r[i].response_ns : UINT64_MAX);
	if (ao)
		hg_json_bool(j, "schedulable_overheads", ao->r[i].schedulable);
	else
		hg_json_null(j, "schedulable_overheads");
	hg_json_close(j);
}

/* "margin": what --margin found, or null without it. */
static void json_margin(struct hg_json *j, const struct margins *mg)
{
	if (!mg) {
		hg_json_null(j, "margin");
		return;
	}
	hg_json_row_obj(j, "margin");
	if (mg->m.known) {
		hg_json_num(j, "scaling_factor", mg->m.scaling, 6);
		hg_json_num(j, "breakdown_utilisation", mg->m.breakdown, 6);
		hg_json_null(j, "why");
	} else {
		hg_json_null(j, "scaling_factor");
		hg_json_null(j, "breakdown_utilisation");
		hg_json_string(j, "why", mg->why);
	}
	hg_json_close(j);
}

/* "groups": per group of tasks with the same CPUs. */
static void json_groups(struct hg_json *j, const struct hg_taskset *s,
			const struct hg_rta_analysis *an)
{
	char cl[256];
	size_t i;

	hg_json_arr(j, "groups");
	for (i = 0; i < an->ngroups; i++) {
		const struct hg_rta_group *g = &an->g[i];

		hg_json_row_obj(j, NULL);
		hg_json_string(j, "cpus", hg_cpuset_format(&g->cpus, cl, sizeof(cl)));
		hg_json_u64(j, "ncpus", g->ncpus);
		hg_json_string(j, "test", hg_rta_test_name(g->test));
		hg_json_u64(j, "tasks", g->ntasks);
		hg_json_num(j, "utilisation", g->utilisation, 6);
		if (g->test == HG_RTA_TEST_UNI)
			hg_json_string(j, "demand_verdict", verdict_names[g->demand]);
		else
			hg_json_null(j, "demand_verdict");
		hg_json_u64(j, "demand_fails_at_ns", g->fail_ns);
		if (g->test == HG_RTA_TEST_NONE && g->remote_lock < 0)
			hg_json_u64(j, "overlaps_thread", g->overlap);
		else
			hg_json_null(j, "overlaps_thread");
		if (g->remote_lock >= 0)
			hg_json_string(j, "shared_lock", s->locks[g->remote_lock].name);
		else
			hg_json_null(j, "shared_lock");
		hg_json_close(j);
	}
	hg_json_close(j);
}

/* "locks" and "edf". */
static void json_locks_edf(struct hg_json *j, const struct hg_taskset *s, const struct edf *e)
{
	size_t i;

	hg_json_arr(j, "locks");
	for (i = 0; i < s->nlocks; i++) {
		hg_json_row_obj(j, NULL);
		hg_json_string(j, "name", s->locks[i].name);
		hg_json_string(j, "protocol", hg_lock_protocol_name(s->locks[i].protocol));
		hg_json_close(j);
	}
	hg_json_close(j);
	hg_json_row_obj(j, "edf");
	hg_json_num(j, "reservation_bandwidth", e->bandwidth, 6);
	hg_json_num(j, "admission_limit", e->limit, 6);
	hg_json_bool(j, "admitted", !e->any_resv || e->bandwidth <= e->limit);
	hg_json_bool(j, "demand_schedulable", e->demand == HG_EDF_SCHEDULABLE);
	hg_json_u64(j, "demand_fails_at_ns", e->fail_ns);
	hg_json_string(j, "demand_verdict", verdict_names[e->demand]);
	hg_json_close(j);
}

static void print_json(FILE *f, const struct hg_taskset *s, const struct hg_rta_task *k,
		       const struct hg_rta_analysis *an, const struct hg_rta_analysis *ao,
		       const struct edf *e, const uint32_t *by, const struct margins *mg)
{
	struct hg_json j;
	size_t i;

	hg_json_begin(&j, f);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", HG_RTA_SCHEMA);
	hg_json_string(&j, "order", hg_rta_order_name(an->order));
	hg_json_num(&j, "utilisation", hg_rta_utilisation(k, s->n), 6);
	json_hogs(&j, s);
	hg_json_arr(&j, "tasks");
	for (i = 0; i < s->n; i++)
		json_task(&j, s, i, an, ao, by, mg);
	hg_json_close(&j);
	hg_print_overheads_json(&j, ao ? &s->ovh : NULL);
	json_margin(&j, mg);
	json_groups(&j, s, an);
	json_locks_edf(&j, s, e);
	hg_print_rtafrom_json(&j, s, an->r, ao ? ao->r : NULL);
	hg_print_rtachains_json(&j, s, ao ? ao->r : an->r, ao != NULL);
	hg_json_end_doc(&j);
}

/* The analysis again with each job charged the overheads, into @ao. */
static int analyse_overheads(const struct hg_taskset *s, const struct hg_rta_task *k,
			     struct hg_rta_analysis *ao)
{
	struct hg_rta_task *ko = malloc((s->n ? s->n : 1) * sizeof(*ko));
	int ret;

	memset(ao, 0, sizeof(*ao));
	if (!ko)
		return -ENOMEM;
	memcpy(ko, k, s->n * sizeof(*ko));
	hg_overheads_apply(ko, s->n, &s->ovh);
	ret = hg_rta_analyse_locks(ko, s->n, s->locks, s->nlocks, ao);
	free(ko);
	return ret;
}

/* The margins of @s into @mg, @by the tasks kept out by a thread that never blocks. */
static int find_margins(const struct hg_taskset *s, const struct hg_rta_task *k,
			const struct hg_rta_analysis *an, const uint32_t *by, struct margins *mg)
{
	size_t i;

	mg->why = NULL;
	for (i = 0; i < s->n && !mg->why; i++)
		if (by[i])
			mg->why = "a thread that never blocks keeps a task out at any scale";
		else if (an->r[i].test == HG_RTA_TEST_NONE)
			mg->why = "a task no test here covers";
	if (mg->why) {
		memset(&mg->m, 0, sizeof(mg->m));
		return 0;
	}
	mg->max_c = calloc(s->n ? s->n : 1, sizeof(*mg->max_c));
	if (!mg->max_c)
		return -ENOMEM;
	mg->why = "no scale of the C makes every task schedulable";
	return hg_rta_margin(k, s->n, s->locks, s->nlocks, &mg->m, mg->max_c);
}

int hg_rta_report(FILE *f, const struct hg_taskset *s, bool json, size_t *unschedulable)
{
	return hg_rta_report_margin(f, s, json, false, unschedulable);
}

int hg_rta_report_margin(FILE *f, const struct hg_taskset *s, bool json, bool margin,
			 size_t *unschedulable)
{
	struct hg_rta_task *k = hg_taskset_rta(s);
	uint32_t *by = calloc(s->n ? s->n : 1, sizeof(*by));
	struct hg_rta_analysis an = { 0 }, ao = { 0 };
	bool ovh = hg_overheads_any(&s->ovh);
	struct margins mg = { 0 };
	struct edf e;
	int ret;

	if (!k || !by) {
		free(k);
		free(by);
		return -ENOMEM;
	}
	ret = hg_rta_analyse_locks(k, s->n, s->locks, s->nlocks, &an);
	if (!ret && ovh)
		ret = analyse_overheads(s, k, &ao);
	if (!ret) {
		/* the tasks a thread that never blocks keeps out, as the prediction's */
		hg_hog_apply(k, s->n, s->hogs, s->nhogs, by, an.r);
		if (ovh)
			hg_hog_apply(k, s->n, s->hogs, s->nhogs, NULL, ao.r);
	}
	if (!ret && unschedulable) {
		size_t i;

		/* with the overheads, when given: what the machine would do */
		for (*unschedulable = 0, i = 0; i < s->n; i++)
			*unschedulable += !(ovh ? ao.r[i].schedulable : an.r[i].schedulable);
	}
	if (!ret && margin)
		ret = find_margins(s, k, &an, by, &mg);
	if (!ret) {
		analyse_edf(s, &an, &e);
		if (json)
			print_json(f, s, k, &an, ovh ? &ao : NULL, &e, by, margin ? &mg : NULL);
		else
			print_text(f, s, &an, ovh ? &ao : NULL, &e, by, margin ? &mg : NULL);
	}
	free(mg.max_c);
	hg_rta_analysis_free(&an);
	hg_rta_analysis_free(&ao);
	free(by);
	free(k);
	return ret;
}
