// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * atomicfile.c - temporary file + rename
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "atomicfile.h"

int hg_atomic_open(struct hg_atomic *a, const char *path, char *err, size_t errlen)
{
	struct stat sb;
	int fd, e;

	a->f = NULL;
	a->path = path;
	a->tmp[0] = '\0';
	a->real[0] = '\0';
	a->std = !strcmp(path, "-");
	if (a->std) {	/* standard output */
		a->f = stdout;
		return 0;
	}
	/* a symbolic link to a file is followed: its target is replaced, not the link */
	if (!lstat(path, &sb) && S_ISLNK(sb.st_mode) && realpath(path, a->real))
		a->path = path = a->real;
	if (!stat(path, &sb) && !S_ISREG(sb.st_mode)) {
		/* a pipe, a terminal, /dev/null: written in place, never replaced */
		a->f = fopen(path, "wb");
		if (!a->f) {
			e = errno;
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
	a->f = fdopen(fd, "wb");
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

	if (fflush(a->f) && !ret)
		ret = -errno;
	if (ferror(a->f) && !ret)
		ret = -EIO;
	if (!ret && a->tmp[0] && fsync(fileno(a->f)))
		ret = -errno;
	if (!a->std && fclose(a->f) && !ret)
		ret = -errno;
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
