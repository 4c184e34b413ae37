// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * global.c - global fixed-priority response-time analysis (Bertogna and
 * Cirinei 2007)
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis/sched/global.h"
#include "analysis/sched/rtamath.h"

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
 * How rhs() moves from @R on: the number of its terms that grow one for
 * one (a window's workload in a stretch where the last job runs, or the
 * cap R - C + 1 below it) into @slope, and the next R where a term
 * changes its pace (UINT64_MAX: none). Until then
 * rhs(R + x) = C + B + floor((sum + slope x) / m).
 */
static uint64_t pace(const struct hg_rta_task *ts, const size_t *hp, const uint64_t *rhp,
		     size_t nhp, const struct hg_rta_task *k, uint64_t R, size_t *slope)
{
	uint64_t end = UINT64_MAX, cap = R - k->c_ns + 1, at;
	size_t j;

	*slope = 0;
	for (j = 0; j < nhp; j++) {
		const struct hg_rta_task *i = &ts[hp[j]];
		uint64_t span = hg_sat_add(R, rhp[j] - i->c_ns), rest = span % i->t_ns;
		uint64_t w = workload(i, rhp[j], R);

		if (rest < i->c_ns) {		/* its last job runs: W grows with R */
			(*slope)++;
			at = hg_sat_add(R, i->c_ns - rest);
		} else if (w > cap) {		/* flat W above the cap: the cap grows to it */
			(*slope)++;
			at = hg_sat_add(k->c_ns - 1, w);
			at = at < hg_sat_add(R, i->t_ns - rest) ? at : hg_sat_add(R, i->t_ns - rest);
		} else {			/* flat below the cap, until its next job */
			at = hg_sat_add(R, i->t_ns - rest);
		}
		end = at < end ? at : end;
	}
	return end;
}

/*
 * Task @k's response above the tasks @hp[0..nhp) (responses @rhp); see
 * global.h. rhs() does not decrease as R grows, so the iteration from
 * C + B climbs to the least R with rhs(R) <= R, never past it. Where the
 * interference is capped at R - C + 1 it can crawl a nanosecond a step;
 * there rhs grows at least as fast as R (its terms that grow with R, at
 * least m of them: pace()), so no R before the next change of pace can
 * hold, and the walk jumps to it. Elsewhere rhs grows slower than R, and
 * the iteration closes in on the fixed point in a few steps.
 */
static void respond(const struct hg_rta_task *ts, const size_t *hp, const uint64_t *rhp,
		    size_t nhp, const struct hg_rta_task *k, unsigned int m, unsigned int steps,
		    struct hg_rta_result *r)
{
	uint64_t limit = k->d_ns > k->j_ns ? k->d_ns - k->j_ns : 0;
	uint64_t R = hg_sat_add(k->c_ns, k->b_ns), next, end;
	size_t j, slope;

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
		end = pace(ts, hp, rhp, nhp, k, R, &slope);
		R = slope >= m && end > next ? end : next;
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
