// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_thresh.c - analysis/compare/thresh.c: the spread of repeated
 * thresholds, whether two traces' thresholds differ, the warning
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/compare/thresh.h"
#include "report/thresh.h"

START_TEST(test_spread)
{
	uint64_t odd[] = { 120, 104, 104, 112, 104 };	/* sorted: 104 104 104 112 120 */
	uint64_t even[] = { 100, 110 };
	struct hg_thresh_spread s;

	ck_assert_int_eq(hg_thresh_spread(odd, 5, &s), 0);
	ck_assert_uint_eq(s.n, 5);
	ck_assert_uint_eq(s.min, 104);
	ck_assert_uint_eq(s.median, 104);
	ck_assert_uint_eq(s.max, 120);
	ck_assert_double_eq_tol(s.spread_pct, 100.0 * 16 / 104, 1e-9);
	ck_assert_int_eq(hg_thresh_spread(even, 2, &s), 0);
	ck_assert_uint_eq(s.median, 105);			/* (100 + 110) / 2 */
	ck_assert_double_eq_tol(s.spread_pct, 100.0 * 10 / 105, 1e-9);
	ck_assert_int_eq(hg_thresh_spread(even, 0, &s), -EINVAL);
}
END_TEST

static struct hg_trace *with_threshold(uint64_t ns, uint64_t cycles)
{
	struct hg_trace *t = hg_test_trace(0, NULL, NULL);

	ck_assert_ptr_nonnull(t);
	t->calib.gap_threshold_ns = ns;
	t->calib.gap_threshold_cycles = cycles;
	return t;
}

/* 10 % of the smaller apart is the same; more differs; in ns, or in cycles below 1 ns. */
START_TEST(test_differ)
{
	struct hg_trace *a = with_threshold(100, 100), *b = with_threshold(110, 110);
	struct hg_trace *c = with_threshold(111, 111), *d = with_threshold(0, 2);
	struct hg_trace *e = with_threshold(0, 3);
	const struct hg_trace *const pair[] = { a, c };
	const char *const names[] = { "a.hgt", "c.hgt" };
	const struct hg_trace *three[3];
	size_t i = 9, j = 9;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	ck_assert(!hg_thresh_differ(a, a));
	ck_assert(!hg_thresh_differ(a, b));
	ck_assert(!hg_thresh_differ(b, a));
	ck_assert(hg_thresh_differ(a, c));
	ck_assert(hg_thresh_differ(c, a));
	ck_assert(hg_thresh_differ(d, e));	/* 2 and 3 cycles at one rate */
	ck_assert(!hg_thresh_differ_ns(40, 44));
	ck_assert(hg_thresh_differ_ns(40, 45));
	ck_assert(hg_thresh_differ_ns(45, 40));
	three[0] = a;
	three[1] = b;
	three[2] = c;
	ck_assert(!hg_thresh_first_differ(three, 2, &i, &j));
	ck_assert(hg_thresh_first_differ(three, 3, &i, &j));
	ck_assert_uint_eq(i, 0);
	ck_assert_uint_eq(j, 2);
	f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	ck_assert(!hg_thresh_warn(f, "diff", pair, names, 1));
	ck_assert(hg_thresh_warn(f, "diff", pair, names, 2));
	fclose(f);
	ck_assert_str_eq(buf, "hourglass: diff: warning: a.hgt and c.hgt were taken with gap "
			 "thresholds 0.100 and 0.111 us: gaps between them were seen in one and "
			 "not the other; compare with the same -g\n");
	free(buf);
	hg_trace_free(a);
	hg_trace_free(b);
	hg_trace_free(c);
	hg_trace_free(d);
	hg_trace_free(e);
}
END_TEST

static Suite *thresh_suite(void)
{
	Suite *s = suite_create("thresh");
	TCase *tc = tcase_create("thresholds");

	tcase_add_test(tc, test_spread);
	tcase_add_test(tc, test_differ);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(thresh_suite());
}
