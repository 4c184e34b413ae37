// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_rta.c - analysis/sched/rta.c: the fixed-priority response-time
 * analysis (with D > T over the jobs of a busy period) and the EDF
 * processor-demand test
 *
 * Every expected response below is worked out by hand in a comment, from
 * the recurrence R = C + B + sum over higher-priority j of
 * ceil((R + J_j) / T_j) C_j, iterated from R = C + B; the response is J + R.
 * Times are in milliseconds unless said otherwise.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/edf.h"
#include "rtatest.h"

/* ------------------------------------------------------------ the order */

START_TEST(test_order_names)
{
	ck_assert_str_eq(hg_rta_order_name(HG_RTA_BY_PRIORITY), "priority");
	ck_assert_str_eq(hg_rta_order_name(HG_RTA_RATE_MONOTONIC), "rate-monotonic");
	ck_assert_str_eq(hg_rta_order_name(HG_RTA_MIXED),
			 "priority, then rate-monotonic among equal or missing priorities");
}
END_TEST

/* ------------------------------------------------- fixed-priority cases */

static const struct fp_case {
	const char *what;
	size_t n;
	struct ms_task task[MAXT];
	uint64_t response[MAXT];	/* ms; 0: no bound */
	bool sched[MAXT];
	unsigned int rank[MAXT];
	enum hg_rta_order order;
} fp_cases[] = {
	/*
	 * The paper: 3/8 at RTMED (50), 17/33 at RTLOW (10).
	 * R0 = 3.
	 * R1: 17 -> 17 + ceil(17/8) 3 = 26 -> 17 + ceil(26/8) 3 = 29
	 *     -> 17 + ceil(29/8) 3 = 29.
	 */
	{ "the paper", 2, { TASK(3, 8, 0, 0, 0, 50), TASK(17, 33, 0, 0, 0, 10) },
	  { 3, 29 }, { true, true }, { 0, 1 }, HG_RTA_BY_PRIORITY },
	/*
	 * The paper, 8 ms of release jitter and C = 19 on the 33 ms task:
	 * R1: 19 -> 19 + ceil(19/8) 3 = 28 -> 19 + ceil(28/8) 3 = 31
	 *     -> 19 + ceil(31/8) 3 = 31; J + R = 8 + 31 = 39 > 33.
	 */
	{ "the paper, J1 = 8, C1 = 19", 2,
	  { TASK(3, 8, 0, 0, 0, 50), TASK(19, 33, 0, 8, 0, 10) },
	  { 3, 39 }, { true, false }, { 0, 1 }, HG_RTA_BY_PRIORITY },
	/*
	 * The paper, 8 ms of jitter and C = 12:
	 * R1: 12 -> 12 + ceil(12/8) 3 = 18 -> 12 + ceil(18/8) 3 = 21
	 *     -> 12 + ceil(21/8) 3 = 21; J + R = 29 <= 33.
	 */
	{ "the paper, J1 = 8, C1 = 12", 2,
	  { TASK(3, 8, 0, 0, 0, 50), TASK(12, 33, 0, 8, 0, 10) },
	  { 3, 29 }, { true, true }, { 0, 1 }, HG_RTA_BY_PRIORITY },
	/* The paper without priorities: rate-monotonic gives the same order. */
	{ "the paper, rate-monotonic", 2,
	  { TASK(17, 33, 0, 0, 0, NONE), TASK(3, 8, 0, 0, 0, NONE) },
	  { 29, 3 }, { true, true }, { 1, 0 }, HG_RTA_RATE_MONOTONIC },
	/*
	 * The paper with the priorities the other way round: the order given
	 * wins over the periods. R(17/33) = 17;
	 * R(3/8): 3 -> 3 + ceil(3/33) 17 = 20 -> 3 + ceil(20/33) 17 = 20 > 8.
	 */
	{ "the paper, priorities inverted", 2,
	  { TASK(3, 8, 0, 0, 0, 10), TASK(17, 33, 0, 0, 0, 50) },
	  { 20, 17 }, { false, true }, { 1, 0 }, HG_RTA_BY_PRIORITY },
	/* The paper with D1 = 28 < T1: 29 > 28. */
	{ "the paper, D1 = 28", 2,
	  { TASK(3, 8, 0, 0, 0, 50), TASK(17, 33, 28, 0, 0, 10) },
	  { 3, 29 }, { true, false }, { 0, 1 }, HG_RTA_BY_PRIORITY },
	/*
	 * Burns & Wellings, Real-Time Systems and Programming Languages:
	 * a (T 7, C 3, P 3), b (T 12, C 3, P 2), c (T 20, C 5, P 1).
	 * Ra = 3.
	 * Rb: 3 -> 3 + ceil(3/7) 3 = 6 -> 3 + ceil(6/7) 3 = 6.
	 * Rc: 5 -> 5 + 1*3 + 1*3 = 11 -> 5 + ceil(11/7) 3 + ceil(11/12) 3 = 14
	 *     -> 5 + 2*3 + 2*3 = 17 -> 5 + 3*3 + 2*3 = 20 -> 5 + 3*3 + 2*3 = 20
	 *     = D: schedulable, with no slack.
	 */
	{ "Burns & Wellings, three tasks", 3,
	  { TASK(3, 7, 0, 0, 0, 3), TASK(3, 12, 0, 0, 0, 2), TASK(5, 20, 0, 0, 0, 1) },
	  { 3, 6, 20 }, { true, true, true }, { 0, 1, 2 }, HG_RTA_BY_PRIORITY },
	/*
	 * Burns & Wellings, a set of utilisation 1 that the utilisation bound
	 * cannot admit: a (T 80, C 40), b (T 40, C 10), c (T 20, C 5),
	 * rate-monotonic (c, b, a). Rc = 5. Rb: 10 -> 10 + 5 = 15 -> 15.
	 * Ra: 40 -> 40 + 1*10 + 2*5 = 60 -> 40 + 2*10 + 3*5 = 75
	 *     -> 40 + 2*10 + 4*5 = 80 -> 40 + 2*10 + 4*5 = 80 = D.
	 */
	{ "Burns & Wellings, utilisation 1", 3,
	  { TASK(40, 80, 0, 0, 0, NONE), TASK(10, 40, 0, 0, 0, NONE),
	    TASK(5, 20, 0, 0, 0, NONE) },
	  { 80, 15, 5 }, { true, true, true }, { 2, 1, 0 }, HG_RTA_RATE_MONOTONIC },
	/*
	 * Buttazzo, Hard Real-Time Computing Systems, deadline-monotonic with
	 * D < T: (C 1, T 4, D 3), (1, 5, 4), (2, 6, 5), (1, 11, 10).
	 * R0 = 1. R1: 1 -> 1 + 1 = 2 -> 2.
	 * R2: 2 -> 2 + 1 + 1 = 4 -> 2 + ceil(4/4) + ceil(4/5) = 4.
	 * R3: 1 -> 1 + 1 + 1 + 2 = 5 -> 1 + 2 + 1 + 2 = 6 -> 1 + 2 + 2 + 2 = 7
	 *     -> 1 + 2 + 2 + 4 = 9 -> 1 + 3 + 2 + 4 = 10 -> 1 + 3 + 2 + 4 = 10.
	 */
	{ "Buttazzo, deadline-monotonic, D < T", 4,
	  { TASK(1, 4, 3, 0, 0, 4), TASK(1, 5, 4, 0, 0, 3), TASK(2, 6, 5, 0, 0, 2),
	    TASK(1, 11, 10, 0, 0, 1) },
	  { 1, 2, 4, 10 }, { true, true, true, true }, { 0, 1, 2, 3 }, HG_RTA_BY_PRIORITY },
	/*
	 * D < T, rate-monotonic: (1, 4, D 2), (2, 8, D 4), (3, 10, D 5).
	 * R0 = 1. R1: 2 -> 2 + 1 = 3 -> 3.
	 * R2: 3 -> 3 + 1 + 2 = 6 -> 3 + 2 + 2 = 7 -> 7 > 5.
	 */
	{ "D < T, the last misses", 3,
	  { TASK(1, 4, 2, 0, 0, NONE), TASK(2, 8, 4, 0, 0, NONE), TASK(3, 10, 5, 0, 0, NONE) },
	  { 1, 3, 7 }, { true, true, false }, { 0, 1, 2 }, HG_RTA_RATE_MONOTONIC },
	/*
	 * Equal priorities: rate-monotonic among them. (2, 20), (1, 5), (3, 10)
	 * all at 50: order 5, 10, 20. R(5) = 1. R(10): 3 -> 3 + 1 = 4 -> 4.
	 * R(20): 2 -> 2 + 1 + 3 = 6 -> 2 + 2 + 3 = 7 -> 7.
	 */
	{ "equal priorities", 3,
	  { TASK(2, 20, 0, 0, 0, 50), TASK(1, 5, 0, 0, 0, 50), TASK(3, 10, 0, 0, 0, 50) },
	  { 7, 1, 4 }, { true, true, true }, { 2, 0, 1 }, HG_RTA_MIXED },
	/*
	 * Two equal of three: (1, 5) at 60 first, then (3, 10) and (2, 20)
	 * at 50 by period. R(10): 3 -> 4 -> 4. R(20): 2 -> 2 + 1 + 3 = 6 -> 7 -> 7.
	 */
	{ "two equal priorities of three", 3,
	  { TASK(2, 20, 0, 0, 0, 50), TASK(1, 5, 0, 0, 0, 60), TASK(3, 10, 0, 0, 0, 50) },
	  { 7, 1, 4 }, { true, true, true }, { 2, 0, 1 }, HG_RTA_MIXED },
	/*
	 * A priority on the longest period only: it runs first, the others
	 * (none is the lowest) rate-monotonic. R(20) = 2.
	 * R(5): 1 -> 1 + 2 = 3 -> 3. R(10): 3 -> 3 + 2 + 1 = 6 -> 3 + 2 + 2 = 7 -> 7.
	 */
	{ "missing priorities", 3,
	  { TASK(2, 20, 0, 0, 0, 10), TASK(1, 5, 0, 0, 0, NONE), TASK(3, 10, 0, 0, 0, NONE) },
	  { 2, 3, 7 }, { true, true, true }, { 0, 1, 2 }, HG_RTA_MIXED },
	/* Equal periods: the shorter deadline first. R(D 6) = 1, R(D 8) = 2. */
	{ "equal periods, the shorter deadline first", 2,
	  { TASK(1, 10, 8, 0, 0, NONE), TASK(1, 10, 6, 0, 0, NONE) },
	  { 2, 1 }, { true, true }, { 1, 0 }, HG_RTA_RATE_MONOTONIC },
	/* Everything equal: by thread number. */
	{ "identical tasks, by thread number", 3,
	  { TASK(1, 10, 0, 0, 0, 5), TASK(1, 10, 0, 0, 0, 5), TASK(1, 10, 0, 0, 0, 5) },
	  { 1, 2, 3 }, { true, true, true }, { 0, 1, 2 }, HG_RTA_MIXED },
	/*
	 * Jitter larger than the period: (1, 4, J 10) first, then (2, 20).
	 * Response 0: J + R = 10 + 1 = 11 > 4.
	 * R1: 2 -> 2 + ceil((2 + 10)/4) = 5 -> 2 + ceil(15/4) = 6
	 *     -> 2 + ceil(16/4) = 6.
	 */
	{ "jitter larger than the period", 2,
	  { TASK(1, 4, 0, 10, 0, 2), TASK(2, 20, 0, 0, 0, 1) },
	  { 11, 6 }, { false, true }, { 0, 1 }, HG_RTA_BY_PRIORITY },
	/*
	 * Blocking counts once, for the task that is blocked:
	 * R0 = 1 + 2 = 3. R1: 2 + 1 = 3 -> 3 + ceil(3/4) = 4 -> 4.
	 */
	{ "blocking", 2,
	  { TASK(1, 4, 0, 0, 2, 2), TASK(2, 10, 0, 0, 1, 1) },
	  { 3, 4 }, { true, true }, { 0, 1 }, HG_RTA_BY_PRIORITY },
	/*
	 * Blocking up to the deadline, and past it (equal periods and
	 * deadlines: thread 0 first). R0 = 1 + 3 = 4 <= 4.
	 * R1: 1 + 4 = 5 -> 5 + ceil(5/4) 1 = 7 -> 5 + ceil(7/4) 1 = 7 > 4.
	 */
	{ "blocking up to the deadline, and past it", 2,
	  { TASK(1, 4, 0, 0, 3, NONE), TASK(1, 4, 0, 0, 4, NONE) },
	  { 4, 7 }, { true, false }, { 0, 1 }, HG_RTA_RATE_MONOTONIC },
	/*
	 * Utilisation above 1 where the higher-priority one is below 1:
	 * (5, 8), (5, 8), (1, 50). R0 = 5. The second level asks for 10 ms
	 * every 8 ms: its backlog grows without end, no bound (0 below); so
	 * for the third, whose higher levels take more than the whole CPU.
	 */
	{ "utilisation above 1", 3,
	  { TASK(5, 8, 0, 0, 0, NONE), TASK(5, 8, 0, 0, 0, NONE), TASK(1, 50, 0, 0, 0, NONE) },
	  { 5, 0, 0 }, { true, false, false }, { 0, 1, 2 }, HG_RTA_RATE_MONOTONIC },
	/*
	 * A higher-priority task that takes the whole CPU (8 of 8): the other
	 * never runs, no bound.
	 */
	{ "higher-priority utilisation exactly 1", 2,
	  { TASK(8, 8, 0, 0, 0, 2), TASK(1, 100, 0, 0, 0, 1) },
	  { 8, 0 }, { true, false }, { 0, 1 }, HG_RTA_BY_PRIORITY },
	{ "higher-priority utilisation 1, jitter past the deadline", 2,
	  { TASK(8, 8, 0, 0, 0, 2), TASK(1, 100, 0, 150, 0, 1) },
	  { 8, 0 }, { true, false }, { 0, 1 }, HG_RTA_BY_PRIORITY },
	/* One task: its response is C, and C = T is schedulable. */
	{ "one task, C = T", 1, { TASK(8, 8, 0, 0, 0, 1) },
	  { 8 }, { true }, { 0 }, HG_RTA_BY_PRIORITY },
};

START_TEST(test_fp_cases)
{
	const struct fp_case *fc = &fp_cases[_i];
	struct hg_rta_task ts[MAXT] = { { 0 } };
	struct hg_rta_result r[MAXT];
	enum hg_rta_order order = (enum hg_rta_order)-1;
	size_t i;

	to_tasks(fc->task, fc->n, ts);
	ck_assert_msg(hg_rta_fp(ts, fc->n, r, &order) == 0, "%s", fc->what);
	for (i = 0; i < fc->n; i++) {
		uint64_t want = fc->response[i] ? fc->response[i] * MS : UINT64_MAX;

		ck_assert_int_eq(r[i].bound, fc->response[i] ? HG_RTA_EXACT : HG_RTA_UNBOUNDED);
		ck_assert_msg(r[i].response_ns == want,
			      "%s: task %zu: response %llu ns, want %llu ms", fc->what, i,
			      (unsigned long long)r[i].response_ns,
			      (unsigned long long)fc->response[i]);
		ck_assert_msg(r[i].schedulable == fc->sched[i], "%s: task %zu: schedulable %d",
			      fc->what, i, r[i].schedulable);
		/* the verdict is the response against the deadline */
		ck_assert_int_eq(r[i].schedulable, r[i].response_ns <= ts[i].d_ns);
		ck_assert_msg(r[i].rank == fc->rank[i], "%s: task %zu: rank %u, want %u",
			      fc->what, i, r[i].rank, fc->rank[i]);
		/* a few steps at these sizes (none when there is no bound) */
		ck_assert_uint_ge(r[i].iterations, !!fc->response[i]);
		ck_assert_uint_le(r[i].iterations, 20);
	}
	ck_assert_msg(order == fc->order, "%s: order %d, want %d", fc->what, order, fc->order);
	/* the order is optional */
	ck_assert_int_eq(hg_rta_fp(ts, fc->n, r, NULL), 0);
	ck_assert_uint_eq(r[fc->n - 1].response_ns, fc->response[fc->n - 1] ?
			  fc->response[fc->n - 1] * MS : UINT64_MAX);
}
END_TEST

/* The tasks' order in the array changes nothing but the order of the results. */
START_TEST(test_fp_permuted)
{
	const struct fp_case *fc = &fp_cases[_i];
	struct hg_rta_task ts[MAXT], rev[MAXT];
	struct hg_rta_result r[MAXT], rr[MAXT];
	size_t i, n = fc->n;

	to_tasks(fc->task, n, ts);
	for (i = 0; i < n; i++)
		rev[i] = ts[n - 1 - i];		/* ids go with their tasks */
	ck_assert_int_eq(hg_rta_fp(ts, n, r, NULL), 0);
	ck_assert_int_eq(hg_rta_fp(rev, n, rr, NULL), 0);
	for (i = 0; i < n; i++) {
		ck_assert_uint_eq(rr[n - 1 - i].response_ns, r[i].response_ns);
		ck_assert_uint_eq(rr[n - 1 - i].rank, r[i].rank);
		ck_assert_int_eq(rr[n - 1 - i].schedulable, r[i].schedulable);
	}
}
END_TEST

/* C or T of 0 anywhere: -EINVAL. */
START_TEST(test_fp_zero)
{
	static const struct {
		size_t n;
		struct ms_task task[3];
	} zero[] = {
		{ 1, { TASK(0, 8, 8, 0, 0, 1) } },
		{ 1, { TASK(3, 0, 8, 0, 0, 1) } },
		{ 1, { TASK(0, 0, 0, 0, 0, NONE) } },
		{ 3, { TASK(3, 8, 0, 0, 0, 3), TASK(0, 10, 0, 0, 0, 2), TASK(1, 20, 0, 0, 0, 1) } },
		{ 3, { TASK(3, 8, 0, 0, 0, 3), TASK(1, 10, 0, 0, 0, 2), TASK(1, 0, 20, 0, 0, 1) } },
	};
	struct hg_rta_task ts[3];
	struct hg_rta_result r[3];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(zero); i++) {
		to_tasks(zero[i].task, zero[i].n, ts);
		ck_assert_msg(hg_rta_fp(ts, zero[i].n, r, NULL) == -EINVAL, "case %zu", i);
	}
	/* no tasks: nothing to do, and no error */
	ck_assert_int_eq(hg_rta_fp(ts, 0, r, NULL), 0);
}
END_TEST

/* Values near the top of uint64_t: sums saturate, nothing wraps, it ends. */
START_TEST(test_fp_saturation)
{
	const uint64_t half = 1ULL << 62, big = 1ULL << 63;
	struct hg_rta_task ts[3] = {
		{ .id = 0, .c_ns = half, .t_ns = big, .d_ns = big, .prio = 3 },
		{ .id = 1, .c_ns = half, .t_ns = big, .d_ns = big, .j_ns = UINT64_MAX - 1,
		  .prio = 2 },
		{ .id = 2, .c_ns = UINT64_MAX, .t_ns = UINT64_MAX, .d_ns = UINT64_MAX, .prio = 1 },
	};
	struct hg_rta_result r[3];

	ck_assert_int_eq(hg_rta_fp(ts, 3, r, NULL), 0);
	/* 2^62 alone */
	ck_assert_uint_eq(r[0].response_ns, half);
	ck_assert(r[0].schedulable);
	/* R = 2^62 + 2^62 = 2^63 (one job of task 0), J + R saturates */
	ck_assert_uint_eq(r[1].response_ns, UINT64_MAX);
	ck_assert(!r[1].schedulable);
	/* C alone is UINT64_MAX: the sum saturates at the first step */
	ck_assert_uint_eq(r[2].response_ns, UINT64_MAX);
	ck_assert_uint_le(r[2].iterations, 3);
	ck_assert(hg_rta_utilisation(ts, 3) > 1.9);

	/*
	 * one task of C = T = D = UINT64_MAX: UINT64_MAX cannot be told from a
	 * saturated sum, so nothing is promised
	 */
	ck_assert_int_eq(hg_rta_fp(&ts[2], 1, r, NULL), 0);
	ck_assert_uint_eq(r[0].response_ns, UINT64_MAX);
	ck_assert(!r[0].schedulable);

	/* a period of 1 ns under a huge C: the ceilings are huge, the product saturates */
	ts[0] = (struct hg_rta_task){ .id = 0, .c_ns = 1, .t_ns = 1, .d_ns = 1, .prio = 2 };
	ts[1] = (struct hg_rta_task){ .id = 1, .c_ns = big, .t_ns = UINT64_MAX,
				      .d_ns = UINT64_MAX - 1, .prio = 1 };
	ck_assert_int_eq(hg_rta_fp(ts, 2, r, NULL), 0);
	ck_assert_uint_eq(r[0].response_ns, 1);
	ck_assert_uint_eq(r[1].response_ns, UINT64_MAX);
	ck_assert(!r[1].schedulable);
	ck_assert_uint_le(r[1].iterations, 3);
}
END_TEST

/*
 * A response whose sum overflowed (2^63 + 2^63 = 2^64) is saturated to
 * UINT64_MAX: that is not a response within a deadline of UINT64_MAX.
 */
START_TEST(test_fp_saturated_is_not_schedulable)
{
	const uint64_t big = 1ULL << 63;
	struct hg_rta_task ts[2] = {
		{ .id = 0, .c_ns = big, .t_ns = UINT64_MAX, .d_ns = UINT64_MAX, .prio = 2 },
		{ .id = 1, .c_ns = big, .t_ns = UINT64_MAX, .d_ns = UINT64_MAX, .prio = 1 },
	};
	struct hg_rta_result r[2];

	ck_assert_int_eq(hg_rta_fp(ts, 2, r, NULL), 0);
	ck_assert_uint_eq(r[0].response_ns, big);
	ck_assert(r[0].schedulable);
	/* the true response: 2^63 + ceil(2^63 / (2^64 - 1)) 2^63 = 2^64 > D */
	ck_assert_uint_eq(r[1].response_ns, UINT64_MAX);
	ck_assert_msg(!r[1].schedulable,
		      "a response that overflowed 64 bits is called schedulable");
}
END_TEST

/*
 * Sets that take more steps than the iteration's safety net: the verdict
 * must not be "schedulable" for a response the iteration never reached.
 */
static const struct {
	const char *what;
	struct hg_rta_task task[2];
} long_iterations[] = {
	/*
	 * A higher-priority task that takes the whole CPU (C = T = 1 ms): the
	 * other never runs. Its period is 3 hours: the iteration adds 1 ms a
	 * step and passes the deadline after 10.8 million steps.
	 */
	{ "a task taking the whole CPU above one of 3 h", {
		{ .id = 0, .c_ns = MS, .t_ns = MS, .d_ns = MS, .prio = 2 },
		{ .id = 1, .c_ns = MS, .t_ns = 10800000 * MS, .d_ns = 10800000 * MS, .prio = 1 },
	} },
	/*
	 * Utilisation below 1 (0.999999 + 0.0000005): the fixed point of
	 * R = 1e11 + ceil(R / 1e6) 999999 is R = 1e11 / (1 - 0.999999) =
	 * 1e17 ns, reached after about 12 million steps; D is 1e12 ns less.
	 */
	{ "a slow convergence past the deadline", {
		{ .id = 0, .c_ns = 999999, .t_ns = MS, .d_ns = MS, .prio = 2 },
		{ .id = 1, .c_ns = 100000000000ULL, .t_ns = 200000000000000000ULL,
		  .d_ns = 99999000000000000ULL, .prio = 1 },
	} },
};

START_TEST(test_fp_long_iterations)
{
	struct hg_rta_result r[2];

	ck_assert_int_eq(hg_rta_fp(long_iterations[_i].task, 2, r, NULL), 0);
	ck_assert(r[0].schedulable);
	ck_assert_msg(!r[1].schedulable, "%s: schedulable, response %llu ns after %u steps "
		      "(deadline %llu ns)", long_iterations[_i].what,
		      (unsigned long long)r[1].response_ns, r[1].iterations,
		      (unsigned long long)long_iterations[_i].task[1].d_ns);
	ck_assert_uint_gt(r[1].response_ns, long_iterations[_i].task[1].d_ns);
}
END_TEST

/*
 * Six tasks of 1 ms in 6 ms fill the CPU exactly, but their C / T summed in
 * doubles is just below 1 (a fuzzer found this one): the level is compared
 * exactly, over its hyperperiod of 6 ms. The sixth task's level uses the
 * whole CPU, with jitter and blocking: one job per hyperperiod, so its
 * first job's response is the worst: w = 1 ms + 2 us + 5 ceil((w + 1 us)
 * / 6 ms) 1 ms: 6.002 ms -> 11.002 ms -> 11.002 ms; J + w = 11.003 ms > 6.
 * The seventh asks for more than the whole CPU: no bound, at once.
 */
START_TEST(test_fp_full_cpu_in_doubles)
{
	struct hg_rta_task ts[7];
	struct hg_rta_result r[7];
	size_t i;

	for (i = 0; i < 7; i++)
		ts[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = MS, .t_ns = 6 * MS,
					      .d_ns = 6 * MS, .j_ns = 1000, .b_ns = 2000,
					      .prio = HG_RTA_NO_PRIO };
	ck_assert_int_eq(hg_rta_fp(ts, 7, r, NULL), 0);
	ck_assert_uint_eq(r[5].rank, 5);
	ck_assert_int_eq(r[5].bound, HG_RTA_EXACT);
	ck_assert_uint_eq(r[5].response_ns, 11003000);
	ck_assert(!r[5].schedulable);
	ck_assert_uint_le(r[5].iterations, 10);
	ck_assert_uint_eq(r[6].rank, 6);
	ck_assert(!r[6].schedulable);
	ck_assert_int_eq(r[6].bound, HG_RTA_UNBOUNDED);
	ck_assert_uint_eq(r[6].iterations, 0);
}
END_TEST

/*
 * D > T above the whole CPU (found by fuzzing: 609 tasks of 3.339 s every
 * 66 s, due after 33333332 s): no bound, said at once, not after walking
 * millions of jobs towards the deadline
 */
START_TEST(test_fp_overload_deadline_past_period)
{
	struct hg_rta_task ts[40];
	struct hg_rta_result r[40];
	size_t i;

	for (i = 0; i < 40; i++)
		ts[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = 3339 * MS,
					      .t_ns = 66000 * MS,
					      .d_ns = 33333332ULL * 1000 * MS,
					      .prio = HG_RTA_NO_PRIO };
	ck_assert_int_eq(hg_rta_fp(ts, 40, r, NULL), 0);
	for (i = 0; i < 40; i++) {
		/* 19 tasks fit (0.96 of the CPU); from the 20th on, no bound */
		if (r[i].rank < 19) {
			ck_assert(r[i].schedulable);
			ck_assert_uint_ne(r[i].response_ns, UINT64_MAX);
		} else {
			ck_assert(!r[i].schedulable);
			ck_assert_uint_eq(r[i].response_ns, UINT64_MAX);
			ck_assert_uint_eq(r[i].iterations, 0);
		}
	}
}
END_TEST

/*
 * D > T with a blocking time of three years (found by fuzzing a trace):
 * each task's busy period holds a billion jobs, each shorter than the one
 * before. The safety net is the set's, not each task's: ten such tasks do
 * not walk ten times as far, and no response is promised.
 */
START_TEST(test_fp_steps_shared_by_the_set)
{
	struct hg_rta_task ts[10];
	struct hg_rta_result r[10];
	uint64_t steps = 0;
	size_t i;

	for (i = 0; i < 10; i++)
		ts[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = MS,
					      .t_ns = 100 * MS, .d_ns = 200 * MS,
					      .b_ns = 100000000000ULL * MS,
					      .prio = HG_RTA_NO_PRIO };
	ck_assert_int_eq(hg_rta_fp(ts, 10, r, NULL), 0);
	for (i = 0; i < 10; i++) {
		ck_assert(!r[i].schedulable);
		ck_assert_uint_gt(r[i].response_ns, ts[i].d_ns);
		steps += r[i].iterations;
	}
	ck_assert_msg(steps <= 2000000, "the set took %llu steps",
		      (unsigned long long)steps);
}
END_TEST

/*
 * Eight tasks of 2 min every 599.99999995 s, due after 30 min (found by
 * the options fuzzer): from the fifth on the level asks for a hair more
 * than the whole CPU, within the rounding that counts as full, so each
 * job waits 50 ns longer than the one before and the walk towards the
 * deadline would take billions of jobs; the set's steps are bounded.
 */
START_TEST(test_fp_full_cpu_deadline_past_period)
{
	struct hg_rta_task ts[8];
	struct hg_rta_result r[8];
	uint64_t steps = 0;
	size_t i;

	for (i = 0; i < 8; i++)
		ts[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = 120000 * MS,
					      .t_ns = 599999999950ULL, .d_ns = 1800000 * MS,
					      .prio = HG_RTA_NO_PRIO };
	ck_assert_int_eq(hg_rta_fp(ts, 8, r, NULL), 0);
	for (i = 0; i < 8; i++) {
		if (r[i].rank < 4)
			ck_assert(r[i].schedulable);
		else
			ck_assert(!r[i].schedulable);
		steps += r[i].iterations;
	}
	ck_assert_msg(steps <= 2000000, "the set took %llu steps",
		      (unsigned long long)steps);
}
END_TEST

/* ----------------------------------------------------------- utilisation */

START_TEST(test_utilisation)
{
	static const struct {
		size_t n;
		struct ms_task task[4];
		double u;
	} cases[] = {
		{ 0, { TASK(1, 1, 0, 0, 0, NONE) }, 0.0 },
		{ 1, { TASK(8, 8, 0, 0, 0, NONE) }, 1.0 },
		/* 3/8 + 17/33 = 0.375 + 0.515151... */
		{ 2, { TASK(3, 8, 0, 0, 0, 50), TASK(17, 33, 0, 0, 0, 10) }, 0.375 + 17.0 / 33 },
		/* 40/80 + 10/40 + 5/20 */
		{ 3, { TASK(40, 80, 0, 0, 0, NONE), TASK(10, 40, 0, 0, 0, NONE),
		       TASK(5, 20, 0, 0, 0, NONE) }, 1.0 },
		/* D, J, B and priorities do not count */
		{ 2, { TASK(5, 8, 2, 30, 7, 1), TASK(5, 8, 0, 0, 0, 1) }, 1.25 },
	};
	struct hg_rta_task ts[4];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		double u;

		to_tasks(cases[i].task, cases[i].n, ts);
		u = hg_rta_utilisation(ts, cases[i].n);
		ck_assert_msg(u > cases[i].u - 1e-12 && u < cases[i].u + 1e-12,
			      "case %zu: %.15f, want %.15f", i, u, cases[i].u);
	}
}
END_TEST

/* --------------------------------------------------- EDF processor demand */

static const struct edf_case {
	const char *what;
	size_t n;
	struct ms_task task[MAXT];
	bool ok;
	uint64_t fail;		/* ms */
} edf_cases[] = {
	/* Implicit deadlines: U = 0.890 <= 1 is enough. */
	{ "the paper", 2, { TASK(3, 8, 0, 0, 0, 50), TASK(17, 33, 0, 0, 0, 10) }, true, 0 },
	/* Implicit deadlines, U = 1 exactly: dbf(80) = 40 + 20 + 20 = 80. */
	{ "utilisation 1", 3, { TASK(40, 80, 0, 0, 0, NONE), TASK(10, 40, 0, 0, 0, NONE),
				TASK(5, 20, 0, 0, 0, NONE) }, true, 0 },
	/* Buttazzo's set passes deadline-monotonic analysis: EDF, optimal, passes too. */
	{ "Buttazzo, D < T", 4, { TASK(1, 4, 3, 0, 0, 4), TASK(1, 5, 4, 0, 0, 3),
				  TASK(2, 6, 5, 0, 0, 2), TASK(1, 11, 10, 0, 0, 1) }, true, 0 },
	/*
	 * (1, 4, D 2), (2, 8, D 4), (3, 10, D 5), U = 0.8:
	 * dbf(2) = 1, dbf(4) = 1 + 2 = 3, dbf(5) = 1 + 2 + 3 = 6 > 5.
	 */
	{ "fails at the third deadline", 3,
	  { TASK(1, 4, 2, 0, 0, NONE), TASK(2, 8, 4, 0, 0, NONE), TASK(3, 10, 5, 0, 0, NONE) },
	  false, 5 },
	/*
	 * (2, 4, D 2), (3, 7, D 5), U = 0.93: dbf(2) = 2 <= 2, dbf(5) = 2 + 3 = 5
	 * <= 5 (equal is enough), dbf(6) = 2 * 2 + 3 = 7 > 6.
	 */
	{ "fails at t = 6 after two tight deadlines", 2,
	  { TASK(2, 4, 2, 0, 0, NONE), TASK(3, 7, 5, 0, 0, NONE) }, false, 6 },
	/* Two jobs due at 3 that need 4: dbf(3) = 4 > 3, U = 0.4. */
	{ "fails at the first deadline", 2,
	  { TASK(2, 10, 3, 0, 0, NONE), TASK(2, 10, 3, 0, 0, NONE) }, false, 3 },
	/* U = 1.25: fails with no t. */
	{ "utilisation above 1", 2, { TASK(5, 8, 0, 0, 0, NONE), TASK(5, 8, 0, 0, 0, NONE) },
	  false, 0 },
	/*
	 * Six coprime periods: a hyperperiod of 7436 s, past the 2^40 ns
	 * bound, walked up to it. U = 1/7 + 1/11 + ... + 1/23 = 0.466.
	 */
	{ "coprime periods past the bound", 6,
	  { TASK(1, 7, 0, 0, 0, NONE), TASK(1, 11, 0, 0, 0, NONE), TASK(1, 13, 0, 0, 0, NONE),
	    TASK(1, 17, 0, 0, 0, NONE), TASK(1, 19, 0, 0, 0, NONE), TASK(1, 23, 0, 0, 0, NONE) },
	  true, 0 },
	{ "no tasks", 0, { TASK(1, 1, 0, 0, 0, NONE) }, true, 0 },
	/*
	 * Release jitter (Spuri 1996): a job released J late has D - J left.
	 * The paper with J1 = 8, C1 = 19: task 1 due 25 after its release.
	 * dbf(8) = 3, dbf(16) = 6, dbf(24) = 9, dbf(25) = 9 + 19 = 28 > 25.
	 */
	{ "the paper, J1 = 8, C1 = 19", 2,
	  { TASK(3, 8, 0, 0, 0, 50), TASK(19, 33, 0, 8, 0, 10) }, false, 25 },
	/* The same with C1 = 12: dbf(25) = 9 + 12 = 21, dbf(32) = 12 + 12 = 24, ... */
	{ "the paper, J1 = 8, C1 = 12", 2,
	  { TASK(3, 8, 0, 0, 0, 50), TASK(12, 33, 0, 8, 0, 10) }, true, 0 },
	/* Jitter as long as the deadline: due before it may run. */
	{ "jitter equal to the deadline", 1, { TASK(1, 10, 5, 5, 0, NONE) }, false, 0 },
	/*
	 * Blocking (Baker 1991): at t, the longest B among the tasks due by t.
	 * (2, 5, B 2), (2, 10): dbf(5) = 2 + 2 = 4, dbf(10) = 4 + 2 + 2 = 8.
	 */
	{ "blocking that fits", 2,
	  { TASK(2, 5, 0, 0, 2, NONE), TASK(2, 10, 0, 0, 0, NONE) }, true, 0 },
	/* (2, 5, B 4), (2, 10): dbf(5) = 2 + 4 = 6 > 5. */
	{ "blocking that does not", 2,
	  { TASK(2, 5, 0, 0, 4, NONE), TASK(2, 10, 0, 0, 0, NONE) }, false, 5 },
	/*
	 * A long blocking of the task due last counts only from its deadline:
	 * (2, 5), (1, 20, B 10): dbf(5) = 2, dbf(10) = 4, dbf(15) = 6,
	 * dbf(20) = 8 + 1 + 10 = 19 <= 20; then the busy period, 10 + 2 ceil(L
	 * / 5) + ceil(L / 20): 13 -> 17 -> 19 -> 19, holds no other deadline.
	 */
	{ "blocking counted from the blocked task's deadline", 2,
	  { TASK(2, 5, 0, 0, 0, NONE), TASK(1, 20, 0, 0, 10, NONE) }, true, 0 },
};

START_TEST(test_edf_cases)
{
	const struct edf_case *ec = &edf_cases[_i];
	struct hg_rta_task ts[MAXT];
	uint64_t fail = 12345;
	bool ok;

	to_tasks(ec->task, ec->n, ts);
	ok = hg_rta_edf_demand(ts, ec->n, &fail) == HG_EDF_SCHEDULABLE;
	ck_assert_msg(ok == ec->ok, "%s: %d", ec->what, ok);
	ck_assert_msg(fail == ec->fail * MS, "%s: fails at %llu ns, want %llu ms", ec->what,
		      (unsigned long long)fail, (unsigned long long)ec->fail);
}
END_TEST

/* Huge periods and deadlines: no overflow, no long walk. */
START_TEST(test_edf_saturation)
{
	const uint64_t big = 1ULL << 63;
	struct hg_rta_task ts[2] = {
		{ .id = 0, .c_ns = 1ULL << 62, .t_ns = big, .d_ns = big },
		{ .id = 1, .c_ns = 1ULL << 62, .t_ns = big, .d_ns = big },
	};
	uint64_t fail = 1;

	/* dbf(2^63) = 2^63 */
	ck_assert_int_eq(hg_rta_edf_demand(ts, 2, &fail), HG_EDF_SCHEDULABLE);
	ck_assert_uint_eq(fail, 0);
	/* one more ns of demand at 2^63 */
	ts[1].c_ns++;
	ts[1].t_ns = UINT64_MAX;
	ck_assert_int_eq(hg_rta_edf_demand(ts, 2, &fail), HG_EDF_UNSCHEDULABLE);
	ck_assert_uint_eq(fail, big);
	/* deadlines at the top of the range */
	ts[0] = (struct hg_rta_task){ .id = 0, .c_ns = 1, .t_ns = UINT64_MAX, .d_ns = UINT64_MAX };
	ts[1] = (struct hg_rta_task){ .id = 1, .c_ns = 1, .t_ns = UINT64_MAX,
				      .d_ns = UINT64_MAX - 1 };
	ck_assert_int_eq(hg_rta_edf_demand(ts, 2, &fail), HG_EDF_SCHEDULABLE);
	ck_assert_uint_eq(fail, 0);
}
END_TEST

/*
 * A huge deadline beside a short period: implicit deadlines and U < 1, so
 * schedulable; the test must not walk every deadline of the short task up
 * to the huge one (2^62 ns / 8 ms = 5.8e11 of them).
 */
START_TEST(test_edf_huge_deadline)
{
	struct hg_rta_task ts[2] = {
		{ .id = 0, .c_ns = 3 * MS, .t_ns = 8 * MS, .d_ns = 8 * MS },
		{ .id = 1, .c_ns = MS, .t_ns = 1ULL << 62, .d_ns = 1ULL << 62 },
	};
	uint64_t fail = 1;

	ck_assert_int_eq(hg_rta_edf_demand(ts, 2, &fail), HG_EDF_SCHEDULABLE);
	ck_assert_uint_eq(fail, 0);
}
END_TEST

/*
 * Sets with too many deadlines to walk one by one: decided from the end of
 * the busy period back (QPA), or said to be undecided, never schedulable
 * by default.
 */
static const struct {
	const char *what;
	struct hg_rta_task task[3];
	size_t n;
	enum hg_edf_verdict verdict;
	uint64_t fail_ns;
} qpa_cases[] = {
	/*
	 * U = 0.5 + 0.5 = 1 with D2 1 us short of T2: at t = D2 = 19999999 us
	 * the first task has 19999999 jobs due (500 ns each, 9999999500 ns)
	 * and the second its 10 s: 19999999500 > 19999999000. Before D2 only
	 * the first task is due, at half the time: the first failure is D2.
	 * 20 million deadlines of the first task come before it.
	 */
	{ "U = 1, a deadline 1 us short of the period", {
		{ .id = 0, .c_ns = 500, .t_ns = 1000, .d_ns = 1000 },
		{ .id = 1, .c_ns = 10000000000ULL, .t_ns = 20000000000ULL,
		  .d_ns = 19999999000ULL } }, 2, HG_EDF_UNSCHEDULABLE, 19999999000ULL },
	/* the same with D2 = T2: implicit deadlines, U = 1: schedulable */
	{ "U = 1, implicit deadlines", {
		{ .id = 0, .c_ns = 500, .t_ns = 1000, .d_ns = 1000 },
		{ .id = 1, .c_ns = 10000000000ULL, .t_ns = 20000000000ULL,
		  .d_ns = 20000000000ULL } }, 2, HG_EDF_SCHEDULABLE, 0 },
	/*
	 * Three coprime periods near 1e10 ns (a hyperperiod past 2^64) and a
	 * utilisation of 1 + 3.3e-11, inside the rounding allowance: the busy
	 * period never ends, no bound is known: undecided, not schedulable.
	 */
	{ "U a hair above 1, a hyperperiod past 64 bits", {
		{ .id = 0, .c_ns = 3333333339ULL, .t_ns = 10000000019ULL, .d_ns = 10000000019ULL },
		{ .id = 1, .c_ns = 3333333344ULL, .t_ns = 10000000033ULL, .d_ns = 10000000033ULL },
		{ .id = 2, .c_ns = 3333333355ULL, .t_ns = 10000000061ULL, .d_ns = 10000000061ULL } },
	  3, HG_EDF_UNDECIDED, 0 },
	/*
	 * D > T: (1, 2, D 3) and (1, 4, D 6), U = 0.75: dbf(3) = 1,
	 * dbf(5) = 2, dbf(6) = 2 + 1 = 3, dbf(7) = 3 + 1 ... always below t.
	 */
	{ "deadlines past the periods", {
		{ .id = 0, .c_ns = 1, .t_ns = 2, .d_ns = 3 },
		{ .id = 1, .c_ns = 1, .t_ns = 4, .d_ns = 6 } }, 2, HG_EDF_SCHEDULABLE, 0 },
	/* D > T, U = 1: (1, 2, D 3), (2, 4, D 5): dbf(5) = 2 + 2 = 4, dbf(7) = 3 + 2 = 5 ... */
	{ "D > T at utilisation 1", {
		{ .id = 0, .c_ns = 1, .t_ns = 2, .d_ns = 3 },
		{ .id = 1, .c_ns = 2, .t_ns = 4, .d_ns = 5 } }, 2, HG_EDF_SCHEDULABLE, 0 },
};

START_TEST(test_edf_qpa)
{
	uint64_t fail = 12345;
	enum hg_edf_verdict v = hg_rta_edf_demand(qpa_cases[_i].task, qpa_cases[_i].n, &fail);

	ck_assert_msg(v == qpa_cases[_i].verdict, "%s: verdict %d, want %d", qpa_cases[_i].what,
		      v, qpa_cases[_i].verdict);
	ck_assert_msg(fail == qpa_cases[_i].fail_ns, "%s: fails at %llu ns", qpa_cases[_i].what,
		      (unsigned long long)fail);
}
END_TEST

/*
 * D > T (Lehoczky 1990): (26, 70) above (62, 100, D 120). The lower task's
 * busy period holds seven jobs; job q ends at w = (q + 1) 62 + ceil(w / 70) 26:
 *   q 0: 62 + 26 = 88, 62 + 52 = 114, stays: w 114, responds 114
 *   q 1: 124 + 52 = 176, 124 + 78 = 202, stays: responds 102
 *   q 2: 186 + 78 = 264, 186 + 104 = 290, 186 + 130 = 316, stays: responds 116
 *   q 3: 248 + 130 = 378, 248 + 156 = 404, stays: responds 104
 *   q 4: 310 + 156 = 466, 310 + 182 = 492, 310 + 208 = 518, stays: responds 118
 *   q 5: 372 + 208 = 580, 372 + 234 = 606, stays: responds 106
 *   q 6: 434 + 234 = 668, 434 + 260 = 694, stays: responds 94; 694 <= 700: the end
 * The response is 118 (the fifth job), not 114 (the first).
 */
START_TEST(test_fp_deadline_past_period)
{
	static const uint64_t d[] = { 120, 110 };
	struct hg_rta_task ts[2] = {
		{ .id = 0, .c_ns = 26 * MS, .t_ns = 70 * MS, .d_ns = 70 * MS, .prio = NONE },
		{ .id = 1, .c_ns = 62 * MS, .t_ns = 100 * MS, .d_ns = d[_i] * MS, .prio = NONE },
	};
	struct hg_rta_result r[2];

	ck_assert_int_eq(hg_rta_fp(ts, 2, r, NULL), 0);
	ck_assert_uint_eq(r[0].response_ns, 26 * MS);
	ck_assert_uint_eq(r[1].response_ns, 118 * MS);
	ck_assert_int_eq(r[1].schedulable, d[_i] >= 118);
	/* with J = 5 ms every job responds 5 ms later */
	ts[1].j_ns = 5 * MS;
	ck_assert_int_eq(hg_rta_fp(ts, 2, r, NULL), 0);
	ck_assert_uint_eq(r[1].response_ns, 123 * MS);
}
END_TEST

/*
 * D > T at a total utilisation of 1 or more: the busy period never ends;
 * (1, 2) above (2, 4, D 100) takes the whole CPU, each job waits one more
 * ms than the last (job q responds 4 + q): past D = 100 at job 97.
 */
START_TEST(test_fp_deadline_past_period_overload)
{
	struct hg_rta_task ts[2] = {
		{ .id = 0, .c_ns = 1 * MS, .t_ns = 2 * MS, .d_ns = 2 * MS, .prio = NONE },
		{ .id = 1, .c_ns = 2 * MS + 1, .t_ns = 4 * MS, .d_ns = 100 * MS, .prio = NONE },
	};
	struct hg_rta_result r[2];

	ck_assert_int_eq(hg_rta_fp(ts, 2, r, NULL), 0);
	ck_assert(!r[1].schedulable);
	ck_assert_uint_gt(r[1].response_ns, 100 * MS);
}
END_TEST

/*
 * 50,000 tasks of C = 1 us, T = 100 ms, no priority: rate-monotonic, ties
 * by thread number, so task k has k tasks above it, each one job within
 * any window below 100 ms: its response is (k + 1) us. Given in reverse,
 * the results follow their tasks.
 */
START_TEST(test_fp_many_tasks)
{
	const size_t n = 50000;
	struct hg_rta_task *ts = calloc(n, sizeof(*ts));
	struct hg_rta_result *r = calloc(n, sizeof(*r));
	enum hg_rta_order order;
	size_t k;

	ck_assert_ptr_nonnull(ts);
	ck_assert_ptr_nonnull(r);
	for (k = 0; k < n; k++)
		ts[k] = (struct hg_rta_task){ .id = (unsigned int)(n - 1 - k), .c_ns = 1000,
					      .t_ns = 100 * MS, .d_ns = 100 * MS, .prio = NONE };
	ck_assert_int_eq(hg_rta_fp(ts, n, r, &order), 0);
	ck_assert_int_eq(order, HG_RTA_RATE_MONOTONIC);
	/* asserted only on a mismatch: a passing ck_assert costs a write to Check's pipe */
	for (k = 0; k < n; k++) {
		size_t rank = n - 1 - k;

		if (r[k].rank != rank || r[k].response_ns != (rank + 1) * 1000 || !r[k].schedulable)
			ck_abort_msg("task %zu: rank %u response %llu ns schedulable %d, want rank "
				     "%zu, %zu ns", k, r[k].rank, (unsigned long long)r[k].response_ns,
				     r[k].schedulable, rank, (rank + 1) * 1000);
	}
	free(ts);
	free(r);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("rta");
	TCase *tc = tcase_create("fixed priority");

	tcase_set_timeout(tc, 60);	/* 50,000 tasks and long iterations */
	tcase_add_test(tc, test_order_names);
	tcase_add_loop_test(tc, test_fp_cases, 0, ARRAY_SIZE(fp_cases));
	tcase_add_loop_test(tc, test_fp_permuted, 0, ARRAY_SIZE(fp_cases));
	tcase_add_test(tc, test_fp_zero);
	tcase_add_test(tc, test_fp_saturation);
	tcase_add_test(tc, test_fp_saturated_is_not_schedulable);
	tcase_add_loop_test(tc, test_fp_long_iterations, 0, ARRAY_SIZE(long_iterations));
	tcase_add_test(tc, test_fp_full_cpu_in_doubles);
	tcase_add_test(tc, test_fp_overload_deadline_past_period);
	tcase_add_test(tc, test_fp_steps_shared_by_the_set);
	tcase_add_test(tc, test_fp_full_cpu_deadline_past_period);
	tcase_add_test(tc, test_utilisation);
	tcase_add_loop_test(tc, test_fp_deadline_past_period, 0, 2);
	tcase_add_test(tc, test_fp_deadline_past_period_overload);
	tcase_add_test(tc, test_fp_many_tasks);
	suite_add_tcase(s, tc);

	tc = tcase_create("edf");
	tcase_set_timeout(tc, 60);	/* long walks, slower under sanitizers */
	tcase_add_loop_test(tc, test_edf_cases, 0, ARRAY_SIZE(edf_cases));
	tcase_add_test(tc, test_edf_saturation);
	tcase_add_test(tc, test_edf_huge_deadline);
	tcase_add_loop_test(tc, test_edf_qpa, 0, ARRAY_SIZE(qpa_cases));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
