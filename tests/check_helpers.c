// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_helpers.c - tests/helpers.c: the JSON checker takes JSON and refuses
 * what is not, paths reach members and fail on the wrong type, a command's
 * output and exit status are captured, directories are made and removed
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const good_json[] = {
	"{}", "[]", "0", " 0 ", "-1.5e+3", "\"a\\\"b\\u0041\"", "18446744073709551615",
	"{\"a\": [1, -2.5e3, \"x\\\"y\", true, null, {}], \"b\": {\"c\": 0}}",
	"{\n\t\"k\": \"\xc3\xa9\"\r\n}",
};

static const char *const bad_json[] = {
	"", "{", "[1,]", "{\"a\":1,}", "01", ".5", "[1] 2", "{} x", "{} {}", "{\"a\" 1}",
	"{a: 1}", "tru", "\"\\x\"", "[\"a\"", "[-]", "-",
	"\"a\nb\"", "\"tab\there\"", "\"\x01\"", "[1,\x01 2]",	/* control characters */
	"NaN", "[Infinity]", "{\"a\": -Infinity}",		/* not numbers in JSON */
	"\"\xff\"", "\"\xc3\"",					/* not UTF-8 */
};

START_TEST(test_json_accepts)
{
	struct json_object *o;

	ck_assert_msg(hg_test_json_valid(good_json[_i]), "rejected: %s", good_json[_i]);
	o = hg_test_json(good_json[_i]);
	json_object_put(o);
}
END_TEST

START_TEST(test_json_rejects)
{
	ck_assert_msg(!hg_test_json_valid(bad_json[_i]), "accepted: %s", bad_json[_i]);
}
END_TEST

static const char doc_text[] =
	"{\"schema\": 3, \"name\": \"a/b\", \"big\": 18446744073709551615, \"neg\": -7,"
	" \"ts\": 7000001.500, \"on\": true, \"none\": null, \"threads\": [{\"gap_hist\":"
	" [[10, 2], [20, 0]], \"tid\": 4}, {\"gap_hist\": [], \"tid\": 5}], \"empty\": {}}";

START_TEST(test_json_paths)
{
	struct json_object *doc = hg_test_json(doc_text);

	ck_assert_uint_eq(hg_test_json_u64(doc, "schema"), 3);
	ck_assert_str_eq(hg_test_json_str(doc, "name"), "a/b");
	ck_assert_uint_eq(hg_test_json_u64(doc, "big"), UINT64_MAX);
	ck_assert_int_eq(hg_test_json_i64(doc, "neg"), -7);
	ck_assert_double_eq(hg_test_json_num(doc, "neg"), -7);
	ck_assert_double_eq(hg_test_json_num(doc, "ts"), 7000001.5);
	ck_assert_str_eq(hg_test_json_text(doc, "ts"), "7000001.500");
	ck_assert_str_eq(hg_test_json_text(doc, "big"), "18446744073709551615");
	ck_assert_str_eq(hg_test_json_text(doc, "name"), "a/b");
	ck_assert_int_eq(hg_test_json_bool(doc, "on"), 1);
	ck_assert_int_eq(hg_test_json_null(doc, "none"), 1);
	ck_assert_int_eq(hg_test_json_null(doc, "on"), 0);
	ck_assert_int_eq(hg_test_json_has(doc, "none"), 1);	/* null is there */
	ck_assert_uint_eq(hg_test_json_len(doc, "threads"), 2);
	ck_assert_uint_eq(hg_test_json_len(doc, "threads/0/gap_hist"), 2);
	ck_assert_uint_eq(hg_test_json_u64(doc, "threads/%d/gap_hist/%d/%d", 0, 1, 0), 20);
	ck_assert_uint_eq(hg_test_json_u64(doc, "threads/1/tid"), 5);
	ck_assert_uint_eq(hg_test_json_len(doc, "threads/1/gap_hist"), 0);
	ck_assert_ptr_eq(hg_test_json_at(doc, "%s", ""), doc);
	ck_assert_int_eq(hg_test_json_has(doc, "threads/2"), 0);
	ck_assert_int_eq(hg_test_json_has(doc, "threads/x"), 0);
	ck_assert_int_eq(hg_test_json_has(doc, "threads/0/gap_hist/0/0/0"), 0);
	ck_assert_int_eq(hg_test_json_has(doc, "empty/x"), 0);
	ck_assert_int_eq(hg_test_json_has(doc, "missing"), 0);
	json_object_put(doc);
}
END_TEST

/*
 * Each of these must fail the test that calls it (Check sees the exit);
 * the document stays reachable so a leak checker has nothing to report.
 */
static struct json_object *doc;

START_TEST(test_json_wrong_type_fails)
{
	doc = hg_test_json(doc_text);

	switch (_i) {
	case 0: hg_test_json_str(doc, "schema"); break;
	case 1: hg_test_json_u64(doc, "neg"); break;
	case 2: hg_test_json_u64(doc, "ts"); break;
	case 3: hg_test_json_i64(doc, "big"); break;
	case 4: hg_test_json_bool(doc, "none"); break;
	case 5: hg_test_json_len(doc, "empty"); break;
	case 6: hg_test_json_num(doc, "name"); break;
	case 7: hg_test_json_at(doc, "threads/5"); break;
	case 8: hg_test_json_text(doc, "on"); break;
	default: hg_test_json("{");
	}
}
END_TEST

/* ---------------------------------------------------------------- commands */

static int fake_main(int argc, char **argv)
{
	char c;

	printf("argc %d:", argc);
	while (*argv)
		printf(" %s", *argv++);
	putchar('\n');
	fwrite("a\0b", 1, 3, stdout);
	fprintf(stderr, "warning\n");
	return read(0, &c, 1) == 0 ? 3 : 4;	/* standard input is empty */
}

static int exiting_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fputs("buffered", stdout);
	exit(2);
}

START_TEST(test_cmd_captured)
{
	struct hg_test_out o;

	HG_TEST_CMD(&o, fake_main, "fake", "x", "--y=1");
	ck_assert_int_eq(o.status, 3);
	ck_assert_uint_eq(o.out_len, strlen("argc 3: fake x --y=1\n") + 3);
	ck_assert_str_eq(o.out, "argc 3: fake x --y=1\na");
	ck_assert_int_eq(memcmp(o.out + o.out_len - 3, "a\0b", 3), 0);
	ck_assert_str_eq(o.err, "warning\n");
	hg_test_out_free(&o);
	HG_TEST_CMD(&o, exiting_main, "exits");
	ck_assert_int_eq(o.status, 2);
	ck_assert_str_eq(o.out, "buffered");
	ck_assert_str_eq(o.err, "");
	hg_test_out_free(&o);
}
END_TEST

START_TEST(test_text)
{
	struct hg_test_text t;
	char *s;

	fprintf(hg_test_text_open(&t), "%d %s\n", 42, "x");
	s = hg_test_text_close(&t);
	ck_assert_str_eq(s, "42 x\n");
	free(s);
	ck_assert_int_eq(hg_test_lines(""), 0);
	ck_assert_int_eq(hg_test_lines("a"), 1);
	ck_assert_int_eq(hg_test_lines("a\n"), 1);
	ck_assert_int_eq(hg_test_lines("a\n\nb"), 3);
}
END_TEST

/* -------------------------------------------------------------------- files */

START_TEST(test_dirs)
{
	char *dir = hg_test_fresh_dir(), *other = hg_test_fresh_dir();
	char *path = hg_test_path(dir, "f"), *sub = hg_test_path(dir, "sub"), *deep, *text;
	struct stat st;
	size_t len;

	ck_assert_str_ne(dir, other);
	ck_assert_int_eq(strncmp(dir, hg_test_tmpdir(), strlen(hg_test_tmpdir())), 0);
	hg_test_write_file(path, "ab\0c", 4);
	text = hg_test_read_file(path, &len);
	ck_assert_uint_eq(len, 4);
	ck_assert_int_eq(memcmp(text, "ab\0c", 5), 0);	/* and a NUL after */
	free(text);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	deep = hg_test_path(sub, "g");
	hg_test_write_file(deep, "", 0);
	hg_test_clear_dir(dir);
	ck_assert_int_eq(stat(dir, &st), 0);
	ck_assert_int_eq(stat(path, &st), -1);
	ck_assert_int_eq(stat(sub, &st), -1);
	hg_test_write_file(path, "x", 1);
	hg_test_drop_dir(dir);
	ck_assert_int_eq(stat(path, &st), -1);
	ck_assert_int_eq(stat(other, &st), 0);
	hg_test_drop_dir(other);
	free(path);
	free(sub);
	free(deep);
}
END_TEST

static Suite *helpers_suite(void)
{
	Suite *s = suite_create("helpers");
	TCase *tc;

	tc = tcase_create("json");
	tcase_add_loop_test(tc, test_json_accepts, 0, (int)N(good_json));
	tcase_add_loop_test(tc, test_json_rejects, 0, (int)N(bad_json));
	tcase_add_test(tc, test_json_paths);
	tcase_add_loop_exit_test(tc, test_json_wrong_type_fails, 1, 0, 10);
	suite_add_tcase(s, tc);

	tc = tcase_create("output and files");
	tcase_add_test(tc, test_cmd_captured);
	tcase_add_test(tc, test_text);
	tcase_add_test(tc, test_dirs);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(helpers_suite());
}
