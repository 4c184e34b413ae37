// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_arena.c - trace/arena.h: chunks, pools, writers, exhaustion
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "trace/arena.h"


static const int default_nodes[HG_ARENA_MAX_POOLS + 1] = {
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};
static const unsigned int one_each[HG_ARENA_MAX_POOLS + 1] = {
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* A record that says who wrote it and which of its puts it was. */
static struct hg_record mark(unsigned int writer, uint64_t seq)
{
	return (struct hg_record){
		.start_cycles = (uint64_t)writer << 40 | seq,
		.len_cycles = (uint32_t)(seq * 7 + writer),
		.cpu = (uint16_t)writer,
		.flags = (uint16_t)(seq & 0xff),
	};
}

static int same(const struct hg_record *a, const struct hg_record *b)
{
	return !memcmp(a, b, sizeof(*a));
}

/*
 * Put @n records of writer @id numbered from @seq on; count what was stored
 * and dropped, from put's return value, into @ok and @full.
 */
static void put_n(struct hg_writer *w, unsigned int id, uint64_t seq, uint64_t n,
		  uint64_t *ok, uint64_t *full)
{
	uint64_t k;

	for (k = 0; k < n; k++) {
		struct hg_record r = mark(id, seq + k);
		int ret = hg_writer_put(w, &r);

		ck_assert(ret == 0 || ret == -ENOSPC);
		if (ret)
			(*full)++;
		else
			(*ok)++;
	}
}

/* The writer's records are its puts 0, 1, 2, ..., in order. */
static void assert_collect(const struct hg_writer *w, unsigned int id)
{
	struct hg_record *out = calloc(w->stored + 1, sizeof(*out));
	uint64_t k;

	ck_assert_ptr_nonnull(out);
	ck_assert_uint_eq(hg_writer_collect(w, out), w->stored);
	for (k = 0; k < w->stored; k++) {
		struct hg_record want = mark(id, k);

		ck_assert_msg(same(&out[k], &want), "writer %u record %llu is wrong", id,
			      (unsigned long long)k);
	}
	free(out);
}

/* Chunks of pool @pool that writer @id owns. */
static unsigned int owned(const struct hg_arena *a, unsigned int pool, uint32_t id)
{
	unsigned int i, n = 0;

	for (i = 0; i < a->pool[pool].nchunks; i++)
		n += a->pool[pool].owner[i] == id;
	return n;
}

START_TEST(test_chunk_size)
{
	static const struct {
		uint64_t capacity;
		unsigned int nthreads;
		uint32_t want;
	} cases[] = {
		{ 64, 2, 4 }, { 0, 1, 1 }, { 7, 1, 1 }, { 8, 1, 1 }, { 16, 1, 2 },
		{ 100, 100, 1 }, { 4095, 2, 255 }, { 4096, 2, 256 }, { 1 << 20, 1, 256 },
		{ 1 << 20, 0, 256 }, { 80, 0, 10 }, { UINT64_MAX, 1, 256 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ck_assert_msg(hg_arena_chunk_size(cases[i].capacity, cases[i].nthreads) ==
			      cases[i].want, "capacity %llu threads %u: got %u, want %u",
			      (unsigned long long)cases[i].capacity, cases[i].nthreads,
			      hg_arena_chunk_size(cases[i].capacity, cases[i].nthreads),
			      cases[i].want);
}
END_TEST

START_TEST(test_init_one_pool)
{
	struct hg_arena a;
	unsigned int one = 4;
	uint64_t i;

	ck_assert_int_eq(hg_arena_init(&a, 1000, 4, default_nodes, &one, 1), 0);
	ck_assert_uint_eq(a.chunk_recs, 31);		/* 1000 / (4 * 8) */
	ck_assert_uint_eq(a.capacity, 33 * 31);		/* rounded up to chunks */
	ck_assert_uint_eq(a.npools, 1);
	ck_assert_ptr_nonnull(a.pool[0].recs);
	ck_assert_uint_eq(a.pool[0].nchunks, 33);
	ck_assert_uint_eq(a.pool[0].bytes, a.capacity * sizeof(struct hg_record));
	ck_assert_int_eq(a.pool[0].node, -1);
	ck_assert_uint_eq(hg_arena_claimed(&a), 0);
	for (i = 0; i < a.capacity; i++)	/* pre-faulted, zeroed */
		ck_assert_uint_eq(a.pool[0].recs[i].start_cycles, 0);
	hg_arena_free(&a);
	ck_assert_uint_eq(a.npools, 0);
	ck_assert_ptr_null(a.pool[0].recs);
}
END_TEST

START_TEST(test_init_pools)
{
	static const struct {
		unsigned int npools;
		unsigned int weights[4];
		uint32_t want[4];	/* chunks per pool; 32 in all */
	} cases[] = {
		{ 3, { 1, 2, 1 }, { 8, 16, 8 } },
		{ 3, { 0, 0, 0 }, { 10, 10, 12 } },	/* no weights: even shares */
		{ 2, { 1, 0 }, { 32, 0 } },
		{ 4, { 1, 1, 1, 1 }, { 8, 8, 8, 8 } },
	};
	unsigned int c, i;

	for (c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct hg_arena a;
		uint64_t chunks = 0;

		ck_assert_int_eq(hg_arena_init(&a, 4096, 4, default_nodes, cases[c].weights,
					       cases[c].npools), 0);
		ck_assert_uint_eq(a.chunk_recs, 128);
		ck_assert_uint_eq(a.capacity, 4096);
		ck_assert_uint_eq(a.npools, cases[c].npools);
		for (i = 0; i < a.npools; i++) {
			ck_assert_msg(a.pool[i].nchunks == cases[c].want[i],
				      "case %u pool %u: %u chunks, want %u", c, i,
				      a.pool[i].nchunks, cases[c].want[i]);
			ck_assert_int_eq(a.pool[i].node, -1);
			ck_assert(!a.pool[i].nchunks || a.pool[i].recs);
			chunks += a.pool[i].nchunks;
		}
		ck_assert_uint_eq(chunks * a.chunk_recs, a.capacity);
		hg_arena_free(&a);
	}
}
END_TEST

START_TEST(test_init_invalid)
{
	struct hg_arena a;
	unsigned int w = 1;

	ck_assert_int_eq(hg_arena_init(&a, 0, 1, default_nodes, &w, 1), -EINVAL);
	ck_assert_int_eq(hg_arena_init(&a, 64, 1, default_nodes, &w, 0), -EINVAL);
	ck_assert_int_eq(hg_arena_init(&a, 64, 1, default_nodes, one_each,
				       HG_ARENA_MAX_POOLS + 1), -EINVAL);
	ck_assert_int_eq(hg_arena_init(&a, 1ULL << 40, 1, default_nodes, &w, 1), -EINVAL);
}
END_TEST

START_TEST(test_writer_put_collect)
{
	struct hg_arena a;
	struct hg_writer w;
	uint64_t ok = 0, full = 0, k;

	ck_assert_int_eq(hg_arena_init(&a, 4096, 2, default_nodes, one_each, 1), 0);
	ck_assert_uint_eq(a.chunk_recs, 256);
	ck_assert_int_eq(hg_writer_init(&w, &a, 0), 0);
	ck_assert_uint_eq(w.stored, 0);
	ck_assert_uint_eq(hg_arena_claimed(&a), 0);

	/* chunks are claimed one at a time, when the current one is full */
	for (k = 0; k < 600; k++) {
		put_n(&w, 0, k, 1, &ok, &full);
		ck_assert_uint_eq(owned(&a, 0, w.id), k / 256 + 1);
		ck_assert_uint_eq(hg_arena_claimed(&a), (k / 256 + 1) * 256);
	}
	ck_assert_uint_eq(ok, 600);
	ck_assert_uint_eq(full, 0);
	ck_assert_uint_eq(w.stored, 600);
	ck_assert_uint_eq(w.dropped, 0);
	assert_collect(&w, 0);
	hg_writer_free(&w);
	hg_arena_free(&a);
}
END_TEST

START_TEST(test_writers_interleaved)
{
	struct hg_arena a;
	struct hg_writer w[3];
	uint64_t ok = 0, full = 0, k;
	unsigned int i;

	ck_assert_int_eq(hg_arena_init(&a, 1024, 3, default_nodes, one_each, 1), 0);
	ck_assert_uint_eq(a.chunk_recs, 42);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(hg_writer_init(&w[i], &a, 0), 0);
	for (k = 0; k < 300; k++)
		for (i = 0; i < 3; i++)
			if (k % (i + 1) == 0)	/* writers at different rates */
				put_n(&w[i], i, k / (i + 1), 1, &ok, &full);
	ck_assert_uint_eq(full, 0);
	ck_assert_uint_eq(w[0].stored, 300);
	ck_assert_uint_eq(w[1].stored, 150);
	ck_assert_uint_eq(w[2].stored, 100);
	for (i = 0; i < 3; i++) {
		assert_collect(&w[i], i);
		hg_writer_free(&w[i]);
	}
	hg_arena_free(&a);
}
END_TEST

/*
 * Every slot of every pool holds a record some writer collected, and no
 * record was collected twice: nothing was overwritten.
 */
static void assert_no_overwrite(const struct hg_arena *a, struct hg_writer *w,
				unsigned int nw)
{
	uint64_t total = 0, slots = 0, k;
	unsigned int i, p;

	for (i = 0; i < nw; i++)
		total += w[i].stored;
	for (p = 0; p < a->npools; p++) {
		for (k = 0; k < (uint64_t)a->pool[p].nchunks * a->chunk_recs; k++) {
			const struct hg_record *r = &a->pool[p].recs[k];
			unsigned int id = (unsigned int)(r->start_cycles >> 40);
			uint64_t seq = r->start_cycles & ((1ULL << 40) - 1);
			struct hg_record want = mark(id, seq);

			ck_assert_uint_lt(id, nw);
			ck_assert_uint_lt(seq, w[id].stored);
			ck_assert(same(r, &want));
			slots++;
		}
	}
	ck_assert_uint_eq(slots, total);
}

START_TEST(test_exhaustion_one_pool)
{
	struct hg_arena a;
	struct hg_writer w[2];
	uint64_t ok[2] = { 0 }, full[2] = { 0 }, k;
	unsigned int i;

	ck_assert_int_eq(hg_arena_init(&a, 64, 2, default_nodes, one_each, 1), 0);
	ck_assert_uint_eq(a.capacity, 64);
	ck_assert_uint_eq(a.chunk_recs, 4);
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(hg_writer_init(&w[i], &a, 0), 0);
	/* writer 0 puts twice as often as writer 1: 200 + 100 puts for 64 slots */
	for (k = 0; k < 100; k++) {
		put_n(&w[0], 0, 2 * k, 2, &ok[0], &full[0]);
		put_n(&w[1], 1, k, 1, &ok[1], &full[1]);
	}
	for (i = 0; i < 2; i++) {
		ck_assert_uint_eq(w[i].stored, ok[i]);
		ck_assert_uint_eq(w[i].dropped, full[i]);
		ck_assert_uint_eq(w[i].stored + w[i].dropped, i ? 100 : 200);
		ck_assert_uint_eq(w[i].stored % a.chunk_recs, 0);	/* whole chunks */
	}
	/* every slot is used, and every put beyond them is counted as dropped */
	ck_assert_uint_eq(w[0].stored + w[1].stored, 64);
	ck_assert_uint_eq(w[0].dropped + w[1].dropped, 300 - 64);
	ck_assert_uint_eq(hg_arena_claimed(&a), 64);
	ck_assert_int_eq(hg_writer_refill(&w[0]), -ENOSPC);
	assert_no_overwrite(&a, w, 2);
	for (i = 0; i < 2; i++) {
		assert_collect(&w[i], i);
		hg_writer_free(&w[i]);
	}
	hg_arena_free(&a);
}
END_TEST

START_TEST(test_exhaustion_fallback)
{
	struct hg_arena a;
	struct hg_writer w[2];
	uint64_t ok[2] = { 0 }, full[2] = { 0 };
	unsigned int i;

	ck_assert_int_eq(hg_arena_init(&a, 64, 2, default_nodes, one_each, 2), 0);
	ck_assert_uint_eq(a.chunk_recs, 4);
	ck_assert_uint_eq(a.pool[0].nchunks, 8);
	ck_assert_uint_eq(a.pool[1].nchunks, 8);
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(hg_writer_init(&w[i], &a, i), 0);

	/* writer 0 uses up its home pool (32 records), then takes 4 chunks of pool 1 */
	put_n(&w[0], 0, 0, 48, &ok[0], &full[0]);
	ck_assert_uint_eq(ok[0], 48);
	ck_assert_uint_eq(owned(&a, 0, w[0].id), 8);
	ck_assert_uint_eq(owned(&a, 1, w[0].id), 4);
	ck_assert_uint_ne(w[0].id, w[1].id);

	/* writer 1 finds half of its home pool gone: 16 stored, 24 dropped */
	put_n(&w[1], 1, 0, 40, &ok[1], &full[1]);
	ck_assert_uint_eq(w[1].stored, 16);
	ck_assert_uint_eq(w[1].dropped, 24);
	ck_assert_uint_eq(full[1], 24);
	ck_assert_uint_eq(owned(&a, 0, w[1].id), 0);
	ck_assert_uint_eq(owned(&a, 1, w[1].id), 4);

	/* and writer 0 finds nothing left either */
	put_n(&w[0], 0, 48, 10, &ok[0], &full[0]);
	ck_assert_uint_eq(w[0].stored, 48);
	ck_assert_uint_eq(w[0].dropped, 10);

	assert_no_overwrite(&a, w, 2);
	for (i = 0; i < 2; i++) {
		assert_collect(&w[i], i);
		hg_writer_free(&w[i]);
	}
	hg_arena_free(&a);
}
END_TEST

/* Two threads racing for 64 slots: whatever the interleaving, counts add up. */
struct racer {
	struct hg_writer w;
	unsigned int id;
	uint64_t puts, ok, full;
};

static void *race(void *arg)
{
	struct racer *r = arg;
	uint64_t k;

	for (k = 0; k < r->puts; k++) {
		struct hg_record rec = mark(r->id, k);

		if (hg_writer_put(&r->w, &rec))
			r->full++;
		else
			r->ok++;
	}
	return NULL;
}

START_TEST(test_exhaustion_threads)
{
	struct hg_arena a;
	struct racer r[2];
	struct hg_writer w[2];
	pthread_t th[2];
	unsigned int i;

	ck_assert_int_eq(hg_arena_init(&a, 64, 2, default_nodes, one_each, 2), 0);
	for (i = 0; i < 2; i++) {
		memset(&r[i], 0, sizeof(r[i]));
		r[i].id = i;
		r[i].puts = 5000;
		ck_assert_int_eq(hg_writer_init(&r[i].w, &a, i), 0);
	}
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_create(&th[i], NULL, race, &r[i]), 0);
	for (i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_join(th[i], NULL), 0);
	for (i = 0; i < 2; i++) {
		ck_assert_uint_eq(r[i].w.stored, r[i].ok);
		ck_assert_uint_eq(r[i].w.dropped, r[i].full);
		ck_assert_uint_eq(r[i].ok + r[i].full, r[i].puts);
		w[i] = r[i].w;
	}
	ck_assert_uint_eq(r[0].ok + r[1].ok, 64);
	assert_no_overwrite(&a, w, 2);
	for (i = 0; i < 2; i++) {
		assert_collect(&r[i].w, i);
		hg_writer_free(&r[i].w);
	}
	hg_arena_free(&a);
}
END_TEST

/* ------------------------------------------------------- flight recorder */

/* A ring arena of @capacity records for @nthreads writers in one pool. */
static void ring_init(struct hg_arena *a, uint64_t capacity, unsigned int nthreads)
{
	unsigned int w[1] = { nthreads };

	ck_assert_int_eq(hg_arena_init(a, capacity, nthreads, default_nodes, w, 1), 0);
	hg_arena_set_ring(a);
}

/* @out[0..n) are the puts @first, @first + 1, ... of writer @id. */
static void assert_run_of(const struct hg_record *out, uint64_t n, unsigned int id,
			  uint64_t first)
{
	uint64_t k;

	/*
	 * one check per record, asserted only when it fails: each passing
	 * ck_assert is a write to Check's pipe, and millions of them make the
	 * test slow on a loaded machine
	 */
	for (k = 0; k < n; k++) {
		struct hg_record want = mark(id, first + k);

		if (!same(&out[k], &want))
			ck_abort_msg("record %llu is not put %llu", (unsigned long long)k,
				     (unsigned long long)(first + k));
	}
}

/*
 * 64 records for one writer: chunks of 64 / 8 = 8, its share all 8 chunks.
 * After 200 puts it holds the newest 64, puts 136 to 199, oldest first;
 * none was dropped.
 */
START_TEST(test_ring_wraps)
{
	struct hg_arena a;
	struct hg_writer w;
	struct hg_record out[64];
	uint64_t ok = 0, full = 0;

	ring_init(&a, 64, 1);
	ck_assert_uint_eq(a.chunk_recs, 8);
	hg_writer_init(&w, &a, 0);
	ck_assert_uint_eq(w.ring_recs, 64);
	put_n(&w, 1, 0, 200, &ok, &full);
	ck_assert_uint_eq(ok, 200);
	ck_assert_uint_eq(full, 0);
	ck_assert_uint_eq(w.stored, 200);
	ck_assert_uint_eq(w.dropped, 0);
	ck_assert_uint_eq(hg_writer_kept(&w), 64);
	ck_assert_uint_eq(hg_writer_collect(&w, out), 64);
	assert_run_of(out, 64, 1, 136);
	hg_writer_free(&w);
	hg_arena_free(&a);
}
END_TEST

/* Exactly full, and once round to the same place: the newest share each time. */
static const uint64_t wrap_points[] = { 1, 63, 64, 65, 128, 129 };

START_TEST(test_ring_wrap_points)
{
	struct hg_arena a;
	struct hg_writer w;
	struct hg_record out[64];
	uint64_t ok = 0, full = 0, n = wrap_points[_i], kept = n < 64 ? n : 64;

	ring_init(&a, 64, 1);
	hg_writer_init(&w, &a, 0);
	put_n(&w, 1, 0, n, &ok, &full);
	ck_assert_uint_eq(hg_writer_kept(&w), kept);
	ck_assert_uint_eq(hg_writer_collect(&w, out), kept);
	assert_run_of(out, kept, 1, n - kept);
	hg_writer_free(&w);
	hg_arena_free(&a);
}
END_TEST

/*
 * Two writers on one pool of 128 records: chunks of 128 / 16 = 8, 16 of
 * them, 8 each; each goes round its own and never touches the other's.
 */
START_TEST(test_ring_writers_apart)
{
	struct hg_arena a;
	struct hg_writer w[2];
	struct hg_record out[64];
	uint64_t ok = 0, full = 0, k;

	ring_init(&a, 128, 2);
	hg_writer_init(&w[0], &a, 0);
	hg_writer_init(&w[1], &a, 0);
	ck_assert_uint_eq(w[0].ring_recs, 64);
	ck_assert_uint_eq(w[1].ring_recs, 64);
	ck_assert_ptr_ne(w[0].ring, w[1].ring);
	for (k = 0; k < 300; k++) {	/* interleaved, 3 of one for 1 of the other */
		put_n(&w[0], 0, k * 3, 3, &ok, &full);
		put_n(&w[1], 1, k, 1, &ok, &full);
	}
	ck_assert_uint_eq(full, 0);
	ck_assert_uint_eq(hg_writer_collect(&w[0], out), 64);
	assert_run_of(out, 64, 0, 900 - 64);
	ck_assert_uint_eq(hg_writer_collect(&w[1], out), 64);
	assert_run_of(out, 64, 1, 300 - 64);
	hg_writer_free(&w[0]);
	hg_writer_free(&w[1]);
	hg_arena_free(&a);
}
END_TEST

/* More writers than chunks: the last ones get no share and drop all they put. */
START_TEST(test_ring_no_share)
{
	struct hg_arena a;
	struct hg_writer w[3];
	uint64_t ok = 0, full = 0;
	unsigned int three[1] = { 3 };

	/* 2 records for 3 threads: chunks of 1, 2 chunks, a share of 0 each */
	ck_assert_int_eq(hg_arena_init(&a, 2, 3, default_nodes, three, 1), 0);
	hg_arena_set_ring(&a);
	hg_writer_init(&w[0], &a, 0);
	ck_assert_uint_eq(w[0].ring_recs, 0);
	put_n(&w[0], 0, 0, 5, &ok, &full);
	ck_assert_uint_eq(full, 5);
	ck_assert_uint_eq(w[0].dropped, 5);
	ck_assert_uint_eq(hg_writer_kept(&w[0]), 0);
	hg_writer_free(&w[0]);
	hg_arena_free(&a);
}
END_TEST

/*
 * A snapshot of a writer that stopped after 200 puts: it has published 192
 * (the start of its last chunk, puts 192 to 199, which it may still be
 * writing); the chunk after would overwrite 136 to 143, so the snapshot
 * holds 144 to 191.
 */
START_TEST(test_ring_snapshot)
{
	struct hg_arena a;
	struct hg_writer w;
	struct hg_record out[64];
	uint64_t ok = 0, full = 0, first = 99, n;

	ring_init(&a, 64, 1);
	hg_writer_init(&w, &a, 0);
	put_n(&w, 1, 0, 200, &ok, &full);
	ck_assert_uint_eq(atomic_load(&w.published), 192);
	n = hg_writer_snapshot(&w, out, 64, &first);
	ck_assert_uint_eq(first, 192 + 8 - 64);
	ck_assert_uint_eq(n, 64 - 8);
	assert_run_of(out, n, 1, first);
	hg_writer_free(&w);
	hg_arena_free(&a);
}
END_TEST

/* Without a ring, a snapshot holds the finished chunks: puts 0 to 23 of 30. */
START_TEST(test_snapshot_chunks)
{
	struct hg_arena a;
	struct hg_writer w;
	struct hg_record out[64];
	uint64_t ok = 0, full = 0, first = 99;

	ck_assert_int_eq(hg_arena_init(&a, 64, 1, default_nodes, one_each, 1), 0);
	hg_writer_init(&w, &a, 0);
	put_n(&w, 1, 0, 30, &ok, &full);
	ck_assert_uint_eq(hg_writer_snapshot_room(&w), 24);
	ck_assert_uint_eq(hg_writer_snapshot(&w, out, 64, &first), 24);
	ck_assert_uint_eq(hg_writer_snapshot(&w, out, 10, &first), 10);
	assert_run_of(out, 10, 1, 0);
	ck_assert_uint_eq(first, 0);
	assert_run_of(out, 24, 1, 0);
	hg_writer_free(&w);
	hg_arena_free(&a);
}
END_TEST

struct spinner {
	struct hg_writer *w;
	atomic_int stop;
};

static void *spin_puts(void *arg)
{
	struct spinner *sp = arg;
	uint64_t k;

	for (k = 0; !atomic_load_explicit(&sp->stop, memory_order_relaxed); k++) {
		struct hg_record r = mark(7, k);

		hg_writer_put(sp->w, &r);
	}
	return NULL;
}

/*
 * Snapshots of a writer that goes on writing in another thread: every one
 * holds whole records, puts first, first + 1, ... in order, whatever the
 * two threads' timing (nothing here depends on it: a snapshot taken at any
 * moment must pass).
 */
START_TEST(test_ring_snapshot_while_writing)
{
	struct hg_arena a;
	struct hg_writer w;
	struct hg_record *out = calloc(4096, sizeof(*out));
	struct spinner sp;
	pthread_t th;
	uint64_t first, n;
	int i;

	ck_assert_ptr_nonnull(out);
	ring_init(&a, 4096, 1);
	hg_writer_init(&w, &a, 0);
	sp.w = &w;
	atomic_init(&sp.stop, 0);
	ck_assert_int_eq(pthread_create(&th, NULL, spin_puts, &sp), 0);
	for (i = 0; i < 2000; i++) {
		n = hg_writer_snapshot(&w, out, 4096, &first);
		ck_assert_uint_le(n, 4096);
		assert_run_of(out, n, 7, first);
	}
	atomic_store(&sp.stop, 1);
	pthread_join(th, NULL);
	hg_writer_free(&w);
	hg_arena_free(&a);
	free(out);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("arena");
	TCase *tc = tcase_create("init");

	tcase_add_test(tc, test_chunk_size);
	tcase_add_test(tc, test_init_one_pool);
	tcase_add_test(tc, test_init_pools);
	tcase_add_test(tc, test_init_invalid);
	suite_add_tcase(s, tc);

	tc = tcase_create("writer");
	tcase_add_test(tc, test_writer_put_collect);
	tcase_add_test(tc, test_writers_interleaved);
	suite_add_tcase(s, tc);

	tc = tcase_create("exhaustion");
	tcase_add_test(tc, test_exhaustion_one_pool);
	tcase_add_test(tc, test_exhaustion_fallback);
	tcase_add_test(tc, test_exhaustion_threads);
	suite_add_tcase(s, tc);

	tc = tcase_create("flight recorder");
	tcase_add_test(tc, test_ring_wraps);
	tcase_add_loop_test(tc, test_ring_wrap_points, 0,
			    sizeof(wrap_points) / sizeof(wrap_points[0]));
	tcase_add_test(tc, test_ring_writers_apart);
	tcase_add_test(tc, test_ring_no_share);
	tcase_add_test(tc, test_ring_snapshot);
	tcase_add_test(tc, test_snapshot_chunks);
	tcase_add_test(tc, test_ring_snapshot_while_writing);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
