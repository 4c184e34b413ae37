// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blocking.c - blocking terms from the lock sections
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/blocking.h"
#include "analysis/rtamath.h"

static const char *const kind_names[] = {
	[HG_BLOCK_NONE] = "none",
	[HG_BLOCK_INHERIT] = "inheritance",
	[HG_BLOCK_CEILING] = "ceiling",
	[HG_BLOCK_DIRECT] = "direct",
	[HG_BLOCK_UNBOUNDED] = "unbounded",
	[HG_BLOCK_REMOTE] = "not-covered",
};

const char *hg_block_kind_name(enum hg_block_kind k)
{
	return kind_names[k];
}

/* Does task @t hold lock @k in a section? The longest such section, or 0. */
static uint64_t holds(const struct hg_rta_task *t, uint32_t k)
{
	uint64_t m = 0;
	uint32_t i;

	for (i = 0; i < t->ncs && i < HG_MAX_CS; i++)
		if (t->cs[i].lock == k && t->cs[i].ns > m)
			m = t->cs[i].ns;
	return m;
}

/*
 * The blocking of the task of rank @r (0: the highest); @by[q] is the task
 * of rank q, @ceiling[k] the rank of lock k's highest user.
 */
static void block_one(const struct hg_rta_task *ts, size_t n, const size_t *by, const struct hg_lock *locks, uint32_t nlocks,
		      const size_t *ceiling, size_t r, struct hg_block *b)
{
	const struct hg_rta_task *me = &ts[by[r]];
	uint64_t per_lock[HG_MAX_LOCKS] = { 0 }, sum_l = 0, sum_s = 0, one = 0;
	bool any = false, all_protect = true, all_none = true;
	size_t q, j;
	uint32_t k;

	memset(b, 0, sizeof(*b));
	for (q = r + 1; q < n; q++) {
		const struct hg_rta_task *lo = &ts[by[q]];
		uint64_t longest = 0;

		for (k = 0; k < nlocks; k++) {
			uint64_t s = holds(lo, k);

			if (!s || ceiling[k] > r)
				continue;
			if (locks[k].protocol == HG_LOCK_NONE) {
				if (!holds(me, k))	/* no push-through without inheritance */
					continue;
				/* a task between them preempts the holder while @me waits */
				for (j = r + 1; j < q; j++) {
					*b = (struct hg_block){ .kind = HG_BLOCK_UNBOUNDED, .lock = k,
						.low = lo->id, .middle = ts[by[j]].id };
					return;
				}
			}
			any = true;
			all_protect &= locks[k].protocol == HG_LOCK_PROTECT;
			all_none &= locks[k].protocol == HG_LOCK_NONE;
			longest = s > longest ? s : longest;
			per_lock[k] = s > per_lock[k] ? s : per_lock[k];
			one = s > one ? s : one;
		}
		sum_l = hg_sat_add(sum_l, longest);
	}
	if (!any)
		return;
	for (k = 0; k < nlocks; k++)
		sum_s = hg_sat_add(sum_s, per_lock[k]);
	if (all_protect) {
		b->kind = HG_BLOCK_CEILING;
		b->b_ns = one;
	} else {
		b->kind = all_none ? HG_BLOCK_DIRECT : HG_BLOCK_INHERIT;
		b->b_ns = sum_l < sum_s ? sum_l : sum_s;
	}
}

int hg_rta_blocking(const struct hg_rta_task *ts, size_t n, const struct hg_lock *locks,
		    uint32_t nlocks, struct hg_block *out)
{
	size_t *by = calloc(n ? n : 1, sizeof(*by)), ceiling[HG_MAX_LOCKS], r;
	uint32_t k;

	if (!by)
		return -ENOMEM;
	if (hg_rta_rank(ts, n, by, NULL)) {
		free(by);
		return -ENOMEM;
	}
	if (nlocks > HG_MAX_LOCKS)
		nlocks = HG_MAX_LOCKS;
	/* a lock's ceiling: the rank of its highest user (n: none here) */
	for (k = 0; k < nlocks; k++)
		for (ceiling[k] = n, r = 0; r < n && ceiling[k] == n; r++)
			if (holds(&ts[by[r]], k))
				ceiling[k] = r;
	for (r = 0; r < n; r++)
		block_one(ts, n, by, locks, nlocks, ceiling, r, &out[by[r]]);
	free(by);
	return 0;
}
