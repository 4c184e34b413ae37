/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * recsrc.h - each thread's records, in order and in chunks, from wherever
 * they are: a trace in memory (hg_recmem, here) or the trace's file
 * (tstream.h). The classifier reads them through these operations, so
 * that a trace of any size is classified in a few chunks of memory.
 */
#ifndef HG_RECSRC_H
#define HG_RECSRC_H

#include <stddef.h>
#include <stdint.h>

#include "trace/reccur.h"
#include "trace/record.h"
#include "trace/trace.h"

struct hg_recsrc_ops {
	/* thread @i's records read again from its first; 0 or -errno */
	int (*rewind)(void *priv, uint32_t i);
	/*
	 * the next chunk of thread @i's records at *@recs, *@n of them (0: no
	 * more), good until the next call for @i; 0 or -errno
	 */
	int (*read)(void *priv, uint32_t i, const struct hg_record **recs, size_t *n);
	/* thread @i's last record that is no event, at *@rec; -ENODATA: none */
	int (*last)(void *priv, uint32_t i, struct hg_record *rec);
};

struct hg_recsrc {
	const struct hg_recsrc_ops *ops;
	void *priv;
};

/* The records of a trace in memory, handed out @chunk at a time. */
struct hg_recmem {
	const struct hg_trace *t;
	uint64_t *pos;		/* per thread: records handed out */
	size_t chunk;
};

/*
 * hg_recmem_init - @src reads @t's own records through @m, @chunk at a
 * time (0: all at once). Returns 0 or -ENOMEM.
 */
int hg_recmem_init(struct hg_recmem *m, struct hg_recsrc *src, const struct hg_trace *t,
		   size_t chunk);

/* hg_recmem_free - release @m. */
void hg_recmem_free(struct hg_recmem *m);

/*
 * The records of any trace, in memory or read from its file (a stream's,
 * tstream.h), through a cursor per thread (reccur.h): a chunk at a time.
 */
struct hg_reccurs {
	const struct hg_trace *t;
	struct hg_reccur *c;
};

/*
 * hg_reccurs_init - @src reads @t's records through @m's cursors.
 * Returns 0 or -ENOMEM.
 */
int hg_reccurs_init(struct hg_reccurs *m, struct hg_recsrc *src, const struct hg_trace *t);

/* hg_reccurs_free - release @m's cursors. */
void hg_reccurs_free(struct hg_reccurs *m);

/*
 * A source that shows every chunk read from another, @inner, to @seen
 * (thread, records, count) and says when a thread's records are read
 * again from the first (@rewound): what else is gathered from the records
 * in the same pass.
 */
struct hg_rectap {
	struct hg_recsrc inner;
	void (*seen)(void *arg, uint32_t i, const struct hg_record *recs, size_t n);
	void (*rewound)(void *arg, uint32_t i);
	void *arg;
};

/* hg_rectap_src - @src reads through @tap (filled by the caller). */
void hg_rectap_src(struct hg_rectap *tap, struct hg_recsrc *src);

/*
 * hg_recs_last - the last record of @n at @recs that is no event, or NULL:
 * what hg_recsrc_ops.last gives for records in memory
 */
const struct hg_record *hg_recs_last(const struct hg_record *recs, size_t n);

#endif /* HG_RECSRC_H */
