/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tstream.h - a trace file read as a stream: everything but the records
 * at once (hg_trace_index()), then each thread's records in chunks of a
 * few hundred KiB in all, read with pread() into buffers used again and
 * again; the file is never mapped or held whole. The checksum is checked
 * at the end (hg_tstream_verify()), from the CRCs of the pieces read.
 * What ctx uses: its classification needs each record once, in order.
 */
#ifndef HG_TSTREAM_H
#define HG_TSTREAM_H

#include <stddef.h>

#include "trace/recsrc.h"
#include "trace/trace.h"

struct hg_tstream;

/*
 * hg_tstream_open - open the trace at @path as a stream (checked as
 * hg_trace_read() checks it, but for its checksum); its trace, without
 * records and without the kernel events' names (tindex.h), at *@t (the
 * stream's: freed by hg_tstream_close()), its records through @src.
 * @err: a one-line reason on failure.
 * Returns 0 with *@out set, or -errno (-EINVAL for a damaged file).
 */
int hg_tstream_open(const char *path, struct hg_tstream **out, const struct hg_trace **t,
		    struct hg_recsrc *src, char *err, size_t errlen);

enum {
	HG_TSTREAM_NAMES = 1 << 0,	/* the kernel events' names kept (explain, render) */
};

/*
 * hg_tstream_trace - open the trace at @path as a stream for a reader that
 * takes its records through cursors (reccur.h), as many and as often as it
 * needs: everything checked first, the checksum too, so that a damaged
 * file is refused before anything is printed; its trace at *@t, whose
 * records are read from the file on demand (hg_trace.rfile), its kernel
 * events in memory (their names too with HG_TSTREAM_NAMES).
 * @err: a one-line reason on failure, the same as hg_trace_read()'s.
 * Returns 0 with *@out set, or -errno (-EINVAL for a damaged file).
 */
int hg_tstream_trace(const char *path, unsigned int flags, struct hg_tstream **out,
		     const struct hg_trace **t, char *err, size_t errlen);

/*
 * hg_tstream_verify - read what no stream has read yet and check the
 * file's checksum. Returns 0, -EINVAL with "checksum mismatch: the file is
 * damaged" in @err, or -errno of a failed read.
 */
int hg_tstream_verify(struct hg_tstream *s, char *err, size_t errlen);

/* hg_tstream_close - close @s and free its trace; NULL is fine. */
void hg_tstream_close(struct hg_tstream *s);

#endif /* HG_TSTREAM_H */
