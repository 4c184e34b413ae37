// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_blocking.c - analysis/sched/blocking.c, the blocking terms from lock
 * sections, and analysis/sched/partition.c's use of them
 *
 * The bounds are the textbook's: G. Buttazzo, "Hard Real-Time Computing
 * Systems", 3rd ed., Springer 2011, section 7.6.4 (priority inheritance:
 * B_i = min(B_i^l, B_i^s), B_i^l = sum over lower tasks j of the longest
 * section of j on a resource of ceiling >= P_i, B_i^s = sum over such
 * resources k of the longest section of a lower task on k) and section
 * 7.8 (ceilings: the longest one such section), in continuous time (the
 * book's "- 1" for discrete time units left out). The set below is the
 * book's own Table 7.1 (section 7.6.3, "Three semaphores shared by four
 * tasks": the longest section of each task on each semaphore, ceilings
 * S_a(P1), S_b(P1), S_c(P2)), which the book works through its algorithm
 * of Figure 7.11; the expected values are that algorithm's, worked out by
 * hand beside each test, in continuous time (each section counts whole,
 * where the book's discrete time units count one less).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/blocking.h"
#include "analysis/sched/partition.h"
#include "rtatest.h"

enum { A, B };

/*
 * Buttazzo's Table 7.1: four tasks, tau1 the highest, three resources
 * (the book's S_a, S_b, S_c); section lengths (here in ms):
 *
 *            A   B   C
 *    tau1    1   2   -
 *    tau2    -   9   3
 *    tau3    8   7   -
 *    tau4    6   5   4
 *
 * Ceilings: A is used by tau1, so C(A) = P1; B too, C(B) = P1; C by tau2
 * and tau4, C(C) = P2.
 */
static const uint64_t len[4][3] = {
	{ 1, 2, 0 }, { 0, 9, 3 }, { 8, 7, 0 }, { 6, 5, 4 },
};

static void book_set(struct hg_rta_task *ts, struct hg_lock *locks, uint32_t protocol)
{
	size_t i, k;

	memset(ts, 0, 4 * sizeof(*ts));
	for (i = 0; i < 4; i++) {
		ts[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = 30 * MS,
			.t_ns = 1000 * MS, .d_ns = 1000 * MS, .prio = 40 - 10 * (int32_t)i };
		for (k = 0; k < 3; k++)
			if (len[i][k])
				ts[i].cs[ts[i].ncs++] = (struct hg_cs){ .lock = (uint32_t)k,
					.ns = len[i][k] * MS };
	}
	for (k = 0; k < 3; k++)
		locks[k] = (struct hg_lock){ .name = { (char)('A' + k) }, .protocol = protocol };
}

/*
 * Priority inheritance:
 *  tau1: resources of ceiling >= P1: A, B. B^l: tau2 max(9) + tau3
 *        max(8, 7) + tau4 max(6, 5) = 23; B^s: A max(8, 6) + B max(9, 7, 5)
 *        = 17; B1 = 17.
 *  tau2: A, B, C. B^l: tau3 8 + tau4 max(6, 5, 4) = 14; B^s: A 8 + B 7 +
 *        C 4 = 19; B2 = 14.
 *  tau3: A, B, C. B^l: tau4 6; B^s: 6 + 5 + 4 = 15; B3 = 6.
 *  tau4: nothing below it, 0.
 */
START_TEST(test_book_inheritance)
{
	static const uint64_t want[4] = { 17, 14, 6, 0 };
	struct hg_rta_task ts[4];
	struct hg_lock locks[3];
	struct hg_block b[4];
	size_t i;

	book_set(ts, locks, HG_LOCK_INHERIT);
	ck_assert_int_eq(hg_rta_blocking(ts, 4, locks, 3, b), 0);
	for (i = 0; i < 4; i++) {
		ck_assert_msg(b[i].b_ns == want[i] * MS, "tau%zu: %llu", i + 1,
			      (unsigned long long)b[i].b_ns);
		ck_assert_int_eq(b[i].kind, i < 3 ? HG_BLOCK_INHERIT : HG_BLOCK_NONE);
	}
}
END_TEST

/*
 * Immediate ceilings (protect): one section of one lower task on a
 * resource of ceiling >= P_i: tau1: A, B among tau2-4: max(9, 8, 7, 6, 5)
 * = 9; tau2: A, B, C among tau3-4: max(8, 7, 6, 5, 4) = 8; tau3: tau4's
 * max(6, 5, 4) = 6; tau4: 0.
 */
START_TEST(test_book_ceiling)
{
	static const uint64_t want[4] = { 9, 8, 6, 0 };
	struct hg_rta_task ts[4];
	struct hg_lock locks[3];
	struct hg_block b[4];
	size_t i;

	book_set(ts, locks, HG_LOCK_PROTECT);
	ck_assert_int_eq(hg_rta_blocking(ts, 4, locks, 3, b), 0);
	for (i = 0; i < 4; i++) {
		ck_assert_uint_eq(b[i].b_ns, want[i] * MS);
		ck_assert_int_eq(b[i].kind, i < 3 ? HG_BLOCK_CEILING : HG_BLOCK_NONE);
	}
}
END_TEST

/*
 * No protocol: tau1 waits for A, held by tau3, while tau2 (between) runs:
 * unbounded. tau2 waits for B (the first of its locks that tau4 holds; C
 * too), held by tau4, while tau3 runs: unbounded.
 * tau3 waits for A or B held by tau4, nothing between: direct blocking,
 * B^l = tau4's max(6, 5) = 6, B^s = 6 + 5 = 11: 6 (C is not tau3's: no
 * push-through without inheritance).
 */
START_TEST(test_book_none)
{
	struct hg_rta_task ts[4];
	struct hg_lock locks[3];
	struct hg_block b[4];

	book_set(ts, locks, HG_LOCK_NONE);
	ck_assert_int_eq(hg_rta_blocking(ts, 4, locks, 3, b), 0);
	ck_assert_int_eq(b[0].kind, HG_BLOCK_UNBOUNDED);
	ck_assert_uint_eq(b[0].lock, A);
	ck_assert_uint_eq(b[0].low, 2);
	ck_assert_uint_eq(b[0].middle, 1);
	ck_assert_int_eq(b[1].kind, HG_BLOCK_UNBOUNDED);
	ck_assert_uint_eq(b[1].lock, B);
	ck_assert_uint_eq(b[1].low, 3);
	ck_assert_uint_eq(b[1].middle, 2);
	ck_assert_int_eq(b[2].kind, HG_BLOCK_DIRECT);
	ck_assert_uint_eq(b[2].b_ns, 6 * MS);
	ck_assert_int_eq(b[3].kind, HG_BLOCK_NONE);
}
END_TEST

/*
 * The ceiling condition made visible (the book's definitions, numbers by
 * hand): tau1 takes A, tau2 takes B, tau3 holds A for 5 ms and B for 9 ms.
 * C(A) = P1, C(B) = P2 < P1: tau3's 9 ms on B can never block tau1.
 *  protect: B1 = max over resources of ceiling >= P1 (A) = 5;
 *           B2 = max(5, 9) = 9 (A's ceiling P1 >= P2: push-through).
 *  inherit: B1: B^l = tau2 (nothing on A) 0 + tau3 5 = 5, B^s = A 5: 5;
 *           B2: B^l = tau3 max(5, 9) = 9, B^s = 5 + 9 = 14: 9.
 */
START_TEST(test_ceiling_condition)
{
	static const uint32_t protocol[] = { HG_LOCK_PROTECT, HG_LOCK_INHERIT };
	struct hg_lock locks[2] = { { .name = "A" }, { .name = "B" } };
	struct hg_rta_task ts[3];
	struct hg_block b[3];
	size_t i, p;

	for (p = 0; p < 2; p++) {
		memset(ts, 0, sizeof(ts));
		for (i = 0; i < 3; i++)
			ts[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = 20 * MS,
				.t_ns = 100 * MS, .d_ns = 100 * MS, .prio = 30 - 10 * (int32_t)i };
		ts[0].cs[ts[0].ncs++] = (struct hg_cs){ .lock = A, .ns = MS };
		ts[1].cs[ts[1].ncs++] = (struct hg_cs){ .lock = B, .ns = MS };
		ts[2].cs[ts[2].ncs++] = (struct hg_cs){ .lock = A, .ns = 5 * MS };
		ts[2].cs[ts[2].ncs++] = (struct hg_cs){ .lock = B, .ns = 9 * MS };
		locks[0].protocol = locks[1].protocol = protocol[p];
		ck_assert_int_eq(hg_rta_blocking(ts, 3, locks, 2, b), 0);
		ck_assert_uint_eq(b[0].b_ns, 5 * MS);
		ck_assert_uint_eq(b[1].b_ns, 9 * MS);
		ck_assert_uint_eq(b[2].b_ns, 0);
		ck_assert_int_eq(b[0].kind, p ? HG_BLOCK_INHERIT : HG_BLOCK_CEILING);
	}
}
END_TEST

/*
 * The priority-inversion demo: H (1 ms / 10 ms, 0.5 ms on L), M (4 ms /
 * 10 ms), L (2 ms / 20 ms, 1.5 ms on L), one CPU, priorities 80, 50, 10.
 *  inherit: H blocked by L's section: 1.5; M too (push-through): 1.5.
 *           H: 1 + 1.5 = 2.5. M: 4 + 1.5 + 1 = 6.5 (one job of H in 6.5).
 *           L: 2 + 4 + 1 = 7, then 7: one job each of H and M. 7.
 *  protect: the same bounds, one section: 2.5, 6.5, 7.
 *  none:    H unbounded (M between); M not blocked (it takes no lock):
 *           4 + 1 = 5; L 7.
 */
static void demo(struct hg_rta_task *ts, const cpu_set_t *cpu1)
{
	static const struct ms_task m[] = {
		TASK(1, 10, 0, 0, 0, 80), TASK(4, 10, 0, 0, 0, 50), TASK(2, 20, 0, 0, 0, 10),
	};
	size_t i;

	to_tasks(m, 3, ts);
	for (i = 0; i < 3; i++)
		ts[i].cpus = *cpu1;
	ts[0].cs[ts[0].ncs++] = (struct hg_cs){ .lock = 0, .ns = MS / 2 };
	ts[2].cs[ts[2].ncs++] = (struct hg_cs){ .lock = 0, .ns = 3 * MS / 2 };
}

START_TEST(test_demo_protocols)
{
	static const struct {
		uint32_t protocol;
		uint64_t r[3];		/* us; 0: unbounded */
		enum hg_block_kind kind[3];
	} want[] = {
		{ HG_LOCK_INHERIT, { 2500, 6500, 7000 },
		  { HG_BLOCK_INHERIT, HG_BLOCK_INHERIT, HG_BLOCK_NONE } },
		{ HG_LOCK_PROTECT, { 2500, 6500, 7000 },
		  { HG_BLOCK_CEILING, HG_BLOCK_CEILING, HG_BLOCK_NONE } },
		/*
		 * M sits between H, which waits for L without a protocol, and L:
		 * H's jobs held back come at once, charged to M as a release
		 * jitter of the three's busy period (7 ms) less H's C: 6 ms, an
		 * upper bound (it was 5 ms, exact, as if H came as released)
		 */
		{ HG_LOCK_NONE, { 0, 6000, 7000 },
		  { HG_BLOCK_UNBOUNDED, HG_BLOCK_NONE, HG_BLOCK_NONE } },
	};
	struct hg_lock lock = { .name = "L", .protocol = want[_i].protocol };
	struct hg_rta_analysis an;
	struct hg_rta_task ts[3];
	cpu_set_t cpu1;
	size_t i;

	CPU_ZERO(&cpu1);
	CPU_SET(1, &cpu1);
	demo(ts, &cpu1);
	ck_assert_int_eq(hg_rta_analyse_locks(ts, 3, &lock, 1, &an), 0);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(an.blk[i].kind, want[_i].kind[i]);
		ck_assert_int_eq(an.r[i].test, HG_RTA_TEST_UNI);
		if (!want[_i].r[i]) {
			ck_assert_int_eq(an.r[i].bound, HG_RTA_UNBOUNDED);
			ck_assert(!an.r[i].schedulable);
			ck_assert_uint_eq(an.r[i].response_ns, UINT64_MAX);
		} else {
			ck_assert_int_eq(an.r[i].bound, an.blk[i].charged ? HG_RTA_UPPER :
					 HG_RTA_EXACT);
			ck_assert(an.blk[i].charged == (want[_i].protocol == HG_LOCK_NONE &&
							i == 1));
			ck_assert_uint_eq(an.r[i].response_ns, want[_i].r[i] * 1000);
			ck_assert(an.r[i].schedulable);
		}
	}
	hg_rta_analysis_free(&an);
}
END_TEST

/* The lock's users on two CPUs: those CPUs are not covered; a third CPU without it is. */
START_TEST(test_lock_across_cpus)
{
	struct hg_lock lock = { .name = "L", .protocol = HG_LOCK_INHERIT };
	struct hg_rta_task ts[4];
	struct hg_rta_analysis an;
	cpu_set_t cpu1, cpu0, cpu2;

	CPU_ZERO(&cpu1);
	CPU_SET(1, &cpu1);
	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	CPU_ZERO(&cpu2);
	CPU_SET(2, &cpu2);
	demo(ts, &cpu1);
	ts[2].cpus = cpu0;
	ts[3] = ts[1];
	ts[3].id = 3;
	ts[3].cpus = cpu2;
	ck_assert_int_eq(hg_rta_analyse_locks(ts, 4, &lock, 1, &an), 0);
	ck_assert_int_eq(an.r[0].test, HG_RTA_TEST_NONE);
	ck_assert_int_eq(an.r[1].test, HG_RTA_TEST_NONE);	/* on CPU 1 with a user */
	ck_assert_int_eq(an.r[2].test, HG_RTA_TEST_NONE);
	ck_assert_int_eq(an.r[3].test, HG_RTA_TEST_UNI);	/* alone on CPU 2 */
	ck_assert_uint_eq(an.r[3].response_ns, 4 * MS);
	ck_assert_int_eq(an.blk[0].kind, HG_BLOCK_REMOTE);
	ck_assert_int_eq(an.g[an.group[0]].remote_lock, 0);
	ck_assert_int_eq(an.g[an.group[3]].remote_lock, -1);
	hg_rta_analysis_free(&an);
}
END_TEST

/* A lock only one task takes blocks nobody, even among tasks free on two CPUs. */
START_TEST(test_lonely_lock)
{
	struct hg_lock lock = { .name = "L", .protocol = HG_LOCK_NONE };
	struct hg_rta_task ts[3];
	struct hg_rta_analysis an;
	cpu_set_t both;
	size_t i;

	CPU_ZERO(&both);
	CPU_SET(0, &both);
	CPU_SET(1, &both);
	demo(ts, &both);
	ts[0].ncs = 0;
	ck_assert_int_eq(hg_rta_analyse_locks(ts, 3, &lock, 1, &an), 0);
	for (i = 0; i < 3; i++) {
		ck_assert_int_eq(an.r[i].test, HG_RTA_TEST_GLOBAL);
		ck_assert_int_eq(an.blk[i].kind, HG_BLOCK_NONE);
	}
	hg_rta_analysis_free(&an);
	/* on one CPU: nothing above L takes its lock, so no blocking at all */
	CPU_ZERO(&both);
	demo(ts, &both);
	ts[0].ncs = 0;
	ck_assert_int_eq(hg_rta_analyse_locks(ts, 3, &lock, 1, &an), 0);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(an.blk[i].kind, HG_BLOCK_NONE);
	ck_assert_uint_eq(an.r[0].response_ns, MS);
	hg_rta_analysis_free(&an);
}
END_TEST

/* The names the reports use. */
START_TEST(test_names)
{
	ck_assert_str_eq(hg_block_kind_name(HG_BLOCK_NONE), "none");
	ck_assert_str_eq(hg_block_kind_name(HG_BLOCK_INHERIT), "inheritance");
	ck_assert_str_eq(hg_block_kind_name(HG_BLOCK_CEILING), "ceiling");
	ck_assert_str_eq(hg_block_kind_name(HG_BLOCK_DIRECT), "direct");
	ck_assert_str_eq(hg_block_kind_name(HG_BLOCK_UNBOUNDED), "unbounded");
	ck_assert_str_eq(hg_block_kind_name(HG_BLOCK_REMOTE), "not-covered");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("blocking");
	TCase *tc = tcase_create("book");

	tcase_add_test(tc, test_book_inheritance);
	tcase_add_test(tc, test_book_ceiling);
	tcase_add_test(tc, test_book_none);
	tcase_add_test(tc, test_ceiling_condition);
	suite_add_tcase(s, tc);
	tc = tcase_create("analysis");
	tcase_add_loop_test(tc, test_demo_protocols, 0, 3);
	tcase_add_test(tc, test_lock_across_cpus);
	tcase_add_test(tc, test_lonely_lock);
	tcase_add_test(tc, test_names);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
