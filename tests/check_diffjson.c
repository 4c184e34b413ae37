// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_diffjson.c - analysis/compare/diffjson.h, analysis/compare/diffdata.h: every field
 * of a summary checked against its type and range and refused naming its
 * JSON path; values found by name in constant time, each name once
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/compare/diffjson.h"
#include "hourglass/diffin.h"

/* A summary with @{ID}, @{SHARE}, @{MEDIAN}, @{THR}, @{REL}, @{GAPS}, @{HITS} to fill. */
static const char summary[] =
	"{\"system\": {\"kernel_release\": %s},\n"
	" \"calibration\": {\"gap_threshold_ns\": %s},\n"
	" \"threads\": [{\"id\": %s, \"share\": %s,\n"
	"   \"gaps\": %s,\n"
	"   \"model\": {\"kind\": \"periodic\", \"hits\": %s, \"misses\": 10,\n"
	"     \"lateness\": {\"count\": 3, \"median_ns\": %s, \"p99_ns\": 1, \"p999_ns\": 1,"
	" \"max_ns\": 1}}}]}\n";

struct fields {
	const char *rel, *thr, *id, *share, *gaps, *hits, *median;
};

static const struct fields good = {
	"\"6.1\"", "80", "0", "0.5",
	"{\"count\": 7, \"median_ns\": 1500, \"p99_ns\": 9000, \"p999_ns\": 9500, \"max_ns\": 12000}",
	"90", "2000",
};

static const struct {
	const char *field;	/* which of struct fields */
	const char *value;
	const char *msg;	/* the message, whole */
} bad_cases[] = {
	{ "id", "1e300", "threads[0].id: 1e300 is not a whole number" },
	{ "id", "NaN", "threads[0].id: NaN is not a number (a whole number is wanted)" },
	{ "id", "Infinity", "threads[0].id: Infinity is not a number (a whole number is wanted)" },
	{ "id", "-Infinity", "threads[0].id: -Infinity is not a number (a whole number is wanted)" },
	{ "id", "9223372036854775808",
	  "threads[0].id: 9223372036854775808 is out of range (0 to 1023)" },
	{ "id", "-1", "threads[0].id: -1 is out of range (0 to 1023)" },
	{ "id", "1.5", "threads[0].id: 1.5 is not a whole number" },
	{ "id", "1024", "threads[0].id: 1024 is out of range (0 to 1023)" },
	{ "id", "\"0\"", "threads[0].id: \"0\" is not a whole number" },
	{ "id", "true", "threads[0].id: true is not a whole number" },
	{ "id", "null", "threads[0].id: missing (every thread has one)" },
	{ "thr", "-80", "calibration.gap_threshold_ns: -80 is out of range (0 to 9007199254740992)" },
	{ "thr", "1e19", "calibration.gap_threshold_ns: 1e19 is not a whole number" },
	{ "thr", "9007199254740993",
	  "calibration.gap_threshold_ns: 9007199254740993 is out of range (0 to 9007199254740992)" },
	{ "share", "-0.5", "threads[0].share: -0.5 is out of range (a finite number from 0)" },
	{ "share", "NaN", "threads[0].share: NaN is out of range (a finite number from 0)" },
	{ "share", "Infinity", "threads[0].share: Infinity is out of range (a finite number from 0)" },
	{ "share", "\"half\"", "threads[0].share: \"half\" is not a number" },
	{ "gaps", "[1, 2]", "threads[0].gaps: [1,2] is not an object" },
	{ "gaps", "{\"count\": -7, \"median_ns\": 1, \"p99_ns\": 1, \"p999_ns\": 1, \"max_ns\": 1}",
	  "threads[0].gaps.count: -7 is out of range (0 to 9007199254740992)" },
	{ "gaps", "{\"count\": 7, \"median_ns\": 1, \"p99_ns\": 1e400, \"p999_ns\": 1, \"max_ns\": 1}",
	  "threads[0].gaps.p99_ns: 1e400 is not a number (a whole number is wanted)" },
	{ "hits", "-90", "threads[0].model.hits: -90 is out of range (0 to 9007199254740992)" },
	{ "median", "2.5", "threads[0].model.lateness.median_ns: 2.5 is not a whole number" },
	{ "rel", "5", "system.kernel_release: 5 is not a string" },
	{ "rel", "{\"a\": 1}", "system.kernel_release: {\"a\":1} is not a string" },
};

/* The summary with @f's fields, written to a file of the test's own. */
static char *write_summary(const char *dir, const struct fields *f)
{
	char text[2048];

	snprintf(text, sizeof(text), summary, f->rel, f->thr, f->id, f->share, f->gaps, f->hits,
		 f->median);
	return hg_test_write_text(dir, "s.json", text);
}

START_TEST(test_good)
{
	char *dir = hg_test_fresh_dir(), *path = write_summary(dir, &good), err[512] = "";
	struct hg_diff_trial t;

	ck_assert_msg(!hg_diff_from_json(path, &t, err, sizeof(err)), "%s", err);
	ck_assert_uint_eq(t.gap_threshold_ns, 80);
	ck_assert_double_eq_tol(hg_diff_find(&t, "thread0.gap.median")->v, 1.5, 1e-12);
	ck_assert_double_eq_tol(hg_diff_find(&t, "thread0.latency.median")->v, 2, 1e-12);
	ck_assert_double_eq(hg_diff_find(&t, "thread0.jobs")->v, 100);
	hg_diff_trial_free(&t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* The parsed document, with no file: what analysis/ is handed. */
START_TEST(test_from_root)
{
	struct json_object *root = json_tokener_parse(
		"{\"calibration\": {\"gap_threshold_ns\": 80}, \"threads\": [{\"id\": 0, "
		"\"gaps\": {\"count\": 9, \"median_ns\": 1500, \"p99_ns\": 9000, "
		"\"p999_ns\": 9000, \"max_ns\": 9000}}]}");
	struct hg_diff_trial t;
	char err[512] = "";

	ck_assert_ptr_nonnull(root);
	ck_assert_msg(!hg_diff_from_root(root, &t, err, sizeof(err)), "%s", err);
	ck_assert_uint_eq(t.gap_threshold_ns, 80);
	ck_assert_double_eq_tol(hg_diff_find(&t, "thread0.gap.median")->v, 1.5, 1e-12);
	hg_diff_trial_free(&t);
	json_object_put(root);
	root = json_tokener_parse("{\"threads\": 3}");
	ck_assert_int_eq(hg_diff_from_root(root, &t, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "not a summary JSON file (no \"threads\" array)");
	json_object_put(root);
}
END_TEST

START_TEST(test_bad_field)
{
	char *dir = hg_test_fresh_dir(), *path, err[512] = "";
	struct fields f = good;
	struct hg_diff_trial t;

	if (!strcmp(bad_cases[_i].field, "id"))
		f.id = bad_cases[_i].value;
	else if (!strcmp(bad_cases[_i].field, "thr"))
		f.thr = bad_cases[_i].value;
	else if (!strcmp(bad_cases[_i].field, "share"))
		f.share = bad_cases[_i].value;
	else if (!strcmp(bad_cases[_i].field, "gaps"))
		f.gaps = bad_cases[_i].value;
	else if (!strcmp(bad_cases[_i].field, "hits"))
		f.hits = bad_cases[_i].value;
	else if (!strcmp(bad_cases[_i].field, "median"))
		f.median = bad_cases[_i].value;
	else
		f.rel = bad_cases[_i].value;
	path = write_summary(dir, &f);
	ck_assert_int_eq(hg_diff_from_json(path, &t, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, bad_cases[_i].msg);
	ck_assert_uint_eq(t.nval, 0);	/* nothing kept */
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* Threads: each id once, at most a run's number of them. */
START_TEST(test_threads)
{
	char *dir = hg_test_fresh_dir(), *path, err[512] = "";
	struct hg_diff_trial t;
	size_t len = 64 + 1100 * 16, at, i;
	char *text = malloc(len);

	ck_assert_ptr_nonnull(text);
	path = hg_test_write_text(dir, "two.json",
				  "{\"threads\": [{\"id\": 3, \"share\": 0.1}, {\"id\": 3}]}");
	ck_assert_int_eq(hg_diff_from_json(path, &t, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "threads[1].id: 3 again (an id names one thread)");
	free(path);
	path = hg_test_write_text(dir, "array.json", "{\"threads\": [7]}");
	ck_assert_int_eq(hg_diff_from_json(path, &t, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "threads[0]: 7 is not an object");
	free(path);
	path = hg_test_write_text(dir, "top.json", "[{\"threads\": []}]");
	ck_assert_int_eq(hg_diff_from_json(path, &t, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "not a summary JSON file (no \"threads\" array)");
	free(path);
	/* 1025 threads: one more than a run has */
	at = (size_t)snprintf(text, len, "{\"threads\": [");
	for (i = 0; i < 1025; i++)
		at += (size_t)snprintf(text + at, len - at, "%s{\"id\": %zu}", i ? "," : "", i);
	snprintf(text + at, len - at, "]}");
	path = hg_test_write_text(dir, "many.json", text);
	ck_assert_int_eq(hg_diff_from_json(path, &t, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "threads: 1025 threads, more than a run has (1024)");
	free(path);
	free(text);
	hg_test_drop_dir(dir);
}
END_TEST

/* Every name found again, among many; a name twice refused. */
START_TEST(test_find_many)
{
	struct hg_diff_trial t = { 0 };
	char name[HG_DIFF_NAME];
	size_t i;

	for (i = 0; i < 20000; i++) {
		snprintf(name, sizeof(name), "thread%zu.share", i);
		ck_assert_int_eq(hg_diff_add(&t, name, (double)i, HG_DK_SHARE, HG_DS_VALUE, -1), 0);
	}
	for (i = 0; i < 20000; i++) {
		snprintf(name, sizeof(name), "thread%zu.share", i);
		ck_assert_ptr_nonnull(hg_diff_find(&t, name));
		ck_assert_double_eq(hg_diff_find(&t, name)->v, (double)i);
	}
	ck_assert_ptr_null(hg_diff_find(&t, "thread20000.share"));
	ck_assert_int_eq(hg_diff_add(&t, "thread7.share", 1, HG_DK_SHARE, HG_DS_VALUE, -1),
			 -EEXIST);
	ck_assert_uint_eq(t.nval, 20000);
	hg_diff_trial_free(&t);
	ck_assert_ptr_null(hg_diff_find(&t, "thread7.share"));
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("diffjson");
	TCase *tc = tcase_create("fields");

	tcase_add_test(tc, test_good);
	tcase_add_test(tc, test_from_root);
	tcase_add_loop_test(tc, test_bad_field, 0, (int)(sizeof(bad_cases) / sizeof(bad_cases[0])));
	tcase_add_test(tc, test_threads);
	suite_add_tcase(s, tc);

	tc = tcase_create("index");
	tcase_add_test(tc, test_find_many);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
