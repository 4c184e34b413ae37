// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_margin.c - analysis/sched/margin.c: the critical scaling factor, the
 * breakdown utilisation and each task's largest C, worked by hand
 */
#include <math.h>
#include <stdlib.h>

#include "analysis/sched/margin.h"
#include "rtatest.h"

/*
 * The paper's set, 3/8 and 17/33 ms, rate-monotonic. The second responds
 * in 17 + 4 * 3 = 29 ms; scaled by l it responds in 17 l + 4 * 3 l while
 * that stays within 4 periods of the first (32 ms): l = 32 / 29 = 1.1034,
 * U = 0.8902 -> 0.9823. Alone: the first's C up to 3.75 ms (17 + 4 * 3.75
 * = 32), the second's up to 20 ms (20 + 4 * 3 = 32; above, a fifth job).
 */
START_TEST(test_paper_set)
{
	static const struct ms_task m[] = {
		TASK(3, 8, 0, 0, 0, NONE), TASK(17, 33, 0, 0, 0, NONE),
	};
	struct hg_rta_task ts[2];
	struct hg_rta_margin g;
	uint64_t c[2];

	to_tasks(m, 2, ts);
	ck_assert_int_eq(hg_rta_margin(ts, 2, NULL, 0, &g, c), 0);
	ck_assert(g.known && g.per_task);
	ck_assert_msg(fabs(g.scaling - 32.0 / 29.0) < 1e-5, "scaling %f", g.scaling);
	ck_assert(fabs(g.breakdown - (3.0 / 8 + 17.0 / 33) * 32 / 29) < 1e-5);
	ck_assert_uint_eq(c[0], 3750 * 1000);
	ck_assert_uint_eq(c[1], 20 * MS);
}
END_TEST

/* Over the edge: 5/8 and 17/33 responds in 17 + 5 * 4 > 33; l < 1. */
START_TEST(test_over_the_edge)
{
	static const struct ms_task m[] = {
		TASK(5, 8, 0, 0, 0, NONE), TASK(17, 33, 0, 0, 0, NONE),
	};
	struct hg_rta_task ts[2];
	struct hg_rta_margin g;
	uint64_t c[2];

	to_tasks(m, 2, ts);
	ck_assert_int_eq(hg_rta_margin(ts, 2, NULL, 0, &g, c), 0);
	ck_assert(g.known && !g.per_task);
	ck_assert(g.scaling < 1 && g.scaling > 0.5);
	ck_assert_uint_eq(c[0], 0);
	/* scaled by it, the set is schedulable; a little more, it is not */
	ck_assert_int_eq(hg_rta_margin(ts, 1, NULL, 0, &g, NULL), 0);
	ck_assert(g.known && fabs(g.scaling - 8.0 / 5.0) < 1e-5);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("margin");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_paper_set);
	tcase_add_test(tc, test_over_the_edge);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
