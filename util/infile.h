/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * infile.h - open a file given to read (a trace, a task file, a table
 * file): only regular files, never blocking on a FIFO or a device, and
 * never larger than the caller allows, checked before anything is read
 */
#ifndef HG_INFILE_H
#define HG_INFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>

/*
 * hg_infile_open - open @path to read, without blocking on a FIFO; refuse
 * what is not a regular file and files over @max_bytes (0: any size).
 * @sb receives its status. Returns the descriptor (blocking again), or
 * -errno with the reason in @why (hg_infile_kind(): "is a directory", "is
 * a FIFO, not a regular file", ...; "larger than 64 MiB"; or strerror):
 * -EISDIR for a directory, -EINVAL for another file not regular (a
 * socket, which open() refuses, too).
 */
int hg_infile_open(const char *path, uint64_t max_bytes, struct stat *sb,
		   char *why, size_t len);

/*
 * hg_infile_kind - why a file of type @mode is refused: "is a directory",
 * "is a FIFO, not a regular file", "is a character device, not a regular
 * file", "is a block device, ...", "is a socket, ..."; "a regular file"
 * for one that is not refused
 */
const char *hg_infile_kind(mode_t mode);

/*
 * hg_infile_pread - @n bytes of @fd at offset @at into @buf, reading on
 * where a read comes short. Returns 0, or -errno with "cannot read it:
 * <reason>" in @why (-EIO, "the file shrank while read", when the file
 * ends first).
 */
int hg_infile_pread(int fd, void *buf, size_t n, uint64_t at, char *why, size_t len);

/*
 * hg_infile_slurp - the whole of @path (hg_infile_open: regular files of at
 * most @max_bytes) in new memory at @*buf, NUL-terminated, @*n bytes (the
 * size when opened, never more). Returns 0, or -errno with the reason in
 * @why ("cannot read: ..." for a failed read); @*buf is NULL then.
 */
int hg_infile_slurp(const char *path, uint64_t max_bytes, char **buf, size_t *n,
		    char *why, size_t len);

/*
 * hg_infile_text - the same as a stdio stream, for files read by line.
 * Returns the stream, or NULL with -errno in @*ret and the reason in @why.
 */
FILE *hg_infile_text(const char *path, uint64_t max_bytes, int *ret, char *why, size_t len);

/*
 * hg_infile_line - the next line of @f into @*line (getline's buffer),
 * refused when longer than @max_len bytes. Returns its length, -1 at the
 * end, or -E2BIG for a line too long (nothing more is read of it).
 */
long hg_infile_line(FILE *f, char **line, size_t *cap, size_t max_len);

#endif /* HG_INFILE_H */
