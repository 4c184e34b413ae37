/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * arena.h - the preallocated trace memory shared by all threads
 *
 * The arena is allocated and pre-faulted before any thread starts timing.
 * It is split into pools, one per NUMA node that pinned threads run on (and
 * one for unpinned threads), each allocated on its node. Threads claim
 * chunks of records with one atomic add per chunk; when a thread's pool is
 * used up it takes chunks from the others, and when all are used up its
 * writer counts the records it could not store. Nothing here blocks or
 * allocates once the run has started.
 *
 * As a flight recorder (hg_arena_set_ring()), each writer gets a fixed
 * share of its pool's chunks when it is set up and goes round them: when
 * the last is full it starts again at its first, so it keeps its newest
 * records and overwrites its oldest, with nothing more per record than
 * before. Either way a writer publishes how many records it has written
 * once per chunk (a release store), so that another thread can copy its
 * finished records while it goes on (hg_writer_snapshot()).
 */
#ifndef HG_ARENA_H
#define HG_ARENA_H

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/record.h"

#define HG_ARENA_MAX_POOLS 16

struct hg_pool {
	struct hg_record *recs;
	size_t bytes;		/* mapped size */
	uint32_t nchunks;
	int node;		/* NUMA node, -1 for the default policy */
	bool numa;		/* allocated by libnuma */
	atomic_uint next;	/* next free chunk */
	unsigned int writers;	/* threads that write here (its share) */
	uint32_t *owner;	/* per chunk, the id of the writer that claimed it */
};

struct hg_arena {
	uint64_t capacity;	/* records, a whole number of chunks */
	uint32_t chunk_recs;	/* records per chunk */
	atomic_uint writers;	/* writer ids handed out */
	bool ring;		/* flight recorder: writers overwrite their oldest */
	unsigned int npools;
	struct hg_pool pool[HG_ARENA_MAX_POOLS];
};

/*
 * hg_arena_chunk_size - records per chunk for @capacity records shared by
 * @nthreads threads: at most 256, small enough that each thread can get
 * several chunks, at least 1.
 */
uint32_t hg_arena_chunk_size(uint64_t capacity, unsigned int nthreads);

/*
 * hg_arena_init - allocate and pre-fault the arena
 * @a:        the arena
 * @capacity: records wanted; rounded up to whole chunks
 * @nthreads: threads that will write
 * @nodes:    for each pool, its NUMA node (-1: default policy)
 * @weights:  for each pool, how many threads write to it (its share)
 * @npools:   number of pools, 1 to HG_ARENA_MAX_POOLS
 *
 * Returns 0, -EINVAL, or -ENOMEM when the memory cannot be had.
 */
int hg_arena_init(struct hg_arena *a, uint64_t capacity, unsigned int nthreads,
		  const int *nodes, const unsigned int *weights, unsigned int npools);

/* hg_arena_free - release the arena's memory. */
void hg_arena_free(struct hg_arena *a);

/*
 * hg_arena_set_ring - make the arena a flight recorder; call after
 * hg_arena_init() and before the first hg_writer_init()
 */
void hg_arena_set_ring(struct hg_arena *a);

/* hg_arena_claimed - chunks claimed so far, in records (an upper bound). */
uint64_t hg_arena_claimed(const struct hg_arena *a);

/*
 * A writer is one thread's view of the arena: the chunk it fills. The
 * chunks it claimed are those its id owns; it takes them in order, pool
 * after pool from its home, so they are found again in that order.
 */
struct hg_writer {
	struct hg_arena *arena;
	struct hg_record *cur;		/* next free slot */
	struct hg_record *end;		/* end of the current chunk */
	unsigned int home;		/* pool tried first */
	uint32_t id;			/* its mark in the pools' owner tables */
	uint64_t stored;		/* records written (as a ring: ever written) */
	uint64_t dropped;		/* records that found no room */
	/* as a flight recorder: its own chunks, gone round */
	struct hg_record *ring;		/* first record of its share */
	uint64_t ring_recs;		/* records in its share (whole chunks) */
	/* @stored at the last chunk boundary, for hg_writer_snapshot() */
	_Atomic uint64_t published;
};

/*
 * hg_writer_init - set up a writer on pool @home, with an id of its own;
 * as a flight recorder it takes its share of the pool's chunks now
 * Returns 0.
 */
int hg_writer_init(struct hg_writer *w, struct hg_arena *a, unsigned int home);

/* hg_writer_free - let the writer go (it owns no memory of its own). */
void hg_writer_free(struct hg_writer *w);

/*
 * hg_writer_refill - claim a new chunk, or as a flight recorder go on to
 * the next of its own (after the last, the first again); called when
 * cur == end. Publishes @stored.
 * Returns 0, or -ENOSPC when every pool is used up (nothing is claimed) or
 * a flight recorder's share is empty.
 */
int hg_writer_refill(struct hg_writer *w);

/*
 * hg_writer_put - store one record, or count it as dropped
 * Returns 0 or -ENOSPC (dropped).
 */
static inline int hg_writer_put(struct hg_writer *w, const struct hg_record *r)
{
	if (__builtin_expect(w->cur == w->end, 0) && hg_writer_refill(w)) {
		w->dropped++;
		return -ENOSPC;
	}
	*w->cur++ = *r;
	w->stored++;
	return 0;
}

/*
 * hg_writer_kept - records the writer holds: w->stored, or as a flight
 * recorder at most its share (the newest ones)
 */
uint64_t hg_writer_kept(const struct hg_writer *w);

/*
 * hg_writer_collect - copy the records the writer holds, oldest first, into
 * @out, once it has stopped writing
 * @out: room for hg_writer_kept() records
 * Returns the number copied (hg_writer_kept()).
 */
uint64_t hg_writer_collect(const struct hg_writer *w, struct hg_record *out);

/*
 * hg_writer_snapshot - copy the records of a writer that goes on writing:
 * those of its finished chunks that it cannot overwrite before the copy
 * is done; whole records only, oldest first. Called from another thread.
 * @out:   room for @room records: the oldest finished ones are copied
 *         when there are more, or as a flight recorder the newest
 * @first: set to the number the writer had written before the first copied
 * Returns the number copied.
 */
uint64_t hg_writer_snapshot(const struct hg_writer *w, struct hg_record *out,
			    uint64_t room, uint64_t *first);

/*
 * hg_writer_snapshot_room - records hg_writer_snapshot() may copy now
 * (it can only be fewer later, but for a writer that claims chunks, which
 * may have published more by then: pass this as @room)
 */
uint64_t hg_writer_snapshot_room(const struct hg_writer *w);

#endif /* HG_ARENA_H */
