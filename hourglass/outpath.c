// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * outpath.c - whether an output file can be written, asked before a run
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "outpath.h"

int hg_output_problem(const char *out, const char *trace, char *why, size_t len)
{
	char copy[PATH_MAX];
	struct stat a, b;
	const char *dir;

	if (!*out) {
		snprintf(why, len, "empty file name");
		return -EINVAL;
	}
	if (!strcmp(out, "-"))
		return 0;
	if (!stat(out, &b)) {
		if (S_ISDIR(b.st_mode)) {
			snprintf(why, len, "is a directory (give a file name)");
			return -EISDIR;
		}
		if (trace && !stat(trace, &a) && a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
			snprintf(why, len, "is the trace file itself");
			return -EINVAL;
		}
		if (!S_ISREG(b.st_mode))
			return 0;	/* written in place */
	}
	if (strlen(out) >= sizeof(copy)) {
		snprintf(why, len, "path too long");
		return -ENAMETOOLONG;
	}
	strcpy(copy, out);
	dir = dirname(copy);
	if (access(dir, W_OK | X_OK)) {
		int e = errno;

		snprintf(why, len, "cannot write in %s: %s", dir, strerror(e));
		return -e;
	}
	return 0;
}
