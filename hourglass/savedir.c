// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * savedir.c - the --save directory of ctxcost, checked before the trials
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "hourglass/outpath.h"
#include "hourglass/savedir.h"

size_t hg_savedir_trial(const char *name)
{
	size_t n = 0;
	const char *p;

	if (strncmp(name, "trial-", 6))
		return 0;
	for (p = name + 6; *p >= '0' && *p <= '9'; p++) {
		if (n > 1000000)
			return 0;	/* none of ours */
		n = n * 10 + (size_t)(*p - '0');
	}
	return p > name + 6 && !strcmp(p, ".hgt") ? n : 0;
}

/* What a file of type @mode is, when it is not a directory. */
static const char *kind(mode_t mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG:	return "a regular file";
	case S_IFCHR:	return "a character device";
	case S_IFBLK:	return "a block device";
	case S_IFIFO:	return "a FIFO";
	case S_IFSOCK:	return "a socket";
	default:	return "a file of an unknown kind";
	}
}

/* A name in a message: a bounded part of it (printf's "%.*s%s"). */
#define Q(name) HG_QUOTE_MAX, (name), strlen(name) > HG_QUOTE_MAX ? "..." : ""

/* Walk @dir: how many entries, the first one's name, the highest trial. */
static int scan(const char *dir, size_t *entries, char *first, size_t len, size_t *highest)
{
	struct dirent *e;
	DIR *d = opendir(dir);

	if (!d)
		return -errno;
	*entries = 0;
	*highest = 0;
	while ((e = readdir(d))) {
		size_t n;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (!(*entries)++)
			snprintf(first, len, "%s", e->d_name);
		n = hg_savedir_trial(e->d_name);
		if (n > *highest)
			*highest = n;
	}
	closedir(d);
	return 0;
}

int hg_savedir_check(const char *dir, bool append, size_t *next, char *err, size_t len)
{
	char first[256] = "";
	size_t entries = 0, highest = 0;
	struct stat sb;
	int ret;

	/* the names are tamed and bounded where messages are printed */
	*next = 1;
	if (mkdir(dir, 0777) && errno != EEXIST) {
		ret = -errno;
		snprintf(err, len, "--save %.*s%s: cannot make the directory: %s", Q(dir),
			 strerror(-ret));
		return ret;
	}
	if (stat(dir, &sb)) {
		ret = -errno;
		snprintf(err, len, "--save %.*s%s: %s", Q(dir), strerror(-ret));
		return ret;
	}
	if (!S_ISDIR(sb.st_mode)) {
		snprintf(err, len, "--save %.*s%s: %s, not a directory (give a directory "
			 "for the trials)", Q(dir), kind(sb.st_mode));
		return -ENOTDIR;
	}
	if (access(dir, W_OK | X_OK)) {
		ret = -errno;
		snprintf(err, len, "--save %.*s%s: cannot write into it: %s", Q(dir), strerror(-ret));
		return ret;
	}
	ret = scan(dir, &entries, first, sizeof(first), &highest);
	if (ret) {
		snprintf(err, len, "--save %.*s%s: cannot read it: %s", Q(dir), strerror(-ret));
		return ret;
	}
	if (entries && !append) {
		snprintf(err, len, "--save %.*s%s: not empty (%zu file%s, %s%s): diff would read "
			 "them with the new trials (give a new directory, or --append to add "
			 "to them)", Q(dir), entries, entries == 1 ? "" : "s", first,
			 entries > 1 ? ", ..." : "");
		return -ENOTEMPTY;
	}
	*next = highest + 1;
	return 0;
}
