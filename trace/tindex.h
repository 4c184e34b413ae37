/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tindex.h - where a trace file's records lie, for a reader that takes them
 * later, thread by thread, in chunks (tstream.h): the file's every other
 * section is read and checked at once, and its checksum is checked at the
 * end from the CRCs of its pieces (hg_crc32_combine())
 */
#ifndef HG_TINDEX_H
#define HG_TINDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/trace.h"

/* A piece of the bytes the checksum covers: read by the index, or records. */
struct hg_tindex_piece {
	uint64_t len;
	uint32_t crc;		/* its CRC-32; a thread's records: once read whole */
	uint32_t thread;	/* HG_TINDEX_READ, or the thread whose records it holds */
};

#define HG_TINDEX_READ	UINT32_MAX

struct hg_tindex {
	uint64_t *off;		/* per thread: the file offset of its first record */
	struct hg_tindex_piece *piece;	/* the bytes before the END section, in order */
	size_t npieces, cappieces;
	uint32_t want;		/* the checksum the END section holds */
	uint64_t kev_off;	/* the file offset of the first kernel event */
	bool names;		/* set before: the kernel events' names kept too */
};

/*
 * hg_trace_index - read the trace file open at @fd (@size bytes) but for
 * its records: every section checked as hg_trace_read() checks it, the
 * records' sections too, but not the checksum. The threads' @recs are NULL;
 * @ix says where they lie and holds the checksum's pieces. The kernel
 * events are checked and left in the file too (the trace's kev->ev NULL,
 * their offset in @ix, for hg_kevents_attach()). The kernel
 * events' names are checked and counted but not kept (hg_knames_skip()):
 * every name reads "", unless @ix->names is set before the call.
 * @err: a one-line reason on failure.
 * Returns 0 with *@out set, or -errno (-EINVAL for a damaged file).
 */
int hg_trace_index(int fd, uint64_t size, struct hg_trace **out, struct hg_tindex *ix,
		   char *err, size_t errlen);

/*
 * hg_trace_open_indexed - hg_trace_index() of the file at @path, opened as
 * hg_trace_read() opens one (a regular file; a large file that is no trace
 * is not read); its descriptor at *@fdp, for reading the records.
 */
int hg_trace_open_indexed(const char *path, int *fdp, struct hg_trace **out,
			  struct hg_tindex *ix, char *err, size_t errlen);

/*
 * hg_tindex_add_piece - append a piece of the checksum's bytes to @ix: those
 * read since the last (@thread HG_TINDEX_READ) or @thread's records.
 * Returns 0 or -ENOMEM.
 */
int hg_tindex_add_piece(struct hg_tindex *ix, uint32_t thread, uint32_t crc, uint64_t len);

/* hg_tindex_free - release what @ix holds, left empty. */
void hg_tindex_free(struct hg_tindex *ix);

#endif /* HG_TINDEX_H */
