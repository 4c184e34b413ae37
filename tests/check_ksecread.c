// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_ksecread.c - trace/ksection.c's reading of the kernel's events from
 * the file a piece at a time (hg_sec_read_kevents(), what a stream's trace
 * takes, tstream.h), and trace/kevents.c's reading of them later, a block
 * at a time: the same events, names and CPUs, the same searches, as the
 * payload read whole (hg_trace_read()), whatever the count against the
 * size of a read or a block, a head longer than the first read, a CPU
 * with no event; and the same reason for a damaged event
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "trace/ksection.h"
#include "trace/tstream.h"

#define PER_READ (HG_SEC_KCHUNK / HG_KEV_BYTES)
#define BASE 0xabcd00000000ULL	/* the events' cycles: bytes found in the file */

/* Event counts on CPU 0 against the events of a read (a block's too): none, one, either side. */
static const uint64_t counts[] = { 0, 1, PER_READ - 1, PER_READ, PER_READ + 1,
				   2 * PER_READ + 5 };
#define NCOUNTS (sizeof(counts) / sizeof(counts[0]))

/*
 * A trace of one thread whose kernel events are @n on CPU 0, none on CPU
 * 1, three on CPU 2; @names names interned (a head of that many).
 */
static struct hg_trace *kev_trace(uint64_t n, uint32_t names)
{
	static const uint64_t iv0[][2] = { { 1000, 1000 }, { 5000, 1000 } };
	const uint64_t (*const iv[])[2] = { iv0 };
	const size_t nv[] = { 2 };
	struct hg_trace *t = hg_test_trace(1, iv, nv);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	const uint32_t cpus[] = { 0, 1, 2 };
	char name[HG_KEV_NAME_LEN];
	uint64_t i;
	uint32_t c;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(k);
	t->threads[0].tid = 100;
	k->ncpus = 3;
	k->cpus = calloc(3, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	for (c = 0; c < 3; c++)
		k->cpus[c] = (struct hg_kcpu){ .cpu = cpus[c], .begin_cycles = BASE,
					       .end_cycles = BASE + 1000 * (n + 10) };
	k->start_cycles = BASE;
	k->end_cycles = BASE + 1000 * (n + 10);
	for (i = 0; i < names; i++) {
		snprintf(name, sizeof(name), "handler-%05llu-%.*s", (unsigned long long)i, 40,
			 "----------------------------------------");
		ck_assert_uint_eq(hg_kevents_intern(k, name), i);
	}
	for (i = 0; i < n + 3; i++) {
		struct hg_kev e = {
			.cycles = BASE + 1000 * (i < n ? i : i - n), .cpu = i < n ? 0 : 2,
			.type = (uint8_t)(HG_KEV_SWITCH + i % (HG_KEV_NTYPES - 1)),
			.a = (uint32_t)i, .b = (uint32_t)(i * 7),
			.name = names ? (uint32_t)(i % names) : HG_KEV_NO_NAME,
		};

		ck_assert_int_eq(hg_kevents_add(k, &e), 0);
	}
	ck_assert_int_eq(hg_kevents_add_tp(k, "sched:sched_switch"), 0);
	t->kev = k;
	return t;
}

/* @t written; its path (free it), its directory at *@dir. */
static char *write_trace(const struct hg_trace *t, char **dir)
{
	char err[256], *path;

	*dir = hg_test_fresh_dir();
	path = hg_test_path(*dir, "k.hgt");
	ck_assert_msg(hg_trace_write(t, path, err, sizeof(err)) == 0, "%s", err);
	return path;
}

/* @b's kernel events are @a's: the header, the CPUs, the names, every event. */
static void assert_same_kev(const struct hg_kevents *a, const struct hg_kevents *b)
{
	uint64_t i;
	uint32_t c;

	ck_assert_uint_eq(a->clock, b->clock);
	ck_assert_uint_eq(a->start_cycles, b->start_cycles);
	ck_assert_uint_eq(a->end_cycles, b->end_cycles);
	ck_assert_uint_eq(a->ncpus, b->ncpus);
	for (c = 0; c < a->ncpus; c++)
		ck_assert_int_eq(memcmp(&a->cpus[c], &b->cpus[c], sizeof(a->cpus[c])), 0);
	ck_assert_uint_eq(a->ntp, b->ntp);
	ck_assert_str_eq(a->tp[0], b->tp[0]);
	ck_assert_uint_eq(a->names.n, b->names.n);
	for (c = 0; c < a->names.n; c++)
		ck_assert_str_eq(hg_kevents_name(a, c), hg_kevents_name(b, c));
	ck_assert_uint_eq(a->n, b->n);
	for (i = 0; i < a->n; i++) {
		const struct hg_kev x = hg_kevents_ev(a, i), y = hg_kevents_ev(b, i);

		ck_assert_msg(x.cycles == y.cycles && x.cpu == y.cpu && x.type == y.type &&
			      x.flags == y.flags && x.a == y.a && x.b == y.b &&
			      x.name == y.name, "event %llu differs", (unsigned long long)i);
	}
	ck_assert_int_eq(hg_kevents_status(b), 0);
}

/*
 * Every search of @b (read from the file) finds what @a's (held) does: at,
 * before and after each event, on each CPU and past the last, and on
 * the CPU with no event
 */
static void assert_same_find(const struct hg_kevents *a, const struct hg_kevents *b)
{
	const uint32_t cpus[] = { 0, 1, 2, 3 };
	uint64_t i;
	size_t c;

	for (i = 0; i < a->n; i++) {
		const struct hg_kev e = a->ev[i];
		uint64_t d;

		for (d = 0; d < 3; d++)
			ck_assert_uint_eq(hg_kevents_find(a, e.cpu, e.cycles + d - 1),
					  hg_kevents_find(b, e.cpu, e.cycles + d - 1));
	}
	for (c = 0; c < 4; c++) {
		ck_assert_uint_eq(hg_kevents_find(a, cpus[c], 0), hg_kevents_find(b, cpus[c], 0));
		ck_assert_uint_eq(hg_kevents_find(a, cpus[c], UINT64_MAX),
				  hg_kevents_find(b, cpus[c], UINT64_MAX));
	}
	/* the CPU of no event: where CPU 2's begin */
	ck_assert_uint_eq(hg_kevents_find(b, 1, 0), hg_kevents_find(b, 2, 0));
}

/* The trace of @n events and @names names, read whole and a piece at a time: the same. */
static void check_same(uint64_t n, uint32_t names)
{
	struct hg_trace *t = kev_trace(n, names), *whole;
	char *dir, *path = write_trace(t, &dir), err[256];
	const struct hg_trace *st;
	struct hg_tstream *s;

	ck_assert_msg(hg_trace_read(path, &whole, err, sizeof(err)) == 0, "%s", err);
	ck_assert_msg(hg_tstream_trace(path, HG_TSTREAM_NAMES, &s, &st, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_uint_eq(whole->kev->n, n + 3);
	/* the stream holds no event: each is read from the file, a block at a time */
	ck_assert_ptr_null(st->kev->ev);
	assert_same_kev(whole->kev, st->kev);
	assert_same_kev(t->kev, st->kev);
	assert_same_find(whole->kev, st->kev);
	hg_tstream_close(s);
	hg_trace_free(whole);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}

/* Counts on either side of a read's events: each event read once, in order. */
START_TEST(test_read_boundaries)
{
	check_same(counts[_i], 3);
}
END_TEST

/* A head (the names) longer than the first read: read again from a longer prefix. */
START_TEST(test_long_head)
{
	/* about 60 bytes a name: more than HG_SEC_KCHUNK, then more than twice it */
	ck_assert_uint_gt(2000 * 60, HG_SEC_KCHUNK);
	check_same(PER_READ + 7, 2000);
	check_same(5, 4000);
}
END_TEST

/* The bytes of @path (free them), their count at *@len. */
static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *p;
	long n;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	ck_assert_int_gt(n, 0);
	rewind(f);
	p = malloc((size_t)n);
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(fread(p, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return p;
}

/* An event of a later read made of no type: both readers refuse it with one reason. */
START_TEST(test_damaged_event_same_reason)
{
	const uint64_t bad = PER_READ + 2;
	struct hg_trace *t = kev_trace(2 * PER_READ, 3), *whole = NULL;
	char *dir, *path = write_trace(t, &dir), e1[256], e2[256];
	uint64_t cycles = BASE + 1000 * bad;
	unsigned char key[8], *p, *at;
	const struct hg_trace *st;
	struct hg_tstream *s = NULL;
	size_t len;
	FILE *f;
	int i;

	for (i = 0; i < 8; i++)
		key[i] = (unsigned char)(cycles >> (8 * i));
	p = slurp(path, &len);
	at = memmem(p, len, key, sizeof(key));
	ck_assert_ptr_nonnull(at);
	at[10] = 0;	/* the type: u64 cycles, u16 cpu, then the type's byte */
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(p, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_ne(hg_trace_read(path, &whole, e1, sizeof(e1)), 0);
	ck_assert_int_ne(hg_tstream_trace(path, HG_TSTREAM_NAMES, &s, &st, e2, sizeof(e2)), 0);
	ck_assert_str_eq(e1, e2);
	ck_assert_str_eq(e1, "damaged kernel events section (event 4098)");
	free(p);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* A source of events whose blocks past event @fail_at fail to read; its reads counted. */
struct fake_src {
	const struct hg_kevents *from;
	uint64_t fail_at;
	unsigned int reads;
};

static int fake_read(void *priv, uint64_t at, struct hg_kev *buf, size_t n)
{
	struct fake_src *f = priv;

	f->reads++;
	if (n > 1 && at + n > f->fail_at)	/* a whole block past it */
		return -EIO;
	memcpy(buf, f->from->ev + at, n * sizeof(*buf));
	return 0;
}

/*
 * The cache reads a block once while it is kept; a read that fails gives
 * an event of no type and is kept as the status, the events before it fine.
 */
START_TEST(test_cache_read_fails)
{
	struct hg_trace *t = kev_trace(3 * PER_READ, 3);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct fake_src f = { .from = t->kev, .fail_at = 2 * PER_READ };
	struct hg_kevsrc src = { .read = fake_read, .priv = &f };
	unsigned int reads;

	ck_assert_ptr_nonnull(k);
	k->n = t->kev->n;
	ck_assert_int_eq(hg_kevents_attach(k, &src), 0);
	/* attaching read each block's first event: one read a block */
	ck_assert_uint_eq(f.reads, (unsigned int)((k->n + PER_READ - 1) / PER_READ));
	ck_assert_int_eq(hg_kevents_status(k), 0);
	reads = f.reads;
	ck_assert_uint_eq(hg_kevents_ev(k, 5).cycles, t->kev->ev[5].cycles);
	ck_assert_uint_eq(hg_kevents_ev(k, PER_READ - 1).a, t->kev->ev[PER_READ - 1].a);
	ck_assert_uint_eq(f.reads, reads + 1);
	ck_assert_uint_eq(hg_kevents_ev(k, 2 * PER_READ + 1).type, 0);
	ck_assert_int_eq(hg_kevents_status(k), -EIO);
	ck_assert_uint_eq(hg_kevents_ev(k, 7).b, t->kev->ev[7].b);
	hg_kevents_free(k);
	hg_trace_free(t);
}
END_TEST

/*
 * hg_kevents_get() copies a run of held events, and reads one of a file's
 * past the cache (a read of its own, no block kept); a read that fails
 * gives events of no type and is kept as the status
 */
START_TEST(test_get_past_cache)
{
	struct hg_trace *t = kev_trace(3 * PER_READ, 3);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct fake_src f = { .from = t->kev, .fail_at = 2 * PER_READ };
	struct hg_kevsrc src = { .read = fake_read, .priv = &f };
	struct hg_kev buf[8];
	unsigned int reads;
	size_t i;

	ck_assert_ptr_nonnull(k);
	hg_kevents_get(t->kev, 3, buf, 8);
	for (i = 0; i < 8; i++)
		ck_assert_uint_eq(buf[i].cycles, t->kev->ev[3 + i].cycles);
	k->n = t->kev->n;
	ck_assert_int_eq(hg_kevents_attach(k, &src), 0);
	reads = f.reads;
	hg_kevents_get(k, PER_READ - 4, buf, 8);	/* across two blocks: one read */
	ck_assert_uint_eq(f.reads, reads + 1);
	for (i = 0; i < 8; i++)
		ck_assert_uint_eq(buf[i].a, t->kev->ev[PER_READ - 4 + i].a);
	hg_kevents_get(k, PER_READ - 4, buf, 8);	/* nothing kept */
	ck_assert_uint_eq(f.reads, reads + 2);
	ck_assert_int_eq(hg_kevents_status(k), 0);
	hg_kevents_get(k, 2 * PER_READ - 4, buf, 8);
	for (i = 0; i < 8; i++)
		ck_assert_uint_eq(buf[i].type, 0);
	ck_assert_int_eq(hg_kevents_status(k), -EIO);
	hg_kevents_free(k);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("ksecread");
	TCase *tc = tcase_create("pieces");

	tcase_add_loop_test(tc, test_read_boundaries, 0, NCOUNTS);
	tcase_add_test(tc, test_long_head);
	tcase_add_test(tc, test_damaged_event_same_reason);
	tcase_add_test(tc, test_cache_read_fails);
	tcase_add_test(tc, test_get_past_cache);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
