// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * atomicfile.c - temporary file + rename
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "trace/atomicfile.h"

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
	fd = mkstemp(a->tmp);
	if (fd < 0) {
		e = errno;
		snprintf(err, errlen, "cannot create %s: %s", path, strerror(e));
		return -e;
	}
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
