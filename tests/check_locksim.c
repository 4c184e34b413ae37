// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_locksim.c - the uniprocessor analysis with locks (analysis/sched/rta.c,
 * blocking.c, partition.c) held against schedules: a simulator of one CPU
 * under fixed priorities runs the tasks from given offsets, and no job may
 * respond later than the bound the analysis gives its task
 *
 * The simulator, in steps of one time unit (every time of the sets below is
 * a whole number of units, so the schedule changes only at whole units):
 * each job runs its sections first, in order, then the rest of its C; a
 * job that asks for a lock another holds waits. A released lock is free:
 * the waiters are ready again, and the first of them to run takes it (as a
 * futex lets a ready higher-priority task take it). The holder of a lock
 * runs at its own priority (none), at the highest of its waiters' (inherit),
 * or above the lock's ceiling, its highest user's priority (protect). The
 * jobs of a task run one after another, in order of release.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/partition.h"
#include "rtatest.h"

#define NSIM 6

struct sim_task {
	uint64_t c, t, offset;	/* units */
	int32_t prio;
	uint32_t ncs;
	uint32_t lock[2];
	uint64_t len[2];
};

struct sim {
	const struct sim_task *ts;
	size_t n;
	const uint32_t *protocol;	/* of each lock */
	int32_t ceiling[HG_MAX_LOCKS];
	int holder[HG_MAX_LOCKS];	/* task holding it, -1: free */
	uint64_t released[NSIM];	/* jobs released so far */
	uint64_t done[NSIM];		/* jobs finished */
	uint64_t ran[NSIM];		/* units the current job received */
	uint64_t worst[NSIM];		/* the longest response seen */
};

/* The lock the current job of @i needs now, or -1 (outside its sections). */
static int wants(const struct sim *s, size_t i)
{
	const struct sim_task *t = &s->ts[i];
	uint64_t at = 0;
	uint32_t k;

	for (k = 0; k < t->ncs; k++) {
		if (s->ran[i] < at + t->len[k])
			return (int)t->lock[k];
		at += t->len[k];
	}
	return -1;
}

/* Its priority now, doubled (a ceiling's holder runs above the ceiling's owner). */
static int64_t effective(const struct sim *s, size_t i)
{
	int64_t e = 2 * (int64_t)s->ts[i].prio;
	size_t j;
	int k;

	for (k = 0; k < HG_MAX_LOCKS; k++) {
		if (s->holder[k] != (int)i)
			continue;
		if (s->protocol[k] == HG_LOCK_PROTECT && 2 * (int64_t)s->ceiling[k] + 1 > e)
			e = 2 * (int64_t)s->ceiling[k] + 1;
		if (s->protocol[k] != HG_LOCK_INHERIT)
			continue;
		for (j = 0; j < s->n; j++)	/* the waiters (no chains: sections do not nest) */
			if (j != i && s->done[j] < s->released[j] && wants(s, j) == k &&
			    2 * (int64_t)s->ts[j].prio > e)
				e = 2 * (int64_t)s->ts[j].prio;
	}
	return e;
}

/* Run @s for @units units from 0. */
static void simulate(struct sim *s, uint64_t units)
{
	uint64_t now;
	size_t i;

	for (now = 0; now < units; now++) {
		int64_t best = INT64_MIN;
		int run = -1, k;

		for (i = 0; i < s->n; i++) {
			const struct sim_task *t = &s->ts[i];

			while (now >= t->offset && s->released[i] <= (now - t->offset) / t->t)
				s->released[i]++;
		}
		for (i = 0; i < s->n; i++) {
			if (s->done[i] == s->released[i])
				continue;
			k = wants(s, i);
			if (k >= 0 && s->holder[k] >= 0 && s->holder[k] != (int)i)
				continue;	/* waits for the lock */
			if (effective(s, i) > best) {
				best = effective(s, i);
				run = (int)i;
			}
		}
		if (run < 0)
			continue;
		k = wants(s, (size_t)run);
		if (k >= 0)
			s->holder[k] = run;
		s->ran[run]++;
		if (k >= 0 && wants(s, (size_t)run) != k)
			s->holder[k] = -1;	/* its section is over */
		if (s->ran[run] == s->ts[run].c) {
			const struct sim_task *t = &s->ts[run];
			uint64_t resp = now + 1 - (t->offset + s->done[run] * t->t);

			s->worst[run] = resp > s->worst[run] ? resp : s->worst[run];
			s->done[run]++;
			s->ran[run] = 0;
		}
	}
}

/* The analysis of @ts (units of 1 ms) with its locks. */
static void analyse(const struct sim_task *ts, size_t n, const uint32_t *protocol,
		    uint32_t nlocks, struct hg_rta_analysis *a)
{
	struct hg_rta_task k[NSIM];
	struct hg_lock locks[HG_MAX_LOCKS];
	size_t i;
	uint32_t c;

	memset(k, 0, sizeof(k));
	memset(locks, 0, sizeof(locks));
	for (c = 0; c < nlocks; c++)
		locks[c].protocol = protocol[c];
	for (i = 0; i < n; i++) {
		k[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = ts[i].c * MS,
			.t_ns = ts[i].t * MS, .d_ns = ts[i].t * MS, .prio = ts[i].prio,
			.ncs = ts[i].ncs };
		for (c = 0; c < ts[i].ncs; c++)
			k[i].cs[c] = (struct hg_cs){ .lock = ts[i].lock[c], .ns = ts[i].len[c] * MS };
	}
	ck_assert_int_eq(hg_rta_analyse_locks(k, n, locks, nlocks, a), 0);
}

static void sim_init(struct sim *s, const struct sim_task *ts, size_t n, const uint32_t *protocol)
{
	size_t i;
	uint32_t c;
	int k;

	memset(s, 0, sizeof(*s));
	s->ts = ts;
	s->n = n;
	s->protocol = protocol;
	for (k = 0; k < HG_MAX_LOCKS; k++) {
		s->holder[k] = -1;
		s->ceiling[k] = INT32_MIN;
	}
	for (i = 0; i < n; i++)
		for (c = 0; c < ts[i].ncs; c++)
			if (ts[i].prio > s->ceiling[ts[i].lock[c]])
				s->ceiling[ts[i].lock[c]] = ts[i].prio;
}

/*
 * The mid.txt: lock K without a protocol, H (2 ms every 4 ms, 1 ms
 * on K), M (1 ms every 100 ms, no lock), L (4 ms every 100 ms, 3 ms on K).
 * From offsets 1, 3 and 0: L takes K at 0, H waits from 1, K is free at 3,
 * H's two jobs run 3-5 and 5-7, and M, released at 3, ends at 8: 5 ms. The
 * analysis gave M 3 ms, exact, as if H's jobs came as they were released.
 */
START_TEST(test_mid_none)
{
	static const struct sim_task mid[] = {
		{ .c = 2, .t = 4, .offset = 1, .prio = 30, .ncs = 1, .lock = { 0 }, .len = { 1 } },
		{ .c = 1, .t = 100, .offset = 3, .prio = 20 },
		{ .c = 4, .t = 100, .offset = 0, .prio = 10, .ncs = 1, .lock = { 0 }, .len = { 3 } },
	};
	static const uint32_t none[] = { HG_LOCK_NONE }, inherit[] = { HG_LOCK_INHERIT },
			      protect[] = { HG_LOCK_PROTECT };
	struct hg_rta_analysis a;
	struct sim s;

	sim_init(&s, mid, 3, none);
	simulate(&s, 200);
	ck_assert_uint_eq(s.worst[1], 5);
	analyse(mid, 3, none, 1, &a);
	ck_assert_int_eq(a.r[0].bound, HG_RTA_UNBOUNDED);
	ck_assert_uint_ge(a.r[1].response_ns, 5 * MS);
	ck_assert_int_eq(a.r[1].bound, HG_RTA_UPPER);
	ck_assert(a.blk[1].charged);
	ck_assert_uint_eq(a.blk[1].held_by, 0);
	ck_assert_uint_eq(a.blk[1].held_low, 2);
	/* H's jobs are pending only in busy periods of all three: 11 ms; less C */
	ck_assert_uint_eq(a.blk[1].held_by_ns, 9 * MS);
	ck_assert_uint_eq(a.r[1].response_ns, 11 * MS);
	ck_assert(!a.blk[0].charged && !a.blk[2].charged);
	hg_rta_analysis_free(&a);
	/* with a protocol, M is exact and unchanged */
	analyse(mid, 3, inherit, 1, &a);
	ck_assert(!a.blk[1].charged);
	ck_assert_int_eq(a.r[1].bound, HG_RTA_EXACT);
	hg_rta_analysis_free(&a);
	analyse(mid, 3, protect, 1, &a);
	ck_assert(!a.blk[1].charged);
	ck_assert_int_eq(a.r[1].bound, HG_RTA_EXACT);
	hg_rta_analysis_free(&a);
}
END_TEST

/* A deterministic generator (xorshift64*). */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

/* A random set of @n tasks on two locks of random protocols; its hyperperiod. */
static uint64_t random_set(uint64_t *seed, struct sim_task *ts, size_t n, uint32_t *protocol)
{
	static const uint64_t periods[] = { 4, 5, 6, 8, 10, 12, 20 };
	uint64_t h = 1, g, a, b;
	size_t i, j;
	uint32_t c;

	for (c = 0; c < 2; c++)
		protocol[c] = (uint32_t)(rnd(seed) % 3);
	for (i = 0; i < n; i++) {
		uint64_t t = periods[rnd(seed) % 7];

		ts[i] = (struct sim_task){ .t = t, .c = 1 + rnd(seed) % (t / 2),
			.offset = rnd(seed) % t, .prio = (int32_t)(10 * (i + 1)) };
		for (c = 0; c < 2; c++) {
			uint64_t used = ts[i].ncs ? ts[i].len[0] : 0;

			if (rnd(seed) % 2 || used >= ts[i].c)
				continue;
			ts[i].lock[ts[i].ncs] = c;
			ts[i].len[ts[i].ncs++] = 1 + rnd(seed) % (ts[i].c - used);
		}
		for (a = h, b = t; b; g = a % b, a = b, b = g)
			;
		h = h / a * t;
	}
	/* priorities in a random order */
	for (i = n; i > 1; i--) {
		int32_t p;

		j = rnd(seed) % i;
		p = ts[i - 1].prio;
		ts[i - 1].prio = ts[j].prio;
		ts[j].prio = p;
	}
	return h;
}

/*
 * Random sets of 3 to 5 tasks on two locks, each protocol, from random
 * offsets: every job responds within its task's bound, exact or upper,
 * wherever the analysis gives one. Many of the sets put a task between two
 * users of a lock without a protocol.
 */
START_TEST(test_random_schedules)
{
	uint64_t seed = 0x6c6f636b73696dULL + (uint64_t)_i;
	unsigned int k, checked = 0, charged = 0;

	for (k = 0; k < 3000; k++) {
		struct sim_task ts[NSIM];
		uint32_t protocol[2];
		size_t n = 3 + rnd(&seed) % 3, i;
		uint64_t h = random_set(&seed, ts, n, protocol);
		struct hg_rta_analysis a;
		struct sim s;

		analyse(ts, n, protocol, 2, &a);
		sim_init(&s, ts, n, protocol);
		simulate(&s, 20 + 4 * h);
		for (i = 0; i < n; i++) {
			if (a.r[i].bound != HG_RTA_EXACT && a.r[i].bound != HG_RTA_UPPER)
				continue;
			ck_assert_msg(s.worst[i] * MS <= a.r[i].response_ns,
				      "set %u task %zu: a job responds in %llu ms, beyond the "
				      "bound %llu ns", k, i, (unsigned long long)s.worst[i],
				      (unsigned long long)a.r[i].response_ns);
			checked++;
			charged += a.blk[i].charged;
		}
		hg_rta_analysis_free(&a);
	}
	ck_assert_uint_gt(checked, 3000);
	ck_assert_uint_gt(charged, 50);
}
END_TEST

static Suite *locksim_suite(void)
{
	Suite *s = suite_create("locksim");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_mid_none);
	tcase_add_loop_test(tc, test_random_schedules, 0, 4);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(locksim_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
