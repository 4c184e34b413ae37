// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rta.c - fixed-priority response-time analysis on one CPU
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/interfere.h"
#include "analysis/sched/rta.h"
#include "analysis/sched/rtamath.h"

static const char *const order_names[] = {
	[HG_RTA_BY_PRIORITY] = "priority",
	[HG_RTA_RATE_MONOTONIC] = "rate-monotonic",
	[HG_RTA_MIXED] = "priority, then rate-monotonic among equal or missing priorities",
};

const char *hg_rta_order_name(enum hg_rta_order o)
{
	return order_names[o];
}

static const char *const bound_names[] = {
	[HG_RTA_EXACT] = "exact",
	[HG_RTA_AT_LEAST] = "at least",
	[HG_RTA_UNBOUNDED] = "unbounded",
	[HG_RTA_UNDECIDED] = "undecided",
	[HG_RTA_UPPER] = "upper bound",
};

static const char *const test_names[] = {
	[HG_RTA_TEST_UNI] = "uniprocessor",
	[HG_RTA_TEST_GLOBAL] = "global",
	[HG_RTA_TEST_NONE] = "not-covered",
};

const char *hg_rta_test_name(enum hg_rta_test t)
{
	return test_names[t];
}

const char *hg_rta_bound_name(enum hg_rta_bound b)
{
	return bound_names[b];
}

/*
 * A safety net: convergence takes far fewer steps for any real task set.
 * The steps are the set's, shared out among its tasks, each getting at
 * least HG_RTA_MIN_ITER: a set of many tasks whose busy periods hold
 * millions of jobs each (a blocking time of years) is not walked for
 * millions of steps per task.
 */
#define HG_RTA_MAX_ITER 2000000u
#define HG_RTA_MIN_ITER 1000u

/*
 * Utilisations are sums of C / T in doubles: a set that fills the CPU
 * exactly (six tasks of 1 ms in 6 ms) can sum to just below 1, where the
 * iteration has no fixed point and would run to the safety net. Within
 * this of 1 counts as 1.
 */
#define HG_RTA_U_FULL (1.0 - 1e-9)

/* Does task a run before task b? */
static bool before(const struct hg_rta_task *a, const struct hg_rta_task *b)
{
	if (a->prio != b->prio)
		return a->prio > b->prio;
	if (a->t_ns != b->t_ns)
		return a->t_ns < b->t_ns;
	if (a->d_ns != b->d_ns)
		return a->d_ns < b->d_ns;
	return a->id < b->id;
}

/*
 * How much of the CPU a priority level asks for, exactly where its
 * hyperperiod fits: over a hyperperiod H the level's work is the sum of
 * C H / T, and the level is below, at or above the whole CPU as that work
 * is below, at or above H. Beyond HG_RTA_LCM_CAP the sum of C / T in
 * doubles decides, and within HG_RTA_U_FULL of 1 counts as 1.
 */
struct level {
	uint64_t h;		/* the hyperperiod of its periods; 0: too long to follow */
	unsigned __int128 work;	/* sum of C H / T, capped at H + 1 */
	double u;
};

static struct level level_add(struct level l, const struct hg_rta_task *t)
{
	uint64_t h = hg_lcm_capped(l.h, t->t_ns);

	l.u += (double)t->c_ns / (double)t->t_ns;
	if (h) {
		/* work <= l.h < 2^62 and C H / T < 2^126: no overflow */
		l.work = l.work * (h / l.h) + (unsigned __int128)t->c_ns * (h / t->t_ns);
		if (l.work > h)
			l.work = (unsigned __int128)h + 1;
	}
	l.h = h;
	return l;
}

/* -1, 0 or 1: the level asks for less than, exactly or more than the whole CPU. */
static int level_cmp(const struct level *l)
{
	if (l->h)
		return l->work < l->h ? -1 : l->work > l->h;
	return l->u < HG_RTA_U_FULL ? -1 : l->u > 2.0 - HG_RTA_U_FULL;
}

/* What is known of a response (J included) when the walk had to stop. */
static void stopped(const struct hg_rta_task *me, uint64_t worst, struct hg_rta_result *r)
{
	r->response_ns = worst;
	r->schedulable = false;
	/* a job already late: the verdict stands, the worst is at least this one */
	r->bound = worst > me->d_ns ? HG_RTA_AT_LEAST : HG_RTA_UNDECIDED;
	/* past 2^64 ns (584 years): no bound that can be written */
	if (worst == UINT64_MAX && r->bound == HG_RTA_AT_LEAST)
		r->bound = HG_RTA_UNBOUNDED;
	if (r->bound != HG_RTA_AT_LEAST)
		r->response_ns = UINT64_MAX;
}

/* J + w - q T: job q's response (it is released at q T - J, before w). */
static uint64_t job_response(const struct hg_rta_task *me, uint64_t wq, uint64_t qt)
{
	uint64_t end = hg_sat_add(wq, me->j_ns);

	return end == UINT64_MAX ? UINT64_MAX : end - qt;
}

/*
 * The smallest w >= @wq with w = @own + I(w), @w giving I; each step
 * counted in *@it. UINT64_MAX when the sum saturates; past @steps steps,
 * the window reached, with *@out set.
 */
static uint64_t settle(struct hg_interference *w, uint64_t own, uint64_t wq, unsigned int steps,
		       unsigned int *it, bool *out)
{
	uint64_t next;

	wq = wq > own ? wq : own;
	for (;;) {
		(*it)++;
		next = hg_sat_add(own, hg_intf_at(w, wq));
		if (next == wq || next == UINT64_MAX)
			return next;
		wq = next;
		if (*it >= steps) {
			*out = true;
			return wq;
		}
	}
}

/*
 * The jobs of @me's level busy period from the first, whose window is at
 * least @wq; see respond().
 */
static void walk_jobs(const struct hg_rta_task *me, struct hg_interference *w, uint64_t jobs,
		      uint64_t wq, unsigned int steps, struct hg_rta_result *r)
{
	uint64_t worst = 0, q, qt;
	bool out = false;

	for (q = 0;; q++) {
		qt = hg_sat_mul(q, me->t_ns);
		wq = settle(w, hg_sat_add(hg_sat_mul(q + 1, me->c_ns), me->b_ns), wq, steps,
			    &r->iterations, &out);
		if (out) {
			qt = job_response(me, wq, qt);
			stopped(me, qt > worst ? qt : worst, r);
			return;
		}
		if (wq == UINT64_MAX || qt == UINT64_MAX) {
			/* a saturated sum is no response at all */
			stopped(me, UINT64_MAX, r);
			return;
		}
		worst = job_response(me, wq, qt) > worst ? job_response(me, wq, qt) : worst;
		if (hg_sat_add(wq, me->j_ns) <= hg_sat_mul(q + 1, me->t_ns) || q + 1 >= jobs)
			break;
		if (r->iterations >= steps) {
			stopped(me, worst, r);
			return;
		}
		wq = hg_sat_add(wq, me->c_ns);
	}
	r->response_ns = worst;
	r->schedulable = worst != UINT64_MAX && worst <= me->d_ns;
	if (worst == UINT64_MAX)
		stopped(me, UINT64_MAX, r);
}

/*
 * The response of task @me, with @w holding the tasks that run before it;
 * @hp and @lvl compare the utilisation of those tasks, and of those with
 * @me, to the whole CPU (level_cmp()); @jobs is the number of @me's jobs
 * in the hyperperiod of its level (UINT64_MAX: too many to say).
 *
 * Job q of the level busy period completes at the smallest
 * w = (q + 1) C + B + I(w) and responds J + w - q T. When the tasks before
 * @me take the whole CPU, or the level more than the whole CPU, no bound
 * exists. Otherwise the jobs are followed until one completes before the
 * next is released (w + J <= (q + 1) T: the busy period ends there), or
 * through one hyperperiod H of the level: job q + H / T has the window
 * w_q + H at most (at most, not more, because the level's work over H is
 * at most H), so it responds no later than job q, and at a level that
 * uses exactly the whole CPU, where the busy period never ends, the
 * responses repeat. Past @steps steps the walk stops: a response already
 * past the deadline stays (HG_RTA_AT_LEAST), else nothing is promised.
 *
 * Each iteration starts from a window known not to exceed the fixed
 * point. First the smallest v = C + I(v), the first job without its
 * blocking, from @start; the first job's window is at least v + B, each
 * later job's at least the one before plus C. The windows of the jobs
 * are walked from a mark of @w and undone after, so that @w stays at v:
 * the next task's v is at least this v plus its C (its interference holds
 * this task's job), and its windows go on up from there. Returns v, or 0
 * when it is not known.
 */
static uint64_t respond(const struct hg_rta_task *me, struct hg_interference *w, int hp, int lvl,
			uint64_t jobs, uint64_t start, unsigned int steps,
			struct hg_rta_result *r)
{
	bool out = false;
	uint64_t v;

	r->iterations = 0;
	r->bound = HG_RTA_EXACT;
	if (hp >= 0 || lvl > 0) {
		r->response_ns = UINT64_MAX;
		r->schedulable = false;
		r->bound = HG_RTA_UNBOUNDED;
		return 0;
	}
	v = settle(w, me->c_ns, start, steps, &r->iterations, &out);
	if (out || v == UINT64_MAX) {
		/* the first job responds at least this late */
		stopped(me, v == UINT64_MAX ? v : job_response(me, v, 0), r);
		return 0;
	}
	hg_intf_mark(w);
	walk_jobs(me, w, jobs, hg_sat_add(v, me->b_ns), steps, r);
	hg_intf_return(w);
	return v;
}

struct by_prio {
	const struct hg_rta_task *ts;
	size_t i;
};

static int cmp_prio(const void *a, const void *b)
{
	const struct by_prio *x = a, *y = b;

	if (before(&x->ts[x->i], &y->ts[y->i]))
		return -1;
	if (before(&y->ts[y->i], &x->ts[x->i]))
		return 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

int hg_rta_rank(const struct hg_rta_task *ts, size_t n, size_t *idx, enum hg_rta_order *order)
{
	struct by_prio *o = calloc(n ? n : 1, sizeof(*o));
	size_t i, none = 0;
	bool tie = false;

	if (!o)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		o[i] = (struct by_prio){ .ts = ts, .i = i };
	qsort(o, n, sizeof(*o), cmp_prio);
	for (i = 0; i < n; i++) {
		idx[i] = o[i].i;
		none += ts[o[i].i].prio == HG_RTA_NO_PRIO;
		tie |= i && ts[o[i - 1].i].prio == ts[o[i].i].prio;
	}
	if (order)
		*order = none == n ? HG_RTA_RATE_MONOTONIC :
			 tie || none ? HG_RTA_MIXED : HG_RTA_BY_PRIORITY;
	free(o);
	return 0;
}

/* What a charged task's result says: an upper bound, or the test cannot tell. */
static void charged(struct hg_rta_result *r)
{
	if (r->bound == HG_RTA_UNBOUNDED)
		return;		/* its level asks for more than the CPU: that stays */
	if (r->schedulable && r->bound == HG_RTA_EXACT) {
		r->bound = HG_RTA_UPPER;
		return;
	}
	r->schedulable = false;
	r->bound = HG_RTA_UNDECIDED;
	r->response_ns = UINT64_MAX;
}

static int by_until(const void *a, const void *b, void *arg)
{
	const struct hg_rta_held *h = arg;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return h[x].until < h[y].until ? -1 : h[x].until > h[y].until;
}

int hg_rta_fp_held(const struct hg_rta_task *ts, size_t n, const struct hg_rta_held *held,
		   struct hg_rta_result *res, enum hg_rta_order *order)
{
	struct hg_interference w;
	struct by_prio *o = calloc(n ? n : 1, sizeof(*o));
	uint64_t *jit = malloc((n ? n : 1) * sizeof(*jit));
	size_t *ends = calloc(n ? n : 1, sizeof(*ends)), nends = 0, e = 0, active = 0;
	unsigned int steps = n > HG_RTA_MAX_ITER / HG_RTA_MIN_ITER ? HG_RTA_MIN_ITER :
			     HG_RTA_MAX_ITER / (unsigned int)(n ? n : 1);
	struct level hp = { .h = 1 }, lvl;
	uint64_t start = 0;
	size_t i, none = 0;
	bool tie = false;
	int ret = 0;

	if (hg_intf_init(&w, n) || !o || !jit || !ends) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (!ts[i].c_ns || !ts[i].t_ns) {
			ret = -EINVAL;
			goto out;
		}
		o[i] = (struct by_prio){ .ts = ts, .i = i };
		jit[i] = ts[i].j_ns;
		if (held && held[i].j_ns > ts[i].j_ns)
			ends[nends++] = i;
	}
	/* the interference is of the tasks with the jitter the one analysed sees */
	qsort_r(ends, nends, sizeof(*ends), by_until, (void *)held);
	/* in priority order, each task's higher-priority set is the ones before it */
	qsort(o, n, sizeof(*o), cmp_prio);
	for (i = 0; i < n; i++) {
		const struct hg_rta_task *me = &ts[o[i].i];
		uint64_t first;

		/* the tasks held back by a user at this rank: seen as themselves again */
		for (; e < nends && held[ends[e]].until <= i; e++) {
			if (jit[ends[e]] == ts[ends[e]].j_ns)
				continue;	/* not added yet: below it all along */
			jit[ends[e]] = ts[ends[e]].j_ns;
			hg_intf_rejitter(&w, ends[e], ts[ends[e]].t_ns, ts[ends[e]].j_ns,
					 ts[ends[e]].c_ns);
			active--;
			start = 0;	/* less interference: the hint no longer holds */
		}
		lvl = level_add(hp, me);
		res[o[i].i].rank = (unsigned int)i;
		res[o[i].i].test = HG_RTA_TEST_UNI;
		first = respond(me, &w, level_cmp(&hp), level_cmp(&lvl),
				lvl.h ? lvl.h / me->t_ns : UINT64_MAX, start, steps, &res[o[i].i]);
		if (active)
			charged(&res[o[i].i]);
		/* the next task's v is at least this one's plus its C (respond()) */
		start = first && i + 1 < n ? hg_sat_add(first, ts[o[i + 1].i].c_ns) : 0;
		if (held && held[o[i].i].j_ns > me->j_ns && held[o[i].i].until > i + 1) {
			jit[o[i].i] = held[o[i].i].j_ns;
			active++;
		}
		hg_intf_add(&w, o[i].i, me->t_ns, jit[o[i].i], me->c_ns);
		hp = lvl;
		none += me->prio == HG_RTA_NO_PRIO;
		tie |= i && ts[o[i - 1].i].prio == me->prio;
	}
	if (order)
		*order = none == n ? HG_RTA_RATE_MONOTONIC :
			 tie || none ? HG_RTA_MIXED : HG_RTA_BY_PRIORITY;
out:
	free(o);
	free(jit);
	free(ends);
	hg_intf_free(&w);
	return ret;
}

int hg_rta_fp(const struct hg_rta_task *ts, size_t n, struct hg_rta_result *res,
	      enum hg_rta_order *order)
{
	return hg_rta_fp_held(ts, n, NULL, res, order);
}

double hg_rta_utilisation(const struct hg_rta_task *ts, size_t n)
{
	double u = 0;
	size_t i;

	for (i = 0; i < n; i++)
		u += (double)ts[i].c_ns / (double)ts[i].t_ns;
	return u;
}

