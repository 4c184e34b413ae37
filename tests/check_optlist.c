// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_optlist.c - hg_opt_list(), the one parser of comma-separated
 * values (the run's --lat-thresholds, the subcommands' HG_OPT_LIST rows):
 * the values it gives, and the fault and the item it stops at
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "hourglass/cmdopt.h"

#define N(a)	(sizeof(a) / sizeof((a)[0]))
#define US	1000ULL
#define MS	1000000ULL

static const struct hg_opt times_row = {
	.name = "t", .kind = HG_OPT_LIST, .elem = HG_OPT_TIME, .flags = HG_OPT_INCREASING,
};
static const struct hg_opt times_zero_row = {
	.name = "t", .kind = HG_OPT_LIST, .elem = HG_OPT_TIME,
	.flags = HG_OPT_INCREASING | HG_OPT_ZERO_OK,
};
static const struct hg_opt any_order_row = {
	.name = "t", .kind = HG_OPT_LIST, .elem = HG_OPT_TIME,
};
static const struct hg_opt sizes_row = {
	.name = "s", .kind = HG_OPT_LIST, .elem = HG_OPT_SIZE, .min = 1024, .max = 1 << 20,
};

/*
 * Each case: the row, the list, then what hg_opt_list() gives with at
 * most 4 items of fewer than 16 bytes: its return, the fault, where the
 * item at fault starts (-1: none), the values read, and the message for
 * a value refused (hg_opt_value()'s).
 */
static const struct {
	const struct hg_opt *row;
	const char *val;
	int ret;
	enum hg_list_fault fault;
	int at;
	unsigned int n;
	uint64_t v[4];
	const char *err;
} cases[] = {
	{ &times_row, "1ms", 0, HG_LIST_OK, -1, 1, { 1 * MS }, NULL },
	{ &times_row, "1us,2ms,3ms", 0, HG_LIST_OK, -1, 3, { 1 * US, 2 * MS, 3 * MS }, NULL },
	/* four is the most: the fifth item is one too many */
	{ &times_row, "1us,2us,3us,4us", 0, HG_LIST_OK, -1, 4, { US, 2 * US, 3 * US, 4 * US }, NULL },
	{ &times_row, "1us,2us,3us,4us,5us", -EINVAL, HG_LIST_TOO_MANY, 16, 4,
	  { US, 2 * US, 3 * US, 4 * US }, NULL },
	{ &times_row, "", -EINVAL, HG_LIST_EMPTY, 0, 0, { 0 }, NULL },
	/* an empty item: at its comma ("," at 0, ",," at 4), or at the end */
	{ &times_row, ",1ms", -EINVAL, HG_LIST_EMPTY_ITEM, 0, 0, { 0 }, NULL },
	{ &times_row, "1ms,,2ms", -EINVAL, HG_LIST_EMPTY_ITEM, 4, 1, { MS }, NULL },
	{ &times_row, "1ms,", -EINVAL, HG_LIST_EMPTY_ITEM, 4, 1, { MS }, NULL },
	/* empty is found before too many */
	{ &times_row, "1us,2us,3us,4us,", -EINVAL, HG_LIST_EMPTY_ITEM, 16, 4,
	  { US, 2 * US, 3 * US, 4 * US }, NULL },
	/* 16 bytes is too long; 15 is not (then the value decides) */
	{ &times_row, "1us,00000000000001ms", -EINVAL, HG_LIST_TOO_LONG, 4, 1, { US }, NULL },
	{ &times_row, "1us,0000000000001ms", 0, HG_LIST_OK, -1, 2, { US, MS }, NULL },
	{ &times_row, "1us,abc", -EINVAL, HG_LIST_BAD_VALUE, 4, 1, { US },
	  "--t abc: not a time value (write e.g. 1.5ms)" },
	{ &times_row, "0ns,1ms", -EINVAL, HG_LIST_BAD_VALUE, 0, 0, { 0 },
	  "--t 0ns: must be greater than zero" },
	{ &times_row, "1ms,400d", -ERANGE, HG_LIST_BAD_VALUE, 4, 1, { MS },
	  "--t 400d: at most a year" },
	{ &times_zero_row, "0ns,1ms", 0, HG_LIST_OK, -1, 2, { 0, MS }, NULL },
	/* increasing: equal is not */
	{ &times_row, "2ms,1ms", -EINVAL, HG_LIST_NOT_INCREASING, 4, 1, { 2 * MS }, NULL },
	{ &times_row, "1ms,1ms", -EINVAL, HG_LIST_NOT_INCREASING, 4, 1, { MS }, NULL },
	{ &any_order_row, "2ms,1ms,1ms", 0, HG_LIST_OK, -1, 3, { 2 * MS, MS, MS }, NULL },
	/* the row's kind and limits apply to each item: 4K = 4096, 1M = 1048576 */
	{ &sizes_row, "4K,1M", 0, HG_LIST_OK, -1, 2, { 4096, 1048576 }, NULL },
	{ &sizes_row, "4K,512", -ERANGE, HG_LIST_BAD_VALUE, 3, 1, { 4096 },
	  "--s 512: must be 1024 to 1048576 bytes" },
};

START_TEST(test_list)
{
	struct hg_list_parse lp = { .row = cases[_i].row, .maxn = 4, .maxlen = 16 };
	const char *opt = cases[_i].row == &sizes_row ? "--s" : "--t";
	char err[256] = "";
	int ret = hg_opt_list(&lp, opt, cases[_i].val, err, sizeof(err));
	unsigned int k;

	ck_assert_msg(ret == cases[_i].ret, "%s: returned %d (%s)", cases[_i].val, ret, err);
	ck_assert_int_eq(lp.fault, cases[_i].fault);
	if (cases[_i].at < 0)
		ck_assert_ptr_null(lp.item);
	else
		ck_assert_ptr_eq(lp.item, cases[_i].val + cases[_i].at);
	ck_assert_uint_eq(lp.list.n, cases[_i].n);
	for (k = 0; k < cases[_i].n; k++)
		ck_assert_uint_eq(lp.list.v[k], cases[_i].v[k]);
	if (cases[_i].err)
		ck_assert_str_eq(err, cases[_i].err);
}
END_TEST

/* The list's limit on items, not only HG_OPT_LIST_MAX's. */
START_TEST(test_list_maxn)
{
	struct hg_list_parse lp = { .row = &times_row, .maxn = 1, .maxlen = 16 };
	char err[256];

	ck_assert_int_eq(hg_opt_list(&lp, "--t", "1ms", err, sizeof(err)), 0);
	ck_assert_int_eq(hg_opt_list(&lp, "--t", "1ms,2ms", err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(lp.fault, HG_LIST_TOO_MANY);
	ck_assert_uint_eq(lp.list.n, 1);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("optlist");
	TCase *tc = tcase_create("list");

	tcase_add_loop_test(tc, test_list, 0, N(cases));
	tcase_add_test(tc, test_list_maxn);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
