// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_quote.c - a value quoted in a message (hg_quote, util/errlen.h),
 * and every formatter of the options' messages with a value of 5000 bytes:
 * the message is one line that still holds its reason
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "hourglass/cmdopt.h"
#include "run/cpulist.h"
#include "run/priority.h"
#include "util/errlen.h"
#include "util/lookup.h"
#include "util/timeval.h"

#define N(a)		(sizeof(a) / sizeof((a)[0]))
#define LONG_LEN	5000

/* A value of @n bytes: @first, then x's; in new memory. */
static char *long_value(const char *first, size_t n)
{
	char *v = malloc(n + 1);

	ck_assert_ptr_nonnull(v);
	memset(v, 'x', n);
	memcpy(v, first, strlen(first));
	v[n] = '\0';
	return v;
}

START_TEST(test_quote_short)
{
	char whole[HG_QUOTE_WHOLE + 1];

	ck_assert_str_eq(hg_quote("5ms").s, "5ms");
	ck_assert_str_eq(hg_quote("").s, "");
	ck_assert_str_eq(hg_quote(NULL).s, "");
	memset(whole, 'y', HG_QUOTE_WHOLE);
	whole[HG_QUOTE_WHOLE] = '\0';
	ck_assert_str_eq(hg_quote(whole).s, whole);	/* the longest quoted whole */
	ck_assert_str_eq(hg_quote_mem("ab\0c", 4).s, "ab?c");
	ck_assert_str_eq(hg_quote_mem("abcdef", 3).s, "abc");
}
END_TEST

START_TEST(test_quote_long)
{
	char *v = long_value("head", LONG_LEN);
	struct hg_quoted q;

	v[LONG_LEN - 4] = 'E';
	v[LONG_LEN - 3] = 'N';
	v[LONG_LEN - 2] = 'D';
	q = hg_quote(v);
	ck_assert_uint_lt(strlen(q.s), HG_QUOTE_LEN);
	ck_assert_int_eq(strncmp(q.s, "headxxx", 7), 0);
	ck_assert_ptr_nonnull(strstr(q.s, "x...x"));
	ck_assert_ptr_nonnull(strstr(q.s, "ENDx (5000 bytes)"));
	ck_assert_uint_eq(strlen(q.s), HG_QUOTE_HEAD + 3 + HG_QUOTE_TAIL + strlen(" (5000 bytes)"));
	/* one byte more than whole: cut */
	v[HG_QUOTE_WHOLE + 1] = '\0';
	q = hg_quote(v);
	ck_assert_str_eq(q.s + HG_QUOTE_HEAD, "...xxxxxxxxxxxxxxxxxxxx (101 bytes)");
	free(v);
}
END_TEST

/* The head and the tail end at a character: no UTF-8 character cut in two. */
START_TEST(test_quote_utf8)
{
	char v[2 * LONG_LEN + 1];
	struct hg_quoted q;
	size_t i;

	for (i = 0; i < LONG_LEN; i++)
		memcpy(v + 2 * i, "\xc3\xa9", 2);	/* e acute */
	v[2 * LONG_LEN] = '\0';
	q = hg_quote(v);
	ck_assert_ptr_nonnull(strstr(q.s, "\xa9...\xc3"));
	ck_assert_ptr_nonnull(strstr(q.s, "\xa9 (10000 bytes)"));
	ck_assert_uint_eq((unsigned char)q.s[0], 0xc3);
}
END_TEST

/* @msg is one line with @reason in it and the long value quoted, cut. */
static void assert_kept(const char *what, const char *msg, const char *reason)
{
	ck_assert_msg(strstr(msg, reason), "%s: no '%s' in '%s'", what, reason, msg);
	ck_assert_msg(strstr(msg, " bytes)"), "%s: the value's length not said: '%s'", what, msg);
	ck_assert_msg(!strchr(msg, '\n'), "%s: more than one line", what);
	ck_assert_msg(strlen(msg) < 400, "%s: %zu bytes: '%s'", what, strlen(msg), msg);
}

/* hg_opt_value(): each kind, with values that fail at different places. */
static const struct {
	enum hg_opt_kind kind;
	const char *first;	/* the value's first bytes, x's after */
	uint64_t max;
	const char *reason;
} values[] = {
	{ HG_OPT_COUNT, "x", 0, ": not a number" },
	{ HG_OPT_COUNT, "0", 0, ": must be greater than zero" },	/* 5000 zeros and x's */
	{ HG_OPT_COUNT, "9999999999999999999999", 0, ": must be at least 1" },
	{ HG_OPT_COUNT, "9999999999999999999999", 100, ": must be 1 to 100" },
	{ HG_OPT_TIME, "x", 0, ": not a time value (write e.g. 1.5ms)" },
	{ HG_OPT_TIME, "1", 0, ": unknown time unit '" },
	{ HG_OPT_TIME, "99999999999999999999999", 0, ": time value too large" },
	{ HG_OPT_SIZE, "x", 0, ": not a size (write e.g. 4096, 64K, 2M)" },
	{ HG_OPT_SIZE, "1", 0, ": unknown size unit '" },
};

START_TEST(test_opt_value)
{
	char *v = long_value(values[_i].first, LONG_LEN), err[HG_ERR_LEN];
	uint64_t out;

	/* digits all along: overflow, not a unit */
	if (values[_i].first[0] == '9')
		memset(v, '9', LONG_LEN);
	if (values[_i].first[0] == '0')
		memset(v, '0', LONG_LEN);
	ck_assert_int_ne(hg_opt_value(values[_i].kind, "--opt", v, 0, values[_i].max, 0, &out,
				      err, sizeof(err)), 0);
	assert_kept(values[_i].reason, err, values[_i].reason);
	ck_assert_int_eq(strncmp(err, "--opt ", 6), 0);
	free(v);
}
END_TEST

static const char *name_at(const void *ctx, size_t i)
{
	return ((const char *const *)ctx)[i];
}

/* The formatters below the options: times, CPU lists, priorities, names. */
START_TEST(test_lower)
{
	static const char *const names[] = { "alpha", "beta" };
	char *v = long_value("1", LONG_LEN), err[HG_ERR_LEN];
	struct hg_prio p;
	cpu_set_t set;
	uint64_t ns;
	size_t i;

	ck_assert_int_ne(hg_parse_time(v, &ns, err, sizeof(err)), 0);
	assert_kept("time", err, "' (use d, h, m, s, ms, us or ns)");
	memset(v, '0', LONG_LEN);
	ck_assert_int_ne(hg_parse_time(v, &ns, err, sizeof(err)), 0);
	assert_kept("time without unit", err, "s; use d, h, m, s, ms, us or ns)");
	v[0] = 'x';
	ck_assert_int_ne(hg_cpulist_parse(v, &set, err, sizeof(err)), 0);
	assert_kept("cpu list", err, "' (write e.g. 0-3,5)");
	ck_assert_int_ne(hg_prio_parse(v, &p, err, sizeof(err)), 0);
	assert_kept("priority", err, "OTHER:<nice>, BATCH)");
	memcpy(v, "FIFO:", 5);
	ck_assert_int_ne(hg_prio_parse(v, &p, err, sizeof(err)), 0);
	assert_kept("priority number", err, "FIFO takes 1 to 98");
	ck_assert_int_ne(hg_lookup(v, "thing", name_at, names, 2, &i, err, sizeof(err)), 0);
	assert_kept("name", err, "' (choose from alpha, beta)");
	free(v);
}
END_TEST

/* A subcommand's table, every kind of row. */
struct demo {
	const char *file, *out;
	uint64_t bucket_ns, size, count;
	struct hg_opt_list times;
	int format;
};

static const char *const formats[] = { "perfetto", "csv", NULL };

static const struct hg_arg demo_pos[] = {
	{ .name = "<file>", .what = "trace file", .kind = HG_OPT_FILE,
	  .off = offsetof(struct demo, file) },
	HG_ARG_END
};

static const struct hg_opt demo_opts[] = {
	{ .name = "bucket", .kind = HG_OPT_TIME, .off = offsetof(struct demo, bucket_ns) },
	{ .name = "size", .kind = HG_OPT_SIZE, .off = offsetof(struct demo, size) },
	{ .name = "count", .kind = HG_OPT_COUNT, .off = offsetof(struct demo, count),
	  .max = 100 },
	{ .name = "times", .kind = HG_OPT_LIST, .elem = HG_OPT_TIME,
	  .off = offsetof(struct demo, times), .flags = HG_OPT_INCREASING },
	{ .name = "format", .kind = HG_OPT_WORD, .off = offsetof(struct demo, format),
	  .words = formats },
	{ .name = "out", .kind = HG_OPT_OUTPUT, .off = offsetof(struct demo, out) },
	HG_OPT_END
};

static const struct hg_cmdspec demo_spec = {
	.name = "demo", .args = demo_pos, .opts = demo_opts,
};

/* Each row: the words, {LONG} standing for the value of 5000 bytes. */
static const struct {
	const char *words[4];
	const char *first;
	const char *reason;
} sub_cases[] = {
	{ { "f", "--bucket", "{LONG}" }, "x", "(5000 bytes): not a time value" },
	{ { "f", "--size", "{LONG}" }, "x", "(5000 bytes): not a size" },
	{ { "f", "--count", "{LONG}" }, "x", "(5000 bytes): not a number" },
	{ { "f", "--times", "{LONG}" }, "1", "(5000 bytes): too long" },
	{ { "f", "--format", "{LONG}" }, "x", "' (choose from perfetto, csv)" },
	{ { "f", "--out", "{LONG}" }, "/", "(5000 bytes): path of 5000 bytes, more than" },
	{ { "f", "{LONG}" }, "x", "' (see hourglass help demo)" },
	{ { "f", "{LONG}" }, "--x", "' (see hourglass help demo)" },
};

/* The table takes short values whole: the same table, values that parse. */
START_TEST(test_subcommand_ok)
{
	char *argv[] = { "demo", "t.hgt", "--bucket", "1ms", "--size", "4K", "--count", "3",
			 "--times", "1ms,2ms", "--format", "csv", "--out", "o.json", NULL };
	char err[HG_ERR_LEN] = "";
	struct demo d = { 0 };

	ck_assert_msg(hg_cmdopt_parse(&demo_spec, (int)N(argv) - 1, argv, &d, NULL, NULL, err,
				      sizeof(err)) == HG_CMDOPT_RUN, "%s", err);
	ck_assert_str_eq(d.file, "t.hgt");
	ck_assert_str_eq(d.out, "o.json");
	ck_assert_uint_eq(d.bucket_ns, 1000000);
	ck_assert_uint_eq(d.size, 4096);
	ck_assert_uint_eq(d.count, 3);
	ck_assert_uint_eq(d.times.n, 2);
	ck_assert_int_eq(d.format, 1);
}
END_TEST

START_TEST(test_subcommand)
{
	char *v = long_value(sub_cases[_i].first, LONG_LEN), err[HG_ERR_LEN];
	char *argv[6] = { "demo" };
	struct demo d = { 0 };
	int argc = 1, i;

	for (i = 0; sub_cases[_i].words[i]; i++)
		argv[argc++] = strncmp(sub_cases[_i].words[i], "{LONG}", 6) ?
			       (char *)sub_cases[_i].words[i] : v;
	argv[argc] = NULL;
	ck_assert_int_lt(hg_cmdopt_parse(&demo_spec, argc, argv, &d, NULL, NULL, err,
					 sizeof(err)), 0);
	assert_kept(sub_cases[_i].reason, err, sub_cases[_i].reason);
	free(v);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("quote");
	TCase *tc = tcase_create("quote");

	tcase_add_test(tc, test_quote_short);
	tcase_add_test(tc, test_quote_long);
	tcase_add_test(tc, test_quote_utf8);
	tcase_add_loop_test(tc, test_opt_value, 0, (int)N(values));
	tcase_add_test(tc, test_lower);
	tcase_add_test(tc, test_subcommand_ok);
	tcase_add_loop_test(tc, test_subcommand, 0, (int)N(sub_cases));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
