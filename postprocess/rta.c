// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * rta.c - response-time analysis and the EDF processor-demand test
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rta.h"

static const char *const order_names[] = {
	[HG_RTA_BY_PRIORITY] = "priority",
	[HG_RTA_RATE_MONOTONIC] = "rate-monotonic",
	[HG_RTA_MIXED] = "priority, then rate-monotonic among equal or missing priorities",
};

const char *hg_rta_order_name(enum hg_rta_order o)
{
	return order_names[o];
}

/* A safety net: convergence takes far fewer steps for any real task set. */
#define HG_RTA_MAX_ITER 10000000u

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

static enum hg_rta_order order_of(const struct hg_rta_task *ts, size_t n)
{
	size_t i, j, none = 0;
	bool tie = false;

	for (i = 0; i < n; i++) {
		none += ts[i].prio == HG_RTA_NO_PRIO;
		for (j = i + 1; j < n; j++)
			tie |= ts[i].prio == ts[j].prio;
	}
	if (none == n)
		return HG_RTA_RATE_MONOTONIC;
	return tie || none ? HG_RTA_MIXED : HG_RTA_BY_PRIORITY;
}

/*
 * The recurrence for task @i, with @hp the tasks that run before it. When
 * the higher-priority utilisation is below 1 the iteration converges, and
 * it is followed to its end, so that an unschedulable task's response is
 * the true one (39 ms in the paper's example, not the first value past
 * the deadline). When it is 1 or more there is no fixed point: the
 * iteration stops as soon as it is past the deadline.
 */
static void respond(const struct hg_rta_task *ts, size_t n, size_t i, const bool *hp,
		    struct hg_rta_result *r)
{
	const struct hg_rta_task *me = &ts[i];
	uint64_t limit = me->d_ns > me->j_ns ? me->d_ns - me->j_ns : 0;
	uint64_t R = sat_add(me->c_ns, me->b_ns), next;
	double u_hp = 0;
	bool converges;
	size_t j;

	for (j = 0; j < n; j++)
		if (hp[j])
			u_hp += (double)ts[j].c_ns / (double)ts[j].t_ns;
	converges = u_hp < 1.0;
	r->iterations = 0;
	for (;;) {
		r->iterations++;
		next = sat_add(me->c_ns, me->b_ns);
		for (j = 0; j < n; j++)
			if (hp[j])
				next = sat_add(next, sat_mul(ceil_div(sat_add(R, ts[j].j_ns),
								       ts[j].t_ns), ts[j].c_ns));
		if (next == R || next == UINT64_MAX || (!converges && (next > limit || R > limit))) {
			R = next > R ? next : R;
			break;
		}
		if (r->iterations >= HG_RTA_MAX_ITER) {
			R = UINT64_MAX;	/* no answer in time: nothing is promised */
			break;
		}
		R = next;
	}
	r->response_ns = sat_add(me->j_ns, R);
	/* a saturated sum is no response at all */
	r->schedulable = r->response_ns != UINT64_MAX && r->response_ns <= me->d_ns;
}

int hg_rta_fp(const struct hg_rta_task *ts, size_t n, struct hg_rta_result *res,
	      enum hg_rta_order *order)
{
	bool *hp = calloc(n ? n : 1, sizeof(*hp));
	size_t i, j;

	if (!hp)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		if (!ts[i].c_ns || !ts[i].t_ns) {
			free(hp);
			return -EINVAL;
		}
	}
	for (i = 0; i < n; i++) {
		res[i].rank = 0;
		for (j = 0; j < n; j++) {
			hp[j] = j != i && before(&ts[j], &ts[i]);
			res[i].rank += hp[j];
		}
		respond(ts, n, i, hp, &res[i]);
	}
	if (order)
		*order = order_of(ts, n);
	free(hp);
	return 0;
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
 * does not settle (utilisation 1) within its bound.
 */
static uint64_t busy_period(const struct hg_rta_task *ts, size_t n)
{
	uint64_t L = 0, next;
	unsigned int k;
	size_t i;

	for (i = 0; i < n; i++)
		L = sat_add(L, ts[i].c_ns);
	for (k = 0; k < 1000000; k++) {
		next = 0;
		for (i = 0; i < n; i++)
			next = sat_add(next, sat_mul(ceil_div(L, ts[i].t_ns), ts[i].c_ns));
		if (next == L || next == UINT64_MAX)
			return next;
		L = next;
	}
	return UINT64_MAX;
}

bool hg_rta_edf_demand(const struct hg_rta_task *ts, size_t n, uint64_t *fail_ns)
{
	uint64_t horizon = 1, maxd = 0, busy, t, steps = 0;
	size_t i;

	*fail_ns = 0;
	/* exactly 1 may sum to 1 + an ulp: let the demand test decide then */
	if (hg_rta_utilisation(ts, n) > 1.0 + 1e-9)
		return false;
	for (i = 0; i < n; i++) {
		if (!ts[i].t_ns)
			return false;
		horizon = horizon / gcd(horizon, ts[i].t_ns) * ts[i].t_ns;
		if (horizon > (1ULL << 40))
			horizon = 1ULL << 40;
		if (ts[i].d_ns > maxd)
			maxd = ts[i].d_ns;
	}
	horizon = sat_add(horizon, maxd);
	/* deadlines past the busy period need no check */
	busy = busy_period(ts, n);
	if (busy < horizon)
		horizon = busy;
	/* walk the absolute deadlines in order: the next one after t each time */
	for (t = 0;;) {
		uint64_t next = UINT64_MAX;

		for (i = 0; i < n; i++) {
			uint64_t k = t < ts[i].d_ns ? 0 : (t - ts[i].d_ns) / ts[i].t_ns + 1;
			uint64_t dl = sat_add(ts[i].d_ns, sat_mul(k, ts[i].t_ns));

			if (dl < next)
				next = dl;
		}
		if (next > horizon || next == UINT64_MAX || ++steps > HG_RTA_MAX_ITER)
			return true;
		t = next;
		if (demand(ts, n, t) > t) {
			*fail_ns = t;
			return false;
		}
	}
}
