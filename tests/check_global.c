// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_global.c - analysis/sched/global.c (Bertogna and Cirinei, RTSS 2007)
 * and analysis/sched/partition.c, which chooses among the analyses by CPUs
 *
 * The expected responses are worked out by hand from the paper's
 * equations (global.h): R = C + B + floor(sum of min(W_i(R), R - C + 1) / m),
 * W_i(L) = N C_i + min(C_i, L + R_i - C_i - N T_i), N = floor((L + R_i - C_i) / T_i).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/global.h"
#include "analysis/sched/partition.h"
#include "rtatest.h"

/* The generator of check_rtaref.c (xorshift64*). */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

/*
 * Three tasks of 4 ms every 10 ms, priorities 30, 20, 10, on two CPUs.
 * The first two: R = 4 + floor(min(4, 1) / 2) = 4.
 * The third, from 4: each term min(W(R), R - 3): 1, 1 -> 4 + 1 = 5;
 * 2, 2 -> 6; 3, 3 -> 7; 4, 4 -> 8; at 8, W = min(4, 8) = 4 and the cap is
 * 5: 4 + floor(8 / 2) = 8. On one CPU the first job of the third would
 * respond in 12, but the three ask for 1.2 CPUs: no bound there.
 */
START_TEST(test_three_on_two)
{
	static const struct ms_task m[] = {
		TASK(4, 10, 0, 0, 0, 30), TASK(4, 10, 0, 0, 0, 20), TASK(4, 10, 0, 0, 0, 10),
	};
	struct hg_rta_task ts[3];
	struct hg_rta_result r[3];
	enum hg_rta_order order;

	to_tasks(m, 3, ts);
	ck_assert_int_eq(hg_rta_global(ts, 3, 2, r, &order), 0);
	ck_assert_int_eq(order, HG_RTA_BY_PRIORITY);
	ck_assert_uint_eq(r[0].response_ns, 4 * MS);
	ck_assert_uint_eq(r[1].response_ns, 4 * MS);
	ck_assert_uint_eq(r[2].response_ns, 8 * MS);
	ck_assert_int_eq(r[2].bound, HG_RTA_UPPER);
	ck_assert_int_eq(r[2].test, HG_RTA_TEST_GLOBAL);
	ck_assert(r[2].schedulable);
	ck_assert_uint_eq(r[2].rank, 2);
	/* the crawl a nanosecond a step is galloped over */
	ck_assert_uint_le(r[2].iterations, 200);
	ck_assert_int_eq(hg_rta_fp(ts, 3, r, NULL), 0);
	ck_assert_int_eq(r[2].bound, HG_RTA_UNBOUNDED);
	/*
	 * One CPU, the same test: the third from 4: terms 1, 1 -> 6; 3, 3 -> 10;
	 * W(10) = 4 (N = floor(10 / 10) = 1, min(4, 0) = 0), caps 7: 4 + 8 = 12;
	 * W(12) = 4 + min(4, 2) = 6, caps 9: 4 + 12 = 16 > 10: the test cannot say
	 */
	ck_assert_int_eq(hg_rta_global(ts, 3, 1, r, NULL), 0);
	ck_assert_int_eq(r[2].bound, HG_RTA_UNDECIDED);
	ck_assert(!r[2].schedulable);
	ck_assert_uint_eq(r[2].response_ns, UINT64_MAX);
}
END_TEST

/*
 * The set (C, T) = (1, 4), (1, 5), (3, 9), (9, 18), D = T, rate-monotonic,
 * that SchedCAT's tests (B. Brandenburg, schedcat, tests/fp.py) give this
 * test, with their responses in whole time units: 1, 1, 4, 15 on two CPUs
 * and 1, 1, 3, 12 on three. By hand on two CPUs, the last task from 9:
 * terms 1, 1, 1 -> 10; 2, 2, 2 -> 12; 3, 3, 4 -> 14; 4, 3, 6 -> 15; at 15
 * W = 4, 3, 6, caps 7: 9 + floor(13 / 2) = 15. In ms, with the nanosecond
 * as the unit of the cap, the fixed point is 16 ms - 1 ns: the crawl at
 * first, galloped over, and a gallop that would pass the deadline (18 ms)
 * tries the deadline itself (it said "undecided" when it passed it).
 */
START_TEST(test_schedcat_set)
{
	static const uint64_t c[4] = { 1, 1, 3, 9 }, t[4] = { 4, 5, 9, 18 };
	static const uint64_t want2[4] = { 1, 1, 4, 15 }, want3[4] = { 1, 1, 3, 12 };
	struct hg_rta_task ts[4];
	struct hg_rta_result r[4];
	uint64_t unit;
	size_t i;

	for (unit = 1; unit <= MS; unit *= MS) {
		memset(ts, 0, sizeof(ts));
		for (i = 0; i < 4; i++)
			ts[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = c[i] * unit,
				.t_ns = t[i] * unit, .d_ns = t[i] * unit, .prio = HG_RTA_NO_PRIO };
		ck_assert_int_eq(hg_rta_global(ts, 4, 2, r, NULL), 0);
		for (i = 0; i < 4; i++) {
			ck_assert_int_eq(r[i].bound, HG_RTA_UPPER);
			ck_assert_uint_eq(r[i].response_ns, i == 3 && unit == MS ?
					  16 * MS - 1 : want2[i] * unit);
		}
		ck_assert_int_eq(hg_rta_global(ts, 4, 3, r, NULL), 0);
		for (i = 0; i < 4; i++)
			ck_assert_uint_eq(r[i].response_ns, want3[i] * unit);
	}
}
END_TEST

/* No bound where the paper's proof does not reach. */
START_TEST(test_not_covered_by_the_test)
{
	static const struct ms_task dt[] = { TASK(1, 10, 20, 0, 0, 2), TASK(1, 10, 0, 0, 0, 1) };
	static const struct ms_task miss[] = {
		TASK(9, 10, 0, 0, 0, 3), TASK(9, 10, 0, 0, 0, 2), TASK(9, 10, 0, 0, 0, 1),
		TASK(1, 10, 0, 0, 0, 0),
	};
	struct hg_rta_task ts[4];
	struct hg_rta_result r[4];

	/*
	 * No more tasks than CPUs: each alone, exact, D > T too: 1/10 due at
	 * 20 and 1/10 on two CPUs respond in 1 each.
	 */
	to_tasks(dt, 2, ts);
	ck_assert_int_eq(hg_rta_global(ts, 2, 2, r, NULL), 0);
	ck_assert_uint_eq(r[0].response_ns, MS);
	ck_assert_int_eq(r[0].bound, HG_RTA_EXACT);
	ck_assert_int_eq(r[0].test, HG_RTA_TEST_GLOBAL);
	ck_assert_uint_eq(r[1].rank, 1);
	/* D > T on fewer CPUs than tasks: the test is for D <= T */
	ck_assert_int_eq(hg_rta_global(ts, 2, 1, r, NULL), 0);
	ck_assert_int_eq(r[0].bound, HG_RTA_UNDECIDED);
	ck_assert(!r[0].schedulable);
	/* ... but its jobs have no bound, so nothing below them has one */
	ck_assert_int_eq(r[1].bound, HG_RTA_UNDECIDED);
	/*
	 * Three of 9/10 on two CPUs: the third's terms reach min(W, R - 8),
	 * 2 (R - 8) / 2 = R - 8, so R = 9 + R - 8 grows by 1 a step past 10.
	 */
	to_tasks(miss, 4, ts);
	ck_assert_int_eq(hg_rta_global(ts, 4, 2, r, NULL), 0);
	ck_assert_uint_eq(r[0].response_ns, 9 * MS);
	ck_assert_uint_eq(r[1].response_ns, 9 * MS);
	ck_assert_int_eq(r[2].bound, HG_RTA_UNDECIDED);
	ck_assert_int_eq(r[3].bound, HG_RTA_UNDECIDED);
	/* bad input */
	ck_assert_int_eq(hg_rta_global(ts, 4, 0, r, NULL), -EINVAL);
	ts[1].c_ns = 0;
	ck_assert_int_eq(hg_rta_global(ts, 4, 2, r, NULL), -EINVAL);
}
END_TEST

/*
 * On random sets (D <= T, no jitter or blocking): with one CPU the test is
 * a sufficient uniprocessor test, so where it shows a task schedulable its
 * bound is at least the exact response; and more CPUs never make a bound
 * larger.
 */
START_TEST(test_random_sound)
{
	static const uint64_t periods[] = { 2, 3, 4, 5, 6, 8, 10, 12, 15, 20 };
	uint64_t seed = 0x676c6f62616cULL + (uint64_t)_i;
	unsigned int k, shown = 0;

	for (k = 0; k < 500; k++) {
		struct hg_rta_task ts[6];
		struct hg_rta_result exact[6], g1[6], g2[6], g3[6];
		size_t n = 1 + rnd(&seed) % 6, i;

		for (i = 0; i < n; i++) {
			uint64_t t = periods[rnd(&seed) % 10] * MS;
			uint64_t c = 1 + rnd(&seed) % (t * 2 / (n + 1));

			ts[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = c, .t_ns = t,
				.d_ns = c + rnd(&seed) % (t - c + 1), .prio = (int32_t)(n - i) };
		}
		ck_assert_int_eq(hg_rta_fp(ts, n, exact, NULL), 0);
		ck_assert_int_eq(hg_rta_global(ts, n, 1, g1, NULL), 0);
		ck_assert_int_eq(hg_rta_global(ts, n, 2, g2, NULL), 0);
		ck_assert_int_eq(hg_rta_global(ts, n, 3, g3, NULL), 0);
		for (i = 0; i < n; i++) {
			if (g1[i].schedulable) {
				ck_assert_msg(exact[i].response_ns <= g1[i].response_ns,
					      "set %u task %zu: exact %llu above the bound %llu", k,
					      i, (unsigned long long)exact[i].response_ns,
					      (unsigned long long)g1[i].response_ns);
				shown++;
			}
			if (g1[i].schedulable)
				ck_assert(g2[i].schedulable &&
					  g2[i].response_ns <= g1[i].response_ns);
			if (g2[i].schedulable)
				ck_assert(g3[i].schedulable &&
					  g3[i].response_ns <= g2[i].response_ns);
		}
	}
	ck_assert_uint_gt(shown, 100);
}
END_TEST

/*
 * A window's workload W_i(L), for the reference below, and for the sets of
 * test_least_fixed_point, worked by hand: the first, 2/4, 1/4, 2/4, 1/9 ms
 * rate-monotonic on two CPUs, the third responding in 3 ms. At R = 3.999999
 * ms the fourth's cap is R - 1 ms + 1 ns = 3 ms; W = 2 (span 3.999999),
 * 1 and 2 + 0.999999 (span 4.999999, one whole job and part of the next);
 * 1 + floor(5.999999 / 2) = 3.999999 <= R, and the plain iteration from
 * 1 ms reaches nothing smaller. The old walk galloped to 5.999999 ms.
 */
static uint64_t ref_w(const struct hg_rta_task *i, uint64_t r, uint64_t L)
{
	uint64_t span = L + r - i->c_ns, rest = span % i->t_ns;

	return span / i->t_ns * i->c_ns + (rest < i->c_ns ? rest : i->c_ns);
}

/*
 * The least R >= C with C + floor(sum of min(W_i(R), R - C + 1) / m) <= R,
 * by plain iteration (a nanosecond a step where it crawls), or 0 past
 * @limit. @hp, @rhp: the tasks above and their responses.
 */
static uint64_t ref_lfp(const struct hg_rta_task *hp, const uint64_t *rhp, size_t nhp,
			const struct hg_rta_task *k, unsigned int m, uint64_t limit)
{
	uint64_t R = k->c_ns, next;
	size_t j;

	for (;;) {
		unsigned __int128 sum = 0;

		for (j = 0; j < nhp; j++) {
			uint64_t w = ref_w(&hp[j], rhp[j], R), cap = R - k->c_ns + 1;

			sum += w < cap ? w : cap;
		}
		next = k->c_ns + (uint64_t)(sum / m);
		if (next <= R)
			return R;
		if (next > limit)
			return 0;
		R = next;
	}
}

START_TEST(test_least_fixed_point)
{
	static const struct ms_task a[] = {
		TASK(2, 4, 0, 0, 0, NONE), TASK(1, 4, 0, 0, 0, NONE), TASK(2, 4, 0, 0, 0, NONE),
		TASK(1, 9, 0, 0, 0, NONE),
	}, b[] = {
		TASK(12, 21, 0, 0, 0, NONE), TASK(2, 23, 0, 0, 0, NONE),
		TASK(18, 23, 0, 0, 0, NONE), TASK(6, 27, 0, 0, 0, NONE),
	};
	struct hg_rta_task ts[4];
	struct hg_rta_result r[4];

	to_tasks(a, 4, ts);
	ck_assert_int_eq(hg_rta_global(ts, 4, 2, r, NULL), 0);
	ck_assert_int_eq(r[3].bound, HG_RTA_UPPER);
	ck_assert_uint_eq(r[3].response_ns, 4 * MS - 1);	/* it was 5.999999 ms */
	to_tasks(b, 4, ts);
	ck_assert_int_eq(hg_rta_global(ts, 4, 2, r, NULL), 0);
	ck_assert_uint_eq(r[2].response_ns, 20 * MS);
	ck_assert_int_eq(r[3].bound, HG_RTA_UPPER);		/* it was undecided */
	ck_assert(r[3].schedulable);
	ck_assert_uint_eq(r[3].response_ns, 20 * MS);
}
END_TEST

/*
 * Random sets of 5 to 7 tasks on 2 and 3 CPUs, in whole tenths of a us
 * (GRAIN): every response is the least fixed point that plain iteration
 * finds. Plain iteration may climb a nanosecond a step; in tenths of a ms
 * it took a minute of CPU time a set of seeds, past Check's timeout on a
 * loaded machine, for the same fixed points at a thousandth of the scale.
 */
#define GRAIN (MS / 10000)
START_TEST(test_random_least)
{
	uint64_t seed = 0x6c66702e676cULL + (uint64_t)_i;
	unsigned int k, compared = 0;

	for (k = 0; k < 300; k++) {
		struct hg_rta_task ts[7], byrank[7];
		struct hg_rta_result r[7];
		uint64_t resp[7];
		size_t n = 5 + rnd(&seed) % 3, i, idx[7];
		unsigned int m = 2 + (unsigned int)(rnd(&seed) % 2);

		for (i = 0; i < n; i++) {
			uint64_t t = (10 + rnd(&seed) % 290) * GRAIN;
			uint64_t c = (1 + rnd(&seed) % (t / GRAIN - 1)) * GRAIN;

			ts[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = c, .t_ns = t,
				.d_ns = t, .prio = (int32_t)(n - i) };
		}
		ck_assert_int_eq(hg_rta_global(ts, n, m, r, NULL), 0);
		ck_assert_int_eq(hg_rta_rank(ts, n, idx, NULL), 0);
		for (i = 0; i < n; i++) {
			const struct hg_rta_task *me = &ts[idx[i]];
			uint64_t want;

			byrank[i] = *me;
			if (i && resp[i - 1] == 0)
				break;	/* no bound above: none asked below */
			want = n <= m ? me->c_ns : ref_lfp(byrank, resp, i, me, m, me->d_ns);
			resp[i] = want;
			if (!want) {
				ck_assert(!r[idx[i]].schedulable);
				continue;
			}
			ck_assert_msg(r[idx[i]].schedulable && r[idx[i]].response_ns == want,
				      "set %u rank %zu: %llu, the least fixed point is %llu", k, i,
				      (unsigned long long)r[idx[i]].response_ns,
				      (unsigned long long)want);
			compared++;
		}
	}
	ck_assert_msg(compared > 500, "%u compared", compared);
}
END_TEST

/* ---------------------------------------------------------- partition */

static void on_cpus(struct hg_rta_task *t, int lo, int hi)
{
	int c;

	CPU_ZERO(&t->cpus);
	for (c = lo; c <= hi; c++)
		CPU_SET(c, &t->cpus);
}

/*
 * The pinned example: 3/8 on CPU 0, 7/8 on CPU 1, each alone on
 * its CPU: 3 and 7 ms (on one CPU, 7/8 would have no bound).
 */
START_TEST(test_partition_pinned)
{
	static const struct ms_task m[] = { TASK(3, 8, 0, 0, 0, 50), TASK(7, 8, 0, 0, 0, 10) };
	struct hg_rta_task ts[2];
	struct hg_rta_analysis a;

	to_tasks(m, 2, ts);
	on_cpus(&ts[0], 0, 0);
	on_cpus(&ts[1], 1, 1);
	ck_assert_int_eq(hg_rta_analyse(ts, 2, &a), 0);
	ck_assert_uint_eq(a.ngroups, 2);
	ck_assert_uint_eq(a.r[0].response_ns, 3 * MS);
	ck_assert_uint_eq(a.r[1].response_ns, 7 * MS);
	ck_assert_int_eq(a.r[1].test, HG_RTA_TEST_UNI);
	ck_assert_uint_eq(a.r[1].rank, 0);		/* first on its CPU */
	ck_assert_int_eq(a.g[a.group[1]].demand, HG_EDF_SCHEDULABLE);
	ck_assert(a.g[a.group[1]].utilisation > 0.874 && a.g[a.group[1]].utilisation < 0.876);
	hg_rta_analysis_free(&a);
	/* together on CPU 1: no bound for the lower */
	on_cpus(&ts[0], 1, 1);
	ck_assert_int_eq(hg_rta_analyse(ts, 2, &a), 0);
	ck_assert_uint_eq(a.ngroups, 1);
	ck_assert_int_eq(a.r[1].bound, HG_RTA_UNBOUNDED);
	hg_rta_analysis_free(&a);
}
END_TEST

/*
 * Carry-in, the cap and the division by m, on a set derived by hand from
 * the equations of Bertogna and Cirinei, "Response-Time Analysis for
 * Globally Scheduled Symmetric Multiprocessor Platforms", RTSS 2007,
 * section 4 (global.h). The paper's own numerical examples are not
 * reproduced here: their numbers could not be checked with certainty, so
 * this set and every figure below follow from the paper's formulas alone.
 *
 * tau1, tau2, tau3: 1 ms every 4 ms; tau4: 3 ms every 8 ms; priorities in
 * that order; two CPUs (four tasks: more than CPUs, so the test applies).
 *  tau1: nothing above: R1 = 1.
 *  tau2: R = 1 + floor(min(W1(1), 1 - 1 + 1) / 2) = 1 + floor(1 / 2) = 1.
 *  tau3: at 1: W_i(1): N = floor((1 + 0) / 4) = 0, min(1, 1) = 1; cap 1;
 *        1 + floor((1 + 1) / 2) = 2. At 2: W_i(2) = min(1, 2) = 1, cap 2:
 *        1 + floor(2 / 2) = 2. R3 = 2: a job of tau3 may end 1 ms after
 *        its C, the carry-in below.
 *  tau4: at 3: W1(3) = W2(3) = min(1, 3) = 1 (cap 1); W3(3): L + R3 - C3
 *        = 4, N = 1, 1 + min(1, 4 - 4) = 1 (cap 1); 3 + floor(3 / 2) = 4.
 *        At 4: W1 = W2: N = 1, 1 + min(1, 0) = 1 (cap 2); W3: 5, N = 1,
 *        1 + min(1, 1) = 2 (cap 2); 3 + floor(4 / 2) = 5.
 *        At 5: W1 = W2: N = 1, 1 + min(1, 1) = 2 (cap 3); W3: 6, N = 1,
 *        1 + min(1, 2) = 2; 3 + floor(6 / 2) = 6.
 *        At 6: W1 = W2 = 1 + min(1, 2) = 2 (cap 4); W3: 7, 1 + min(1, 3)
 *        = 2; 3 + floor(6 / 2) = 6: R4 = 6 <= 8.
 *  Without the carry-in (R3 taken as C3), W3(4) would be 1 and the
 *  iteration would stop at 4: the carry-in raises tau4's bound to 6.
 * On three CPUs: tau3: 1 + floor(2 / 3) = 1, so R3 = 1; tau4 at 3: three
 * terms of 1, 3 + floor(3 / 3) = 4; at 4: W_i(4) = 1 + min(1, 0) = 1
 * each (N = 1; W3's L + R3 - C3 is 4 too), 3 + floor(3 / 3) = 4: R4 = 4.
 */
START_TEST(test_carry_in)
{
	static const struct ms_task m[] = {
		TASK(1, 4, 0, 0, 0, 40), TASK(1, 4, 0, 0, 0, 30), TASK(1, 4, 0, 0, 0, 20),
		TASK(3, 8, 0, 0, 0, 10),
	};
	static const uint64_t two[] = { 1, 1, 2, 6 }, three[] = { 1, 1, 1, 4 };
	struct hg_rta_task ts[4];
	struct hg_rta_result r[4];
	size_t i;

	to_tasks(m, 4, ts);
	ck_assert_int_eq(hg_rta_global(ts, 4, 2, r, NULL), 0);
	for (i = 0; i < 4; i++) {
		ck_assert_msg(r[i].response_ns == two[i] * MS, "tau%zu on 2: %llu", i + 1,
			      (unsigned long long)r[i].response_ns);
		ck_assert(r[i].schedulable);
		ck_assert_int_eq(r[i].bound, HG_RTA_UPPER);
	}
	ck_assert_int_eq(hg_rta_global(ts, 4, 3, r, NULL), 0);
	for (i = 0; i < 4; i++)
		ck_assert_msg(r[i].response_ns == three[i] * MS, "tau%zu on 3: %llu", i + 1,
			      (unsigned long long)r[i].response_ns);
}
END_TEST

/*
 * The paper's own set (Regehr, "Inferring Scheduling Behavior with
 * Hourglass", USENIX FREENIX 2002, section 5: 3 ms / 8 ms at RTMED and
 * 17 ms / 33 ms at RTLOW; rate-monotonic analysis predicts 3 and 29 ms,
 * and with 8 ms of release jitter and C = 19 ms, 39 ms > 33 ms), through
 * the analysis by CPUs:
 *  both on CPU 0: one CPU as in the paper: 3; 17 -> 17 + ceil(17 / 8) 3
 *    = 26 -> 17 + ceil(26 / 8) 3 = 29 -> 17 + ceil(29 / 8) 3 = 29.
 *    With J = 8, C = 19: 19 + 3 ceil(19 / 8) = 28 -> 19 + 3 ceil(28 / 8)
 *    = 31 -> 19 + 3 ceil(31 / 8) = 31; J + 31 = 39 > 33.
 *  free on CPUs 0-1: two tasks on two CPUs, each alone: 3 and 17.
 *  one on each CPU: 3 and 17, each its CPU's only task.
 */
START_TEST(test_paper_set)
{
	static const struct ms_task m[] = { TASK(3, 8, 0, 0, 0, 50), TASK(17, 33, 0, 0, 0, 10) };
	static const struct ms_task late[] = { TASK(3, 8, 0, 0, 0, 50), TASK(19, 33, 0, 8, 0, 10) };
	static const struct {
		const struct ms_task *set;
		int cpu[2][2];		/* each task's first and last CPU */
		uint64_t r1;		/* ms */
		enum hg_rta_test test;
		bool schedulable;
	} c[] = {
		{ m, { { 0, 0 }, { 0, 0 } }, 29, HG_RTA_TEST_UNI, true },
		{ m, { { 0, 1 }, { 0, 1 } }, 17, HG_RTA_TEST_GLOBAL, true },
		{ m, { { 0, 0 }, { 1, 1 } }, 17, HG_RTA_TEST_UNI, true },
		{ late, { { 0, 0 }, { 0, 0 } }, 39, HG_RTA_TEST_UNI, false },
	};
	struct hg_rta_task ts[2];
	struct hg_rta_analysis a;
	size_t k, i;

	for (k = 0; k < sizeof(c) / sizeof(c[0]); k++) {
		to_tasks(c[k].set, 2, ts);
		for (i = 0; i < 2; i++)
			on_cpus(&ts[i], c[k].cpu[i][0], c[k].cpu[i][1]);
		ck_assert_int_eq(hg_rta_analyse(ts, 2, &a), 0);
		ck_assert_uint_eq(a.r[0].response_ns, 3 * MS);
		ck_assert_msg(a.r[1].response_ns == c[k].r1 * MS, "case %zu: %llu", k,
			      (unsigned long long)a.r[1].response_ns);
		ck_assert_int_eq(a.r[1].test, c[k].test);
		ck_assert(a.r[1].schedulable == c[k].schedulable);
		hg_rta_analysis_free(&a);
	}
}
END_TEST

/* CPUs that overlap without being equal: neither group is covered; others are. */
START_TEST(test_partition_overlap)
{
	static const struct ms_task m[] = {
		TASK(1, 10, 0, 0, 0, 3), TASK(1, 10, 0, 0, 0, 2), TASK(1, 10, 0, 0, 0, 1),
		TASK(1, 10, 0, 0, 0, 1),
	};
	struct hg_rta_task ts[4];
	struct hg_rta_analysis a;

	to_tasks(m, 4, ts);
	on_cpus(&ts[0], 0, 0);
	on_cpus(&ts[1], 0, 1);
	on_cpus(&ts[2], 2, 3);
	on_cpus(&ts[3], 2, 3);
	ck_assert_int_eq(hg_rta_analyse(ts, 4, &a), 0);
	ck_assert_uint_eq(a.ngroups, 3);
	ck_assert_int_eq(a.r[0].test, HG_RTA_TEST_NONE);
	ck_assert_int_eq(a.r[1].test, HG_RTA_TEST_NONE);
	ck_assert(!a.r[0].schedulable && a.r[0].response_ns == UINT64_MAX);
	ck_assert_uint_eq(a.g[a.group[0]].overlap, 1);
	ck_assert_uint_eq(a.g[a.group[1]].overlap, 0);
	/* two on CPUs 2-3: each alone on a CPU in the worst case */
	ck_assert_int_eq(a.r[2].test, HG_RTA_TEST_GLOBAL);
	ck_assert_uint_eq(a.r[3].response_ns, MS);
	ck_assert_uint_eq(a.g[a.group[3]].ncpus, 2);
	hg_rta_analysis_free(&a);
}
END_TEST

/* No CPU named (a task file without CPU=): one CPU, as before. */
START_TEST(test_partition_unnamed)
{
	static const struct ms_task m[] = { TASK(3, 8, 0, 0, 0, 50), TASK(17, 33, 0, 0, 0, 10) };
	struct hg_rta_task ts[2];
	struct hg_rta_analysis a;

	to_tasks(m, 2, ts);
	ck_assert_int_eq(hg_rta_analyse(ts, 2, &a), 0);
	ck_assert_uint_eq(a.ngroups, 1);
	ck_assert_uint_eq(a.g[0].ncpus, 1);
	ck_assert_int_eq(a.g[0].test, HG_RTA_TEST_UNI);
	ck_assert_uint_eq(a.r[1].response_ns, 29 * MS);
	ck_assert_int_eq(a.order, HG_RTA_BY_PRIORITY);
	hg_rta_analysis_free(&a);
	ts[0].c_ns = 0;
	ck_assert_int_eq(hg_rta_analyse(ts, 2, &a), -EINVAL);
	hg_rta_analysis_free(&a);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("global");
	TCase *tc = tcase_create("global");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_three_on_two);
	tcase_add_test(tc, test_carry_in);
	tcase_add_test(tc, test_schedcat_set);
	tcase_add_test(tc, test_not_covered_by_the_test);
	tcase_add_loop_test(tc, test_random_sound, 0, 4);
	tcase_add_test(tc, test_least_fixed_point);
	tcase_add_loop_test(tc, test_random_least, 0, 4);
	suite_add_tcase(s, tc);
	tc = tcase_create("partition");
	tcase_add_test(tc, test_partition_pinned);
	tcase_add_test(tc, test_paper_set);
	tcase_add_test(tc, test_partition_overlap);
	tcase_add_test(tc, test_partition_unnamed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
