// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_cpulist.c - CPU lists as the kernel writes them: "0-3,5,7-8"
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "helpers.h"
#include "run/cpulist.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* long enough for any set: 1024 CPUs, every other one, is under 3 KB */
#define LIST_LEN 8192

/* lists that parse, how they are written back, and how many CPUs they hold */
static const struct {
	const char *in;
	const char *canon;
	int count;
} good[] = {
	{ "0", "0", 1 },
	{ "0-3,5", "0-3,5", 5 },
	{ "7-8", "7-8", 2 },
	{ "0-3,5,7-8", "0-3,5,7-8", 7 },
	{ "2-2", "2", 1 },
	{ "0,1,2,3", "0-3", 4 },
	{ "3,1,2", "1-3", 3 },
	{ "5,0-3", "0-3,5", 5 },
	{ "0-3,2-5", "0-5", 6 },
	{ "0,0", "0", 1 },
	{ "007", "7", 1 },
	{ "1023", "1023", 1 },
	{ "0-1023", "0-1023", 1024 },
	{ "0,2,4,6", "0,2,4,6", 4 },
};

START_TEST(test_parse_good)
{
	char err[128] = "", buf[LIST_LEN];
	cpu_set_t set;
	int ret = hg_cpulist_parse(good[_i].in, &set, err, sizeof(err));

	ck_assert_msg(ret == 0, "'%s': returned %d (%s)", good[_i].in, ret, err);
	ck_assert_int_eq(CPU_COUNT(&set), good[_i].count);
	ck_assert_str_eq(hg_cpulist_format(&set, buf, sizeof(buf)), good[_i].canon);
}
END_TEST

START_TEST(test_parse_members)
{
	char err[128];
	cpu_set_t set;
	int c;

	ck_assert_int_eq(hg_cpulist_parse("0-3,5,7-8", &set, err, sizeof(err)), 0);
	for (c = 0; c < 12; c++)
		ck_assert_msg(!!CPU_ISSET(c, &set) == (c <= 3 || c == 5 || c == 7 || c == 8),
			      "CPU %d", c);
}
END_TEST

/* the set is cleared first: what it held before does not stay */
START_TEST(test_parse_clears)
{
	char err[128];
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(9, &set);
	CPU_SET(100, &set);
	ck_assert_int_eq(hg_cpulist_parse("1", &set, err, sizeof(err)), 0);
	ck_assert_int_eq(CPU_COUNT(&set), 1);
	ck_assert(CPU_ISSET(1, &set));
}
END_TEST

/* lists that fail; big: the "CPU numbers go up to" message, else "bad CPU list" */
static const struct {
	const char *in;
	int big;
} bad[] = {
	{ "", 0 },
	{ "a", 0 },
	{ "-1", 0 },
	{ "-", 0 },
	{ ",", 0 },
	{ "1,", 0 },
	{ ",1", 0 },
	{ "1,,2", 0 },
	{ "1-", 0 },
	{ "1-2-3", 0 },
	{ "3-1", 0 },			/* reversed range */
	{ "8-7", 0 },
	{ " 1", 0 },
	{ "1 ", 0 },
	{ "1, 2", 0 },
	{ "0x1", 0 },
	{ "1.5", 0 },
	{ "1;2", 0 },
	{ "all", 0 },
	{ "1024", 1 },			/* CPU_SETSIZE */
	{ "0-1024", 1 },
	{ "1,2048", 1 },
	{ "99999999999999999999", 1 },
};

START_TEST(test_parse_bad)
{
	char err[128] = "", want[128];
	cpu_set_t set;
	int ret = hg_cpulist_parse(bad[_i].in, &set, err, sizeof(err));

	if (bad[_i].big)
		snprintf(want, sizeof(want), "CPU list '%s': CPU numbers go up to %d",
			 bad[_i].in, CPU_SETSIZE - 1);
	else
		snprintf(want, sizeof(want), "bad CPU list '%s' (write e.g. 0-3,5)", bad[_i].in);
	ck_assert_msg(ret == -EINVAL, "'%s': returned %d", bad[_i].in, ret);
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_format_empty)
{
	char buf[16];
	cpu_set_t set;

	CPU_ZERO(&set);
	ck_assert_str_eq(hg_cpulist_format(&set, buf, sizeof(buf)), "none");
}
END_TEST

START_TEST(test_format_returns_buf)
{
	char buf[16];
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(3, &set);
	ck_assert_ptr_eq(hg_cpulist_format(&set, buf, sizeof(buf)), buf);
	ck_assert_str_eq(buf, "3");
}
END_TEST

START_TEST(test_format_edges)
{
	char buf[LIST_LEN];
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(0, &set);
	CPU_SET(CPU_SETSIZE - 1, &set);
	ck_assert_str_eq(hg_cpulist_format(&set, buf, sizeof(buf)), "0,1023");
	CPU_SET(CPU_SETSIZE - 2, &set);
	ck_assert_str_eq(hg_cpulist_format(&set, buf, sizeof(buf)), "0,1022-1023");
}
END_TEST

/* a short buffer gives a terminated prefix of the full list */
START_TEST(test_format_short_buffer)
{
	char full[LIST_LEN], buf[8];
	cpu_set_t set;
	size_t len;
	int c;

	CPU_ZERO(&set);
	for (c = 0; c < 64; c += 2)
		CPU_SET(c, &set);
	hg_cpulist_format(&set, full, sizeof(full));
	memset(buf, 'X', sizeof(buf));
	hg_cpulist_format(&set, buf, sizeof(buf));
	len = strnlen(buf, sizeof(buf));
	ck_assert_uint_lt(len, sizeof(buf));
	ck_assert_int_eq(strncmp(buf, full, len), 0);
}
END_TEST

/* deterministic sets of every shape: format, parse back, the same set */
static void fill_set(cpu_set_t *set, unsigned int seed)
{
	unsigned int x = seed * 2654435761u + 1;
	int c;

	CPU_ZERO(set);
	for (c = 0; c < CPU_SETSIZE; c++) {
		x = x * 1103515245u + 12345u;
		/* runs of CPUs: keep the previous CPU's state with some probability */
		if ((x >> 16) % 4 == 0 || (c && CPU_ISSET(c - 1, set) && (x >> 20) % 3))
			CPU_SET(c, set);
	}
}

START_TEST(test_round_trip_sets)
{
	char buf[LIST_LEN], err[128] = "";
	cpu_set_t set, back;
	unsigned int seed;

	for (seed = 0; seed < 200; seed++) {
		fill_set(&set, seed);
		hg_cpulist_format(&set, buf, sizeof(buf));
		ck_assert_msg(!hg_cpulist_parse(buf, &back, err, sizeof(err)),
			      "seed %u: '%s': %s", seed, buf, err);
		ck_assert_msg(CPU_EQUAL(&set, &back), "seed %u: '%s' parsed differently",
			      seed, buf);
	}
}
END_TEST

/* a canonical list is written back exactly as it was read */
START_TEST(test_round_trip_text)
{
	char buf[LIST_LEN], err[128];
	cpu_set_t set;

	ck_assert_int_eq(hg_cpulist_parse(good[_i].canon, &set, err, sizeof(err)), 0);
	ck_assert_str_eq(hg_cpulist_format(&set, buf, sizeof(buf)), good[_i].canon);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("cpulist");
	TCase *tc;

	tc = tcase_create("parse");
	tcase_add_loop_test(tc, test_parse_good, 0, ARRAY_SIZE(good));
	tcase_add_test(tc, test_parse_members);
	tcase_add_test(tc, test_parse_clears);
	tcase_add_loop_test(tc, test_parse_bad, 0, ARRAY_SIZE(bad));
	suite_add_tcase(s, tc);

	tc = tcase_create("format");
	tcase_add_test(tc, test_format_empty);
	tcase_add_test(tc, test_format_returns_buf);
	tcase_add_test(tc, test_format_edges);
	tcase_add_test(tc, test_format_short_buffer);
	suite_add_tcase(s, tc);

	tc = tcase_create("round_trip");
	tcase_add_test(tc, test_round_trip_sets);
	tcase_add_loop_test(tc, test_round_trip_text, 0, ARRAY_SIZE(good));
	suite_add_tcase(s, tc);

	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
