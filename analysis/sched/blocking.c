// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * blocking.c - blocking terms from the lock sections
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/blocking.h"
#include "analysis/sched/rtamath.h"

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
 * of rank q, @ceiling[k] the rank of lock k's highest user, @users[0..nu)
 * the ranks of the tasks with a section, in order.
 */
static void block_one(const struct hg_rta_task *ts, const size_t *by, const struct hg_lock *locks,
		      uint32_t nlocks, const size_t *ceiling, const size_t *users, size_t nu,
		      size_t r, struct hg_block *b)
{
	const struct hg_rta_task *me = &ts[by[r]];
	uint64_t per_lock[HG_MAX_LOCKS] = { 0 }, sum_l = 0, sum_s = 0, one = 0;
	bool any = false, all_protect = true, all_none = true;
	size_t u, q;
	uint32_t k;

	memset(b, 0, sizeof(*b));
	for (u = 0; u < nu; u++) {
		const struct hg_rta_task *lo;
		uint64_t longest = 0;

		if ((q = users[u]) <= r)
			continue;
		lo = &ts[by[q]];
		for (k = 0; k < nlocks; k++) {
			uint64_t s = holds(lo, k);

			if (!s || ceiling[k] > r)
				continue;
			if (locks[k].protocol == HG_LOCK_NONE) {
				if (!holds(me, k))	/* no push-through without inheritance */
					continue;
				/* a task between them preempts the holder while @me waits */
				if (q > r + 1) {
					*b = (struct hg_block){ .kind = HG_BLOCK_UNBOUNDED, .lock = k,
						.low = lo->id, .middle = ts[by[r + 1]].id };
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

/* What held_ns needs: the tasks by rank, the locks' highest and lowest users. */
struct holding {
	const struct hg_rta_task *ts;
	size_t n;
	const size_t *by;
	const struct hg_lock *locks;
	uint32_t nlocks;
	const size_t *ceiling;		/* rank of each lock's highest user (n: none) */
	const size_t *floor;		/* ... and of its lowest */
	const size_t *users;		/* ranks of the tasks with a section */
	size_t nu;
	size_t y[HG_MAX_LOCKS];		/* levels whose busy period is known ... */
	uint64_t busy[HG_MAX_LOCKS];	/* ... and those busy periods */
	uint32_t nbusy;
};

/*
 * The level y of blocking.h for the task of rank @r: the lowest user of
 * its locks without a protocol, lowered while such a lock has users on
 * both sides.
 */
static size_t level_of(const struct holding *h, size_t r)
{
	size_t y = r;
	bool moved = true;
	uint32_t k;

	while (moved)
		for (moved = false, k = 0; k < h->nlocks; k++)
			if (h->locks[k].protocol == HG_LOCK_NONE && h->ceiling[k] <= y &&
			    h->floor[k] > y && h->floor[k] < h->n) {
				y = h->floor[k];
				moved = true;
			}
	return y;
}

/* A safety net on the busy period's iteration, in task-steps. */
#define HG_HELD_WORK 20000000u

/*
 * The busy period of the tasks of rank @y and above (blocking.h), or
 * UINT64_MAX when it does not end within the safety net.
 */
static uint64_t level_busy(const struct holding *h, size_t y)
{
	uint64_t base = 0, b = 0, L = 0, next, steps;
	size_t q, u;
	uint32_t k;

	for (q = 0; q <= y; q++) {
		const struct hg_rta_task *t = &h->ts[h->by[q]];

		b = t->b_ns > b ? t->b_ns : b;
		L = hg_sat_add(L, t->c_ns);
	}
	for (u = 0; u < h->nu; u++) {
		const struct hg_rta_task *lo = &h->ts[h->by[h->users[u]]];
		uint64_t longest = 0;

		if (h->users[u] <= y)
			continue;
		for (k = 0; k < h->nlocks; k++)
			if (h->ceiling[k] <= y && holds(lo, k) > longest)
				longest = holds(lo, k);
		base = hg_sat_add(base, longest);
	}
	base = hg_sat_add(base, b);
	L = hg_sat_add(L, base);
	for (steps = HG_HELD_WORK / (y + 1); steps; steps--) {
		next = base;
		for (q = 0; q <= y; q++) {
			const struct hg_rta_task *t = &h->ts[h->by[q]];

			next = hg_sat_add(next, hg_sat_mul(hg_ceil_div(hg_sat_add(L, t->j_ns),
								       t->t_ns), t->c_ns));
		}
		if (next == L || next == UINT64_MAX)
			return next;
		L = next;
	}
	return UINT64_MAX;
}

/*
 * The held-back work of the task of rank @r (blocking.h) into @b: its
 * jitter as the tasks between see it, and the rank they end above.
 */
static void held_one(struct holding *h, size_t r, struct hg_block *b)
{
	const struct hg_rta_task *me = &h->ts[h->by[r]];
	size_t until = r + 1, y;
	uint64_t L = UINT64_MAX;
	uint32_t k, i;

	for (k = 0; k < h->nlocks; k++)
		if (h->locks[k].protocol == HG_LOCK_NONE && holds(me, k) &&
		    h->floor[k] < h->n && h->floor[k] > until)
			until = h->floor[k];
	if (until <= r + 1)
		return;		/* no task between it and a lower user */
	y = level_of(h, r);
	for (i = 0; i < h->nbusy && h->y[i] != y; i++)
		;
	if (i < h->nbusy) {
		L = h->busy[i];
	} else {
		L = level_busy(h, y);
		if (h->nbusy < HG_MAX_LOCKS) {
			h->y[h->nbusy] = y;
			h->busy[h->nbusy++] = L;
		}
	}
	b->held_until = until;
	b->held_ns = L == UINT64_MAX ? UINT64_MAX : hg_sat_add(me->j_ns, L - me->c_ns);
}

/*
 * Each task between a user of a lock without a protocol and a lower
 * user: charged, with the user whose range reaches lowest for the report.
 */
static void charge(const struct holding *h, struct hg_block *out)
{
	size_t r, widest = 0, reach = 0;
	uint32_t k;

	for (r = 0; r < h->n; r++) {
		struct hg_block *b = &out[h->by[r]];
		const struct hg_block *w = &out[h->by[widest]];

		if (reach > r) {
			const struct hg_rta_task *top = &h->ts[h->by[widest]];

			b->charged = true;
			b->held_by = top->id;
			b->held_by_ns = w->held_ns;
			b->held_low = h->ts[h->by[w->held_until]].id;
			for (k = 0; k < h->nlocks; k++)
				if (h->locks[k].protocol == HG_LOCK_NONE && holds(top, k) &&
				    h->floor[k] == w->held_until)
					b->held_lock = k;
		}
		if (b->held_until > reach) {
			reach = b->held_until;
			widest = r;
		}
	}
}

int hg_rta_blocking(const struct hg_rta_task *ts, size_t n, const struct hg_lock *locks,
		    uint32_t nlocks, struct hg_block *out)
{
	size_t *by = calloc(n ? n : 1, sizeof(*by)), *users = calloc(n ? n : 1, sizeof(*users));
	size_t ceiling[HG_MAX_LOCKS], floor[HG_MAX_LOCKS], r, nu = 0;
	struct holding h;
	uint32_t k;

	if (!by || !users || hg_rta_rank(ts, n, by, NULL)) {
		free(by);
		free(users);
		return -ENOMEM;
	}
	if (nlocks > HG_MAX_LOCKS)
		nlocks = HG_MAX_LOCKS;
	/* a lock's ceiling and floor: the ranks of its highest and lowest users (n: none) */
	for (k = 0; k < nlocks; k++)
		ceiling[k] = floor[k] = n;
	for (r = 0; r < n; r++) {
		const struct hg_rta_task *t = &ts[by[r]];

		if (t->ncs)
			users[nu++] = r;
		for (k = 0; k < nlocks; k++) {
			if (!holds(t, k))
				continue;
			ceiling[k] = ceiling[k] == n ? r : ceiling[k];
			floor[k] = r;
		}
	}
	h = (struct holding){ .ts = ts, .n = n, .by = by, .locks = locks, .nlocks = nlocks,
		.ceiling = ceiling, .floor = floor, .users = users, .nu = nu };
	for (r = 0; r < n; r++) {
		block_one(ts, by, locks, nlocks, ceiling, users, nu, r, &out[by[r]]);
		held_one(&h, r, &out[by[r]]);
	}
	charge(&h, out);
	free(by);
	free(users);
	return 0;
}
