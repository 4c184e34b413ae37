/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * holistic.h - the end-to-end response of event chains, by holistic
 * analysis (Tindell and Clark 1994)
 *
 * In an event chain the first task is released periodically and each
 * other task when its predecessor's job finishes (at the first's period).
 * Measured from the first task's nominal release, job k of the chain
 * finishes between best_k and worst_k: best_0 = C_0 (a job runs its whole
 * C, released on time, nothing in its way: the jobs of the models do),
 * worst_0 = R_0; task k is released between best_{k-1} and worst_{k-1}, so
 * it is analysed with the release jitter worst_{k-1} - best_{k-1} (its own
 * J added), and best_k = best_{k-1} + C_k, worst_k = best_{k-1} + R_k (R_k
 * counts that jitter). The jitters change the interference the tasks cause
 * each other, so the whole set is analysed again with them until no
 * jitter changes. The chain's last job finishes within worst_n of the
 * first's release: data age <= worst_n, reaction <= T_0 + worst_n (an
 * input just missed by a read waits for the next release).
 */
#ifndef HG_ANALYSIS_HOLISTIC_H
#define HG_ANALYSIS_HOLISTIC_H

#include <stddef.h>

#include "analysis/chain.h"
#include "analysis/taskset.h"

#define HG_HOLISTIC_MAX_ROUNDS 64	/* analyses of the set before "undecided" */

/*
 * hg_holistic - the bounds of @s's event chains into @b (one per chain of
 * s->chains, in their order; the sampled ones' left zeroed), the tasks
 * @k (by index; their C with the overheads when they are to count) with
 * @s's locks and the threads that never block (hog.h). A chain with a task
 * without an upper bound has none (culprit, why); jitters still changing
 * after HG_HOLISTIC_MAX_ROUNDS analyses leave every event chain without
 * one. The rounds taken into *@rounds; the results of the last analysis
 * (each task with the jitter passed on to it) into @r (s->n of them).
 * Returns 0 or -errno.
 */
int hg_holistic(const struct hg_taskset *s, const struct hg_rta_task *k,
		struct hg_chain_bound *b, struct hg_rta_result *r, unsigned int *rounds);

#endif /* HG_ANALYSIS_HOLISTIC_H */
