// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_grow.c - util/grow.h: the one growable array keeps its elements
 * while it doubles, grows only when asked for more than it holds, and
 * refuses a size past SIZE_MAX with the array left as it was
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>

#include "helpers.h"
#include "util/grow.h"

struct pair {
	int a;
	double b;
};

/* Appended one at a time, 1000 elements are all there, in order. */
START_TEST(test_push_keeps_elements)
{
	struct pair *v = NULL;
	size_t n = 0, cap = 0, i;

	for (i = 0; i < 1000; i++) {
		ck_assert_int_eq(HG_GROW(v, cap, n + 1), 0);
		ck_assert_uint_ge(cap, n + 1);
		v[n++] = (struct pair){ .a = (int)i, .b = (double)i / 2 };
	}
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(v[i].a, (int)i);
		ck_assert(v[i].b == (double)i / 2);
	}
	/* doubled from the first capacity: 16, 32, ..., 1024 */
	ck_assert_uint_eq(cap, 1024);
	free(v);
}
END_TEST

/* The first allocation holds HG_GROW_FIRST; a larger need is met at once. */
START_TEST(test_first_and_jump)
{
	int *v = NULL;
	size_t cap = 0;

	ck_assert_int_eq(HG_GROW(v, cap, 1), 0);
	ck_assert_ptr_nonnull(v);
	ck_assert_uint_eq(cap, HG_GROW_FIRST);
	ck_assert_int_eq(HG_GROW(v, cap, 5 * HG_GROW_FIRST), 0);
	ck_assert_uint_eq(cap, 8 * HG_GROW_FIRST);
	v[5 * HG_GROW_FIRST - 1] = 7;
	free(v);
}
END_TEST

/* A need within the capacity changes nothing. */
START_TEST(test_no_growth_within)
{
	int *v = NULL, *was;
	size_t cap = 0;

	ck_assert_int_eq(HG_GROW(v, cap, 10), 0);
	was = v;
	ck_assert_int_eq(HG_GROW(v, cap, cap), 0);
	ck_assert_int_eq(HG_GROW(v, cap, 0), 0);
	ck_assert_ptr_eq(v, was);
	ck_assert_uint_eq(cap, HG_GROW_FIRST);
	free(v);
}
END_TEST

/* A size past SIZE_MAX is -ENOMEM, the array and its capacity as they were. */
START_TEST(test_overflow_refused)
{
	uint64_t *v = NULL, *was;
	size_t cap = 0;

	ck_assert_int_eq(HG_GROW(v, cap, 3), 0);
	v[2] = 42;
	was = v;
	ck_assert_int_eq(HG_GROW(v, cap, SIZE_MAX / 4), -ENOMEM);
	ck_assert_int_eq(HG_GROW(v, cap, SIZE_MAX), -ENOMEM);
	ck_assert_ptr_eq(v, was);
	ck_assert_uint_eq(cap, HG_GROW_FIRST);
	ck_assert_uint_eq(v[2], 42);
	free(v);
}
END_TEST

/* A capacity already set by someone else (an array of 3) doubles from there. */
START_TEST(test_from_odd_capacity)
{
	char *v = malloc(3);
	size_t cap = 3;

	ck_assert_ptr_nonnull(v);
	v[0] = 'a';
	v[2] = 'c';
	ck_assert_int_eq(hg_grow(&v, &cap, 4, 1), 0);
	ck_assert_uint_eq(cap, 6);
	ck_assert_int_eq(v[0], 'a');
	ck_assert_int_eq(v[2], 'c');
	free(v);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("grow");
	TCase *tc = tcase_create("grow");

	tcase_add_test(tc, test_push_keeps_elements);
	tcase_add_test(tc, test_first_and_jump);
	tcase_add_test(tc, test_no_growth_within);
	tcase_add_test(tc, test_overflow_refused);
	tcase_add_test(tc, test_from_odd_capacity);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
