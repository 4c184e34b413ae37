// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_atomic.c - trace/atomicfile.h: standard output and devices written
 * in place, a full disk said once with its reason
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "trace/atomicfile.h"

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
	n = read(fds[0], err, len - 1);
	err[n > 0 ? n : 0] = '\0';
	*stdout_err = n > (ssize_t)(strlen(err) + 1) ? err[strlen(err) + 1] : -1;
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

static Suite *suite(void)
{
	Suite *s = suite_create("atomicfile");
	TCase *tc = tcase_create("full");

	tcase_add_test(tc, test_stdout_full);
	tcase_add_test(tc, test_device_full);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
