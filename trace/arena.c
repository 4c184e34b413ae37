// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arena.c - preallocated, pre-faulted, node-local trace memory
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <numa.h>

#include "trace/arena.h"

#define CHUNK_MAX 256u

uint32_t hg_arena_chunk_size(uint64_t capacity, unsigned int nthreads)
{
	uint64_t c;

	if (!nthreads)
		nthreads = 1;
	c = capacity / ((uint64_t)nthreads * 8);
	if (c > CHUNK_MAX)
		c = CHUNK_MAX;
	return c ? (uint32_t)c : 1;
}

static int pool_alloc(struct hg_pool *p, uint32_t nchunks, uint32_t chunk_recs)
{
	size_t bytes = (size_t)nchunks * chunk_recs * sizeof(struct hg_record);
	void *mem = NULL;

	p->nchunks = nchunks;
	atomic_init(&p->next, 0);
	if (!bytes) {
		p->recs = NULL;
		p->bytes = 0;
		return 0;
	}
	if (p->node >= 0 && numa_available() >= 0) {
		mem = numa_alloc_onnode(bytes, p->node);
		p->numa = mem != NULL;
	}
	if (!mem) {
		mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (mem == MAP_FAILED)
			return -ENOMEM;
	}
	/* pre-fault: every page is touched before timing starts */
	memset(mem, 0, bytes);
	p->recs = mem;
	p->bytes = bytes;
	p->owner = calloc(nchunks, sizeof(*p->owner));	/* calloc touches it */
	return p->owner ? 0 : -ENOMEM;
}

int hg_arena_init(struct hg_arena *a, uint64_t capacity, unsigned int nthreads,
		  const int *nodes, const unsigned int *weights, unsigned int npools)
{
	uint64_t total_chunks, given = 0, wsum = 0;
	unsigned int i;
	int ret;

	memset(a, 0, sizeof(*a));
	if (!capacity || !npools || npools > HG_ARENA_MAX_POOLS)
		return -EINVAL;
	a->chunk_recs = hg_arena_chunk_size(capacity, nthreads);
	total_chunks = (capacity + a->chunk_recs - 1) / a->chunk_recs;
	if (total_chunks > 0xffffffu)
		return -EINVAL;
	a->capacity = total_chunks * a->chunk_recs;
	a->npools = npools;
	for (i = 0; i < npools; i++)
		wsum += weights[i];
	for (i = 0; i < npools; i++) {
		uint64_t n;

		if (i + 1 == npools)
			n = total_chunks - given;
		else
			n = wsum ? total_chunks * weights[i] / wsum : total_chunks / npools;
		given += n;
		a->pool[i].node = nodes[i];
		a->pool[i].writers = weights[i];
		ret = pool_alloc(&a->pool[i], (uint32_t)n, a->chunk_recs);
		if (ret) {
			hg_arena_free(a);
			return ret;
		}
	}
	return 0;
}

void hg_arena_free(struct hg_arena *a)
{
	unsigned int i;

	for (i = 0; i < a->npools; i++) {
		struct hg_pool *p = &a->pool[i];

		if (!p->recs)
			continue;
		if (p->numa)
			numa_free(p->recs, p->bytes);
		else
			munmap(p->recs, p->bytes);
		p->recs = NULL;
		free(p->owner);
		p->owner = NULL;
	}
	a->npools = 0;
}

void hg_arena_set_ring(struct hg_arena *a)
{
	a->ring = true;
}

uint64_t hg_arena_claimed(const struct hg_arena *a)
{
	uint64_t n = 0;
	unsigned int i;

	for (i = 0; i < a->npools; i++) {
		unsigned int c = atomic_load_explicit(&a->pool[i].next, memory_order_relaxed);

		n += c < a->pool[i].nchunks ? c : a->pool[i].nchunks;
	}
	return n * a->chunk_recs;
}

int hg_writer_init(struct hg_writer *w, struct hg_arena *a, unsigned int home)
{
	memset(w, 0, sizeof(*w));
	w->arena = a;
	w->home = home < a->npools ? home : 0;
	w->id = atomic_fetch_add_explicit(&a->writers, 1, memory_order_relaxed) + 1;
	atomic_init(&w->published, 0);
	if (a->ring && a->npools) {
		struct hg_pool *p = &a->pool[w->home];
		unsigned int share = p->writers ? p->nchunks / p->writers : p->nchunks, idx;

		idx = atomic_fetch_add_explicit(&p->next, share, memory_order_relaxed);
		if (share && idx + share <= p->nchunks) {
			p->owner[idx] = w->id;
			w->ring = p->recs + (size_t)idx * a->chunk_recs;
			w->ring_recs = (uint64_t)share * a->chunk_recs;
		}
	}
	return 0;
}

void hg_writer_free(struct hg_writer *w)
{
	w->arena = NULL;
}

/* A flight recorder's next chunk: the one after, or its first again. */
static int ring_refill(struct hg_writer *w)
{
	if (!w->ring_recs)
		return -ENOSPC;
	if (!w->end || w->end == w->ring + w->ring_recs)
		w->cur = w->ring;
	else
		w->cur = w->end;
	w->end = w->cur + w->arena->chunk_recs;
	return 0;
}

int hg_writer_refill(struct hg_writer *w)
{
	struct hg_arena *a = w->arena;
	unsigned int k;

	/* every record before this point is written: others may copy them */
	atomic_store_explicit(&w->published, w->stored, memory_order_release);
	if (a->ring)
		return ring_refill(w);

	for (k = 0; k < a->npools; k++) {
		unsigned int pi = (w->home + k) % a->npools;
		struct hg_pool *p = &a->pool[pi];
		unsigned int idx;

		if (atomic_load_explicit(&p->next, memory_order_relaxed) >= p->nchunks)
			continue;
		idx = atomic_fetch_add_explicit(&p->next, 1, memory_order_relaxed);
		if (idx >= p->nchunks)
			continue;
		p->owner[idx] = w->id;
		w->cur = p->recs + (size_t)idx * a->chunk_recs;
		w->end = w->cur + a->chunk_recs;
		return 0;
	}
	return -ENOSPC;
}

uint64_t hg_writer_kept(const struct hg_writer *w)
{
	if (w->arena && w->arena->ring)
		return w->stored < w->ring_recs ? w->stored : w->ring_recs;
	return w->stored;
}

/* Records @from to @to (as counted by the writer) of a flight recorder. */
static uint64_t ring_copy(const struct hg_writer *w, struct hg_record *out,
			  uint64_t from, uint64_t to)
{
	uint64_t at = from % w->ring_recs, n = to - from, first;

	if (!n)
		return 0;
	first = w->ring_recs - at < n ? w->ring_recs - at : n;
	memcpy(out, w->ring + at, first * sizeof(*out));
	memcpy(out + first, w->ring, (n - first) * sizeof(*out));
	return n;
}

/* The first @left records of a writer that claims chunks, in claim order. */
static uint64_t chunks_copy(const struct hg_writer *w, struct hg_record *out, uint64_t left)
{
	const struct hg_arena *a = w->arena;
	uint64_t n = 0;
	unsigned int k;

	/* the pools in the order the writer took them, each in claim order */
	for (k = 0; k < a->npools && left; k++) {
		const struct hg_pool *p = &a->pool[(w->home + k) % a->npools];
		unsigned int used = atomic_load_explicit(&p->next, memory_order_relaxed), idx;

		if (used > p->nchunks)
			used = p->nchunks;
		for (idx = 0; idx < used && left; idx++) {
			uint64_t take = left < a->chunk_recs ? left : a->chunk_recs;

			if (p->owner[idx] != w->id)
				continue;
			memcpy(out + n, p->recs + (size_t)idx * a->chunk_recs,
			       take * sizeof(*out));
			n += take;
			left -= take;
		}
	}
	return n;
}

uint64_t hg_writer_collect(const struct hg_writer *w, struct hg_record *out)
{
	if (w->arena->ring)
		return ring_copy(w, out, w->stored - hg_writer_kept(w), w->stored);
	return chunks_copy(w, out, w->stored);
}

uint64_t hg_writer_snapshot_room(const struct hg_writer *w)
{
	if (w->arena->ring)
		return w->ring_recs;
	return atomic_load_explicit(&w->published, memory_order_acquire);
}

uint64_t hg_writer_snapshot(const struct hg_writer *w, struct hg_record *out,
			    uint64_t room, uint64_t *first)
{
	uint64_t upto = atomic_load_explicit(&w->published, memory_order_acquire);
	uint64_t chunk = w->arena->chunk_recs, from, after, n;

	*first = 0;
	if (!w->arena->ring)	/* finished chunks are never written again */
		return chunks_copy(w, out, upto < room ? upto : room);
	if (w->ring_recs <= chunk)
		return 0;
	/* the chunk being written overwrites the oldest one held */
	from = upto + chunk > w->ring_recs ? upto + chunk - w->ring_recs : 0;
	if (upto - from > room)
		from = upto - room;
	n = ring_copy(w, out, from, upto);
	atomic_thread_fence(memory_order_acquire);
	after = atomic_load_explicit(&w->published, memory_order_relaxed);
	/* what the writer went on to overwrite while we copied is left out */
	if (after + chunk > w->ring_recs && after + chunk - w->ring_recs > from) {
		uint64_t lost = after + chunk - w->ring_recs - from;

		if (lost >= n)
			return 0;
		memmove(out, out + lost, (n - lost) * sizeof(*out));
		n -= lost;
		from += lost;
	}
	*first = from;
	return n;
}
