// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_lookup.c - util/lookup.h: exact, case-insensitive, prefixes, errors
 */
#include <errno.h>
#include <string.h>

#include "helpers.h"
#include "util/lookup.h"

static const char *const workloads[] = {
	"CPU", "CPU_SCAN", "CPU_YIELD", "CPU_SCAN_YIELD", "PERIODIC", "CPU_PERIODIC", "LAT",
};

#define NWORKLOADS (sizeof(workloads) / sizeof(workloads[0]))
#define CHOICES "CPU, CPU_SCAN, CPU_YIELD, CPU_SCAN_YIELD, PERIODIC, CPU_PERIODIC, LAT"

static const char *name_of(const void *ctx, size_t i)
{
	return ((const char *const *)ctx)[i];
}

static int lookup(const char *word, size_t *index, char *err, size_t errlen)
{
	return hg_lookup(word, "workload", name_of, workloads, NWORKLOADS, index,
			 err, errlen);
}

/* Words that find an entry, and the entry. */
static const struct {
	const char *word;
	size_t index;
} found[] = {
	{ "CPU", 0 },		/* exact, though a prefix of five others */
	{ "CPU_SCAN", 1 },	/* exact, though a prefix of CPU_SCAN_YIELD */
	{ "CPU_SCAN_YIELD", 3 },
	{ "LAT", 6 },
	{ "cpu", 0 },		/* case-insensitive */
	{ "lat", 6 },
	{ "Cpu_Periodic", 5 },
	{ "P", 4 },		/* unique prefixes */
	{ "per", 4 },
	{ "CPU_Y", 2 },
	{ "cpu_scan_", 3 },
	{ "cpu_p", 5 },
	{ "L", 6 },
};

START_TEST(test_found)
{
	char err[256] = "untouched";
	size_t index = 99;

	ck_assert_msg(lookup(found[_i].word, &index, err, sizeof(err)) == 0,
		      "'%s' not found: %s", found[_i].word, err);
	ck_assert_uint_eq(index, found[_i].index);
	ck_assert_str_eq(err, "untouched");
}
END_TEST

/* Words that do not, with the whole message. */
static const struct {
	const char *word;
	int ret;
	const char *msg;
} missed[] = {
	{ "FOO", -ENOENT, "unknown workload 'FOO' (choose from " CHOICES ")" },
	/* one edit from a name: that name is suggested instead of the list */
	{ "CPUX", -ENOENT, "unknown workload 'CPUX' (did you mean CPU?)" },
	{ "LATE", -ENOENT, "unknown workload 'LATE' (did you mean LAT?)" },
	{ "cpu_yeild", -ENOENT, "unknown workload 'cpu_yeild' (did you mean CPU_YIELD?)" },
	{ "PERIODC", -ENOENT, "unknown workload 'PERIODC' (did you mean PERIODIC?)" },
	{ "", -ENOENT, "unknown workload '' (choose from " CHOICES ")" },
	{ "C", -EINVAL, "ambiguous workload 'C' (choose from " CHOICES ")" },
	{ "cpu_", -EINVAL, "ambiguous workload 'cpu_' (choose from " CHOICES ")" },
	{ "CPU_S", -EINVAL, "ambiguous workload 'CPU_S' (choose from " CHOICES ")" },
};

START_TEST(test_missed)
{
	char err[256] = "";
	size_t index;

	ck_assert_int_eq(lookup(missed[_i].word, &index, err, sizeof(err)), missed[_i].ret);
	ck_assert_str_eq(err, missed[_i].msg);
}
END_TEST

START_TEST(test_ambiguous_lists_matches)
{
	char err[256] = "";
	size_t index;

	ck_assert_int_eq(lookup("CPU_S", &index, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_eq(strstr(err, "ambiguous"), err);
	ck_assert_ptr_nonnull(strstr(err, "CPU_SCAN,"));
	ck_assert_ptr_nonnull(strstr(err, "CPU_SCAN_YIELD"));
}
END_TEST

START_TEST(test_short_err)
{
	char err[24];
	size_t index, n;

	/* a message cut to the buffer, terminated, nothing written past it */
	for (n = 1; n < sizeof(err) - 4; n++) {
		memset(err, '#', sizeof(err));
		ck_assert_int_eq(lookup("FOO", &index, err, n), -ENOENT);
		ck_assert_uint_eq(strlen(err), n - 1);
		ck_assert_int_eq(strncmp(err, "unknown workload 'FOO'", n - 1), 0);
		ck_assert_int_eq(err[n], '#');
	}
	ck_assert_int_eq(lookup("FOO", &index, NULL, 0), -ENOENT);
	ck_assert_int_eq(lookup("C", &index, NULL, 0), -EINVAL);
	ck_assert_int_eq(lookup("C", &index, err, 0), -EINVAL);
}
END_TEST

START_TEST(test_empty_table)
{
	char err[128];
	size_t index;

	ck_assert_int_eq(hg_lookup("CPU", "timer", name_of, workloads, 0, &index, err,
				   sizeof(err)), -ENOENT);
	ck_assert_str_eq(err, "unknown timer 'CPU' (choose from )");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("lookup");
	TCase *tc = tcase_create("lookup");

	tcase_add_loop_test(tc, test_found, 0, sizeof(found) / sizeof(found[0]));
	tcase_add_loop_test(tc, test_missed, 0, sizeof(missed) / sizeof(missed[0]));
	tcase_add_test(tc, test_ambiguous_lists_matches);
	tcase_add_test(tc, test_short_err);
	tcase_add_test(tc, test_empty_table);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
