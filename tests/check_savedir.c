// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_savedir.c - hourglass/savedir.h: the --save directory checked
 * before the first trial, a second series refused unless appended
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "helpers.h"
#include "hourglass/savedir.h"

START_TEST(test_trial_names)
{
	ck_assert_uint_eq(hg_savedir_trial("trial-01.hgt"), 1);
	ck_assert_uint_eq(hg_savedir_trial("trial-7.hgt"), 7);
	ck_assert_uint_eq(hg_savedir_trial("trial-120.hgt"), 120);
	ck_assert_uint_eq(hg_savedir_trial("trial-.hgt"), 0);
	ck_assert_uint_eq(hg_savedir_trial("trial-01.json"), 0);
	ck_assert_uint_eq(hg_savedir_trial("trial-01.hgt.tmpAbc123"), 0);
	ck_assert_uint_eq(hg_savedir_trial("trial-x1.hgt"), 0);
	ck_assert_uint_eq(hg_savedir_trial("trial-99999999999999999999999.hgt"), 0);
}
END_TEST

START_TEST(test_new_and_empty)
{
	char *dir = hg_test_fresh_dir(), *sub = hg_test_path(dir, "series"), err[512] = "";
	size_t next = 0;
	struct stat sb;

	ck_assert_int_eq(hg_savedir_check(sub, false, &next, err, sizeof(err)), 0);
	ck_assert_uint_eq(next, 1);
	ck_assert(!stat(sub, &sb) && S_ISDIR(sb.st_mode));	/* made */
	ck_assert_int_eq(hg_savedir_check(sub, false, &next, err, sizeof(err)), 0);
	free(sub);
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_earlier_series)
{
	char *dir = hg_test_fresh_dir(), err[512] = "";
	size_t next = 0;

	free(hg_test_write_text(dir, "trial-01.hgt", "x"));
	free(hg_test_write_text(dir, "trial-04.hgt", "x"));
	free(hg_test_write_text(dir, "trial-09.json", "x"));
	ck_assert_int_eq(hg_savedir_check(dir, false, &next, err, sizeof(err)), -ENOTEMPTY);
	ck_assert_msg(strstr(err, "not empty (3 files") && strstr(err, "--append"), "'%s'", err);
	ck_assert_int_eq(hg_savedir_check(dir, true, &next, err, sizeof(err)), 0);
	ck_assert_uint_eq(next, 5);	/* after trial-04.hgt: none written over */
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_not_a_directory)
{
	char *dir = hg_test_fresh_dir(), *f = hg_test_write_text(dir, "file", "x"), err[512] = "";
	char *under = hg_test_path(f, "sub");
	size_t next = 0;

	ck_assert_int_eq(hg_savedir_check(f, true, &next, err, sizeof(err)), -ENOTDIR);
	ck_assert_msg(strstr(err, "a regular file, not a directory"), "'%s'", err);
	ck_assert_int_eq(hg_savedir_check(under, false, &next, err, sizeof(err)), -ENOTDIR);
	ck_assert_msg(strstr(err, "cannot make the directory"), "'%s'", err);
	ck_assert_int_eq(hg_savedir_check("/dev/null", false, &next, err, sizeof(err)), -ENOTDIR);
	ck_assert_msg(strstr(err, "a character device, not a directory"), "'%s'", err);
	free(under);
	free(f);
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_unwritable)
{
	char *dir = hg_test_fresh_dir(), *sub = hg_test_path(dir, "ro"), err[512] = "";
	size_t next = 0;

	if (!geteuid()) {	/* root writes anywhere: nothing to see */
		free(sub);
		hg_test_drop_dir(dir);
		return;
	}
	ck_assert_int_eq(mkdir(sub, 0555), 0);
	ck_assert_int_eq(hg_savedir_check(sub, false, &next, err, sizeof(err)), -EACCES);
	ck_assert_msg(strstr(err, "cannot write into it"), "'%s'", err);
	chmod(sub, 0755);
	free(sub);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("savedir");
	TCase *tc = tcase_create("check");

	tcase_add_test(tc, test_trial_names);
	tcase_add_test(tc, test_new_and_empty);
	tcase_add_test(tc, test_earlier_series);
	tcase_add_test(tc, test_not_a_directory);
	tcase_add_test(tc, test_unwritable);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
