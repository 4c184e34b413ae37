// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kinstance.c - a --kernel run's tracefs instance: its name, the lock its
 * run holds, and the judgement of other runs' instances (see kinstance.h)
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "run/kinstance.h"

#define PID_INIT_INO 0xEFFFFFFCULL	/* the initial PID namespace's, fixed by the kernel */
#define PID_NS_LINK "/proc/self/ns/pid"

enum form { F_OTHER, F_OLD, F_NEW };

/* The decimal number at @s (1 to 18 digits) into *@v; past it, or NULL. */
static const char *number(const char *s, unsigned long long *v)
{
	int n = 0;

	*v = 0;
	while (n < 18 && isdigit((unsigned char)s[n]))
		*v = *v * 10 + (unsigned long long)(s[n++] - '0');
	return n && !isdigit((unsigned char)s[n]) ? s + n : NULL;
}

/* A pid as a name writes it: 1 to INT_MAX. */
static bool pid_ok(unsigned long long v)
{
	return v && v <= INT_MAX;
}

/* "hourglass-<pid>" (older versions) or "hourglass-<ns>-<pid>-<8 hex>". */
static enum form parse(const char *name, long *pid)
{
	const char *p = name + strlen(HG_KINSTANCE_PREFIX);
	unsigned long long v;
	int i;

	if (strncmp(name, HG_KINSTANCE_PREFIX, strlen(HG_KINSTANCE_PREFIX)) ||
	    !(p = number(p, &v)))
		return F_OTHER;
	*pid = (long)v;
	if (!*p)
		return pid_ok(v) ? F_OLD : F_OTHER;
	if (*p != '-' || !(p = number(p + 1, &v)) || *p != '-' || !pid_ok(v))
		return F_OTHER;
	*pid = (long)v;
	for (i = 1; i <= 8; i++)
		if (!isxdigit((unsigned char)p[i]) || isupper((unsigned char)p[i]))
			return F_OTHER;
	return p[9] ? F_OTHER : F_NEW;
}

void hg_kinstance_name(char *buf, size_t len, uint64_t ns, long pid, uint32_t rnd)
{
	snprintf(buf, len, HG_KINSTANCE_PREFIX "%llu-%ld-%08x", (unsigned long long)ns, pid,
		 (unsigned int)rnd);
}

void hg_kinstance_own_name(char *buf, size_t len)
{
	struct stat st;
	uint32_t rnd;

	if (getrandom(&rnd, sizeof(rnd), GRND_NONBLOCK) != (ssize_t)sizeof(rnd)) {
		struct timespec ts;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		rnd = (uint32_t)ts.tv_nsec ^ (uint32_t)ts.tv_sec << 20;
	}
	hg_kinstance_name(buf, len, stat(PID_NS_LINK, &st) ? 0 : (uint64_t)st.st_ino,
			  (long)getpid(), rnd);
}

/* In the initial PID namespace, with a /proc of it (/proc/self is us)? */
static bool sees_all_pids(void)
{
	char link[32], self[32];
	struct stat st;
	ssize_t n;

	if (stat(PID_NS_LINK, &st) || (unsigned long long)st.st_ino != PID_INIT_INO)
		return false;
	n = readlink("/proc/self", link, sizeof(link) - 1);
	if (n <= 0)
		return false;
	link[n] = '\0';
	snprintf(self, sizeof(self), "%d", (int)getpid());
	return !strcmp(link, self);
}

void hg_kinstance_env_init(struct hg_kinstance_env *e, const char *instances)
{
	e->instances = instances;
	e->proc = "/proc";
	e->all_pids = sees_all_pids();
}

int hg_kinstance_lock(const char *instances, const char *name, bool wait)
{
	char path[4096];
	int fd, ret;

	snprintf(path, sizeof(path), "%s/%s/" HG_KINSTANCE_LOCK, instances, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	do
		ret = flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB));
	while (ret && errno == EINTR);
	if (ret) {
		ret = -errno;
		close(fd);
		return ret;
	}
	return fd;
}

/* Does the NSpid line of @status name @pid? 1 yes, 0 no, -1 no such line. */
static int nspid_has(FILE *status, long pid)
{
	char line[256], *p, *end;
	long v;

	while (fgets(line, sizeof(line), status)) {
		if (strncmp(line, "NSpid:", 6))
			continue;
		for (p = line + 6;; p = end) {
			v = strtol(p, &end, 10);
			if (end == p)
				return 0;
			if (v == pid)
				return 1;
		}
	}
	return -1;
}

/*
 * Has some process @pid in some PID namespace? 1 yes, 0 no, -1 cannot
 * tell (no @proc, or a kernel without NSpid).
 */
static int pid_anywhere(const char *proc, long pid)
{
	DIR *d = opendir(proc);
	struct dirent *de;
	int found = 0;

	if (!d)
		return -1;
	while (!found && (de = readdir(d))) {
		char path[4096];
		FILE *f;

		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "%s/%s/status", proc, de->d_name);
		f = fopen(path, "re");
		if (!f)
			continue;	/* gone since the listing */
		found = nspid_has(f, pid);
		fclose(f);
	}
	closedir(d);
	return found;
}

enum hg_kinstance_state hg_kinstance_judge(const struct hg_kinstance_env *e, const char *name)
{
	long pid = 0;
	int fd;

	switch (parse(name, &pid)) {
	case F_NEW:
		fd = hg_kinstance_lock(e->instances, name, false);
		if (fd < 0)
			return HG_KINST_LIVE;	/* held, or its run is making it */
		close(fd);
		return HG_KINST_STALE;
	case F_OLD:
		if (!e->all_pids)
			return HG_KINST_UNSURE;
		return pid_anywhere(e->proc, pid) ? HG_KINST_UNSURE : HG_KINST_STALE;
	default:
		return HG_KINST_OTHER;
	}
}
