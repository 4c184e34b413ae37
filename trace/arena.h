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
 */
#ifndef HG_ARENA_H
#define HG_ARENA_H

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "record.h"

#define HG_ARENA_MAX_POOLS 16

struct hg_pool {
	struct hg_record *recs;
	size_t bytes;		/* mapped size */
	uint32_t nchunks;
	int node;		/* NUMA node, -1 for the default policy */
	bool numa;		/* allocated by libnuma */
	atomic_uint next;	/* next free chunk */
	uint32_t *owner;	/* per chunk, the id of the writer that claimed it */
};

struct hg_arena {
	uint64_t capacity;	/* records, a whole number of chunks */
	uint32_t chunk_recs;	/* records per chunk */
	atomic_uint writers;	/* writer ids handed out */
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
	uint64_t stored;		/* records written */
	uint64_t dropped;		/* records that found no room */
};

/*
 * hg_writer_init - set up a writer on pool @home, with an id of its own
 * Returns 0.
 */
int hg_writer_init(struct hg_writer *w, struct hg_arena *a, unsigned int home);

/* hg_writer_free - let the writer go (it owns no memory of its own). */
void hg_writer_free(struct hg_writer *w);

/*
 * hg_writer_refill - claim a new chunk; called when cur == end
 * Returns 0, or -ENOSPC when every pool is used up (nothing is claimed).
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
 * hg_writer_collect - copy the writer's records, in order, into @out
 * @out: room for w->stored records
 * Returns the number copied (w->stored).
 */
uint64_t hg_writer_collect(const struct hg_writer *w, struct hg_record *out);

#endif /* HG_ARENA_H */
