// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_intervals.c - report/intervals.c: the trace lines' gap column
 * is the paper's (this start minus the end of the previous interval on the
 * same CPU, of any thread), worked out by hand for a synthetic trace
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "report/text.h"

/* Cycles = ns after t0 = 1000. */
#define T(x) (1000 + (uint64_t)(x))

static char *lines(const struct hg_trace *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(hg_print_intervals(f, t), 0);
	fclose(f);
	return buf;
}

/*
 * Threads 0 and 1 alternate on CPU 0, thread 2 runs alone on CPU 1:
 *   0 [0, 100)    first on CPU 0: gap 0 - 0 (the run's start)      = 0
 *   2 [50, 550)   first on CPU 1: gap 50 - 0                       = 50
 *   1 [160, 250)  CPU 0 after thread 0's end at 100: 160 - 100     = 60
 *   0 [300, 400)  after thread 1's end at 250: 300 - 250           = 50
 *   1 [470, 500)  after thread 0's end at 400: 470 - 400           = 70
 * Thread 2's interval on CPU 1 never counts for CPU 0.
 */
START_TEST(test_gap_is_per_cpu)
{
	static const uint64_t t0[][2] = { { T(0), 100 }, { T(300), 100 } };
	static const uint64_t t1[][2] = { { T(160), 90 }, { T(470), 30 } };
	static const uint64_t t2[][2] = { { T(50), 500 } };
	const uint64_t (*const iv[])[2] = { t0, t1, t2 };
	const size_t n[] = { 2, 2, 1 };
	struct hg_trace *t = hg_test_trace(3, iv, n);
	char *out;
	size_t k;

	ck_assert_ptr_nonnull(t);
	for (k = 0; k < t->threads[2].stored; k++)
		t->threads[2].recs[k].cpu = 1;
	out = lines(t);
	ck_assert_str_eq(out,
			 "0 0.000000 0.000100 0.000100 0.000000\n"
			 "2 0.000050 0.000550 0.000500 0.000050\n"
			 "1 0.000160 0.000250 0.000090 0.000060\n"
			 "0 0.000300 0.000400 0.000100 0.000050\n"
			 "1 0.000470 0.000500 0.000030 0.000070\n");
	free(out);
	hg_trace_free(t);
}
END_TEST

/*
 * On one CPU an interval that starts before the previous one ends (a
 * damaged file) gets 0, and the CPU's end stays the later of the two:
 *   0 [0, 200)    gap 0
 *   1 [100, 150)  starts before 200: gap 0 (the CPU's end stays 200)
 *   0 [260, 300)  260 - 200 = 60
 */
START_TEST(test_gap_overlap)
{
	static const uint64_t t0[][2] = { { T(0), 200 }, { T(260), 40 } };
	static const uint64_t t1[][2] = { { T(100), 50 } };
	const uint64_t (*const iv[])[2] = { t0, t1 };
	const size_t n[] = { 2, 1 };
	struct hg_trace *t = hg_test_trace(2, iv, n);
	char *out;

	ck_assert_ptr_nonnull(t);
	out = lines(t);
	ck_assert_str_eq(out,
			 "0 0.000000 0.000200 0.000200 0.000000\n"
			 "1 0.000100 0.000150 0.000050 0.000000\n"
			 "0 0.000260 0.000300 0.000040 0.000060\n");
	free(out);
	hg_trace_free(t);
}
END_TEST

static Suite *intervals_suite(void)
{
	Suite *s = suite_create("intervals");
	TCase *tc = tcase_create("gap column");

	tcase_add_test(tc, test_gap_is_per_cpu);
	tcase_add_test(tc, test_gap_overlap);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(intervals_suite());
}
