// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_pingpong.c - hourglass/pingpong.h: round trips turned into the cost
 * of one switch (halved, the counter read subtracted, converted to ns),
 * and a real ping-pong's structure (no figure is asserted)
 */
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdlib.h>

#include "helpers.h"
#include "run/cpulist.h"
#include "run/pingpong.h"

START_TEST(test_summarise)
{
	/* at 1 GHz, less 10 cycles, halved: 50, 100, 150 ns */
	const uint64_t rt[] = { 310, 110, 210 };
	struct hg_ci med, mean;

	ck_assert_int_eq(hg_pingpong_summarise(rt, 3, 10, 1000000000, &med, &mean), 0);
	ck_assert_double_eq(med.est, 100);
	ck_assert(med.lo >= 50 && med.hi <= 150);
	ck_assert_double_eq_tol(mean.est, 100, 1e-9);
	/* a bootstrap: within the values, where Student t's reached 100 + 124.2 */
	ck_assert(mean.lo >= 50 && mean.lo <= 100 && mean.hi >= 100 && mean.hi <= 150);
}
END_TEST

/*
 * Five switches of 100 ns and one of 20 us (a preemption): mean 3416.7 ns,
 * s = 8124.4, so Student t's interval, 3416.7 -+ 2.571 * 8124.4 / sqrt(6),
 * starts at -5110 ns, a negative time. The interval given is a bootstrap's,
 * within the values: from 100 ns up.
 */
START_TEST(test_summarise_skewed)
{
	const uint64_t rt[] = { 210, 210, 210, 210, 210, 40010 };
	struct hg_ci med, mean;

	ck_assert_int_eq(hg_pingpong_summarise(rt, 6, 10, 1000000000, &med, &mean), 0);
	ck_assert_double_eq_tol(mean.est, 20500.0 / 6, 1e-9);
	ck_assert_double_ge(mean.lo, 100);
	ck_assert_double_le(mean.hi, 20000);
	ck_assert_double_eq(med.est, 100);
}
END_TEST

START_TEST(test_summarise_units)
{
	/* at 2 GHz a cycle is 0.5 ns: (4010 - 10) / 2 cycles = 1000 ns */
	const uint64_t rt[] = { 4010, 4010 };
	/* a round trip shorter than the read counts as 0, not as a wrap */
	const uint64_t tiny[] = { 5 };
	struct hg_ci med, mean;

	ck_assert_int_eq(hg_pingpong_summarise(rt, 2, 10, 2000000000, &med, &mean), 0);
	ck_assert_double_eq_tol(med.est, 1000, 1e-9);
	ck_assert_double_eq_tol(mean.lo, 1000, 1e-9);
	ck_assert_int_eq(hg_pingpong_summarise(tiny, 1, 10, 1000000000, &med, &mean), 0);
	ck_assert_double_eq(med.est, 0);
	ck_assert_int_eq(hg_pingpong_summarise(rt, 0, 10, 1000000000, &med, &mean), -EINVAL);
}
END_TEST

START_TEST(test_measure)
{
	struct hg_calib c = { .tsc_hz = 1000000000, .counter_read_cycles = 1 };
	struct hg_pingpong pp;
	cpu_set_t set;
	int cpu;

	ck_assert_int_eq(sched_getaffinity(0, sizeof(set), &set), 0);
	cpu = hg_cpu_last(&set);
	ck_assert_int_ge(cpu, 0);
	ck_assert_int_eq(hg_pingpong_measure((unsigned int)cpu, 50, &c, &pp), 0);
	ck_assert_uint_eq(pp.cpu, (unsigned int)cpu);
	ck_assert_uint_eq(pp.rounds, 50);
	ck_assert(pp.pipe_median_ns.lo <= pp.pipe_median_ns.est);
	ck_assert(pp.pipe_median_ns.est <= pp.pipe_median_ns.hi);
	ck_assert(pp.yield_mean_ns.lo <= pp.yield_mean_ns.hi);
	ck_assert_int_eq(hg_pingpong_measure((unsigned int)cpu, 0, &c, &pp), -EINVAL);
	ck_assert_int_eq(hg_pingpong_measure(CPU_SETSIZE, 10, &c, &pp), -EINVAL);
}
END_TEST

START_TEST(test_cpu_last)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	ck_assert_int_eq(hg_cpu_last(&set), -1);
	CPU_SET(0, &set);
	CPU_SET(5, &set);
	ck_assert_int_eq(hg_cpu_last(&set), 5);
}
END_TEST

static Suite *pingpong_suite(void)
{
	Suite *s = suite_create("pingpong");
	TCase *tc = tcase_create("pingpong");

	tcase_add_test(tc, test_summarise);
	tcase_add_test(tc, test_summarise_skewed);
	tcase_add_test(tc, test_summarise_units);
	tcase_add_test(tc, test_measure);
	tcase_add_test(tc, test_cpu_last);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(pingpong_suite());
}
