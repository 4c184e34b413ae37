// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_outpath.c - hourglass/outpath.c: whether outputs can be written;
 * telling whether two output names are one file
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "../hourglass/outpath.h"

/* A fresh directory, made the working directory; its files: x (exists), sub/. */
static char *enter(void)
{
	char *dir = hg_test_fresh_dir(), *sub = hg_test_path(dir, "sub");

	ck_assert_int_eq(chdir(dir), 0);
	hg_test_write_file("x", "x", 1);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	free(sub);
	return dir;
}

static const struct {
	const char *a, *b;
	bool same;
} pairs[] = {
	{ "x", "x", true },
	{ "x", "./x", true },
	{ "sub/../x", "x", true },
	{ "new", "./new", true },		/* neither exists yet */
	{ "sub/new", "sub/../sub/new", true },
	{ "link", "x", true },			/* a symbolic link to an existing file */
	{ "dangling", "target", true },		/* one to a file not written yet */
	{ "hard", "x", true },			/* a hard link */
	{ "-", "-", true },			/* standard output twice */
	{ "x", "y", false },
	{ "new", "sub/new", false },
	{ "-", "x", false },
	{ "x", "-", false },
};

START_TEST(test_same_output)
{
	char *dir = enter();

	ck_assert_int_eq(symlink("x", "link"), 0);
	ck_assert_int_eq(symlink("target", "dangling"), 0);
	ck_assert_int_eq(link("x", "hard"), 0);
	ck_assert_msg(hg_same_output(pairs[_i].a, pairs[_i].b) == pairs[_i].same,
		      "%s and %s: %d", pairs[_i].a, pairs[_i].b, !pairs[_i].same);
	ck_assert_int_eq(hg_same_output(pairs[_i].b, pairs[_i].a), pairs[_i].same);
	hg_test_drop_dir(dir);
}
END_TEST

/* Every pair is compared; the message names the later option and the earlier one. */
START_TEST(test_outputs_clash)
{
	const char *const opts[] = { "--json", "--csv", "-o" };
	const char *paths[] = { "a.json", NULL, "./a.json" };
	char *dir = enter(), why[256] = "";

	ck_assert_int_eq(hg_outputs_clash(opts, paths, 3, why, sizeof(why)), -EINVAL);
	ck_assert_str_eq(why, "-o ./a.json: the same file as --json");
	paths[2] = "b.hgt";
	paths[1] = "b.hgt";
	ck_assert_int_eq(hg_outputs_clash(opts, paths, 3, why, sizeof(why)), -EINVAL);
	ck_assert_str_eq(why, "-o b.hgt: the same file as --csv");
	paths[1] = "c.csv";
	ck_assert_int_eq(hg_outputs_clash(opts, paths, 3, why, sizeof(why)), 0);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("outpath");
	TCase *tc = tcase_create("outputs");

	tcase_add_loop_test(tc, test_same_output, 0, sizeof(pairs) / sizeof(pairs[0]));
	tcase_add_test(tc, test_outputs_clash);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
