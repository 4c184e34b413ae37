/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fileformat.h - the .hgt file's constants, shared by its writer (file.c)
 * and its readers (fileread.c decodes, fileopen.c opens and maps); the
 * layout is described in file.c
 */
#ifndef HG_FILEFORMAT_H
#define HG_FILEFORMAT_H

#include <stddef.h>
#include <stdint.h>

struct hg_trace;

/* "HGTRACE" and its NUL: the file's first eight bytes */
#define HG_FILE_MAGIC		"HGTRACE"
#define HG_FILE_MAGIC_LEN	8

/* CHAINS is 16, 10 to 15 unused: a reader refuses a type it does not know */
enum { SEC_RUN = 1, SEC_SYSTEM, SEC_THREAD, SEC_RECORDS, SEC_END, SEC_PAD, SEC_KEVENTS,
       SEC_LOCKS, SEC_OVER, SEC_CHAINS = 16 };

/* Sections: RUN, SYSTEM, for each thread THREAD PAD RECORDS, [KEVENTS,] END. */
#define NSECTIONS(nthreads) (3 + 3 * (nthreads))

#define SECTION_HEADER 16
#define RECORD_BYTES 16
/* a RECORDS section's own header: thread id, zero, count */
#define RECORDS_HEADER 16

/*
 * hg_file_err - a one-line reason into @err (@errlen bytes; NULL: none),
 * printf-style
 */
void hg_file_err(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * hg_trace_decode_mapped - hg_trace_decode() of a file mapped whole at
 * @buf (@len bytes): on a little-endian machine each thread's records are
 * used where they lie when aligned (trace.h's recs_borrowed), so the
 * mapping must outlive the trace (hg_trace_read() gives it to the trace)
 */
int hg_trace_decode_mapped(const uint8_t *buf, size_t len, struct hg_trace **out,
			   char *err, size_t errlen);

#endif /* HG_FILEFORMAT_H */
