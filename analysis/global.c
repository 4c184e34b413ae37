// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * global.c - global fixed-priority response-time analysis (Bertogna and
 * Cirinei 2007)
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis/global.h"
#include "analysis/rtamath.h"

/*
 * A safety net on the steps of one task's iteration; each step costs a
 * term per task above, so a set of n tasks gets this / n^2 steps a task,
 * never fewer than HG_GLOBAL_MIN_ITER (enough for the gallop).
 */
#define HG_GLOBAL_MAX_ITER 4000000u
#define HG_GLOBAL_MIN_ITER 300u

/* W_i(L): the most task @i, responding within @r (>= C), runs in a window of @L. */
static uint64_t workload(const struct hg_rta_task *i, uint64_t r, uint64_t L)
{
	uint64_t span = hg_sat_add(L, r - i->c_ns), rest = span % i->t_ns;

	return hg_sat_add(hg_sat_mul(span / i->t_ns, i->c_ns), rest < i->c_ns ? rest : i->c_ns);
}

/* The right-hand side of the iteration at R (see global.h). */
static uint64_t rhs(const struct hg_rta_task *ts, const size_t *hp, const uint64_t *rhp,
		    size_t nhp, const struct hg_rta_task *k, unsigned int m, uint64_t R)
{
	unsigned __int128 sum = 0;
	size_t j;

	for (j = 0; j < nhp; j++) {
		uint64_t w = workload(&ts[hp[j]], rhp[j], R), cap = R - k->c_ns + 1;

		sum += w < cap ? w : cap;
	}
	sum /= m;
	return sum > UINT64_MAX ? UINT64_MAX : hg_sat_add(hg_sat_add(k->c_ns, k->b_ns), (uint64_t)sum);
}

/*
 * Task @k's response above the tasks @hp[0..nhp) (responses @rhp); see
 * global.h. Any R with rhs(R) <= R bounds the response (the proof of
 * Bertogna and Cirinei needs no more), and the iteration from below never
 * passes the smallest one. Where the interference is capped at
 * R - C + 1 the iteration can crawl a nanosecond a step: after a few
 * steps it gallops (R + 1, + 2, + 4, ...) to a window that holds, halves
 * back to the first that does, and settles down from there.
 */
static void respond(const struct hg_rta_task *ts, const size_t *hp, const uint64_t *rhp,
		    size_t nhp, const struct hg_rta_task *k, unsigned int m, unsigned int steps,
		    struct hg_rta_result *r)
{
	uint64_t limit = k->d_ns > k->j_ns ? k->d_ns - k->j_ns : 0;
	uint64_t R = hg_sat_add(k->c_ns, k->b_ns), next;
	size_t j;

	r->test = HG_RTA_TEST_GLOBAL;
	r->response_ns = UINT64_MAX;
	r->schedulable = false;
	r->bound = HG_RTA_UNDECIDED;
	r->iterations = 0;
	if (k->d_ns > k->t_ns)
		return;
	for (j = 0; j < nhp; j++)
		if (rhp[j] == UINT64_MAX)
			return;		/* a task above misses: no bound on its jobs */
	while ((next = rhs(ts, hp, rhp, nhp, k, m, R)) > R) {
		if (next > limit || ++r->iterations > steps)
			return;		/* past the deadline: the test cannot say */
		if (r->iterations > 32) {
			uint64_t lo = next, step = 1, hi = next;

			while (rhs(ts, hp, rhp, nhp, k, m, hi) > hi) {
				if (hi >= limit)
					return;	/* no window up to the deadline holds */
				lo = hi;
				hi = hg_sat_add(next, step);
				step = hg_sat_mul(step, 2);
				if (hi > limit)
					hi = limit;	/* the last window the test may try */
				r->iterations++;
			}
			while (hi - lo > 1) {
				uint64_t mid = lo + (hi - lo) / 2;

				if (rhs(ts, hp, rhp, nhp, k, m, mid) <= mid)
					hi = mid;
				else
					lo = mid;
				r->iterations++;
			}
			/* rhs(hi) <= hi: down from there to a fixed point */
			while ((next = rhs(ts, hp, rhp, nhp, k, m, hi)) < hi &&
			       r->iterations++ < steps)
				hi = next;
			R = hi;
			break;
		}
		R = next;
	}
	r->response_ns = hg_sat_add(R, k->j_ns);
	r->schedulable = r->response_ns <= k->d_ns;
	r->bound = r->schedulable ? HG_RTA_UPPER : HG_RTA_UNDECIDED;
	if (!r->schedulable)
		r->response_ns = UINT64_MAX;
}

int hg_rta_global(const struct hg_rta_task *ts, size_t n, unsigned int m,
		  struct hg_rta_result *res, enum hg_rta_order *order)
{
	size_t *idx = calloc(n ? n : 1, sizeof(*idx)), i;
	unsigned int steps = n > 100 ? HG_GLOBAL_MIN_ITER :
			     HG_GLOBAL_MAX_ITER / (unsigned int)(n ? n * n : 1);
	uint64_t *resp = calloc(n ? n : 1, sizeof(*resp));
	int ret = 0;

	if (!idx || !resp) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++)
		if (!ts[i].c_ns || !ts[i].t_ns)
			ret = -EINVAL;
	if (!m)
		ret = -EINVAL;
	if (ret || (ret = hg_rta_rank(ts, n, idx, order)))
		goto out;
	/*
	 * no more tasks than CPUs: a task's job always finds a CPU free (the
	 * others run a job each at most), so each task is alone: its exact
	 * response on one CPU, D > T included
	 */
	for (i = 0; n <= m && !ret && i < n; i++) {
		ret = hg_rta_fp(&ts[idx[i]], 1, &res[idx[i]], NULL);
		res[idx[i]].rank = (unsigned int)i;
		res[idx[i]].test = HG_RTA_TEST_GLOBAL;
	}
	for (i = 0; n > m && i < n; i++) {
		struct hg_rta_result *r = &res[idx[i]];

		respond(ts, idx, resp, i, &ts[idx[i]], m,
			steps > HG_GLOBAL_MIN_ITER ? steps : HG_GLOBAL_MIN_ITER, r);
		r->rank = (unsigned int)i;
		/* its jobs respond within this (UINT64_MAX: no bound for those below) */
		resp[i] = r->schedulable ? r->response_ns : UINT64_MAX;
	}
out:
	free(idx);
	free(resp);
	return ret;
}
