// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_rtaref.c - analysis/sched/rta.c held against a reference written for
 * plainness, not speed, on thousands of random task sets, and on the
 * published examples and the cases that used to go wrong
 *
 * The reference, for task i (the tasks before it in priority order are
 * its higher-priority set hp):
 *  - the level asks for more than the whole CPU (sum of C / T over hp and
 *    i, compared exactly over the hyperperiod), or hp for all of it: no
 *    bound;
 *  - else the level-i busy period L, the smallest L with
 *    L = B + sum over hp and i of ceil((L + J) / T) C, and every job of i
 *    that arrives in it, q = 0 .. ceil((L + J_i) / T_i) - 1: job q ends at
 *    the smallest w = (q + 1) C + B + sum over hp of ceil((w + J) / T) C
 *    (iterated from (q + 1) C + B, no hint), and responds J + w - q T;
 *  - a level that uses exactly the whole CPU with jitter or blocking has a
 *    busy period that never ends: its jobs repeat with the hyperperiod H,
 *    and the reference walks two hyperperiods of them (2 H / T_i jobs).
 * Everything in integer nanoseconds.
 */
#include <stdlib.h>
#include <string.h>

#include "rtatest.h"

#define NREF 8

/* A deterministic generator (xorshift64*), seeded per test. */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static uint64_t below(uint64_t *s, uint64_t n)
{
	return n ? rnd(s) % n : 0;
}

static uint64_t gcd64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

static uint64_t cdiv(uint64_t a, uint64_t b)
{
	return (a + b - 1) / b;
}

/* The reference's answer for one task. */
struct ref {
	bool unbounded;
	uint64_t response_ns;
};

/* The smallest w = own + sum over @hp of ceil((w + J) / T) C. */
static uint64_t ref_window(const struct hg_rta_task *hp, size_t nhp, uint64_t own)
{
	uint64_t w = own, next;
	size_t j;

	for (;;) {
		next = own;
		for (j = 0; j < nhp; j++)
			next += cdiv(w + hp[j].j_ns, hp[j].t_ns) * hp[j].c_ns;
		if (next == w)
			return w;
		w = next;
	}
}

/* Task @i of @ts, which is in priority order (highest first). */
static struct ref reference(const struct hg_rta_task *ts, size_t i)
{
	const struct hg_rta_task *me = &ts[i];
	uint64_t h = 1, hp_work = 0, work, L, next, jobs, q;
	struct ref r = { 0 };
	size_t j;

	for (j = 0; j <= i; j++)
		h = h / gcd64(h, ts[j].t_ns) * ts[j].t_ns;
	for (j = 0; j < i; j++)
		hp_work += ts[j].c_ns * (h / ts[j].t_ns);
	work = hp_work + me->c_ns * (h / me->t_ns);
	if (hp_work >= h || work > h) {
		r.unbounded = true;
		return r;
	}
	/* the level-i busy period; past 3 H it never ends */
	L = me->b_ns;
	for (j = 0; j <= i; j++)
		L += ts[j].c_ns;
	for (;;) {
		next = me->b_ns;
		for (j = 0; j <= i; j++)
			next += cdiv(L + ts[j].j_ns, ts[j].t_ns) * ts[j].c_ns;
		if (next == L || next > me->b_ns + 3 * h)
			break;
		L = next;
	}
	jobs = next == L ? cdiv(L + me->j_ns, me->t_ns) : 2 * (h / me->t_ns);
	for (q = 0; q < jobs; q++) {
		uint64_t w = ref_window(ts, i, (q + 1) * me->c_ns + me->b_ns);
		uint64_t resp = me->j_ns + w - q * me->t_ns;

		r.response_ns = resp > r.response_ns ? resp : r.response_ns;
	}
	return r;
}

static const uint64_t periods_ms[] = { 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30 };

/*
 * A random set of @n tasks in priority order (priority n - k for task k),
 * the periods among periods_ms[] (so hyperperiods stay at 120 ms or
 * below), C in nanoseconds; with @full, the last task's C fills the CPU
 * exactly when it can.
 */
static void random_set(uint64_t *s, size_t n, bool full, struct hg_rta_task *ts)
{
	uint64_t h = 1, work = 0;
	size_t k;

	for (k = 0; k < n; k++) {
		uint64_t t = periods_ms[below(s, ARRAY_SIZE(periods_ms))] * MS;
		/* each task takes up to 1.6 / n of the CPU: sets about 0.8 on average */
		uint64_t c = 1 + below(s, t * 16 / (10 * n));
		uint64_t d = t / 2 + below(s, 2 * t);

		ts[k] = (struct hg_rta_task){
			.id = (unsigned int)k, .c_ns = c, .t_ns = t,
			.d_ns = d < c ? c : d,
			.j_ns = below(s, 3) ? 0 : below(s, t / 2),
			.b_ns = below(s, 3) ? 0 : below(s, t / 3),
			.prio = (int32_t)(n - k),
		};
		h = h / gcd64(h, t) * t;
	}
	if (!full)
		return;
	for (k = 0; k + 1 < n; k++)
		work += ts[k].c_ns * (h / ts[k].t_ns);
	if (work < h && (h - work) * ts[n - 1].t_ns % h == 0)
		ts[n - 1].c_ns = (h - work) * ts[n - 1].t_ns / h;
}

/* The analysis against the reference on every task of @ts; false on a mismatch. */
static bool agrees(const struct hg_rta_task *ts, size_t n, char *why, size_t len)
{
	struct hg_rta_result r[NREF];
	size_t i;

	ck_assert_int_eq(hg_rta_fp(ts, n, r, NULL), 0);
	for (i = 0; i < n; i++) {
		struct ref want = reference(ts, i);

		ck_assert_uint_eq(r[i].rank, i);
		if (want.unbounded && r[i].bound == HG_RTA_UNBOUNDED && !r[i].schedulable)
			continue;
		if (!want.unbounded && r[i].bound == HG_RTA_EXACT &&
		    r[i].response_ns == want.response_ns &&
		    r[i].schedulable == (want.response_ns <= ts[i].d_ns))
			continue;
		snprintf(why, len, "task %zu: %s %llu ns (%s), reference %s %llu ns", i,
			 hg_rta_bound_name(r[i].bound), (unsigned long long)r[i].response_ns,
			 r[i].schedulable ? "schedulable" : "unschedulable",
			 want.unbounded ? "unbounded" : "exact",
			 (unsigned long long)want.response_ns);
		return false;
	}
	return true;
}

static void print_set(const struct hg_rta_task *ts, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		fprintf(stderr, "  C=%lluns T=%lluns D=%lluns J=%lluns B=%lluns P=%d\n",
			(unsigned long long)ts[i].c_ns, (unsigned long long)ts[i].t_ns,
			(unsigned long long)ts[i].d_ns, (unsigned long long)ts[i].j_ns,
			(unsigned long long)ts[i].b_ns, ts[i].prio);
}

/*
 * 4000 random sets of 1 to 8 tasks, a quarter of them with a level that
 * fills the CPU exactly; seeded, so every run checks the same sets.
 */
START_TEST(test_random_against_reference)
{
	uint64_t seed = 0x686f7572676c6173ULL + (uint64_t)_i;
	unsigned int k, full = 0, unbounded = 0, multi = 0;

	for (k = 0; k < 1000; k++) {
		struct hg_rta_task ts[NREF];
		struct hg_rta_result r[NREF];
		size_t n = 1 + below(&seed, NREF), i;
		char why[256];

		random_set(&seed, n, k % 4 == 0, ts);
		if (!agrees(ts, n, why, sizeof(why))) {
			print_set(ts, n);
			ck_abort_msg("set %u of seed %d: %s", k, _i, why);
		}
		ck_assert_int_eq(hg_rta_fp(ts, n, r, NULL), 0);
		for (i = 0; i < n; i++) {
			unbounded += r[i].bound == HG_RTA_UNBOUNDED;
			multi += ts[i].d_ns > ts[i].t_ns && r[i].response_ns > ts[i].t_ns &&
				 r[i].bound == HG_RTA_EXACT;
		}
		full += k % 4 == 0;
	}
	/* the sets reach the cases they are there for */
	ck_assert_uint_gt(full, 0);
	ck_assert_uint_gt(unbounded, 10);
	ck_assert_uint_gt(multi, 10);
}
END_TEST

/* ------------------------------------------------ examples with sources */

static const struct ex_case {
	const char *what;
	size_t n;
	struct ms_task task[4];
	uint64_t response_us[4];	/* microseconds; 0: unbounded */
	bool sched[4];
} examples[] = {
	/*
	 * A higher-priority task's blocking is not its interference: tasks by
	 * rate (C 1 T 3), (C 3 T 6 B 2), (C 1 T 11 D 9).
	 * R(1/3) = 1. R(3/6): 3 + 2 = 5 -> 5 + ceil(5/3) = 7 -> 5 + 3 = 8 -> 8.
	 * R(1/11): 1 -> 1 + 1 + 3 = 5 -> 1 + 2 + 3 = 6 -> 1 + 2 + 3 = 6 <= 9.
	 */
	{ "blocking above is not interference", 3,
	  { TASK(1, 11, 9, 0, 0, NONE), TASK(3, 6, 0, 0, 2, NONE), TASK(1, 3, 0, 0, 0, NONE) },
	  { 6000, 8000, 1000 }, { true, false, true } },
	/*
	 * A level that uses the whole CPU, with blocking: C 4 T 4 D 8 B 1.
	 * Job 0 ends at 4 + 1 = 5, job q at 4 (q + 1) + 1 and responds
	 * 4 (q + 1) + 1 - 4 q = 5: the busy period never ends, the response
	 * is 5 every time (one job per hyperperiod of 4).
	 */
	{ "the whole CPU with blocking", 1, { TASK(4, 4, 8, 0, 1, NONE) }, { 5000 }, { true } },
	/* The same with 1 ms of jitter instead: 1 + 4 = 5. */
	{ "the whole CPU with jitter", 1, { TASK(4, 4, 8, 1, 0, NONE) }, { 5000 }, { true } },
	/*
	 * Lehoczky, "Fixed priority scheduling of periodic task sets with
	 * arbitrary deadlines", RTSS 1990 (the example Tindell, Burns and
	 * Wellings 1994 repeat): (C 26 T 70), (C 62 T 100), D beyond T.
	 * Task 2's jobs: w0 = 62 + 2 26 = 114 (R 114); w1 = 124 + 3 26 = 202
	 * (R 102); w2 = 186 + 5 26 = 316 (R 116); w3 = 248 + 6 26 = 404
	 * (R 104); w4 = 310 + 8 26 = 518 (R 118); w5 = 372 + 9 26 = 606
	 * (R 106); w6 = 434 + 10 26 = 694 <= 700: the busy period ends. The
	 * worst is job 4's, 118.
	 */
	{ "Lehoczky 1990, arbitrary deadlines", 2,
	  { TASK(26, 70, 200, 0, 0, 2), TASK(62, 100, 200, 0, 0, 1) },
	  { 26000, 118000 }, { true, true } },
	/* Higher priorities taking the whole CPU: no bound below them. */
	{ "higher priorities take the whole CPU", 2,
	  { TASK(8, 8, 0, 0, 0, 2), TASK(1, 100, 0, 0, 0, 1) }, { 8000, 0 }, { true, false } },
	/* A level above the whole CPU: the backlog grows, no bound. */
	{ "a level above the whole CPU", 2,
	  { TASK(5, 8, 0, 0, 0, 2), TASK(4, 8, 0, 0, 0, 1) }, { 5000, 0 }, { true, false } },
};

START_TEST(test_examples)
{
	const struct ex_case *ec = &examples[_i];
	struct hg_rta_task ts[4] = { { 0 } };
	struct hg_rta_result r[4];
	size_t i;

	to_tasks(ec->task, ec->n, ts);
	ck_assert_int_eq(hg_rta_fp(ts, ec->n, r, NULL), 0);
	for (i = 0; i < ec->n; i++) {
		if (!ec->response_us[i]) {
			ck_assert_msg(r[i].bound == HG_RTA_UNBOUNDED, "%s: task %zu: %s", ec->what,
				      i, hg_rta_bound_name(r[i].bound));
			ck_assert_uint_eq(r[i].response_ns, UINT64_MAX);
		} else {
			ck_assert_msg(r[i].bound == HG_RTA_EXACT &&
				      r[i].response_ns == ec->response_us[i] * 1000,
				      "%s: task %zu: %s %llu ns, want %llu us", ec->what, i,
				      hg_rta_bound_name(r[i].bound),
				      (unsigned long long)r[i].response_ns,
				      (unsigned long long)ec->response_us[i]);
		}
		ck_assert_int_eq(r[i].schedulable, ec->sched[i]);
	}
}
END_TEST

/*
 * A busy period of about 6e10 jobs (the level uses 0.99999 of the CPU,
 * after a blocking time of 3 s), where one hyperperiod (2 ms) holds one
 * job: the first job's response is the worst. w0 = 3.00099998 s +
 * ceil(w / 2 ms) 1 ms: with k = ceil(w / 2 ms), w = 3000999980 + k 1e6,
 * and k = ceil(1500.49999 + k / 2) holds first at k = 3001:
 * w = 6001999980 ns, within the 10 s deadline.
 */
START_TEST(test_long_busy_period)
{
	struct hg_rta_task ts[2] = {
		{ .id = 0, .c_ns = MS, .t_ns = 2 * MS, .d_ns = 2 * MS, .prio = 2 },
		{ .id = 1, .c_ns = 999980, .t_ns = 2 * MS, .d_ns = 10000 * MS,
		  .b_ns = 3000 * MS, .prio = 1 },
	};
	struct hg_rta_result r[2];

	ck_assert_int_eq(hg_rta_fp(ts, 2, r, NULL), 0);
	ck_assert_int_eq(r[1].bound, HG_RTA_EXACT);
	ck_assert_uint_eq(r[1].response_ns, 6001999980ULL);
	ck_assert(r[1].schedulable);
	ck_assert_uint_le(r[1].iterations, 100);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("rta against a reference");
	TCase *tc = tcase_create("reference");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_random_against_reference, 0, 4);
	tcase_add_loop_test(tc, test_examples, 0, ARRAY_SIZE(examples));
	tcase_add_test(tc, test_long_busy_period);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
