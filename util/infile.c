// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * infile.c - open a file given to read: regular files only, bounded,
 * never blocking
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/infile.h"

static void size_text(uint64_t bytes, char *buf, size_t len)
{
	if (bytes >= (1ULL << 20) && !(bytes % (1ULL << 20)))
		snprintf(buf, len, "%" PRIu64 " MiB", bytes >> 20);
	else
		snprintf(buf, len, "%" PRIu64 " bytes", bytes);
}

const char *hg_infile_kind(mode_t mode)
{
	switch (mode & S_IFMT) {
	case S_IFREG:	return "a regular file";
	case S_IFDIR:	return "is a directory";
	case S_IFIFO:	return "is a FIFO, not a regular file";
	case S_IFCHR:	return "is a character device, not a regular file";
	case S_IFBLK:	return "is a block device, not a regular file";
	case S_IFSOCK:	return "is a socket, not a regular file";
	default:	return "not a regular file";
	}
}

int hg_infile_open(const char *path, uint64_t max_bytes, struct stat *sb,
		   char *why, size_t len)
{
	char size[32];
	int fd, ret, fl;

	/* O_NONBLOCK: opening a FIFO with no writer returns at once */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0 && errno == ENXIO && !stat(path, sb) && S_ISSOCK(sb->st_mode)) {
		/* a socket cannot be opened: said as what it is */
		snprintf(why, len, "%s", hg_infile_kind(sb->st_mode));
		return -EINVAL;
	}
	if (fd < 0 || fstat(fd, sb)) {
		int e = errno;

		ret = e > 0 ? -e : -EIO;
		snprintf(why, len, "%s", strerror(-ret));
		if (fd >= 0)
			close(fd);
		return ret;
	}
	if (!S_ISREG(sb->st_mode)) {
		snprintf(why, len, "%s", hg_infile_kind(sb->st_mode));
		close(fd);
		return S_ISDIR(sb->st_mode) ? -EISDIR : -EINVAL;
	}
	if (max_bytes && (uint64_t)sb->st_size > max_bytes) {
		size_text(max_bytes, size, sizeof(size));
		snprintf(why, len, "larger than %s", size);
		close(fd);
		return -EFBIG;
	}
	fl = fcntl(fd, F_GETFL);
	if (fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK)) {
		int e = errno;

		ret = e > 0 ? -e : -EIO;
		snprintf(why, len, "%s", strerror(-ret));
		close(fd);
		return ret;
	}
	return fd;
}

FILE *hg_infile_text(const char *path, uint64_t max_bytes, int *ret, char *why, size_t len)
{
	struct stat sb;
	int fd = hg_infile_open(path, max_bytes, &sb, why, len);
	FILE *f;

	if (fd < 0) {
		*ret = fd;
		return NULL;
	}
	f = fdopen(fd, "r");
	if (!f) {
		*ret = -errno;
		snprintf(why, len, "%s", strerror(-*ret));
		close(fd);
	}
	return f;
}

long hg_infile_line(FILE *f, char **line, size_t *cap, size_t max_len)
{
	size_t n = 0;
	int c;

	if (!*line || *cap < 2) {
		char *p = realloc(*line, 128);

		if (!p)
			return -ENOMEM;
		*line = p;
		*cap = 128;
	}
	while ((c = getc(f)) != EOF) {
		if (c != '\n' && n >= max_len)
			return -E2BIG;
		if (n + 2 > *cap) {
			size_t want = *cap * 2 < max_len + 2 ? *cap * 2 : max_len + 2;
			char *p = realloc(*line, want);

			if (!p)
				return -ENOMEM;
			*line = p;
			*cap = want;
		}
		(*line)[n++] = (char)c;
		if (c == '\n')
			break;
	}
	(*line)[n] = '\0';
	return n || c != EOF ? (long)n : -1;
}

int hg_infile_pread(int fd, void *buf, size_t n, uint64_t at, char *why, size_t len)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = pread(fd, (char *)buf + got, n - got, (off_t)(at + got));
		int e = r < 0 ? errno : EIO;

		if (r < 0 && e == EINTR)
			continue;
		if (r <= 0) {
			snprintf(why, len, "cannot read it: %s",
				 r ? strerror(e) : "the file shrank while read");
			return -(e ? e : EIO);
		}
		got += (size_t)r;
	}
	return 0;
}

int hg_infile_slurp(const char *path, uint64_t max_bytes, char **buf, size_t *n,
		    char *why, size_t len)
{
	struct stat sb = { 0 };
	size_t cap, got = 0;
	char *b;
	int fd = hg_infile_open(path, max_bytes, &sb, why, len), ret = 0;

	*buf = NULL;
	*n = 0;
	if (fd < 0)
		return fd;
	/* the size read now, and never more: a file growing while read is cut there */
	cap = (size_t)sb.st_size;
	b = malloc(cap + 1);
	if (!b) {
		close(fd);
		snprintf(why, len, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	while (got < cap) {
		ssize_t r = read(fd, b + got, cap - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			ret = -errno;
			snprintf(why, len, "cannot read: %s", strerror(-ret));
			break;
		}
		if (!r)
			break;
		got += (size_t)r;
	}
	close(fd);
	if (ret) {
		free(b);
		return ret;
	}
	b[got] = '\0';
	*buf = b;
	*n = got;
	return 0;
}
