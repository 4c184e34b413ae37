// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_atomic.c - util/atomicfile.h: standard output and devices written
 * in place, a full disk said once with its reason
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "util/atomicfile.h"

/* What the writer writes: 256 KiB, more than any stdio buffer. */
static int write_much(FILE *f, const void *arg __attribute__((unused)))
{
	static const char line[] = "0123456789abcdef0123456789abcdef0123456789abcdef012345678\n";
	int i;

	for (i = 0; i < 4096; i++)
		if (fputs(line, f) == EOF)
			return -EIO;	/* what stdio says: the writer keeps the reason */
	return 0;
}

/*
 * hg_atomic_write("-") in a child whose standard output is /dev/full; the
 * child's message (and exit status: the error) comes back through a pipe.
 * Returns the -errno hg_atomic_write() returned, with the message in @err
 * and whether stdout was left marked in @stdout_err.
 */
static int write_stdout_full(char *err, size_t len, int *stdout_err)
{
	int fds[2], status;
	size_t got;
	ssize_t n;
	pid_t pid;

	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		char msg[512] = "";
		int full = open("/dev/full", O_WRONLY), ret, marked;

		if (full < 0 || dup2(full, STDOUT_FILENO) < 0)
			_exit(255);
		ret = hg_atomic_write("-", write_much, NULL, msg, sizeof(msg));
		/* the error is said once: stdout itself is clean after */
		marked = ferror(stdout) || fflush(stdout);
		n = write(fds[1], msg, strlen(msg) + 1);
		n += write(fds[1], &marked, sizeof(marked));
		_exit(n > 0 ? -ret : 254);
	}
	close(fds[1]);
	/* the message, its NUL, then the flag: read to the end, however it comes */
	got = 0;
	while (got < len - 1 && (n = read(fds[0], err + got, len - 1 - got)) > 0)
		got += (size_t)n;
	err[got] = '\0';
	*stdout_err = got > strlen(err) + 1 ? err[strlen(err) + 1] : -1;
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) < 254);
	return -WEXITSTATUS(status);
}

START_TEST(test_stdout_full)
{
	char err[600];
	int marked = -1;

	if (access("/dev/full", W_OK))
		return;		/* no /dev/full: nothing to test with */
	ck_assert_int_eq(write_stdout_full(err, sizeof(err), &marked), -ENOSPC);
	ck_assert_str_eq(err, "cannot write standard output: No space left on device");
	ck_assert_int_eq(marked, 0);
}
END_TEST

START_TEST(test_device_full)
{
	char err[600] = "";

	if (access("/dev/full", W_OK))
		return;
	ck_assert_int_eq(hg_atomic_write("/dev/full", write_much, NULL, err, sizeof(err)),
			 -ENOSPC);
	ck_assert_str_eq(err, "cannot write /dev/full: No space left on device");
}
END_TEST

/* ----------------------------------------------- stale temporary files */

static int write_short(FILE *f, const void *arg __attribute__((unused)))
{
	return fputs("{}\n", f) == EOF ? -EIO : 0;
}

static bool exists(const char *dir, const char *name)
{
	char *p = hg_test_path(dir, name);
	struct stat sb;
	bool there = !lstat(p, &sb);

	free(p);
	return there;
}

START_TEST(test_is_temp)
{
	ck_assert(hg_atomic_is_temp("out.json.tmpAbc123", "out.json"));
	ck_assert(hg_atomic_is_temp("out.json.tmpzzzzzz", "out.json"));
	ck_assert(!hg_atomic_is_temp("out.json.tmpAbc12", "out.json"));
	ck_assert(!hg_atomic_is_temp("out.json.tmpAbc1234", "out.json"));
	ck_assert(!hg_atomic_is_temp("out.json.tmpAb-123", "out.json"));
	ck_assert(!hg_atomic_is_temp("out.json.tmpXXXXX.", "out.json"));
	ck_assert(!hg_atomic_is_temp("xout.json.tmpAbc123", "out.json"));
	ck_assert(!hg_atomic_is_temp("out.jsonx.tmpAbc123", "out.json"));
	ck_assert(!hg_atomic_is_temp("out.json", "out.json"));
	ck_assert(!hg_atomic_is_temp("out.json.tmp", "out.json"));
}
END_TEST

/*
 * What a SIGKILL during a write leaves, removed at the next write of the
 * same file; what is not ours, or still being written, is kept.
 */
START_TEST(test_stale_removed)
{
	char *dir = hg_test_fresh_dir(), *out = hg_test_path(dir, "out.json"), err[600] = "";
	char *live = hg_test_path(dir, "out.json.tmpLIVE01");
	char *link = hg_test_path(dir, "out.json.tmpLINK00"), *sub = hg_test_path(dir, "out.json.tmpDIR000");
	int fd;

	free(hg_test_write_text(dir, "out.json.tmpAbc123", "half a fil"));
	free(hg_test_write_text(dir, "out.json.tmp9zZ000", ""));
	free(hg_test_write_text(dir, "out.json.tmpAbc12", "not ours: five"));
	free(hg_test_write_text(dir, "out.json.tmp_bc123", "not ours: _"));
	free(hg_test_write_text(dir, "other.json.tmpAbc123", "another output's"));
	free(hg_test_write_text(dir, "out.json.tmpAbc123x", "longer"));
	ck_assert_int_eq(symlink("out.json.tmpAbc12", link), 0);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	/* one being written by another writer: it holds the lock */
	fd = open(live, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(flock(fd, LOCK_EX), 0);

	ck_assert_int_eq(hg_atomic_write(out, write_short, NULL, err, sizeof(err)), 0);
	ck_assert(exists(dir, "out.json"));
	ck_assert(!exists(dir, "out.json.tmpAbc123"));
	ck_assert(!exists(dir, "out.json.tmp9zZ000"));
	ck_assert(exists(dir, "out.json.tmpAbc12"));
	ck_assert(exists(dir, "out.json.tmp_bc123"));
	ck_assert(exists(dir, "other.json.tmpAbc123"));
	ck_assert(exists(dir, "out.json.tmpAbc123x"));
	ck_assert(exists(dir, "out.json.tmpLINK00"));
	ck_assert(exists(dir, "out.json.tmpDIR000"));
	ck_assert(exists(dir, "out.json.tmpLIVE01"));
	close(fd);
	ck_assert_int_eq(hg_atomic_sweep(out), 1);	/* its writer is gone now */
	ck_assert(!exists(dir, "out.json.tmpLIVE01"));
	free(live);
	free(link);
	free(sub);
	free(out);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("atomicfile");
	TCase *tc = tcase_create("full");

	tcase_add_test(tc, test_stdout_full);
	tcase_add_test(tc, test_device_full);
	suite_add_tcase(s, tc);

	tc = tcase_create("stale");
	tcase_add_test(tc, test_is_temp);
	tcase_add_test(tc, test_stale_removed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
