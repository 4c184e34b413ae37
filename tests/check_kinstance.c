// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kinstance.c - run/kinstance.c: the names of --kernel runs' tracefs
 * instances, and which are stale, judged in a test's own directories (an
 * instances directory, a /proc of made-up processes); and, as root with
 * tracefs, a live capture's instance as another run sees it
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "run/kcapture.h"
#include "run/kcaptureint.h"
#include "run/kinstance.h"

/* An instance @name in @dir, with its lock file when @lockfile. */
static void make_instance(const char *dir, const char *name, bool lockfile)
{
	char *sub = hg_test_path(dir, name);

	ck_assert_int_eq(mkdir(sub, 0755), 0);
	if (lockfile)
		free(hg_test_write_text(sub, HG_KINSTANCE_LOCK, "0\n"));
	free(sub);
}

/* A made-up process @pid of @proc whose status has @nspid ("" : no line). */
static void make_proc(const char *proc, const char *pid, const char *nspid)
{
	char *sub = hg_test_path(proc, pid), text[128];

	mkdir(proc, 0755);
	ck_assert_int_eq(mkdir(sub, 0755), 0);
	snprintf(text, sizeof(text), "Name:\tx\nPid:\t%s\n%s%s%sPPid:\t0\n", pid,
		 *nspid ? "NSpid:\t" : "", nspid, *nspid ? "\n" : "");
	free(hg_test_write_text(sub, "status", text));
	free(sub);
}

START_TEST(test_name)
{
	char buf[HG_KINSTANCE_NAME_MAX], want[HG_KINSTANCE_NAME_MAX];
	unsigned long long ns;
	unsigned int rnd;
	struct stat st;
	long pid;
	int n = 0;

	hg_kinstance_name(buf, sizeof(buf), 4026531836ULL, 2147483647L, 0xdeadbeefU);
	ck_assert_str_eq(buf, "hourglass-4026531836-2147483647-deadbeef");
	hg_kinstance_name(buf, sizeof(buf), 0, 1, 7);
	ck_assert_str_eq(buf, "hourglass-0-1-00000007");

	/* this process's: its PID namespace, its pid, random bits */
	hg_kinstance_own_name(buf, sizeof(buf));
	ck_assert_int_eq(sscanf(buf, "hourglass-%llu-%ld-%8x%n", &ns, &pid, &rnd, &n), 3);
	ck_assert_int_eq(n, (int)strlen(buf));
	ck_assert_int_eq(stat("/proc/self/ns/pid", &st), 0);
	ck_assert_uint_eq(ns, (unsigned long long)st.st_ino);
	ck_assert_int_eq(pid, (long)getpid());
	hg_kinstance_name(want, sizeof(want), ns, pid, rnd);
	ck_assert_str_eq(buf, want);
}
END_TEST

/* Names not of a run's form are never touched, whatever their lock says. */
START_TEST(test_other_names)
{
	static const char *const names[] = {
		"hourglass", "hourglass-", "hourglass-abc", "hourglass-0", "hourglass-12x",
		"hourglass-99999999999", "hourglass--1", "hourglass-1-2", "hourglass-1-2-",
		"hourglass-1-2-deadbee", "hourglass-1-2-deadbeef0", "hourglass-1-2-DEADBEEF",
		"hourglass-1-0-deadbeef", "hourglass-x-2-deadbeef", "hourglass-1-2-deadbeeg",
		"mytrace", "rtla-hourglass-12",
	};
	char *dir = hg_test_fresh_dir();
	struct hg_kinstance_env e = { dir, "/nonexistent", true };
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		make_instance(dir, names[i], true);
		ck_assert_msg(hg_kinstance_judge(&e, names[i]) == HG_KINST_OTHER, "%s", names[i]);
	}
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * Two runs in two PID namespaces, both pid 1: the one whose lock is held
 * lives, the other is stale; a lock goes when its holder does.
 */
START_TEST(test_lock)
{
	static const char live[] = "hourglass-4026532179-1-0badcafe";
	static const char gone[] = "hourglass-4026532180-1-12345678";
	static const char young[] = "hourglass-4026531836-77-aaaaaaaa";
	char *dir = hg_test_fresh_dir(), c;
	struct hg_kinstance_env e = { dir, "/nonexistent", true };
	int fds[2], fd, status;
	pid_t pid;

	make_instance(dir, live, true);
	make_instance(dir, gone, true);
	make_instance(dir, young, false);	/* made, not yet locked by its run */
	ck_assert_int_eq(pipe(fds), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (!pid) {
		fd = hg_kinstance_lock(dir, live, false);
		if (write(fds[1], fd >= 0 ? "y" : "n", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(fds[1]);
	ck_assert_int_eq(read(fds[0], &c, 1), 1);
	ck_assert_int_eq(c, 'y');
	ck_assert_int_eq(hg_kinstance_judge(&e, live), HG_KINST_LIVE);
	ck_assert_int_eq(hg_kinstance_lock(dir, live, false), -EWOULDBLOCK);
	ck_assert_int_eq(hg_kinstance_judge(&e, gone), HG_KINST_STALE);
	ck_assert_int_eq(hg_kinstance_judge(&e, young), HG_KINST_LIVE);
	ck_assert_int_eq(hg_kinstance_lock(dir, young, false), -ENOENT);

	/* the run is killed: its lock with it */
	kill(pid, SIGKILL);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	close(fds[0]);
	ck_assert_int_eq(hg_kinstance_judge(&e, live), HG_KINST_STALE);

	/* judging takes the lock only for the look: the instance's own run may take it */
	fd = hg_kinstance_lock(dir, live, true);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(hg_kinstance_judge(&e, live), HG_KINST_LIVE);
	close(fd);
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * Older names, "hourglass-<pid>": stale only when every process of the
 * machine is seen and none has that pid in any PID namespace.
 */
START_TEST(test_old_names)
{
	char *dir = hg_test_fresh_dir(), *proc = hg_test_path(dir, "proc");
	char *bare = hg_test_path(dir, "bare"), *self = hg_test_path(proc, "self");
	struct hg_kinstance_env e = { dir, proc, true };

	make_proc(proc, "1", "1");
	make_proc(proc, "500", "500\t1");	/* a container's pid 1 */
	make_proc(proc, "600", "600\t7");	/* its pid 7: an older run in it */
	ck_assert_int_eq(mkdir(self, 0755), 0);	/* not a pid */
	ck_assert_int_eq(hg_kinstance_judge(&e, "hourglass-7"), HG_KINST_UNSURE);
	ck_assert_int_eq(hg_kinstance_judge(&e, "hourglass-500"), HG_KINST_UNSURE);
	ck_assert_int_eq(hg_kinstance_judge(&e, "hourglass-1"), HG_KINST_UNSURE);
	ck_assert_int_eq(hg_kinstance_judge(&e, "hourglass-42"), HG_KINST_STALE);

	/* from a PID namespace of its own, no older run can be told gone */
	e.all_pids = false;
	ck_assert_int_eq(hg_kinstance_judge(&e, "hourglass-42"), HG_KINST_UNSURE);

	/* a kernel without NSpid, or no /proc: unsure */
	e.all_pids = true;
	e.proc = bare;
	make_proc(bare, "1", "");
	ck_assert_int_eq(hg_kinstance_judge(&e, "hourglass-42"), HG_KINST_UNSURE);
	e.proc = "/nonexistent";
	ck_assert_int_eq(hg_kinstance_judge(&e, "hourglass-42"), HG_KINST_UNSURE);
	free(proc);
	free(bare);
	free(self);
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * As root with tracefs: a capture's instance, as another run's clean-up
 * sees it: live, its lock held, not removable; gone after the close.
 */
START_TEST(test_tracefs)
{
	const char *tdir = tracefs_tracing_dir();
	struct hg_kinstance_env e;
	struct hg_kcapture *k = NULL;
	char instances[4096], path[4200], err[256] = "";
	const char *name;
	cpu_set_t cpus;
	int ret;

	if (geteuid() || !tdir) {
		fprintf(stderr, "check_kinstance: tracefs test skipped (%s)\n",
			geteuid() ? "needs root" : "no tracefs");
		return;
	}
	snprintf(instances, sizeof(instances), "%s/instances", tdir);
	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	ret = hg_kcapture_open(&k, &cpus, 1000000000ULL, err, sizeof(err));
	ck_assert_msg(!ret, "%s", err);
	name = tracefs_instance_get_name(k->inst);
	hg_kinstance_env_init(&e, instances);
	ck_assert_int_eq(hg_kinstance_judge(&e, name), HG_KINST_LIVE);
	ck_assert_int_eq(hg_kinstance_lock(instances, name, false), -EWOULDBLOCK);
	snprintf(path, sizeof(path), "%s/%s", instances, name);
	ck_assert_int_eq(rmdir(path), -1);
	ck_assert_int_eq(errno, EBUSY);
	hg_kcapture_close(k);
	ck_assert_int_eq(access(path, F_OK), -1);
}
END_TEST

static Suite *kinstance_suite(void)
{
	Suite *s = suite_create("kinstance");
	TCase *tc = tcase_create("names");

	tcase_add_test(tc, test_name);
	tcase_add_test(tc, test_other_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("stale");
	tcase_add_test(tc, test_lock);
	tcase_add_test(tc, test_old_names);
	suite_add_tcase(s, tc);
	tc = tcase_create("tracefs");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_tracefs);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kinstance_suite());
}
