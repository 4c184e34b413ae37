// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * atomicfile.c - temporary file + rename
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/stat.h>

#include "util/atomicfile.h"

/*
 * The file is written through a stream of our own, which keeps the reason
 * of the first failed write: stdio drops it (and the data), so a failure
 * seen only at the end would read "Input/output error", not "No space
 * left on device".
 */
static ssize_t keep_write(void *cookie, const char *buf, size_t n)
{
	struct hg_atomic *a = cookie;
	size_t done = 0;

	while (done < n) {
		ssize_t w = write(a->fd, buf + done, n - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (!a->werr)
				a->werr = w < 0 ? errno : EIO;
			errno = a->werr;
			return -1;
		}
		done += (size_t)w;
	}
	return (ssize_t)n;
}

static int keep_close(void *cookie)
{
	struct hg_atomic *a = cookie;

	return a->std ? 0 : close(a->fd);	/* standard output stays open */
}

static FILE *keep_open(struct hg_atomic *a, int fd)
{
	static const cookie_io_functions_t ops = { .write = keep_write, .close = keep_close };

	a->fd = fd;
	a->werr = 0;
	return fopencookie(a, "wb", ops);
}

/* The characters mkstemp() puts in place of the X's. */
static bool mkstemp_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
}

bool hg_atomic_is_temp(const char *name, const char *base)
{
	size_t n = strlen(base), x = sizeof(HG_ATOMIC_SUFFIX) - 1 - 6, i;

	if (strncmp(name, base, n) || strncmp(name + n, HG_ATOMIC_SUFFIX, x))
		return false;
	name += n + x;
	for (i = 0; i < 6; i++)
		if (!mkstemp_char(name[i]))
			return false;
	return name[6] == '\0';
}

/*
 * Remove @name in @dirfd when it is a stale temporary file of ours: a
 * regular file of our user that no writer holds locked (a writer locks
 * its temporary file until it is renamed; a killed one lost its lock).
 */
static void drop_stale(int dirfd, const char *name)
{
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	struct stat sb, now;

	if (fd < 0)
		return;
	if (!fstat(fd, &sb) && S_ISREG(sb.st_mode) && sb.st_uid == geteuid() &&
	    !flock(fd, LOCK_EX | LOCK_NB) &&
	    !fstatat(dirfd, name, &now, AT_SYMLINK_NOFOLLOW) &&
	    now.st_dev == sb.st_dev && now.st_ino == sb.st_ino)
		unlinkat(dirfd, name, 0);
	close(fd);
}

int hg_atomic_sweep(const char *path)
{
	char dir[4096], base[4096];
	struct dirent *e;
	int removed = 0;
	DIR *d;

	if (snprintf(dir, sizeof(dir), "%s", path) >= (int)sizeof(dir))
		return 0;
	snprintf(base, sizeof(base), "%s", path);
	d = opendir(dirname(dir));
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		struct stat sb;

		if (!hg_atomic_is_temp(e->d_name, basename(base)))
			continue;
		drop_stale(dirfd(d), e->d_name);
		if (fstatat(dirfd(d), e->d_name, &sb, AT_SYMLINK_NOFOLLOW))
			removed++;
	}
	closedir(d);
	return removed;
}

int hg_atomic_open(struct hg_atomic *a, const char *path, char *err, size_t errlen)
{
	struct stat sb;
	int fd, e;

	a->f = NULL;
	a->werr = 0;
	a->path = path;
	a->tmp[0] = '\0';
	a->real[0] = '\0';
	a->std = !strcmp(path, "-");
	if (a->std) {
		/*
		 * standard output, through a stream of our own as a file is:
		 * what stdout holds goes first, and a failed write keeps its
		 * reason here instead of marking stdout (said once, not again
		 * by whoever checks stdout at the exit)
		 */
		if (fflush(stdout)) {
			e = errno;
			clearerr(stdout);
			snprintf(err, errlen, "cannot write standard output: %s", strerror(e));
			return -e;
		}
		a->f = keep_open(a, STDOUT_FILENO);
		if (!a->f) {
			e = errno;
			snprintf(err, errlen, "cannot write standard output: %s", strerror(e));
			return -e;
		}
		return 0;
	}
	/* a symbolic link to a file is followed: its target is replaced, not the link */
	if (!lstat(path, &sb) && S_ISLNK(sb.st_mode) && realpath(path, a->real))
		a->path = path = a->real;
	if (!stat(path, &sb) && !S_ISREG(sb.st_mode)) {
		/* a pipe, a terminal, /dev/null: written in place, never replaced */
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		a->f = fd < 0 ? NULL : keep_open(a, fd);
		if (!a->f) {
			e = errno;
			if (fd >= 0)
				close(fd);
			snprintf(err, errlen, "cannot open %s: %s", path, strerror(e));
			return -e;
		}
		return 0;
	}
	if (snprintf(a->tmp, sizeof(a->tmp), "%s" HG_ATOMIC_SUFFIX, path) >= (int)sizeof(a->tmp)) {
		snprintf(err, errlen, "cannot create %s: path too long", path);
		return -ENAMETOOLONG;
	}
	/* what a killed writer of the same file left: removed, ours kept locked */
	hg_atomic_sweep(path);
	fd = mkostemp(a->tmp, O_CLOEXEC);
	if (fd < 0) {
		e = errno;
		snprintf(err, errlen, "cannot create %s: %s", path, strerror(e));
		return -e;
	}
	flock(fd, LOCK_EX | LOCK_NB);
	/* the mode of the file it replaces, or what the umask leaves of 0666 */
	if (!stat(path, &sb)) {
		fchmod(fd, sb.st_mode & 07777);
	} else {
		mode_t mask = umask(0);

		umask(mask);
		fchmod(fd, 0666 & ~mask);
	}
	a->f = keep_open(a, fd);
	if (!a->f) {
		e = errno;
		close(fd);
		unlink(a->tmp);
		snprintf(err, errlen, "cannot create %s: %s", path, strerror(e));
		return -e;
	}
	return 0;
}

int hg_atomic_close(struct hg_atomic *a, int status, char *err, size_t errlen)
{
	int ret = status;

	/* a writer that saw only the stream's error flag: the real reason */
	if (ret == -EIO && a->werr)
		ret = -a->werr;
	if (fflush(a->f) && !ret)
		ret = a->werr ? -a->werr : -errno;
	if (ferror(a->f) && !ret)
		ret = a->werr ? -a->werr : -EIO;
	if (!ret && a->tmp[0] && fsync(a->fd))
		ret = -errno;
	if (fclose(a->f) && !ret)
		ret = a->werr ? -a->werr : -errno;
	a->f = NULL;
	if (!ret && a->tmp[0] && rename(a->tmp, a->path))
		ret = -errno;
	if (ret) {
		if (a->tmp[0])
			unlink(a->tmp);
		snprintf(err, errlen, "cannot write %s: %s", a->std ? "standard output" : a->path,
			 strerror(-ret));
	}
	return ret;
}

int hg_atomic_write(const char *path, hg_atomic_fn write, const void *arg, char *err,
		    size_t errlen)
{
	struct hg_atomic a;
	int ret = hg_atomic_open(&a, path, err, errlen);

	if (ret)
		return ret;
	return hg_atomic_close(&a, write(a.f, arg), err, errlen);
}
