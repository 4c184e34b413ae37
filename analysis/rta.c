// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rta.c - response-time analysis and the EDF processor-demand test
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/rta.h"

static const char *const order_names[] = {
	[HG_RTA_BY_PRIORITY] = "priority",
	[HG_RTA_RATE_MONOTONIC] = "rate-monotonic",
	[HG_RTA_MIXED] = "priority, then rate-monotonic among equal or missing priorities",
};

const char *hg_rta_order_name(enum hg_rta_order o)
{
	return order_names[o];
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

static uint64_t sat_add(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
	unsigned __int128 v = (unsigned __int128)a * b;

	return v > UINT64_MAX ? UINT64_MAX : (uint64_t)v;
}

static uint64_t ceil_div(uint64_t a, uint64_t b)
{
	return a / b + (a % b != 0);
}

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
 * The interference of the tasks that run before the one analysed, at a
 * window of x: the sum of ceil((x + J) / T) C over them. Each task keeps
 * its job count and the largest window that count holds for, in a heap
 * ordered by that window: as the window grows only the tasks whose count
 * changes are visited, so a set of many tasks costs about n log n, not a
 * division per task per step.
 */
struct interference {
	const struct hg_rta_task *ts;
	size_t *heap;		/* task indices, the smallest holds[] on top */
	size_t n;
	uint64_t *k;		/* jobs of each task counted */
	uint64_t *holds;	/* the count holds while x <= this */
	unsigned __int128 sum;	/* of k C (each term capped at 2^64 - 1) */
	uint64_t x;
};

static void count(struct interference *w, size_t j)
{
	const struct hg_rta_task *t = &w->ts[j];
	uint64_t kt;

	w->k[j] = ceil_div(sat_add(w->x, t->j_ns), t->t_ns);
	kt = sat_mul(w->k[j], t->t_ns);
	/* pinned at the top of the range, the count can change no more */
	w->holds[j] = kt == UINT64_MAX || sat_add(w->x, t->j_ns) == UINT64_MAX ? UINT64_MAX :
		      kt - t->j_ns;
	w->sum += sat_mul(w->k[j], t->c_ns);
}

static void sift_down(struct interference *w, size_t at)
{
	for (;;) {
		size_t l = 2 * at + 1, m = at, tmp;

		if (l < w->n && w->holds[w->heap[l]] < w->holds[w->heap[m]])
			m = l;
		if (l + 1 < w->n && w->holds[w->heap[l + 1]] < w->holds[w->heap[m]])
			m = l + 1;
		if (m == at)
			return;
		tmp = w->heap[at];
		w->heap[at] = w->heap[m];
		w->heap[m] = tmp;
		at = m;
	}
}

/* Task @j now runs before the one analysed. */
static void add_task(struct interference *w, size_t j)
{
	size_t at = w->n++;

	count(w, j);
	w->heap[at] = j;
	while (at && w->holds[w->heap[(at - 1) / 2]] > w->holds[w->heap[at]]) {
		size_t up = (at - 1) / 2, tmp = w->heap[up];

		w->heap[up] = w->heap[at];
		w->heap[at] = tmp;
		at = up;
	}
}

/* The interference at window @x, saturated to 64 bits. */
static uint64_t interfere(struct interference *w, uint64_t x)
{
	size_t i;

	if (x < w->x) {		/* back: count them all again */
		w->x = x;
		w->sum = 0;
		for (i = 0; i < w->n; i++)
			count(w, w->heap[i]);
		for (i = w->n / 2; i-- > 0;)
			sift_down(w, i);
	}
	w->x = x;
	while (w->n && w->holds[w->heap[0]] < x) {
		size_t j = w->heap[0];

		w->sum -= sat_mul(w->k[j], w->ts[j].c_ns);
		count(w, j);
		sift_down(w, 0);
	}
	return w->sum > UINT64_MAX ? UINT64_MAX : (uint64_t)w->sum;
}

/*
 * The response of task @me, with @w holding the tasks that run before it
 * and @u_hp their utilisation. Job q of the level busy period completes at
 * the smallest w = (q + 1) C + B + I(w), and responds w - q T + J. When the
 * higher-priority utilisation is below 1 the iteration converges, and it is
 * followed to its end, so that an unschedulable task's response is the
 * true one (39 ms in the paper's example, not the first value past the
 * deadline). When it is 1 or more there is no fixed point: the iteration
 * stops as soon as it is past the deadline. With D <= T the first job is
 * the one that matters; with D > T the busy period may hold several jobs,
 * each released T after the last, and the response is the longest of
 * theirs. @start is a window known not to exceed the first job's (0: none).
 * Past @steps steps nothing is promised (a response of UINT64_MAX).
 * Returns the first job's window when it is exact, else 0.
 */
static uint64_t respond(const struct hg_rta_task *me, struct interference *w, double u_hp,
			uint64_t start, unsigned int steps, struct hg_rta_result *r)
{
	uint64_t limit = me->d_ns > me->j_ns ? me->d_ns - me->j_ns : 0, first = 0;
	uint64_t worst = 0, q, R, next, own, qt;
	bool converges = u_hp < HG_RTA_U_FULL;
	/* with D > T the busy period ends only below a total utilisation of 1 */
	bool ends = u_hp + (double)me->c_ns / (double)me->t_ns < HG_RTA_U_FULL;

	r->iterations = 0;
	/*
	 * D > T and more than the whole CPU asked for at this level: the busy
	 * period never ends and each job waits longer than the one before, so
	 * the response has no bound (walking the jobs up to a far deadline
	 * would only take long to say so)
	 */
	if (me->d_ns > me->t_ns &&
	    u_hp + (double)me->c_ns / (double)me->t_ns > 2.0 - HG_RTA_U_FULL) {
		r->response_ns = UINT64_MAX;
		r->schedulable = false;
		return 0;
	}
	R = sat_add(me->c_ns, me->b_ns);
	if (converges && start > R)
		R = start;
	for (q = 0;; q++) {
		bool past = false;

		own = sat_add(sat_mul(q + 1, me->c_ns), me->b_ns);
		qt = sat_mul(q, me->t_ns);
		R = R > own ? R : own;
		for (;;) {
			r->iterations++;
			next = sat_add(own, interfere(w, R));
			if (next == R || next == UINT64_MAX) {
				R = next;
				break;
			}
			if (!(q ? ends : converges) &&
			    (next > sat_add(limit, qt) || R > sat_add(limit, qt))) {
				R = next > R ? next : R;
				past = true;
				break;
			}
			if (r->iterations >= steps) {
				R = UINT64_MAX;	/* no answer in time: nothing is promised */
				break;
			}
			R = next;
		}
		if (!q && !past && R != UINT64_MAX)
			first = R;
		if (R == UINT64_MAX || qt == UINT64_MAX) {
			worst = UINT64_MAX;
			break;
		}
		worst = R - qt > worst ? R - qt : worst;
		/* the busy period ends before the next release: no later job waits */
		if (past || me->d_ns <= me->t_ns || R <= sat_mul(q + 1, me->t_ns))
			break;
		if (!ends && sat_add(me->j_ns, R - qt) > me->d_ns)
			break;
		if (r->iterations >= steps) {
			worst = UINT64_MAX;
			break;
		}
	}
	r->response_ns = sat_add(me->j_ns, worst);
	/* a saturated sum is no response at all */
	r->schedulable = r->response_ns != UINT64_MAX && r->response_ns <= me->d_ns;
	return first;
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

int hg_rta_fp(const struct hg_rta_task *ts, size_t n, struct hg_rta_result *res,
	      enum hg_rta_order *order)
{
	struct interference w = { .ts = ts };
	struct by_prio *o = calloc(n ? n : 1, sizeof(*o));
	unsigned int steps = n > HG_RTA_MAX_ITER / HG_RTA_MIN_ITER ? HG_RTA_MIN_ITER :
			     HG_RTA_MAX_ITER / (unsigned int)(n ? n : 1);
	uint64_t start = 0;
	double u_hp = 0;
	size_t i, none = 0;
	bool tie = false;
	int ret = 0;

	w.heap = calloc(n ? n : 1, sizeof(*w.heap));
	w.k = calloc(n ? n : 1, sizeof(*w.k));
	w.holds = calloc(n ? n : 1, sizeof(*w.holds));
	if (!o || !w.heap || !w.k || !w.holds) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		if (!ts[i].c_ns || !ts[i].t_ns) {
			ret = -EINVAL;
			goto out;
		}
		o[i] = (struct by_prio){ .ts = ts, .i = i };
	}
	/* in priority order, each task's higher-priority set is the ones before it */
	qsort(o, n, sizeof(*o), cmp_prio);
	for (i = 0; i < n; i++) {
		const struct hg_rta_task *me = &ts[o[i].i];
		uint64_t first;

		res[o[i].i].rank = (unsigned int)i;
		first = respond(me, &w, u_hp, start, steps, &res[o[i].i]);
		/* the next task's first window is at least this one's less B, plus its C + B */
		start = first && i + 1 < n ? sat_add(first - me->b_ns,
				sat_add(ts[o[i + 1].i].c_ns, ts[o[i + 1].i].b_ns)) : 0;
		add_task(&w, o[i].i);
		u_hp += (double)me->c_ns / (double)me->t_ns;
		none += me->prio == HG_RTA_NO_PRIO;
		tie |= i && ts[o[i - 1].i].prio == me->prio;
	}
	if (order)
		*order = none == n ? HG_RTA_RATE_MONOTONIC :
			 tie || none ? HG_RTA_MIXED : HG_RTA_BY_PRIORITY;
out:
	free(o);
	free(w.heap);
	free(w.k);
	free(w.holds);
	return ret;
}

double hg_rta_utilisation(const struct hg_rta_task *ts, size_t n)
{
	double u = 0;
	size_t i;

	for (i = 0; i < n; i++)
		u += (double)ts[i].c_ns / (double)ts[i].t_ns;
	return u;
}

static uint64_t gcd(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/* dbf(t): the demand of jobs with both release and deadline in [0, t]. */
static uint64_t demand(const struct hg_rta_task *ts, size_t n, uint64_t t)
{
	uint64_t d = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (t >= ts[i].d_ns)
			d = sat_add(d, sat_mul((t - ts[i].d_ns) / ts[i].t_ns + 1, ts[i].c_ns));
	return d;
}

/*
 * The synchronous busy period: the smallest L with L = sum of ceil(L / T) C.
 * A missed deadline, if any, lies within it. UINT64_MAX when the iteration
 * does not settle (utilisation 1 or more) within @steps steps.
 */
static uint64_t busy_period(const struct hg_rta_task *ts, size_t n, uint64_t steps)
{
	uint64_t L = 0, next, k;
	size_t i;

	for (i = 0; i < n; i++)
		L = sat_add(L, ts[i].c_ns);
	for (k = 0; k < steps; k++) {
		next = 0;
		for (i = 0; i < n; i++)
			next = sat_add(next, sat_mul(ceil_div(L, ts[i].t_ns), ts[i].c_ns));
		if (next == L || next == UINT64_MAX)
			return next;
		L = next;
	}
	return UINT64_MAX;
}

/*
 * A time past which no deadline needs checking, or 0 when none is known:
 * the busy period when it settles; else, below a utilisation of 1, the
 * bound of Baruah et al. max(D, sum of (T - D) U / (1 - U)); else the
 * hyperperiod plus the largest D, when it fits in 64 bits.
 */
static uint64_t horizon(const struct hg_rta_task *ts, size_t n, double u, uint64_t steps)
{
	uint64_t busy = busy_period(ts, n, steps), lcm = 1, maxd = 0;
	long double la = 0;
	size_t i;

	if (busy != UINT64_MAX)
		return busy;
	for (i = 0; i < n; i++) {
		maxd = ts[i].d_ns > maxd ? ts[i].d_ns : maxd;
		la += ((long double)ts[i].t_ns - (long double)ts[i].d_ns) *
		      (long double)ts[i].c_ns / (long double)ts[i].t_ns;
	}
	if (u < 1.0 - 1e-9) {
		la /= 1.0L - (long double)u;
		la = la * (1.0L + 1e-12L) + 1.0L;	/* above any rounding */
		if (la < (long double)maxd)
			return maxd;
		return la < 9.2e18L ? (uint64_t)la : 0;
	}
	for (i = 0; i < n; i++) {
		uint64_t g = gcd(lcm, ts[i].t_ns);

		if (sat_mul(lcm / g, ts[i].t_ns) == UINT64_MAX)
			return 0;
		lcm = lcm / g * ts[i].t_ns;
	}
	return sat_add(lcm, maxd) == UINT64_MAX ? 0 : lcm + maxd;
}

/* The first absolute deadline after @t, UINT64_MAX when there is none. */
static uint64_t deadline_after(const struct hg_rta_task *ts, size_t n, uint64_t t)
{
	uint64_t next = UINT64_MAX;
	size_t i;

	for (i = 0; i < n; i++) {
		uint64_t k = t < ts[i].d_ns ? 0 : (t - ts[i].d_ns) / ts[i].t_ns + 1;
		uint64_t dl = sat_add(ts[i].d_ns, sat_mul(k, ts[i].t_ns));

		next = dl < next ? dl : next;
	}
	return next;
}

/* The last absolute deadline before @t, 0 when there is none. */
static uint64_t deadline_before(const struct hg_rta_task *ts, size_t n, uint64_t t)
{
	uint64_t last = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		if (t > ts[i].d_ns) {
			uint64_t dl = ts[i].d_ns + (t - 1 - ts[i].d_ns) / ts[i].t_ns * ts[i].t_ns;

			last = dl > last ? dl : last;
		}
	}
	return last;
}

/* Task-steps each walk may take: a set of many tasks takes fewer steps. */
#define HG_RTA_EDF_FORWARD_WORK 10000000u
#define HG_RTA_EDF_BACKWARD_WORK 100000000u

enum hg_edf_verdict hg_rta_edf_demand(const struct hg_rta_task *ts, size_t n, uint64_t *fail_ns)
{
	uint64_t forward = HG_RTA_EDF_FORWARD_WORK / (n ? n : 1);
	uint64_t backward = HG_RTA_EDF_BACKWARD_WORK / (n ? n : 1);
	uint64_t L, t, h, dmin = UINT64_MAX, steps;
	double u;
	size_t i;

	*fail_ns = 0;
	for (i = 0; i < n; i++) {
		if (!ts[i].t_ns)
			return HG_EDF_UNSCHEDULABLE;
		dmin = ts[i].d_ns < dmin ? ts[i].d_ns : dmin;
	}
	/* exactly 1 may sum to 1 + an ulp: let the demand test decide then */
	u = hg_rta_utilisation(ts, n);
	if (u > 1.0 + 1e-9)
		return HG_EDF_UNSCHEDULABLE;
	if (!n)
		return HG_EDF_SCHEDULABLE;
	forward = forward < 1000000 ? (forward ? forward : 1) : 1000000;
	backward = backward < 1000 ? 1000 : backward;
	L = horizon(ts, n, u, forward);
	if (!L)
		return HG_EDF_UNDECIDED;
	/*
	 * the demand changes only at absolute deadlines: walk them in order
	 * from the first, so that a failure found is the first one
	 */
	for (t = 0, steps = 0; steps < forward; steps++) {
		t = deadline_after(ts, n, t);
		if (t > L || t == UINT64_MAX)
			return HG_EDF_SCHEDULABLE;
		if (demand(ts, n, t) > t) {
			*fail_ns = t;
			return HG_EDF_UNSCHEDULABLE;
		}
	}
	/*
	 * Too many deadlines to walk them all: back from the horizon (QPA,
	 * Zhang and Burns 2009): while dbf(t) <= t, go to dbf(t) when it is
	 * below t, else to the deadline before t; schedulable once dbf(t) is
	 * at most the smallest D.
	 */
	t = deadline_before(ts, n, sat_add(L, 1));
	for (steps = 0; steps < backward && t; steps++) {
		h = demand(ts, n, t);
		if (h > t) {
			*fail_ns = t;
			return HG_EDF_UNSCHEDULABLE;
		}
		if (h <= dmin)
			return HG_EDF_SCHEDULABLE;
		t = h < t ? h : deadline_before(ts, n, t);
	}
	return t ? HG_EDF_UNDECIDED : HG_EDF_SCHEDULABLE;
}
