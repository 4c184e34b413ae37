// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fileopen.c - open a .hgt trace file for its decoder (fileread.c): a
 * regular file, not empty, whose first bytes are a trace's (a large file
 * that is no trace is not read further); then mapped whole
 * (hg_trace_read()) or left open for the index (hg_trace_open_indexed())
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "trace/fileformat.h"
#include "trace/tindex.h"
#include "trace/trace.h"
#include "util/infile.h"

#define err_set hg_file_err

/*
 * Open @path (a regular file, not empty) and decode its first 16 bytes: a
 * large file that is no trace is not read further. Returns the descriptor,
 * or -errno.
 */
static int open_trace(const char *path, struct stat *sb, char *err, size_t errlen)
{
	uint8_t head[16];
	struct hg_trace *probe = NULL;
	int fd, ret;
	ssize_t got;

	/* a FIFO or a device is refused before it is read: it could block or never end */
	fd = hg_infile_open(path, 0, sb, err, errlen);
	if (fd < 0)
		return fd;
	if (!sb->st_size) {
		close(fd);
		err_set(err, errlen, "not an hourglass trace (empty file)");
		return -EINVAL;
	}
	got = pread(fd, head, sizeof(head), 0);
	if (got < 0) {
		ret = -errno;
		close(fd);
		err_set(err, errlen, "%s", strerror(-ret));
		return ret;
	}
	ret = hg_trace_decode(head, (size_t)got, &probe, err, errlen);
	if (ret && strncmp(err, "truncated", 9)) {
		close(fd);
		return ret;
	}
	hg_trace_free(probe);
	return fd;
}

int hg_trace_read(const char *path, struct hg_trace **out, char *err, size_t errlen)
{
	struct stat sb;
	void *buf;
	int fd = open_trace(path, &sb, err, errlen), ret;

	if (fd < 0)
		return fd;
	/* mapped, not read: a large trace is not copied twice */
	buf = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	close(fd);
	if (buf == MAP_FAILED) {
		ret = -errno;
		err_set(err, errlen, "cannot map it: %s", strerror(-ret));
		return ret;
	}
	ret = hg_trace_decode_mapped(buf, (size_t)sb.st_size, out, err, errlen);
	if (ret) {
		munmap(buf, (size_t)sb.st_size);
		return ret;
	}
	/* the trace's records may lie in the mapping: it goes with the trace */
	(*out)->map = buf;
	(*out)->maplen = (size_t)sb.st_size;
	return 0;
}

int hg_trace_open_indexed(const char *path, int *fdp, struct hg_trace **out,
			  struct hg_tindex *ix, char *err, size_t errlen)
{
	struct stat sb;
	int fd = open_trace(path, &sb, err, errlen), ret;

	if (fd < 0)
		return fd;
	ret = hg_trace_index(fd, (uint64_t)sb.st_size, out, ix, err, errlen);
	if (ret) {
		close(fd);
		return ret;
	}
	*fdp = fd;
	return 0;
}
