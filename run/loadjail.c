// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * loadjail.c - the loads' cgroup, or hourglass as their child subreaper
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "run/loadjail.h"
#include "trace/msg.h"

#define STEP_NS	2000000u	/* between two looks at what is left */

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void step(void)
{
	struct timespec ts = { 0, STEP_NS };

	nanosleep(&ts, NULL);
}

/*
 * The mount point of cgroup v2 (@mnt) and the root of the hierarchy it
 * shows (@root), from /proc/self/mountinfo. Returns 0 or -ENOENT.
 */
static int cgroup2_mount(char *mnt, size_t mlen, char *root, size_t rlen)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[1024], r[512], m[512];
	int ret = -ENOENT;

	if (!f)
		return -errno;
	while (ret && fgets(line, sizeof(line), f)) {
		const char *sep = strstr(line, " - ");

		if (!sep || strncmp(sep + 3, "cgroup2 ", 8) ||
		    sscanf(line, "%*s %*s %*s %511s %511s", r, m) != 2)
			continue;
		snprintf(mnt, mlen, "%s", m);
		snprintf(root, rlen, "%s", r);
		ret = 0;
	}
	fclose(f);
	return ret;
}

/* The directory of the calling process's cgroup v2 into @dir. Returns 0 or -errno. */
static int own_cgroup(char *dir, size_t len)
{
	char mnt[512], root[512], line[1024];
	const char *path = NULL;
	size_t rl;
	FILE *f;
	int ret = cgroup2_mount(mnt, sizeof(mnt), root, sizeof(root));

	if (ret)
		return ret;
	f = fopen("/proc/self/cgroup", "re");
	if (!f)
		return -errno;
	while (!path && fgets(line, sizeof(line), f))
		if (!strncmp(line, "0::", 3))
			path = line + 3;
	fclose(f);
	if (!path)
		return -ENOENT;
	line[strcspn(line, "\n")] = '\0';
	rl = strlen(root);
	if (strcmp(root, "/") && !strncmp(path, root, rl))
		path += rl;	/* the mount shows a part of the hierarchy */
	return snprintf(dir, len, "%s%s", mnt, strcmp(path, "/") ? path : "") >= (int)len ?
	       -ENAMETOOLONG : 0;
}

/* A process moved into the cgroup whose cgroup.procs is @procs, and gone. Returns 0 or -errno. */
static int try_join(int procs)
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return -errno;
	if (!pid)
		_exit(write(procs, "0", 1) == 1 ? 0 : (errno & 0xff));
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (!WIFEXITED(st))
		return -EIO;
	return -WEXITSTATUS(st);
}

/* Make the cgroup of @j in @parent. Returns 0, or -errno with @j->said saying why not. */
static int make_cgroup(struct hg_loadjail *j, const char *parent)
{
	char procs[sizeof(j->dir) + 16];
	const char *what = "make";
	int ret = 0;

	if (snprintf(j->dir, sizeof(j->dir), "%s/hourglass-%d", parent, (int)getpid()) >=
	    (int)sizeof(j->dir)) {
		snprintf(j->said, sizeof(j->said), "%s: path too long", parent);
		return -ENAMETOOLONG;
	}
	if (mkdir(j->dir, 0755) && (errno != EEXIST || rmdir(j->dir) || mkdir(j->dir, 0755)))
		ret = -errno;
	snprintf(procs, sizeof(procs), "%s/cgroup.procs", j->dir);
	if (!ret) {
		what = "open";
		j->procs = open(procs, O_WRONLY | O_CLOEXEC);
		ret = j->procs < 0 ? -errno : 0;
	}
	if (!ret) {
		what = "move a process into";
		ret = try_join(j->procs);
	}
	if (ret) {
		snprintf(j->said, sizeof(j->said), "cannot %s %s: %s", what,
			 j->procs >= 0 ? procs : j->dir, strerror(-ret));
		if (j->procs >= 0)
			close(j->procs);
		j->procs = -1;
		rmdir(j->dir);
	}
	return ret;
}

int hg_loadjail_open(struct hg_loadjail *j, const char *parent)
{
	char own[200] = "", why[sizeof(j->said)];
	int ret, was = 0;

	memset(j, 0, sizeof(*j));
	j->procs = -1;
	if (!parent) {
		ret = own_cgroup(own, sizeof(own));
		parent = ret ? NULL : own;
		if (ret)
			snprintf(j->said, sizeof(j->said), "no cgroup v2 found: %s", strerror(-ret));
	}
	if (parent && !*parent)
		snprintf(j->said, sizeof(j->said), "none asked for");
	else if (parent && !make_cgroup(j, parent)) {
		j->kind = HG_LOADJAIL_CGROUP;
		snprintf(j->said, sizeof(j->said), "in cgroup %s (killed whole at the end)", j->dir);
		return 0;
	}
	snprintf(why, sizeof(why), "%s", j->said);
	if (prctl(PR_GET_CHILD_SUBREAPER, &was) || prctl(PR_SET_CHILD_SUBREAPER, 1))
		return -errno;
	j->was_subreaper = was;
	j->kind = HG_LOADJAIL_SUBREAPER;
	snprintf(j->said, sizeof(j->said), "by hourglass as child subreaper (no cgroup: %.300s)", why);
	return 0;
}

int hg_loadjail_enter(const struct hg_loadjail *j)
{
	if (j->kind != HG_LOADJAIL_CGROUP)
		return 0;
	return write(j->procs, "0", 1) == 1 ? 0 : -errno;
}

/* The pid that @s starts with, or -1. */
static pid_t to_pid(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	return end == s || errno || v <= 0 || v > INT_MAX ? -1 : (pid_t)v;
}

/* The parent of process @pid (a name in /proc), or -1. */
static pid_t parent_of(const char *pid)
{
	char path[64], buf[512];
	const char *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%s/stat", pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strrchr(buf, ')');	/* the name may hold anything: then " <state> <ppid>" */
	if (!p || strlen(p) < 5)
		return -1;
	return to_pid(p + 4);
}

/* SIGKILL to every child of @me still alive. */
static void kill_each_child(pid_t me)
{
	DIR *d = opendir("/proc");
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d)))
		if (to_pid(de->d_name) > 0 && parent_of(de->d_name) == me)
			kill(to_pid(de->d_name), SIGKILL);
	closedir(d);
}

int hg_kill_children(unsigned int ms)
{
	uint64_t end = mono_ns() + (uint64_t)ms * 1000000u;
	pid_t me = getpid(), pid;

	for (;;) {
		while ((pid = waitpid(-1, NULL, WNOHANG)) > 0)
			;
		if (pid < 0 && errno == ECHILD)
			return 0;
		if (mono_ns() >= end)
			return -ETIMEDOUT;
		kill_each_child(me);
		step();
	}
}

/* SIGKILL to every process in the cgroup @dir: cgroup.kill, or one by one. */
static void kill_cgroup(const char *dir)
{
	char path[300], pid[32];
	FILE *f;
	int fd;

	snprintf(path, sizeof(path), "%s/cgroup.kill", dir);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		ssize_t w = write(fd, "1", 1);

		close(fd);
		if (w == 1)
			return;
	}
	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);	/* before Linux 5.14 */
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(pid, sizeof(pid), f))
		if (to_pid(pid) > 0)
			kill(to_pid(pid), SIGKILL);
	fclose(f);
}

/* Kill what is in the cgroup of @j and remove it. Returns 0 or -errno. */
static int end_cgroup(struct hg_loadjail *j)
{
	uint64_t end = mono_ns() + HG_LOADJAIL_KILL_MS * 1000000ull;

	close(j->procs);
	j->procs = -1;
	for (;;) {
		kill_cgroup(j->dir);
		if (!rmdir(j->dir) || errno == ENOENT)
			return 0;
		if (errno != EBUSY || mono_ns() >= end)
			return -errno;
		step();
	}
}

void hg_loadjail_close(struct hg_loadjail *j, bool quiet)
{
	int ret;

	if (j->kind == HG_LOADJAIL_CGROUP) {
		ret = end_cgroup(j);
		if (ret && !quiet)
			hg_warn("cannot remove the loads' cgroup %s: "
				"%s (a process in it did not end within %u s)", j->dir,
				strerror(-ret), HG_LOADJAIL_KILL_MS / 1000);
	} else if (j->kind == HG_LOADJAIL_SUBREAPER) {
		ret = hg_kill_children(HG_LOADJAIL_KILL_MS);
		if (!j->was_subreaper)
			prctl(PR_SET_CHILD_SUBREAPER, 0);
		if (ret && !quiet)
			hg_warn("a process the loads left did not end "
				"within %u s of SIGKILL", HG_LOADJAIL_KILL_MS / 1000);
	}
	j->kind = HG_LOADJAIL_NONE;
}
