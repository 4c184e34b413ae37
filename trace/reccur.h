/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * reccur.h - one thread's records read in order, one at a time or an
 * interval at a time, from wherever the trace holds them: its own array
 * (a run's trace, a trace in memory) or its file, a chunk at a time
 * (hg_trace_thread.rfile, set by a stream: tstream.h). A reader holds one cursor
 * per thread it reads; any number of cursors read the same thread apart.
 */
#ifndef HG_RECCUR_H
#define HG_RECCUR_H

#include <stddef.h>
#include <stdint.h>

#include "trace/record.h"
#include "trace/trace.h"

/* Records a cursor reads from a file at once: 64 KiB. */
#define HG_RECCUR_CHUNK 4096

struct hg_reccur {
	const struct hg_trace_thread *th;
	uint64_t at;			/* the index of @recs[0] among its records */
	const struct hg_record *recs;	/* the records at hand */
	size_t n;			/* how many */
	size_t pos;			/* the next, in @recs */
	struct hg_record *buf;		/* from a file: the chunk, made at the first read */
	size_t cap;
};

/* hg_reccur_init - @c reads @th's records from its first. */
void hg_reccur_init(struct hg_reccur *c, const struct hg_trace_thread *th);

/*
 * hg_reccur_next - the next record at *@r, good until the next call.
 * Returns 1, 0 at the end, or -errno of a failed read.
 */
int hg_reccur_next(struct hg_reccur *c, const struct hg_record **r);

/*
 * hg_reccur_chunk - the next records, as many as are at hand (at least one
 * unless at the end), at *@recs, *@n of them, all taken.
 * Returns 0 (*@n 0 at the end) or -errno of a failed read.
 */
int hg_reccur_chunk(struct hg_reccur *c, const struct hg_record **recs, size_t *n);

/*
 * hg_reccur_peek - the next record at *@r, left to be read next.
 * Returns 1, 0 at the end, or -errno of a failed read.
 */
int hg_reccur_peek(struct hg_reccur *c, const struct hg_record **r);

/*
 * hg_reccur_interval - the next interval (event records skipped), as
 * hg_record_decode() reassembles it, whatever chunks its pieces lie in.
 * Returns 1, 0 at the end, -EINVAL for pieces that do not join up, or
 * -errno of a failed read.
 */
int hg_reccur_interval(struct hg_reccur *c, struct hg_interval *iv);

/* hg_reccur_index - the index, among the thread's records, of the next one. */
static inline uint64_t hg_reccur_index(const struct hg_reccur *c)
{
	return c->at + c->pos;
}

/* hg_reccur_seek - the next record read is the thread's @k-th. */
void hg_reccur_seek(struct hg_reccur *c, uint64_t k);

/* hg_reccur_free - release what @c holds (its chunk). */
void hg_reccur_free(struct hg_reccur *c);

#endif /* HG_RECCUR_H */
