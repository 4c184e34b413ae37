// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_rtapub.c - analysis/sched/rta.c against a published example of the
 * uniprocessor analysis with blocking and release jitter
 *
 * The set is the example SchedCAT's tests (B. Brandenburg, schedcat,
 * tests/fp.py, "AudsleyExample") carry from N. Audsley, A. Burns,
 * M. Richardson, K. Tindell and A. Wellings, "Applying new scheduling
 * theory to static priority pre-emptive scheduling", Software
 * Engineering Journal 8(5), 1993: 18 tasks in deadline-monotonic order,
 * each with its C, T, D, blocking B and jitter J (in microseconds), and the
 * worst-case response w the analysis gives it; the response from the
 * release is J + w.
 */
#include <string.h>

#include "helpers.h"
#include "analysis/sched/rta.h"

#define US 1000ULL

struct pub_task {
	uint64_t c, t, d, b, j, w;
};

static const struct pub_task audsley[] = {
	{ 51, 1000, 1000, 0, 0, 51 },
	{ 3000, 2000000, 5000, 300, 0, 3504 },
	{ 2000, 25000, 25000, 600, 0, 5906 },
	{ 5000, 25000, 25000, 900, 0, 11512 },
	{ 1000, 40000, 40000, 1350, 0, 13064 },
	{ 3000, 50000, 50000, 1350, 0, 16217 },
	{ 5000, 50000, 50000, 750, 0, 20821 },
	{ 8000, 59000, 59000, 750, 0, 36637 },
	{ 9000, 80000, 80000, 1350, 0, 47798 },
	{ 2000, 80000, 80000, 450, 0, 48949 },
	{ 5000, 100000, 100000, 1050, 0, 99150 },
	{ 1000, 200000, 200000, 450, 1000, 99550 },
	{ 3000, 200000, 200000, 450, 0, 140641 },
	{ 1000, 200000, 200000, 450, 0, 141692 },
	{ 1000, 200000, 200000, 1350, 0, 143694 },
	{ 3000, 1000000, 1000000, 0, 0, 145446 },
	{ 1000, 1000000, 1000000, 0, 0, 146497 },
	{ 1000, 1000000, 1000000, 0, 0, 147548 },
};

#define NAUDSLEY (sizeof(audsley) / sizeof(audsley[0]))

/* Every response exact, from its release (J + w), and schedulable. */
START_TEST(test_audsley)
{
	struct hg_rta_task ts[NAUDSLEY];
	struct hg_rta_result r[NAUDSLEY];
	size_t i;

	memset(ts, 0, sizeof(ts));
	for (i = 0; i < NAUDSLEY; i++)
		ts[i] = (struct hg_rta_task){ .id = (unsigned int)i, .c_ns = audsley[i].c * US,
			.t_ns = audsley[i].t * US, .d_ns = audsley[i].d * US,
			.j_ns = audsley[i].j * US, .b_ns = audsley[i].b * US,
			.prio = 100 - (int32_t)i };
	ck_assert_int_eq(hg_rta_fp(ts, NAUDSLEY, r, NULL), 0);
	for (i = 0; i < NAUDSLEY; i++) {
		ck_assert_msg(r[i].response_ns == (audsley[i].j + audsley[i].w) * US,
			      "task %zu: %llu ns, the paper %llu us", i + 1,
			      (unsigned long long)r[i].response_ns,
			      (unsigned long long)(audsley[i].j + audsley[i].w));
		ck_assert_int_eq(r[i].bound, HG_RTA_EXACT);
		ck_assert(r[i].schedulable);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("rtapub");
	TCase *tc = tcase_create("published");

	tcase_add_test(tc, test_audsley);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
