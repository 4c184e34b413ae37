// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_rta.c - postprocess/rta.c (response-time analysis, EDF processor
 * demand), postprocess/rtaprint.c (the text and JSON reports),
 * hourglass/taskset.c (task sets from a command line or a task file) and
 * the rta command
 *
 * Every expected response below is worked out by hand in a comment, from
 * the recurrence R = C + B + sum over higher-priority j of
 * ceil((R + J_j) / T_j) C_j, iterated from R = C + B; the response is J + R.
 * Times are in milliseconds unless said otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "../hourglass/commands.h"
#include "../hourglass/options.h"
#include "../hourglass/taskset.h"
#include "../postprocess/rta.h"
#include "../postprocess/rtaprint.h"

#define MS 1000000ULL
#define NONE HG_RTA_NO_PRIO
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define MAXT 8

extern const struct hg_command hg_cmd_rta;

/* A task in ms: C, T, D (0: T), J, B, priority. */
#define TASK(C, T, D, J, B, P) { .c = (C), .t = (T), .d = (D), .j = (J), .b = (B), .prio = (P) }

struct ms_task {
	uint64_t c, t, d, j, b;
	int32_t prio;
};

/* Tasks of @n given in ms as hg_rta_task, numbered 0 to n - 1. */
static void to_tasks(const struct ms_task *m, size_t n, struct hg_rta_task *ts)
{
	size_t i;

	for (i = 0; i < n; i++)
		ts[i] = (struct hg_rta_task){
			.id = (unsigned int)i, .c_ns = m[i].c * MS, .t_ns = m[i].t * MS,
			.d_ns = (m[i].d ? m[i].d : m[i].t) * MS, .j_ns = m[i].j * MS,
			.b_ns = m[i].b * MS, .prio = m[i].prio,
		};
}

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
	uint64_t response[MAXT];	/* ms */
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
	 * Utilisation above 1 where the higher-priority one is below 1: the
	 * iteration converges past the deadline. (5, 8), (5, 8), (1, 50).
	 * R0 = 5. R1: 5 -> 5 + 5 = 10 -> 5 + 10 = 15 -> 15 > 8.
	 * R2: higher-priority utilisation 10/8 >= 1, no fixed point: it stops
	 * at the first value past 50: 1 -> 1 + 1*10 = 11 -> 1 + 2*10 = 21
	 * -> 1 + 3*10 = 31 -> 1 + 4*10 = 41 -> 1 + ceil(41/8)*10 = 61.
	 */
	{ "utilisation above 1", 3,
	  { TASK(5, 8, 0, 0, 0, NONE), TASK(5, 8, 0, 0, 0, NONE), TASK(1, 50, 0, 0, 0, NONE) },
	  { 5, 15, 61 }, { true, false, false }, { 0, 1, 2 }, HG_RTA_RATE_MONOTONIC },
	/*
	 * A higher-priority task that takes the whole CPU (8 of 8): no fixed
	 * point for the other. 1 -> 9 -> 17 -> ... -> 97 -> 105 > 100.
	 */
	{ "higher-priority utilisation exactly 1", 2,
	  { TASK(8, 8, 0, 0, 0, 2), TASK(1, 100, 0, 0, 0, 1) },
	  { 8, 105 }, { true, false }, { 0, 1 }, HG_RTA_BY_PRIORITY },
	/* Jitter past the deadline stops the iteration at once: J + R > D. */
	{ "higher-priority utilisation 1, jitter past the deadline", 2,
	  { TASK(8, 8, 0, 0, 0, 2), TASK(1, 100, 0, 150, 0, 1) },
	  { 8, 159 }, { true, false }, { 0, 1 }, HG_RTA_BY_PRIORITY },
	/* One task: its response is C, and C = T is schedulable. */
	{ "one task, C = T", 1, { TASK(8, 8, 0, 0, 0, 1) },
	  { 8 }, { true }, { 0 }, HG_RTA_BY_PRIORITY },
};

START_TEST(test_fp_cases)
{
	const struct fp_case *fc = &fp_cases[_i];
	struct hg_rta_task ts[MAXT];
	struct hg_rta_result r[MAXT];
	enum hg_rta_order order = (enum hg_rta_order)-1;
	size_t i;

	to_tasks(fc->task, fc->n, ts);
	ck_assert_msg(hg_rta_fp(ts, fc->n, r, &order) == 0, "%s", fc->what);
	for (i = 0; i < fc->n; i++) {
		ck_assert_msg(r[i].response_ns == fc->response[i] * MS,
			      "%s: task %zu: response %llu ns, want %llu ms", fc->what, i,
			      (unsigned long long)r[i].response_ns,
			      (unsigned long long)fc->response[i]);
		ck_assert_msg(r[i].schedulable == fc->sched[i], "%s: task %zu: schedulable %d",
			      fc->what, i, r[i].schedulable);
		/* the verdict is the response against the deadline */
		ck_assert_int_eq(r[i].schedulable, r[i].response_ns <= ts[i].d_ns);
		ck_assert_msg(r[i].rank == fc->rank[i], "%s: task %zu: rank %u, want %u",
			      fc->what, i, r[i].rank, fc->rank[i]);
		/* a few steps at these sizes */
		ck_assert_uint_ge(r[i].iterations, 1);
		ck_assert_uint_le(r[i].iterations, 20);
	}
	ck_assert_msg(order == fc->order, "%s: order %d, want %d", fc->what, order, fc->order);
	/* the order is optional */
	ck_assert_int_eq(hg_rta_fp(ts, fc->n, r, NULL), 0);
	ck_assert_uint_eq(r[fc->n - 1].response_ns, fc->response[fc->n - 1] * MS);
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
	for (k = 0; k < n; k++) {
		size_t rank = n - 1 - k;

		ck_assert_uint_eq(r[k].rank, rank);
		ck_assert_uint_eq(r[k].response_ns, (rank + 1) * 1000);
		ck_assert(r[k].schedulable);
	}
	free(ts);
	free(r);
}
END_TEST

/* ---------------------------------------------------------- JSON checker */

/*
 * A small JSON reader: enough to check that a report is valid JSON
 * (RFC 8259: strings escaped, no trailing commas, one value) and to look
 * its values up.
 */
enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jv {
	enum jtype type;
	bool b;
	double num;
	char raw[32];		/* a number as written */
	char *str;		/* J_STR, unescaped (\u00XX only) */
	size_t n;		/* J_ARR, J_OBJ */
	char **keys;		/* J_OBJ */
	struct jv *kids;
};

struct jp {
	const char *s;
	size_t pos;
	int depth;
};

static void jfree(struct jv *v)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		jfree(&v->kids[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->kids);
	free(v->keys);
	free(v->str);
	memset(v, 0, sizeof(*v));
}

static void jws(struct jp *p)
{
	while (strchr(" \t\r\n", p->s[p->pos]) && p->s[p->pos])
		p->pos++;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int jstring(struct jp *p, char **out)
{
	size_t cap = strlen(p->s + p->pos) + 1, n = 0;
	char *s = malloc(cap);

	if (!s || p->s[p->pos] != '"')
		goto bad;
	p->pos++;
	for (;;) {
		unsigned char c = (unsigned char)p->s[p->pos++];

		if (c == '"')
			break;
		if (c < 0x20)		/* the end of the text, or a raw control */
			goto bad;
		if (c == '\\') {
			char e = p->s[p->pos++];
			const char *esc = strchr("\"\\/bfnrt", e);
			int k, v = 0;

			if (e && esc) {
				s[n++] = "\"\\/\b\f\n\r\t"[esc - "\"\\/bfnrt"];
				continue;
			}
			if (e != 'u')
				goto bad;
			for (k = 0; k < 4; k++) {
				int h = hexval(p->s[p->pos++]);

				if (h < 0)
					goto bad;
				v = v * 16 + h;
			}
			s[n++] = v < 0x80 && v ? (char)v : '?';
			continue;
		}
		s[n++] = (char)c;
	}
	s[n] = '\0';
	*out = s;
	return 0;
bad:
	free(s);
	return -1;
}

static int jnumber(struct jp *p, struct jv *v)
{
	size_t start = p->pos;
	const char *s = p->s;

	if (s[p->pos] == '-')
		p->pos++;
	if (s[p->pos] == '0')
		p->pos++;
	else if (s[p->pos] >= '1' && s[p->pos] <= '9')
		while (s[p->pos] >= '0' && s[p->pos] <= '9')
			p->pos++;
	else
		return -1;
	if (s[p->pos] == '.') {
		p->pos++;
		if (!(s[p->pos] >= '0' && s[p->pos] <= '9'))
			return -1;
		while (s[p->pos] >= '0' && s[p->pos] <= '9')
			p->pos++;
	}
	if (s[p->pos] == 'e' || s[p->pos] == 'E') {
		p->pos++;
		if (s[p->pos] == '+' || s[p->pos] == '-')
			p->pos++;
		if (!(s[p->pos] >= '0' && s[p->pos] <= '9'))
			return -1;
		while (s[p->pos] >= '0' && s[p->pos] <= '9')
			p->pos++;
	}
	if (p->pos - start >= sizeof(v->raw))
		return -1;
	memcpy(v->raw, s + start, p->pos - start);
	v->raw[p->pos - start] = '\0';
	v->num = strtod(v->raw, NULL);
	v->type = J_NUM;
	return 0;
}

static int jvalue(struct jp *p, struct jv *v);

/* The members of an object or the elements of an array, up to @close. */
static int jlist(struct jp *p, struct jv *v, char close)
{
	p->pos++;
	jws(p);
	if (p->s[p->pos] == close) {
		p->pos++;
		return 0;
	}
	for (;;) {
		struct jv *kids = realloc(v->kids, (v->n + 1) * sizeof(*kids));
		char *key = NULL;

		if (!kids)
			return -1;
		v->kids = kids;
		memset(&v->kids[v->n], 0, sizeof(*kids));
		if (v->type == J_OBJ) {
			char **keys = realloc(v->keys, (v->n + 1) * sizeof(*keys));

			if (!keys)
				return -1;
			v->keys = keys;
			v->keys[v->n] = NULL;
			jws(p);
			if (jstring(p, &key))
				return -1;
			v->keys[v->n] = key;
			jws(p);
			if (p->s[p->pos++] != ':') {
				v->n++;
				return -1;
			}
		}
		v->n++;
		if (jvalue(p, &v->kids[v->n - 1]))
			return -1;
		jws(p);
		if (p->s[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->s[p->pos] == close) {
			p->pos++;
			return 0;
		}
		return -1;
	}
}

static int jvalue(struct jp *p, struct jv *v)
{
	const char *s;
	int ret;

	jws(p);
	s = p->s + p->pos;
	if (++p->depth > 32)
		return -1;
	switch (*s) {
	case '{':
		v->type = J_OBJ;
		ret = jlist(p, v, '}');
		break;
	case '[':
		v->type = J_ARR;
		ret = jlist(p, v, ']');
		break;
	case '"':
		v->type = J_STR;
		ret = jstring(p, &v->str);
		break;
	case 't':
	case 'f':
	case 'n':
		ret = -1;
		if (!strncmp(s, "true", 4) || !strncmp(s, "null", 4)) {
			v->type = *s == 't' ? J_BOOL : J_NULL;
			v->b = *s == 't';
			p->pos += 4;
			ret = 0;
		} else if (!strncmp(s, "false", 5)) {
			v->type = J_BOOL;
			p->pos += 5;
			ret = 0;
		}
		break;
	default:
		ret = jnumber(p, v);
		break;
	}
	p->depth--;
	return ret;
}

/* Parse all of @text as one JSON value into @v; returns 0, or -1 (and @v empty). */
static int jparse(const char *text, struct jv *v)
{
	struct jp p = { .s = text };

	memset(v, 0, sizeof(*v));
	if (jvalue(&p, v))
		goto bad;
	jws(&p);
	if (p.s[p.pos])
		goto bad;
	return 0;
bad:
	jfree(v);
	return -1;
}

/* Member @key of object @o, of type @type; the test fails without it. */
static const struct jv *jget(const struct jv *o, const char *key, enum jtype type)
{
	size_t i;

	ck_assert_int_eq(o->type, J_OBJ);
	for (i = 0; i < o->n; i++)
		if (!strcmp(o->keys[i], key)) {
			ck_assert_msg(o->kids[i].type == type, "'%s': type %d, want %d", key,
				      o->kids[i].type, type);
			return &o->kids[i];
		}
	ck_abort_msg("no member '%s'", key);
	return NULL;
}

static uint64_t jget_u64(const struct jv *o, const char *key)
{
	const struct jv *v = jget(o, key, J_NUM);
	char *end;
	unsigned long long x;

	errno = 0;
	x = strtoull(v->raw, &end, 10);
	ck_assert_msg(!*end && !errno && v->raw[0] != '-', "'%s': %s is not a u64", key, v->raw);
	return x;
}

/* The checker itself: what it must take and what it must refuse. */
START_TEST(test_json_checker)
{
	static const struct {
		const char *text;
		bool ok;
	} cases[] = {
		{ "{}", true },
		{ " [1, -2.5e3, 0, \"a\\\"b\\\\c\\u0041\", true, false, null, {\"k\": []}] ",
		  true },
		{ "18446744073709551615", true },
		{ "", false },
		{ "{", false },
		{ "{\"a\": 1,}", false },
		{ "[1, 2,]", false },
		{ "{\"a\" 1}", false },
		{ "{a: 1}", false },
		{ "\"a\"b\"", false },
		{ "\"tab\there\"", false },
		{ "\"bad \\x escape\"", false },
		{ "01", false },
		{ "1.", false },
		{ "-", false },
		{ "tru", false },
		{ "{} {}", false },
		{ "[1] x", false },
	};
	struct jv v;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		int ret = jparse(cases[i].text, &v);

		ck_assert_msg((ret == 0) == cases[i].ok, "'%s': %d", cases[i].text, ret);
		jfree(&v);
	}
	ck_assert_int_eq(jparse("{\"s\": \"a\\\"b\", \"n\": 18446744073709551615}", &v), 0);
	ck_assert_str_eq(jget(&v, "s", J_STR)->str, "a\"b");
	ck_assert_uint_eq(jget_u64(&v, "n"), UINT64_MAX);
	jfree(&v);
}
END_TEST

/* ---------------------------------------------------------------- reports */

/* A task set for the report, of the tasks @m (ms), labelled. */
static void make_set(struct hg_taskset *s, const struct ms_task *m, size_t n,
		     const char *const *labels, const char *const *prios)
{
	size_t i;

	ck_assert_int_eq(hg_taskset_alloc(s, n), 0);
	ck_assert_uint_eq(s->n, n);
	to_tasks(m, n, s->task);
	for (i = 0; i < n; i++) {
		snprintf(s->label[i], sizeof(s->label[i]), "%s", labels[i]);
		snprintf(s->prio[i], sizeof(s->prio[i]), "%s", prios[i]);
		ck_assert_uint_eq(s->resv_budget_ns[i], 0);
		ck_assert_uint_eq(s->resv_period_ns[i], 0);
	}
	s->cpus = 2;
	s->rt_runtime_us = 950000;
	s->rt_period_us = 1000000;
}

/* The report of @s in new memory, and hg_rta_report()'s return in @ret. */
static char *report(const struct hg_taskset *s, bool json, int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	*ret = hg_rta_report(f, s, json, NULL);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_ptr_nonnull(buf);
	return buf;
}

/* Line @k (from 0) of @text, in @line; whether there is one. */
static bool line_of(const char *text, unsigned int k, char *line, size_t len)
{
	const char *p = text, *nl;

	while (k--) {
		p = strchr(p, '\n');
		if (!p)
			return false;
		p++;
	}
	if (!*p)
		return false;
	nl = strchr(p, '\n');
	ck_assert_ptr_nonnull(nl);	/* every line ends */
	snprintf(line, len, "%.*s", (int)(nl - p), p);
	return true;
}

/* The line of @text that starts with @prefix, or the test fails. */
static void line_starting(const char *text, const char *prefix, char *line, size_t len)
{
	unsigned int k;

	for (k = 0; line_of(text, k, line, len); k++)
		if (!strncmp(line, prefix, strlen(prefix)))
			return;
	ck_abort_msg("no line '%s...' in:\n%s", prefix, text);
}

/* The last @n words of @line, last one first. */
static void last_words(const char *line, char (*w)[40], unsigned int n)
{
	const char *end = line + strlen(line), *p;
	unsigned int k;

	for (k = 0; k < n; k++) {
		while (end > line && end[-1] == ' ')
			end--;
		p = end;
		while (p > line && p[-1] != ' ')
			p--;
		ck_assert_msg(p < end, "fewer than %u words in '%s'", n, line);
		snprintf(w[k], sizeof(w[k]), "%.*s", (int)(end - p), p);
		end = p;
	}
}

static const struct ms_task paper[] = {
	TASK(3, 8, 0, 0, 0, 50), TASK(17, 33, 0, 0, 0, 10),
};
static const char *const paper_labels[] = { "PERIODIC 3ms 8ms", "PERIODIC 17ms 33ms" };
static const char *const paper_prios[] = { "RTMED (SCHED_FIFO 50)", "RTLOW (SCHED_FIFO 10)" };

/*
 * rta --strict: the count of unschedulable tasks. The paper's set is
 * schedulable (3 ms and 29 ms); with J = 8 ms and C = 19 ms for the second
 * task, R = 19 + 3 ceil(R / 8) converges at 31 (19 + 4 x 3), and J + R =
 * 39 ms > 33 ms: one task.
 */
START_TEST(test_report_counts_unschedulable)
{
	static const struct ms_task late[] = {
		TASK(3, 8, 0, 0, 0, 50), TASK(19, 33, 0, 8, 0, 10),
	};
	struct hg_taskset s;
	size_t n = 99;
	FILE *f = fopen("/dev/null", "w");

	ck_assert_ptr_nonnull(f);
	make_set(&s, paper, 2, paper_labels, paper_prios);
	ck_assert_int_eq(hg_rta_report(f, &s, false, &n), 0);
	ck_assert_uint_eq(n, 0);
	hg_taskset_free(&s);
	make_set(&s, late, 2, paper_labels, paper_prios);
	n = 99;
	ck_assert_int_eq(hg_rta_report(f, &s, true, &n), 0);
	ck_assert_uint_eq(n, 1);
	hg_taskset_free(&s);
	fclose(f);
}
END_TEST

START_TEST(test_report_text)
{
	struct hg_taskset s;
	char line[512], w[4][40], *out;
	int ret;

	make_set(&s, paper, 2, paper_labels, paper_prios);
	s.task[0].id = 0;
	s.task[1].id = 1;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert(line_of(out, 0, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 0 response 3.000 deadline 8.000 schedulable");
	ck_assert(line_of(out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response 29.000 deadline 33.000 schedulable");
	ck_assert(line_of(out, 2, line, sizeof(line)));
	ck_assert_str_eq(line, "# rta: fixed-priority preemptive response-time analysis, "
			 "order: priority");
	/* every other line is a comment */
	{
		unsigned int k, tagged = 0;

		for (k = 0; line_of(out, k, line, sizeof(line)); k++) {
			ck_assert_msg(line[0] == '#' || !strncmp(line, "rta: thread ", 12),
				      "line %u: '%s'", k, line);
			tagged += line[0] != '#';
		}
		ck_assert_uint_eq(tagged, 2);
	}
	/* the table: R, slack, verdict at the end of each row */
	line_starting(out, "# 1 ", line, sizeof(line));
	ck_assert_ptr_nonnull(strstr(line, "PERIODIC 17ms 33ms"));
	ck_assert_ptr_nonnull(strstr(line, "RTLOW (SCHED_FIFO 10)"));
	last_words(line, w, 4);
	ck_assert_str_eq(w[0], "schedulable");
	ck_assert_str_eq(w[1], "4.000");
	ck_assert_str_eq(w[2], "29.000");
	ck_assert_str_eq(w[3], "0.515");
	line_starting(out, "# rta: total", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: total utilisation 0.890 on one CPU");
	line_starting(out, "# edf: processor demand", line, sizeof(line));
	ck_assert_str_eq(line, "# edf: processor demand on one CPU: schedulable under EDF "
			 "(SCHED_DEADLINE)");
	/* no reservation, no admission line */
	ck_assert_ptr_null(strstr(out, "reservations take"));
	free(out);

	/* the paper with 8 ms of jitter and C = 19 on the 33 ms task */
	s.task[1].j_ns = 8 * MS;
	s.task[1].c_ns = 19 * MS;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert(line_of(out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response 39.000 deadline 33.000 unschedulable");
	line_starting(out, "# 1 ", line, sizeof(line));
	last_words(line, w, 3);
	ck_assert_str_eq(w[0], "UNSCHEDULABLE");
	ck_assert_str_eq(w[1], "-6.000");
	ck_assert_str_eq(w[2], "39.000");
	free(out);

	/* thread numbers are the tasks' ids, not their places */
	s.task[0].id = 4;
	s.task[1].id = 7;
	s.task[1].c_ns = 12 * MS;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert(line_of(out, 0, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 4 response 3.000 deadline 8.000 schedulable");
	ck_assert(line_of(out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 7 response 29.000 deadline 33.000 schedulable");
	free(out);
	hg_taskset_free(&s);
}
END_TEST

/* Times rounded to the microsecond, the order names, EDF's verdicts. */
START_TEST(test_report_text_lines)
{
	static const struct ms_task fails[] = {
		TASK(1, 4, 2, 0, 0, NONE), TASK(2, 8, 4, 0, 0, NONE), TASK(3, 10, 5, 0, 0, NONE),
	};
	static const struct ms_task over[] = {
		TASK(5, 8, 0, 0, 0, 50), TASK(5, 8, 0, 0, 0, 50),
	};
	static const char *const labels[] = { "a", "b", "c" }, *const prios[] = { "-", "-", "-" };
	struct hg_taskset s;
	char line[512], *out;
	int ret;

	make_set(&s, fails, 3, labels, prios);
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert(line_of(out, 2, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 2 response 7.000 deadline 5.000 unschedulable");
	line_starting(out, "# rta: fixed", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: fixed-priority preemptive response-time analysis, "
			 "order: rate-monotonic");
	line_starting(out, "# edf: processor", line, sizeof(line));
	ck_assert_str_eq(line, "# edf: processor demand on one CPU: unschedulable under EDF, "
			 "the demand exceeds the time at t = 5.000 ms");
	free(out);
	hg_taskset_free(&s);

	make_set(&s, over, 2, labels, prios);
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	/* 5 -> 5 + ceil(5/8) 5 = 10 -> 5 + ceil(10/8) 5 = 15 -> 15 */
	ck_assert(line_of(out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response 15.000 deadline 8.000 unschedulable");
	line_starting(out, "# rta: fixed", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: fixed-priority preemptive response-time analysis, order: "
			 "priority, then rate-monotonic among equal or missing priorities");
	line_starting(out, "# rta: total", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: total utilisation 1.250 on one CPU");
	line_starting(out, "# edf: processor", line, sizeof(line));
	ck_assert_str_eq(line, "# edf: processor demand on one CPU: unschedulable under EDF, "
			 "utilisation above 1");
	free(out);

	/* microseconds: 1.2345 ms rounds to 1.235, 999.9995 us to 1.000 ms */
	s.task[0] = (struct hg_rta_task){ .id = 0, .c_ns = 1234500, .t_ns = 10 * MS,
					  .d_ns = 9999500, .prio = 2 };
	s.task[1] = (struct hg_rta_task){ .id = 1, .c_ns = 999999, .t_ns = 20 * MS,
					  .d_ns = 20 * MS, .prio = 1 };
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert(line_of(out, 0, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 0 response 1.235 deadline 10.000 schedulable");
	/* 0.999999 + 1.2345 = 2.234499 ms */
	ck_assert(line_of(out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response 2.234 deadline 20.000 schedulable");
	free(out);
	hg_taskset_free(&s);
}
END_TEST

/* Reservations against the admission limit: admitted, and refused. */
START_TEST(test_report_reservations)
{
	struct hg_taskset s;
	char line[512], *out;
	int ret;

	make_set(&s, paper, 2, paper_labels, paper_prios);
	s.resv_budget_ns[0] = 3 * MS;
	s.resv_period_ns[0] = 8 * MS;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	line_starting(out, "# edf: reservations", line, sizeof(line));
	ck_assert_str_eq(line, "# edf: reservations take 0.375 CPUs of the admission limit 1.900 "
			 "(2 CPUs x 950000/1000000 us): admitted");
	free(out);

	/* one CPU at 95 %: 0.375 + 0.6 = 0.975 is refused */
	s.cpus = 1;
	s.resv_budget_ns[1] = 6 * MS;
	s.resv_period_ns[1] = 10 * MS;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	line_starting(out, "# edf: reservations", line, sizeof(line));
	ck_assert_str_eq(line, "# edf: reservations take 0.975 CPUs of the admission limit 0.950 "
			 "(1 CPUs x 950000/1000000 us): refused");
	free(out);

	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	{
		struct jv v;
		const struct jv *edf;

		ck_assert_msg(jparse(out, &v) == 0, "not JSON:\n%s", out);
		edf = jget(&v, "edf", J_OBJ);
		ck_assert(jget(edf, "reservation_bandwidth", J_NUM)->num > 0.974999);
		ck_assert(jget(edf, "reservation_bandwidth", J_NUM)->num < 0.975001);
		ck_assert(jget(edf, "admission_limit", J_NUM)->num > 0.949999);
		ck_assert(jget(edf, "admission_limit", J_NUM)->num < 0.950001);
		ck_assert(!jget(edf, "admitted", J_BOOL)->b);
		jfree(&v);
	}
	free(out);
	hg_taskset_free(&s);
}
END_TEST

/* C or T of 0: -EINVAL and nothing printed. */
START_TEST(test_report_zero)
{
	struct hg_taskset s;
	char *out;
	int ret, json;

	for (json = 0; json < 2; json++) {
		make_set(&s, paper, 2, paper_labels, paper_prios);
		s.task[json].c_ns = 0;
		out = report(&s, json, &ret);
		ck_assert_int_eq(ret, -EINVAL);
		ck_assert_str_eq(out, "");
		free(out);
		s.task[json].c_ns = MS;
		s.task[1 - json].t_ns = 0;
		out = report(&s, json, &ret);
		ck_assert_int_eq(ret, -EINVAL);
		ck_assert_str_eq(out, "");
		free(out);
		hg_taskset_free(&s);
	}
}
END_TEST

/* The rta command says so: undecided in the text, and false in the JSON. */
START_TEST(test_report_undecided)
{
	struct hg_taskset s;
	char *text;
	int ret;

	ck_assert_int_eq(hg_taskset_alloc(&s, 3), 0);
	memcpy(s.task, qpa_cases[2].task, sizeof(qpa_cases[2].task));
	text = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert_ptr_nonnull(strstr(text, "# edf: processor demand on one CPU: undecided, too many "
				     "deadlines to check (nothing is promised)\n"));
	ck_assert_ptr_null(strstr(text, "schedulable under EDF"));
	free(text);
	text = report(&s, true, &ret);
	ck_assert_ptr_nonnull(strstr(text, "\"demand_schedulable\": false"));
	ck_assert_ptr_nonnull(strstr(text, "\"demand_verdict\": \"undecided\""));
	free(text);
	hg_taskset_free(&s);
}
END_TEST

/* The JSON report of the paper's set, value by value. */
static void check_paper_json(const char *text, uint64_t c1, uint64_t j1, uint64_t r1, bool s1)
{
	const struct jv *tasks, *t, *edf;
	struct jv v;
	size_t i;

	ck_assert_msg(jparse(text, &v) == 0, "not JSON:\n%s", text);
	ck_assert_uint_eq(jget_u64(&v, "schema"), 1);
	ck_assert_str_eq(jget(&v, "order", J_STR)->str, "priority");
	ck_assert(jget(&v, "utilisation", J_NUM)->num > 0.375 + (double)c1 / 33 - 1e-6);
	ck_assert(jget(&v, "utilisation", J_NUM)->num < 0.375 + (double)c1 / 33 + 1e-6);
	tasks = jget(&v, "tasks", J_ARR);
	ck_assert_uint_eq(tasks->n, 2);
	for (i = 0; i < 2; i++) {
		t = &tasks->kids[i];
		ck_assert_uint_eq(jget_u64(t, "thread"), i);
		ck_assert_uint_eq(jget_u64(t, "rank"), i);
		ck_assert_str_eq(jget(t, "workload", J_STR)->str, paper_labels[i]);
		ck_assert_uint_eq(jget_u64(t, "t_ns"), i ? 33 * MS : 8 * MS);
		ck_assert_uint_eq(jget_u64(t, "d_ns"), i ? 33 * MS : 8 * MS);
		ck_assert_uint_eq(jget_u64(t, "b_ns"), 0);
	}
	t = &tasks->kids[0];
	ck_assert_uint_eq(jget_u64(t, "c_ns"), 3 * MS);
	ck_assert_uint_eq(jget_u64(t, "j_ns"), 0);
	ck_assert_uint_eq(jget_u64(t, "response_ns"), 3 * MS);
	ck_assert(jget(t, "schedulable", J_BOOL)->b);
	t = &tasks->kids[1];
	ck_assert_uint_eq(jget_u64(t, "c_ns"), c1 * MS);
	ck_assert_uint_eq(jget_u64(t, "j_ns"), j1 * MS);
	ck_assert_uint_eq(jget_u64(t, "response_ns"), r1 * MS);
	ck_assert_int_eq(jget(t, "schedulable", J_BOOL)->b, s1);
	edf = jget(&v, "edf", J_OBJ);
	ck_assert(jget(edf, "admitted", J_BOOL)->b);	/* no reservation */
	ck_assert(jget(edf, "reservation_bandwidth", J_NUM)->num == 0);
	ck_assert(jget(edf, "demand_schedulable", J_BOOL)->b);
	ck_assert_uint_eq(jget_u64(edf, "demand_fails_at_ns"), 0);
	jfree(&v);
}

START_TEST(test_report_json)
{
	static const struct ms_task fails[] = {
		TASK(1, 4, 2, 0, 0, NONE), TASK(2, 8, 4, 0, 0, NONE), TASK(3, 10, 5, 0, 0, NONE),
	};
	static const char *const labels[] = { "a", "b", "c" }, *const prios[] = { "-", "-", "-" };
	const struct jv *edf;
	struct hg_taskset s;
	struct jv v;
	char *out;
	int ret;

	make_set(&s, paper, 2, paper_labels, paper_prios);
	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	check_paper_json(out, 17, 0, 29, true);
	ck_assert_ptr_null(strstr(out, "rta: thread"));
	free(out);
	s.task[1].c_ns = 19 * MS;
	s.task[1].j_ns = 8 * MS;
	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	check_paper_json(out, 19, 8, 39, false);
	free(out);
	hg_taskset_free(&s);

	make_set(&s, fails, 3, labels, prios);
	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert_msg(jparse(out, &v) == 0, "not JSON:\n%s", out);
	ck_assert_str_eq(jget(&v, "order", J_STR)->str, "rate-monotonic");
	edf = jget(&v, "edf", J_OBJ);
	ck_assert(!jget(edf, "demand_schedulable", J_BOOL)->b);
	ck_assert_uint_eq(jget_u64(edf, "demand_fails_at_ns"), 5 * MS);
	ck_assert_uint_eq(jget_u64(&jget(&v, "tasks", J_ARR)->kids[2], "response_ns"), 7 * MS);
	jfree(&v);
	free(out);

	/* saturated values are whole numbers too */
	s.task[2].j_ns = UINT64_MAX;
	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert_msg(jparse(out, &v) == 0, "not JSON:\n%s", out);
	ck_assert_uint_eq(jget_u64(&jget(&v, "tasks", J_ARR)->kids[2], "response_ns"),
			  UINT64_MAX);
	jfree(&v);
	free(out);
	hg_taskset_free(&s);
}
END_TEST

/* Labels are strings of JSON whatever they hold: a table file's name may have a quote. */
START_TEST(test_report_json_escapes)
{
	static const char *const labels[] = {
		"PERIODIC_TABLE a\"b.txt 8ms", "PERIODIC_TABLE c\\d\te.txt 33ms",
	};
	struct hg_taskset s;
	struct jv v;
	char *out;
	int ret;

	make_set(&s, paper, 2, labels, paper_prios);
	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert_msg(jparse(out, &v) == 0, "not JSON:\n%s", out);
	ck_assert_str_eq(jget(&jget(&v, "tasks", J_ARR)->kids[0], "workload", J_STR)->str,
			 labels[0]);
	ck_assert_str_eq(jget(&jget(&v, "tasks", J_ARR)->kids[1], "workload", J_STR)->str,
			 labels[1]);
	jfree(&v);
	free(out);
	hg_taskset_free(&s);
}
END_TEST

/*
 * Slack is D - R: negative exactly when the task is unschedulable, also
 * for times past 2^63 ns. Task 1 (C 1 ms) runs under task 0 (C 3 ms,
 * T 2^62 ns, rate-monotonic): R = 1 -> 1 + 3 = 4 ms, the response J + 4 ms.
 */
static const struct {
	uint64_t d, j;
	const char *slack;	/* NULL: only its sign is checked */
} slack_cases[] = {
	{ 1ULL << 63, UINT64_MAX, NULL },		/* R saturated, D = 2^63 */
	{ (1ULL << 63) + 5 * MS, UINT64_MAX, NULL },
	{ UINT64_MAX - 1, UINT64_MAX, NULL },
	{ 1ULL << 63, (1ULL << 63) - 10 * MS, "6.000" },	/* R = 2^63 - 6 ms */
	{ (1ULL << 63) + 5 * MS, 1ULL << 63, "1.000" },	/* R = 2^63 + 4 ms */
};

START_TEST(test_report_huge_slack)
{
	static const char *const labels[] = { "a", "b" }, *const prios[] = { "-", "-" };
	struct hg_rta_result r[2];
	struct hg_taskset s;
	char line[512], w[3][40], *out;
	bool sched;
	int ret;

	make_set(&s, paper, 2, labels, prios);
	s.task[0].prio = NONE;
	s.task[0].t_ns = s.task[0].d_ns = 1ULL << 62;	/* EDF: few deadlines */
	s.task[1] = (struct hg_rta_task){ .id = 1, .c_ns = MS, .t_ns = slack_cases[_i].d,
					  .d_ns = slack_cases[_i].d, .j_ns = slack_cases[_i].j,
					  .prio = NONE };
	ck_assert_int_eq(hg_rta_fp(s.task, 2, r, NULL), 0);
	ck_assert_uint_eq(r[1].rank, 1);
	sched = r[1].schedulable;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	line_starting(out, "# 1 ", line, sizeof(line));
	last_words(line, w, 3);
	ck_assert_str_eq(w[0], sched ? "schedulable" : "UNSCHEDULABLE");
	ck_assert_msg((w[1][0] == '-') == !sched, "D %llu ns, J %llu ns: slack %s, R %s, %s",
		      (unsigned long long)slack_cases[_i].d, (unsigned long long)slack_cases[_i].j,
		      w[1], w[2], w[0]);
	if (slack_cases[_i].slack)
		ck_assert_msg(!strcmp(w[1], slack_cases[_i].slack), "slack %s, want %s", w[1],
			      slack_cases[_i].slack);
	free(out);
	hg_taskset_free(&s);
}
END_TEST

/* ------------------------------------------------------------ task files */

/* A fresh directory of this test's own under the shared one. */
static char *fresh_dir(void)
{
	char *dir;

	mkdir(hg_test_tmpdir(), 0700);
	ck_assert_int_ge(asprintf(&dir, "%s/t.XXXXXX", hg_test_tmpdir()), 0);
	ck_assert_ptr_nonnull(mkdtemp(dir));
	return dir;
}

/* @text as the file @name in @dir; returns its path. */
static char *write_file(const char *dir, const char *name, const char *text)
{
	char *path;
	FILE *f;

	ck_assert_int_ge(asprintf(&path, "%s/%s", dir, name), 0);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

static void drop(char *dir, char *path)
{
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}

START_TEST(test_taskfile_paper)
{
	char *dir = fresh_dir(), *path, err[512] = "";
	struct hg_rta_result r[2];
	struct hg_taskset s;

	path = write_file(dir, "paper.tasks",
			  "# the paper's two tasks\n"
			  "\n"
			  "C=3ms T=8ms P=RTMED\n"
			  "   \t\n"
			  "  C=17ms\tT=33ms   P=RTLOW\r\n");
	ck_assert_msg(hg_taskset_read(path, &s, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(s.n, 2);
	ck_assert_uint_eq(s.task[0].id, 0);
	ck_assert_uint_eq(s.task[0].c_ns, 3 * MS);
	ck_assert_uint_eq(s.task[0].t_ns, 8 * MS);
	ck_assert_uint_eq(s.task[0].d_ns, 8 * MS);
	ck_assert_uint_eq(s.task[0].j_ns, 0);
	ck_assert_uint_eq(s.task[0].b_ns, 0);
	ck_assert_int_eq(s.task[0].prio, 50);
	ck_assert_str_eq(s.label[0], "C=3ms T=8ms");
	ck_assert_str_eq(s.prio[0], "RTMED (SCHED_FIFO 50)");
	ck_assert_uint_eq(s.task[1].id, 1);
	ck_assert_uint_eq(s.task[1].c_ns, 17 * MS);
	ck_assert_int_eq(s.task[1].prio, 10);
	ck_assert_str_eq(s.label[1], "C=17ms T=33ms");
	ck_assert_str_eq(s.prio[1], "RTLOW (SCHED_FIFO 10)");
	ck_assert_uint_eq(s.resv_period_ns[0] | s.resv_period_ns[1], 0);
	ck_assert_uint_ge(s.cpus, 1);
	ck_assert_uint_le(s.rt_runtime_us, s.rt_period_us);
	ck_assert_int_eq(hg_rta_fp(s.task, s.n, r, NULL), 0);
	ck_assert_uint_eq(r[0].response_ns, 3 * MS);
	ck_assert_uint_eq(r[1].response_ns, 29 * MS);
	hg_taskset_free(&s);
	ck_assert_ptr_null(s.task);
	drop(dir, path);
}
END_TEST

/* Every field, priorities of each kind, and many lines (the arrays grow). */
START_TEST(test_taskfile_fields)
{
	char *dir = fresh_dir(), *path, err[512] = "", *text = NULL;
	struct hg_taskset s;
	size_t len = 0, i;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	fprintf(f, "C=1.5ms T=10ms D=9ms J=250us B=20us P=FIFO:70\n");
	fprintf(f, "P=RR:20 B=1ms J=2ms D=5ms T=10ms C=2ms\n");	/* any order */
	fprintf(f, "C=1ms T=100ms P=NORMAL\n");
	fprintf(f, "C=1ms T=100ms P=rtHigh\n");
	fprintf(f, "C=500ns T=1s D=1s J=20ms\n");	/* J > T is fine, D = T too */
	for (i = 5; i < 37; i++)
		fprintf(f, "C=%zuus T=%zums\n", i, i);
	ck_assert_int_eq(fclose(f), 0);
	path = write_file(dir, "many.tasks", text);
	free(text);

	ck_assert_msg(hg_taskset_read(path, &s, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(s.n, 37);
	ck_assert_uint_eq(s.task[0].c_ns, 1500000);
	ck_assert_uint_eq(s.task[0].t_ns, 10 * MS);
	ck_assert_uint_eq(s.task[0].d_ns, 9 * MS);
	ck_assert_uint_eq(s.task[0].j_ns, 250000);
	ck_assert_uint_eq(s.task[0].b_ns, 20000);
	ck_assert_int_eq(s.task[0].prio, 70);
	ck_assert_str_eq(s.prio[0], "FIFO:70 (SCHED_FIFO 70)");
	ck_assert_str_eq(s.label[0], "C=1.5ms T=10ms");
	ck_assert_uint_eq(s.task[1].c_ns, 2 * MS);
	ck_assert_uint_eq(s.task[1].d_ns, 5 * MS);
	ck_assert_uint_eq(s.task[1].j_ns, 2 * MS);
	ck_assert_uint_eq(s.task[1].b_ns, MS);
	ck_assert_int_eq(s.task[1].prio, 20);
	ck_assert_str_eq(s.prio[1], "RR:20 (SCHED_RR 20)");
	/* not a real-time class: no priority */
	ck_assert_int_eq(s.task[2].prio, NONE);
	ck_assert_str_eq(s.prio[2], "-");
	ck_assert_int_eq(s.task[3].prio, 90);
	ck_assert_uint_eq(s.task[4].c_ns, 500);
	ck_assert_uint_eq(s.task[4].d_ns, 1000 * MS);
	ck_assert_uint_eq(s.task[4].j_ns, 20 * MS);
	ck_assert_str_eq(s.label[4], "C=500ns T=1s");
	for (i = 5; i < 37; i++) {
		ck_assert_uint_eq(s.task[i].id, i);
		ck_assert_uint_eq(s.task[i].c_ns, i * 1000);
		ck_assert_uint_eq(s.task[i].t_ns, i * MS);
		ck_assert_uint_eq(s.task[i].d_ns, i * MS);
		ck_assert_int_eq(s.task[i].prio, NONE);
		ck_assert_str_eq(s.prio[i], "-");
		ck_assert_uint_eq(s.resv_budget_ns[i], 0);
	}
	hg_taskset_free(&s);
	drop(dir, path);
}
END_TEST

static const struct {
	const char *what;
	const char *text;
	unsigned int line;	/* 0: a message about the whole file */
	const char *why;	/* after "<path> line <n>: ", or after "<path>: " */
} bad_files[] = {
	{ "unknown field", "C=3ms T=8ms\nC=3ms T=8ms X=1\n", 2,
	  "'X=1': unknown field 'X' (use C T D J B P)" },
	{ "lower-case field", "\n\n\nc=3ms T=8ms\n", 4,
	  "'c=3ms': unknown field 'c' (use C T D J B P)" },
	{ "no '='", "# c\nC3ms T=8ms\n", 2, "'C3ms': write K=<value> with K one of C T D J B P" },
	{ "a long key", "CC=3ms T=8ms\n", 1,
	  "'CC=3ms': write K=<value> with K one of C T D J B P" },
	{ "no value", "C= T=8ms\n", 1, "'C=': write K=<value> with K one of C T D J B P" },
	{ "no key", "=3ms T=8ms\n", 1, "'=3ms': write K=<value> with K one of C T D J B P" },
	{ "bad time unit", "C=3ms T=8ms\n\nC=3xs T=8ms\n", 3,
	  "'C=3xs': unknown time unit 'xs' (use d, h, m, s, ms, us or ns)" },
	{ "time without unit", "C=3 T=8ms\n", 1,
	  "'C=3': missing time unit (use d, h, m, s, ms, us or ns)" },
	{ "negative time", "C=3ms T=8ms J=-1ms\n", 1,
	  "'J=-1ms': not a time value (write e.g. 1.5ms)" },
	{ "missing C", "C=3ms T=8ms\nT=8ms\n", 2,
	  "C and T are required and must be greater than zero" },
	{ "missing T", "C=3ms\n", 1, "C and T are required and must be greater than zero" },
	{ "C of 0", "C=0ms T=8ms\n", 1, "C and T are required and must be greater than zero" },
	{ "T of 0", "C=1ms T=0ns\n", 1, "C and T are required and must be greater than zero" },
	/* the file's words reach the terminal tamed: no escape sequence */
	{ "escape sequence", "C=3ms T=8ms X\033[31m\n", 1,
	  "'X?[31m': write K=<value> with K one of C T D J B P" },
	{ "bad priority", "C=3ms T=8ms P=SUPER\n", 1,
	  "unknown priority 'SUPER' (choose from IDLE, LOW, NORMAL, HIGH, HIGHEST, RTLOW, RTMED, "
	  "RTHIGH, FIFO:<1-99>, RR:<1-99>, OTHER:<nice>, BATCH)" },
	{ "priority out of range", "C=1ms T=2ms\nC=3ms T=8ms P=FIFO:0\n", 2,
	  "priority 'FIFO:0': FIFO takes 1 to 99" },
	{ "empty file", "", 0, "no task in it (one per line, e.g. C=3ms T=8ms P=RTMED)" },
	{ "only comments", "# nothing\n\n   \n\t# more\n", 0,
	  "no task in it (one per line, e.g. C=3ms T=8ms P=RTMED)" },
};

START_TEST(test_taskfile_errors)
{
	char *dir = fresh_dir(), *path, err[512] = "", want[1024];
	struct hg_taskset s;

	memset(&s, 0xa5, sizeof(s));
	path = write_file(dir, "bad.tasks", bad_files[_i].text);
	ck_assert_msg(hg_taskset_read(path, &s, err, sizeof(err)) == -EINVAL, "%s: accepted",
		      bad_files[_i].what);
	if (bad_files[_i].line)
		snprintf(want, sizeof(want), "%s line %u: %s", path, bad_files[_i].line,
			 bad_files[_i].why);
	else
		snprintf(want, sizeof(want), "%s: %s", path, bad_files[_i].why);
	ck_assert_str_eq(err, want);
	/* nothing left to free */
	ck_assert_ptr_null(s.task);
	ck_assert_uint_eq(s.n, 0);
	drop(dir, path);
}
END_TEST

START_TEST(test_taskfile_missing)
{
	char *dir = fresh_dir(), *path, err[512] = "", want[1024];
	struct hg_taskset s;

	ck_assert_int_ge(asprintf(&path, "%s/no-such.tasks", dir), 0);
	ck_assert_int_eq(hg_taskset_read(path, &s, err, sizeof(err)), -ENOENT);
	snprintf(want, sizeof(want), "%s: %s", path, strerror(ENOENT));
	ck_assert_str_eq(err, want);
	/* a directory: it cannot be read as lines */
	ck_assert_int_eq(hg_taskset_read(dir, &s, err, sizeof(err)), -EISDIR);
	snprintf(want, sizeof(want), "%s: is a directory", dir);
	ck_assert_str_eq(err, want);
	drop(dir, path);
}
END_TEST

/*
 * A FIFO with no writer and a device are refused before a read could
 * block or grow one line to gigabytes; so is a line past 4096 bytes, and a
 * file past 64 MiB (a sparse one: no disk is used).
 */
START_TEST(test_taskfile_bounded)
{
	char *dir = fresh_dir(), *path, err[512] = "", want[1024], *big;
	struct hg_taskset s;
	int fd;

	ck_assert_int_ge(asprintf(&path, "%s/fifo", dir), 0);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	ck_assert_int_eq(hg_taskset_read(path, &s, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s: not a regular file", path);
	ck_assert_str_eq(err, want);
	unlink(path);
	free(path);
	ck_assert_int_eq(hg_taskset_read("/dev/zero", &s, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "/dev/zero: not a regular file");

	big = malloc(6000);
	ck_assert_ptr_nonnull(big);
	memset(big, 'C', 5998);
	big[5998] = '\n';
	big[5999] = '\0';
	path = write_file(dir, "long.tasks", big);
	free(big);
	ck_assert_int_eq(hg_taskset_read(path, &s, err, sizeof(err)), -E2BIG);
	snprintf(want, sizeof(want), "%s line 1: longer than 4096 bytes", path);
	ck_assert_str_eq(err, want);
	unlink(path);
	free(path);

	path = write_file(dir, "huge.tasks", "C=1ms T=2ms\n");
	fd = open(path, O_WRONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, (64 << 20) + 1), 0);
	close(fd);
	ck_assert_int_eq(hg_taskset_read(path, &s, err, sizeof(err)), -EFBIG);
	snprintf(want, sizeof(want), "%s: larger than 64 MiB", path);
	ck_assert_str_eq(err, want);
	drop(dir, path);
}
END_TEST

/* ----------------------------------------------- task sets from a command */

/* Parse a run's command line (without the program name) into @cfg. */
static void parse(struct hg_config *cfg, const char *const *args)
{
	char *argv[64], err[512] = "";
	int argc = 0;

	argv[argc++] = (char *)"hourglass";
	while (*args) {
		ck_assert_int_lt(argc, 63);
		argv[argc++] = (char *)*args++;
	}
	argv[argc] = NULL;
	ck_assert_msg(hg_parse_args(argc, argv, cfg, err, sizeof(err)) == HG_ARGS_RUN,
		      "%s", err);
}

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

START_TEST(test_from_config_paper)
{
	struct hg_config cfg;
	struct hg_taskset s;
	struct hg_rta_result r[2];
	char err[512] = "";

	parse(&cfg, ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
			 "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms"));
	ck_assert_msg(hg_taskset_from_config(&cfg, &s, err, sizeof(err)) == 0, "%s", err);
	hg_config_free(&cfg);
	ck_assert_uint_eq(s.n, 2);
	ck_assert_uint_eq(s.task[0].id, 0);
	ck_assert_uint_eq(s.task[0].c_ns, 3 * MS);
	ck_assert_uint_eq(s.task[0].t_ns, 8 * MS);
	ck_assert_uint_eq(s.task[0].d_ns, 8 * MS);
	ck_assert_int_eq(s.task[0].prio, 50);
	ck_assert_str_eq(s.label[0], "PERIODIC 3ms 8ms");
	ck_assert_str_eq(s.prio[0], "RTMED (SCHED_FIFO 50)");
	ck_assert_uint_eq(s.task[1].id, 1);
	ck_assert_uint_eq(s.task[1].c_ns, 17 * MS);
	ck_assert_uint_eq(s.task[1].t_ns, 33 * MS);
	ck_assert_int_eq(s.task[1].prio, 10);
	ck_assert_str_eq(s.label[1], "PERIODIC 17ms 33ms");
	ck_assert_str_eq(s.prio[1], "RTLOW (SCHED_FIFO 10)");
	ck_assert_uint_eq(s.task[1].j_ns | s.task[1].b_ns, 0);
	ck_assert_uint_ge(s.cpus, 1);
	ck_assert_uint_le(s.rt_runtime_us, s.rt_period_us);
	ck_assert_int_eq(hg_rta_fp(s.task, s.n, r, NULL), 0);
	ck_assert_uint_eq(r[0].response_ns, 3 * MS);
	ck_assert_uint_eq(r[1].response_ns, 29 * MS);
	ck_assert(r[0].schedulable && r[1].schedulable);
	hg_taskset_free(&s);

	/* -t 1 ... --jitter 8ms --wcet 19ms: 39 ms > 33 ms */
	parse(&cfg, ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
			 "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms",
			 "--jitter", "8ms", "--wcet", "19ms"));
	ck_assert_msg(hg_taskset_from_config(&cfg, &s, err, sizeof(err)) == 0, "%s", err);
	hg_config_free(&cfg);
	ck_assert_uint_eq(s.task[1].c_ns, 19 * MS);
	ck_assert_uint_eq(s.task[1].j_ns, 8 * MS);
	ck_assert_uint_eq(s.task[0].c_ns, 3 * MS);	/* -t 1 only */
	ck_assert_uint_eq(s.task[0].j_ns, 0);
	ck_assert_str_eq(s.label[1], "PERIODIC 17ms 33ms");	/* the workload as given */
	ck_assert_int_eq(hg_rta_fp(s.task, s.n, r, NULL), 0);
	ck_assert_uint_eq(r[1].response_ns, 39 * MS);
	ck_assert(!r[1].schedulable);
	hg_taskset_free(&s);

	/* C1 = 12 with 8 ms of jitter: 29 ms */
	parse(&cfg, ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
			 "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "12ms", "33ms",
			 "--jitter", "8ms"));
	ck_assert_msg(hg_taskset_from_config(&cfg, &s, err, sizeof(err)) == 0, "%s", err);
	hg_config_free(&cfg);
	ck_assert_int_eq(hg_rta_fp(s.task, s.n, r, NULL), 0);
	ck_assert_uint_eq(r[0].response_ns, 3 * MS);
	ck_assert_uint_eq(r[1].response_ns, 29 * MS);
	ck_assert(r[0].schedulable && r[1].schedulable);
	hg_taskset_free(&s);
}
END_TEST

/*
 * Only the jobs models count; thread numbers stay those of the run;
 * deadlines, blocking, reservations and non-RT priorities come through.
 */
START_TEST(test_from_config_fields)
{
	char *dir = fresh_dir(), *table, err[512] = "";
	struct hg_config cfg;
	struct hg_taskset s;

	table = write_file(dir, "frames.txt", "# frame costs\n2ms\n5ms\n\n3ms\n");
	parse(&cfg, ARGS("-n", "5", "-w", "CPU",
			 "-t", "1", "-w", "PERIODIC", "3ms", "10ms", "7ms", "-p", "FIFO:70",
			 "--blocking", "1ms", "-rh", "3ms", "10ms",
			 "-t", "2", "-w", "CPU_PERIODIC", "3ms", "8ms",
			 "-t", "3", "-w", "PERIODIC_TABLE", table, "20ms", "-p", "NORMAL",
			 "-rs", "6ms", "20ms",
			 "-t", "4", "-w", "PERIODIC", "1ms", "4ms", "-p", "RR:20"));
	ck_assert_msg(hg_taskset_from_config(&cfg, &s, err, sizeof(err)) == 0, "%s", err);
	hg_config_free(&cfg);
	ck_assert_uint_eq(s.n, 3);
	ck_assert_uint_eq(s.task[0].id, 1);
	ck_assert_uint_eq(s.task[0].c_ns, 3 * MS);
	ck_assert_uint_eq(s.task[0].t_ns, 10 * MS);
	ck_assert_uint_eq(s.task[0].d_ns, 7 * MS);
	ck_assert_uint_eq(s.task[0].b_ns, MS);
	ck_assert_int_eq(s.task[0].prio, 70);
	ck_assert_str_eq(s.prio[0], "FIFO:70 (SCHED_FIFO 70)");
	ck_assert_str_eq(s.label[0], "PERIODIC 3ms 10ms 7ms");
	ck_assert_uint_eq(s.resv_budget_ns[0], 3 * MS);
	ck_assert_uint_eq(s.resv_period_ns[0], 10 * MS);
	/* the table's largest time is C; no RT class, no priority */
	ck_assert_uint_eq(s.task[1].id, 3);
	ck_assert_uint_eq(s.task[1].c_ns, 5 * MS);
	ck_assert_uint_eq(s.task[1].t_ns, 20 * MS);
	ck_assert_uint_eq(s.task[1].d_ns, 20 * MS);
	ck_assert_int_eq(s.task[1].prio, NONE);
	ck_assert_str_eq(s.prio[1], "-");
	ck_assert_str_eq(s.label[1], "PERIODIC_TABLE frames.txt 20ms");
	ck_assert_uint_eq(s.resv_budget_ns[1], 6 * MS);
	ck_assert_uint_eq(s.resv_period_ns[1], 20 * MS);
	ck_assert_uint_eq(s.task[2].id, 4);
	ck_assert_int_eq(s.task[2].prio, 20);
	ck_assert_str_eq(s.prio[2], "RR:20 (SCHED_RR 20)");
	ck_assert_uint_eq(s.resv_budget_ns[2] | s.resv_period_ns[2], 0);
	hg_taskset_free(&s);

	/* no jobs model at all: an empty set, not an error */
	parse(&cfg, ARGS("-n", "2", "-w", "CPU"));
	ck_assert_int_eq(hg_taskset_from_config(&cfg, &s, err, sizeof(err)), 0);
	hg_config_free(&cfg);
	ck_assert_uint_eq(s.n, 0);
	hg_taskset_free(&s);
	drop(dir, table);
}
END_TEST

START_TEST(test_from_config_errors)
{
	char *dir = fresh_dir(), *table, err[512] = "";
	struct hg_config cfg;
	struct hg_taskset s;

	/* a deadline past the period is analysed, not refused */
	parse(&cfg, ARGS("-n", "2", "-t", "1", "-w", "PERIODIC", "3ms", "8ms", "9ms"));
	ck_assert_int_eq(hg_taskset_from_config(&cfg, &s, err, sizeof(err)), 0);
	hg_config_free(&cfg);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_uint_eq(s.task[0].d_ns, 9 * MS);
	hg_taskset_free(&s);

	/* the table went between the parse and the analysis */
	table = write_file(dir, "gone.txt", "1ms\n");
	parse(&cfg, ARGS("-n", "1", "-w", "PERIODIC_TABLE", table, "10ms"));
	unlink(table);
	ck_assert_int_eq(hg_taskset_from_config(&cfg, &s, err, sizeof(err)), -ENOENT);
	hg_config_free(&cfg);
	hg_taskset_free(&s);
	ck_assert_str_eq(err, "thread 0: -w PERIODIC_TABLE: cannot read its times: "
			 "No such file or directory");
	drop(dir, table);
}
END_TEST

/* ------------------------------------------------------- the rta command */

struct captured {
	int status;		/* exit status */
	char *out, *err;
};

static char *slurp_fd(int fd)
{
	char *buf = NULL;
	size_t len = 0, cap = 0;
	ssize_t n;

	ck_assert_int_eq(lseek(fd, 0, SEEK_SET), 0);
	do {
		if (len + 4096 + 1 > cap) {
			cap = 2 * cap + 8192;
			buf = realloc(buf, cap);
			ck_assert_ptr_nonnull(buf);
		}
		n = read(fd, buf + len, cap - len - 1);
		ck_assert_int_ge(n, 0);
		len += (size_t)n;
	} while (n > 0);
	buf[len] = '\0';
	return buf;
}

/* hg_cmd_rta.main("rta", @args...) in a child, its stdout and stderr kept. */
static void run_rta(const char *const *args, struct captured *c)
{
	char *dir = fresh_dir(), *po, *pe;
	int fo, fe, status;
	pid_t pid;

	ck_assert_int_ge(asprintf(&po, "%s/out", dir), 0);
	ck_assert_int_ge(asprintf(&pe, "%s/err", dir), 0);
	fo = open(po, O_RDWR | O_CREAT | O_TRUNC, 0600);
	fe = open(pe, O_RDWR | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(fo, 0);
	ck_assert_int_ge(fe, 0);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		char *argv[64];
		int argc = 0;

		if (dup2(fo, 1) < 0 || dup2(fe, 2) < 0)
			_exit(127);
		argv[argc++] = strdup("rta");
		while (*args && argc < 63)
			argv[argc++] = strdup(*args++);
		argv[argc] = NULL;
		status = hg_cmd_rta.main(argc, argv);
		fflush(stdout);
		fflush(stderr);
		_exit(status);
	}
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status), "the command did not exit (status %#x)", status);
	c->status = WEXITSTATUS(status);
	c->out = slurp_fd(fo);
	c->err = slurp_fd(fe);
	close(fo);
	close(fe);
	unlink(po);
	unlink(pe);
	rmdir(dir);
	free(po);
	free(pe);
	free(dir);
}

static void uncapture(struct captured *c)
{
	free(c->out);
	free(c->err);
}

/* The paper's command line, three ways. */
static const struct {
	const char *const *args;
	const char *line0, *line1;
} paper_commands[] = {
	{ ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
	       "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms"),
	  "rta: thread 0 response 3.000 deadline 8.000 schedulable",
	  "rta: thread 1 response 29.000 deadline 33.000 schedulable" },
	{ ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
	       "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms",
	       "--jitter", "8ms", "--wcet", "19ms"),
	  "rta: thread 0 response 3.000 deadline 8.000 schedulable",
	  "rta: thread 1 response 39.000 deadline 33.000 unschedulable" },
	{ ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
	       "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms",
	       "--wcet", "12ms", "--jitter", "8ms"),
	  "rta: thread 0 response 3.000 deadline 8.000 schedulable",
	  "rta: thread 1 response 29.000 deadline 33.000 schedulable" },
	/* the long spellings, and the priorities left to rate-monotonic */
	{ ARGS("--threads", "2", "--thread", "1", "--workload", "PERIODIC", "17ms", "33ms",
	       "--thread", "0", "--workload", "PERIODIC", "3ms", "8ms"),
	  "rta: thread 0 response 3.000 deadline 8.000 schedulable",
	  "rta: thread 1 response 29.000 deadline 33.000 schedulable" },
};

START_TEST(test_cmd_paper)
{
	struct captured c;
	char line[512];

	run_rta(paper_commands[_i].args, &c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert_str_eq(c.err, "");
	ck_assert(line_of(c.out, 0, line, sizeof(line)));
	ck_assert_str_eq(line, paper_commands[_i].line0);
	ck_assert(line_of(c.out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, paper_commands[_i].line1);
	ck_assert(line_of(c.out, 2, line, sizeof(line)));
	ck_assert_int_eq(line[0], '#');
	uncapture(&c);
}
END_TEST

START_TEST(test_cmd_json)
{
	/* --json among the run's options: taken out, not read as --json FILE */
	const char *const *args = ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC",
				       "3ms", "8ms", "-t", "1", "-p", "RTLOW", "-w", "PERIODIC",
				       "17ms", "33ms", "--jitter", "8ms", "--json",
				       "--wcet", "19ms");
	struct captured c;

	run_rta(args, &c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert_str_eq(c.err, "");
	check_paper_json(c.out, 19, 8, 39, false);
	uncapture(&c);
}
END_TEST

/* A table file whose name holds a quote: its label goes into the JSON. */
START_TEST(test_cmd_json_quoted_name)
{
	char *dir = fresh_dir(), *table;
	struct captured c;
	struct jv v;

	table = write_file(dir, "say \"hi\".txt", "3ms\n");
	run_rta(ARGS("-n", "1", "-p", "RTHIGH", "-w", "PERIODIC_TABLE", table, "8ms", "--json"),
		&c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert_msg(jparse(c.out, &v) == 0, "not JSON:\n%s", c.out);
	ck_assert_str_eq(jget(&jget(&v, "tasks", J_ARR)->kids[0], "workload", J_STR)->str,
			 "PERIODIC_TABLE say \"hi\".txt 8ms");
	jfree(&v);
	uncapture(&c);
	drop(dir, table);
}
END_TEST

START_TEST(test_cmd_tasks)
{
	char *dir = fresh_dir(), *path;
	struct captured c;
	char line[512];
	struct jv v;

	path = write_file(dir, "paper.tasks", "C=3ms T=8ms P=RTMED\nC=19ms T=33ms J=8ms P=RTLOW\n");
	run_rta(ARGS("--tasks", path), &c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert_str_eq(c.err, "");
	ck_assert(line_of(c.out, 0, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 0 response 3.000 deadline 8.000 schedulable");
	ck_assert(line_of(c.out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response 39.000 deadline 33.000 unschedulable");
	line_starting(c.out, "# rta: fixed", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: fixed-priority preemptive response-time analysis, "
			 "order: priority");
	uncapture(&c);

	/* --json before or after */
	run_rta(ARGS("--json", "--tasks", path), &c);
	ck_assert_int_eq(c.status, 0);
	ck_assert_msg(jparse(c.out, &v) == 0, "not JSON:\n%s", c.out);
	ck_assert_uint_eq(jget_u64(&jget(&v, "tasks", J_ARR)->kids[1], "response_ns"), 39 * MS);
	ck_assert_str_eq(jget(&jget(&v, "tasks", J_ARR)->kids[1], "workload", J_STR)->str,
			 "C=19ms T=33ms");
	jfree(&v);
	uncapture(&c);
	drop(dir, path);
}
END_TEST

/* Bad input: status 2, one line on stderr, nothing on stdout. */
static const struct {
	const char *const *args;
	const char *err;	/* stderr, whole; NULL: see below */
} cmd_errors[] = {
	{ ARGS("-n", "2", "-w", "CPU"),
	  "hourglass: rta: no PERIODIC thread to analyse "
	  "(give -w PERIODIC <amount> <period> [<deadline>])\n" },
	{ ARGS("--tasks"), "hourglass: rta: --tasks: missing value\n" },
	{ ARGS("--tasks", "/nonexistent/x.tasks"),
	  "hourglass: rta: /nonexistent/x.tasks: No such file or directory\n" },
	{ ARGS("--tasks", "/nonexistent/x.tasks", "-n", "2"),
	  "hourglass: rta: --tasks takes no run options ('-n')\n" },
	{ ARGS("-n", "1", "-w", "PERIODIC", "3ms", "8ms", "--no-such-option"), NULL },
	{ ARGS("-n", "1", "-w", "PERIODIC", "3ms", "8ms", "--jitter", "8xs"), NULL },
};

START_TEST(test_cmd_errors)
{
	struct captured c;

	run_rta(cmd_errors[_i].args, &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.out, "");
	if (cmd_errors[_i].err) {
		ck_assert_str_eq(c.err, cmd_errors[_i].err);
	} else {
		/* the parser's message, one line */
		ck_assert_msg(!strncmp(c.err, "hourglass: rta: ", 16), "%s", c.err);
		ck_assert_ptr_eq(strchr(c.err, '\n'), c.err + strlen(c.err) - 1);
	}
	uncapture(&c);
}
END_TEST

START_TEST(test_cmd_help)
{
	const char *const *const helps[] = { ARGS("--help"), ARGS("-h") };
	struct captured c;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(helps); i++) {
		run_rta(helps[i], &c);
		ck_assert_int_eq(c.status, 0);
		ck_assert_str_eq(c.err, "");
		ck_assert_msg(!strncmp(c.out, "usage: hourglass rta ", 21), "%s", c.out);
		ck_assert_ptr_nonnull(strstr(c.out, "--tasks <file>"));
		uncapture(&c);
	}
	ck_assert_str_eq(hg_cmd_rta.name, "rta");
}
END_TEST

/* A task file with a bad line: the file, the line, the reason; status 2. */
START_TEST(test_cmd_tasks_error)
{
	char *dir = fresh_dir(), *path, *want;
	struct captured c;

	path = write_file(dir, "bad.tasks", "C=3ms T=8ms\n# fine so far\nC=3ms T=8ms Q=1\n");
	run_rta(ARGS("--tasks", path, "--json"), &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.out, "");
	ck_assert_int_ge(asprintf(&want, "hourglass: rta: %s line 3: 'Q=1': unknown field 'Q' "
				  "(use C T D J B P)\n", path), 0);
	ck_assert_str_eq(c.err, want);
	free(want);
	uncapture(&c);
	drop(dir, path);
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

	tc = tcase_create("report");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_json_checker);
	tcase_add_test(tc, test_report_text);
	tcase_add_test(tc, test_report_counts_unschedulable);
	tcase_add_test(tc, test_report_text_lines);
	tcase_add_test(tc, test_report_reservations);
	tcase_add_test(tc, test_report_zero);
	tcase_add_test(tc, test_report_undecided);
	tcase_add_test(tc, test_report_json);
	tcase_add_test(tc, test_report_json_escapes);
	tcase_add_loop_test(tc, test_report_huge_slack, 0, ARRAY_SIZE(slack_cases));
	suite_add_tcase(s, tc);

	tc = tcase_create("task sets");
	tcase_add_test(tc, test_taskfile_paper);
	tcase_add_test(tc, test_taskfile_fields);
	tcase_add_loop_test(tc, test_taskfile_errors, 0, ARRAY_SIZE(bad_files));
	tcase_add_test(tc, test_taskfile_missing);
	tcase_add_test(tc, test_taskfile_bounded);
	tcase_add_test(tc, test_from_config_paper);
	tcase_add_test(tc, test_from_config_fields);
	tcase_add_test(tc, test_from_config_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("command");
	tcase_add_loop_test(tc, test_cmd_paper, 0, ARRAY_SIZE(paper_commands));
	tcase_add_test(tc, test_cmd_json);
	tcase_add_test(tc, test_cmd_json_quoted_name);
	tcase_add_test(tc, test_cmd_tasks);
	tcase_add_loop_test(tc, test_cmd_errors, 0, ARRAY_SIZE(cmd_errors));
	tcase_add_test(tc, test_cmd_help);
	tcase_add_test(tc, test_cmd_tasks_error);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
