// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_infile.c - util/infile.h: a file given to read is opened only when
 * it is a regular file within its size limit, read whole, or read at an
 * offset to the last byte asked for
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "util/infile.h"

/* A file of 100 bytes 0, 1, ... 99 in a fresh directory; its path. */
static char *hundred(char **dir)
{
	unsigned char b[100];
	char *path;
	size_t i;

	for (i = 0; i < sizeof(b); i++)
		b[i] = (unsigned char)i;
	*dir = hg_test_fresh_dir();
	path = hg_test_path(*dir, "h.bin");
	hg_test_write_file(path, b, sizeof(b));
	return path;
}

/*
 * The bytes asked for, at any offset, to the file's last; past it, -EIO
 * and "the file shrank while read"; a descriptor that reads nothing, its
 * errno.
 */
START_TEST(test_pread)
{
	char *dir, *path = hundred(&dir), why[128] = "";
	unsigned char got[100];
	struct stat sb;
	int fd = hg_infile_open(path, 0, &sb, why, sizeof(why));
	size_t i;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(hg_infile_pread(fd, got, 100, 0, why, sizeof(why)), 0);
	for (i = 0; i < 100; i++)
		ck_assert_uint_eq(got[i], i);
	ck_assert_int_eq(hg_infile_pread(fd, got, 10, 90, why, sizeof(why)), 0);
	ck_assert_uint_eq(got[0], 90);
	ck_assert_uint_eq(got[9], 99);
	ck_assert_int_eq(hg_infile_pread(fd, got, 0, 100, why, sizeof(why)), 0);
	ck_assert_int_eq(hg_infile_pread(fd, got, 11, 90, why, sizeof(why)), -EIO);
	ck_assert_str_eq(why, "cannot read it: the file shrank while read");
	close(fd);
	fd = open(path, O_WRONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(hg_infile_pread(fd, got, 1, 0, why, sizeof(why)), -EBADF);
	ck_assert_str_eq(why, "cannot read it: Bad file descriptor");
	close(fd);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* Regular files within the limit are opened; a directory or a larger file is refused. */
START_TEST(test_open_limits)
{
	char *dir, *path = hundred(&dir), why[128] = "";
	struct stat sb;
	int fd;

	fd = hg_infile_open(path, 100, &sb, why, sizeof(why));
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(sb.st_size, 100);
	close(fd);
	ck_assert_int_lt(hg_infile_open(path, 99, &sb, why, sizeof(why)), 0);
	ck_assert_int_lt(hg_infile_open(dir, 0, &sb, why, sizeof(why)), 0);
	ck_assert_str_eq(why, "is a directory");
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("infile");
	TCase *tc = tcase_create("infile");

	tcase_add_test(tc, test_pread);
	tcase_add_test(tc, test_open_limits);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
