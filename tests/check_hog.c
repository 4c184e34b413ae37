// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_hog.c - analysis/sched/hog.c: which threads never block, and the tasks
 * they keep from running (rta's and the prediction's one verdict)
 */
#include <stdint.h>
#include <string.h>

#include "analysis/sched/hog.h"
#include "rtatest.h"

START_TEST(test_hog_is)
{
	ck_assert(hg_hog_is(HG_MODEL_SPIN, true, HG_RESERVE_NONE));
	ck_assert(hg_hog_is(HG_MODEL_CPU_PERIODIC, true, HG_RESERVE_NONE));
	ck_assert(!hg_hog_is(HG_MODEL_CPU_PERIODIC, false, HG_RESERVE_NONE));
	ck_assert(!hg_hog_is(HG_MODEL_SPIN, true, HG_RESERVE_HARD));
	ck_assert(!hg_hog_is(HG_MODEL_PERIODIC, true, HG_RESERVE_NONE));
	ck_assert(!hg_hog_is(HG_MODEL_LAT, true, HG_RESERVE_NONE));
}
END_TEST

static void cpus(cpu_set_t *s, int a, int b)
{
	int c;

	CPU_ZERO(s);
	for (c = a; c >= 0 && c <= b; c++)
		CPU_SET(c, s);
}

/*
 * Hogs: 0 at 50 on CPU 0, 1 at 90 on CPU 3, 2 at 10 naming no CPU. Tasks:
 *  0 at 60 on CPU 0: above hogs 0 and 2: its own response;
 *  1 at 50 on CPU 0: at hog 0's priority: no bound, by 0;
 *  2 without a priority on CPU 1: only hog 2 (no CPU named) reaches it: no bound;
 *  3 at 20 on CPUs 2-3: hog 1 takes CPU 3 of two: not covered, by 1;
 *  4 at 20 on CPU 3: hog 1: no bound;
 *  5 at 20 on CPU 5: none (hog 2 is below it).
 */
START_TEST(test_hog_apply)
{
	struct hg_hog h[3] = {
		{ .id = 7, .index = 0, .prio = 50 },
		{ .id = 8, .index = 1, .prio = 90 },
		{ .id = 9, .index = 2, .prio = 10 },
	};
	static const struct { int32_t prio; int a, b; uint32_t by; enum hg_rta_bound bound;
			      enum hg_rta_test test; } want[] = {
		{ 60, 0, 0, 0, HG_RTA_EXACT, HG_RTA_TEST_UNI },
		{ 50, 0, 0, 1, HG_RTA_UNBOUNDED, HG_RTA_TEST_UNI },
		{ HG_RTA_NO_PRIO, 1, 1, 3, HG_RTA_UNBOUNDED, HG_RTA_TEST_UNI },
		{ 20, 2, 3, 2, HG_RTA_UNDECIDED, HG_RTA_TEST_NONE },
		{ 20, 3, 3, 2, HG_RTA_UNBOUNDED, HG_RTA_TEST_UNI },
		{ 20, 5, 5, 0, HG_RTA_EXACT, HG_RTA_TEST_UNI },
	};
	struct hg_rta_task ts[6];
	struct hg_rta_result r[6];
	uint32_t by[6];
	size_t i;

	cpus(&h[0].cpus, 0, 0);
	cpus(&h[1].cpus, 3, 3);
	CPU_ZERO(&h[2].cpus);
	memset(ts, 0, sizeof(ts));
	for (i = 0; i < 6; i++) {
		ts[i].id = (unsigned int)i;
		ts[i].prio = want[i].prio;
		cpus(&ts[i].cpus, want[i].a, want[i].b);
		r[i] = (struct hg_rta_result){ .response_ns = MS, .bound = HG_RTA_EXACT,
					       .schedulable = true, .test = HG_RTA_TEST_UNI };
	}
	hg_hog_apply(ts, 6, h, 3, by, r);
	for (i = 0; i < 6; i++) {
		ck_assert_msg(by[i] == want[i].by, "task %zu: by %u", i, by[i]);
		ck_assert_int_eq(r[i].bound, want[i].bound);
		ck_assert_int_eq(r[i].test, want[i].test);
		ck_assert(r[i].schedulable == !want[i].by);
		ck_assert_uint_eq(r[i].response_ns, want[i].by ? UINT64_MAX : MS);
	}
	/* no hogs: nothing changes */
	hg_hog_apply(ts, 6, h, 0, by, r);
	ck_assert_uint_eq(by[0], 0);
	ck_assert_uint_eq(by[1], 0);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("hog");
	TCase *tc = tcase_create("hog");

	tcase_add_test(tc, test_hog_is);
	tcase_add_test(tc, test_hog_apply);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
