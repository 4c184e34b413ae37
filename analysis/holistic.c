// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * holistic.c - event chains' end-to-end responses, jitter passed on
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/hog.h"
#include "analysis/holistic.h"
#include "analysis/partition.h"
#include "analysis/rtamath.h"

/*
 * Event chain @ch's finishes from the results @r: the jitter each task
 * after the first gets into @jit (by task index; whether one changed into
 * *@changed), the chain's bounds into @b.
 */
static void pass_on(const struct hg_chain *ch, const struct hg_rta_task *k,
		    const struct hg_rta_result *r, uint64_t *jit, bool *changed,
		    struct hg_chain_bound *b)
{
	uint64_t best = 0, worst = 0;
	size_t p;

	memset(b, 0, sizeof(*b));
	b->culprit = SIZE_MAX;
	for (p = 0; p < ch->n; p++) {
		size_t i = ch->task[p];

		if (p) {
			uint64_t nj = worst == UINT64_MAX ? UINT64_MAX : worst - best;

			*changed |= jit[i] != nj;
			jit[i] = nj;
		}
		if (!b->why && (b->why = hg_chain_no_bound(&r[i])))
			b->culprit = i;
		worst = b->why ? UINT64_MAX : hg_sat_add(best, r[i].response_ns);
		best = hg_sat_add(best, k[i].c_ns);
	}
	b->data_age_ns = worst;
	b->reaction_ns = hg_sat_add(k[ch->task[0]].t_ns, worst);
	if (!b->why && b->reaction_ns == UINT64_MAX)
		b->why = "the sum passes 2^64 ns";
}

/* One analysis of @ts, the threads that never block applied; 0 or -errno. */
static int analyse(const struct hg_taskset *s, const struct hg_rta_task *ts,
		   struct hg_rta_analysis *an)
{
	int ret = hg_rta_analyse_locks(ts, s->n, s->locks, s->nlocks, an);

	if (!ret)
		hg_hog_apply(ts, s->n, s->hogs, s->nhogs, NULL, an->r);
	return ret;
}

int hg_holistic(const struct hg_taskset *s, const struct hg_rta_task *k,
		struct hg_chain_bound *b, struct hg_rta_result *r, unsigned int *rounds)
{
	struct hg_rta_task *ts = malloc((s->n ? s->n : 1) * sizeof(*ts));
	uint64_t *jit = calloc(s->n ? s->n : 1, sizeof(*jit));
	const struct hg_chains *cs = &s->chains;
	bool changed = true, endless = false;
	int ret = ts && jit ? 0 : -ENOMEM;
	size_t i, c;

	memset(b, 0, cs->n * sizeof(*b));
	for (*rounds = 0; !ret && changed && !endless; ++*rounds) {
		struct hg_rta_analysis an = { 0 };

		if (*rounds == HG_HOLISTIC_MAX_ROUNDS)
			break;
		for (i = 0; i < s->n; i++) {
			ts[i] = k[i];
			ts[i].j_ns = hg_sat_add(k[i].j_ns, jit[i]);
		}
		ret = analyse(s, ts, &an);
		changed = false;
		for (c = 0; !ret && c < cs->n; c++)
			if (cs->chain[c].event) {
				pass_on(&cs->chain[c], k, an.r, jit, &changed, &b[c]);
				/* a chain without a bound gives a jitter without one */
				endless |= b[c].data_age_ns == UINT64_MAX;
			}
		if (!ret)
			memcpy(r, an.r, s->n * sizeof(*r));
		hg_rta_analysis_free(&an);
	}
	for (c = 0; !ret && changed && !endless && c < cs->n; c++)
		if (cs->chain[c].event) {
			b[c].reaction_ns = b[c].data_age_ns = UINT64_MAX;
			b[c].culprit = SIZE_MAX;
			b[c].why = "the jitters passed on still grew after the most rounds";
		}
	free(ts);
	free(jit);
	return ret;
}
