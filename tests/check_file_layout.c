// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_file_layout.c - trace/file.c's layout: the padding before each
 * thread's records and the section count; trace/fileread.c's reading by
 * mapping, the same as decoding, at any alignment
 */
#include "filetest.h"

/* --------------------------------------------------------------- layout */

/* A section of a file as written: its type, where its payload is, how long. */
struct shdr {
	uint32_t type;
	size_t off;
	uint64_t len;
};

/* The section headers of the file @buf, up to @max; returns how many. */
static size_t walk(const uint8_t *buf, size_t len, struct shdr *h, size_t max)
{
	size_t at = HEADER_BYTES, n = 0;

	ck_assert_uint_ge(len, HEADER_BYTES);
	while (at < len) {
		ck_assert_uint_lt(n, max);
		ck_assert_uint_le(at + SECTION_BYTES, len);
		h[n].type = (uint32_t)get_le(buf + at, 4);
		ck_assert_uint_eq(get_le(buf + at + 4, 4), 0);
		h[n].len = get_le(buf + at + 8, 8);
		h[n].off = at + SECTION_BYTES;
		ck_assert_uint_le(h[n].len, len - h[n].off);
		at = h[n].off + (size_t)h[n].len;
		n++;
	}
	ck_assert_uint_eq(at, len);
	return n;
}

#define MAXTHREADS 4

/*
 * Check that @buf, the file of @t, has the sections RUN, SYSTEM, THREAD PAD
 * RECORDS for each thread, END; that each PAD is 0 to 15 zero bytes; and
 * that each thread's first record lies at a multiple of 16 bytes of the
 * file. The PAD lengths seen are or-ed into @pads, a bit each.
 */
static void check_layout(const struct hg_trace *t, const uint8_t *buf, size_t len,
			 unsigned int *pads)
{
	struct shdr h[NSECTIONS(MAXTHREADS)];
	uint32_t i;
	size_t n, k;

	ck_assert_uint_le(t->nthreads, MAXTHREADS);
	ck_assert_uint_eq(get_le(buf + 12, 4), NSECTIONS(t->nthreads));
	n = walk(buf, len, h, sizeof(h) / sizeof(h[0]));
	ck_assert_uint_eq(n, NSECTIONS(t->nthreads));
	ck_assert_uint_eq(h[0].type, TYPE_RUN);
	ck_assert_uint_eq(h[1].type, TYPE_SYSTEM);
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		const struct shdr *pad = &h[2 + 3 * i + 1], *rec = &h[2 + 3 * i + 2];
		size_t first = rec->off + RECORDS_HEAD;

		ck_assert_uint_eq(h[2 + 3 * i].type, TYPE_THREAD);
		ck_assert_uint_eq(get_le(buf + h[2 + 3 * i].off, 4), i);
		ck_assert_uint_eq(pad->type, TYPE_PAD);
		ck_assert_uint_le(pad->len, ALIGN - 1);
		for (k = 0; k < pad->len; k++)
			ck_assert_uint_eq(buf[pad->off + k], 0);
		*pads |= 1u << pad->len;
		ck_assert_uint_eq(rec->type, TYPE_RECORDS);
		ck_assert_uint_eq(get_le(buf + rec->off, 4), i);
		ck_assert_uint_eq(get_le(buf + rec->off + 4, 4), 0);
		ck_assert_uint_eq(get_le(buf + rec->off + 8, 8), th->stored);
		ck_assert_uint_eq(rec->len, RECORDS_HEAD + th->stored * sizeof(struct hg_record));
		ck_assert_msg(first % ALIGN == 0, "thread %u: records at %zu", i, first);
		if (th->stored) {
			/* and it is the first record */
			ck_assert_uint_eq(get_le(buf + first, 8), th->recs[0].start_cycles);
			ck_assert_uint_eq(get_le(buf + first + 8, 4), th->recs[0].len_cycles);
			ck_assert_uint_eq(get_le(buf + first + 12, 2), th->recs[0].cpu);
			ck_assert_uint_eq(get_le(buf + first + 14, 2), th->recs[0].flags);
		}
	}
	ck_assert_uint_eq(h[n - 1].type, TYPE_END);
	ck_assert_uint_eq(h[n - 1].len, 4);
	ck_assert_uint_eq(h[n - 1].off + 4, len);
}

/* Every length the run section can have modulo 16: every PAD length. */
START_TEST(test_pad_layout)
{
	struct hg_trace *t = full_trace();
	unsigned int pads = 0, k;
	uint8_t *buf;
	size_t len;

	for (k = 0; k < ALIGN; k++) {
		free(t->cmdline);
		t->cmdline = malloc(k + 1);
		ck_assert_ptr_nonnull(t->cmdline);
		memset(t->cmdline, 'x', k);
		t->cmdline[k] = '\0';
		buf = encode(t, &len);
		check_layout(t, buf, len, &pads);
		free(buf);
	}
	ck_assert_msg(pads == 0xffff, "PAD lengths seen: %#x", pads);
	hg_trace_free(t);

	/* thread 2 has no records: its PAD and RECORDS are there all the same */
	t = hg_test_trace(3, iv, niv);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(t->threads[2].stored, 0);
	buf = encode(t, &len);
	check_layout(t, buf, len, &pads);
	free(buf);
	hg_trace_free(t);
}
END_TEST

/* 3 + 3n sections: any other count in the header is a damaged file. */
START_TEST(test_section_count)
{
	static const uint32_t nthreads[] = { 0, 1, 2, 3 };
	unsigned int pads = 0;
	size_t i, k;

	for (i = 0; i < sizeof(nthreads) / sizeof(nthreads[0]); i++) {
		uint32_t nt = nthreads[i];
		struct hg_trace *t = nt ? hg_test_trace(nt, iv, niv) : hg_trace_alloc(0);
		const uint32_t wrong[] = {
			3 + 2 * nt, NSECTIONS(nt) - 1, NSECTIONS(nt) + 1, NSECTIONS(nt + 1),
		};
		uint8_t *buf;
		size_t len;

		ck_assert_ptr_nonnull(t);
		buf = encode(t, &len);
		check_layout(t, buf, len, &pads);
		for (k = 0; k < sizeof(wrong) / sizeof(wrong[0]); k++) {
			if (wrong[k] == NSECTIONS(nt))	/* no thread: 3 + 2n is right */
				continue;
			put_le(buf + 12, wrong[k], 4);
			assert_damaged(buf, len, "damaged run section");
		}
		put_le(buf + 12, NSECTIONS(nt), 4);
		free(buf);
		hg_trace_free(t);
	}
}
END_TEST

/* -------------------------------------------------- reading by mapping */

/*
 * Thread @i of @t, read from the file mapped at @t->map: records borrowed
 * from the mapping lie inside it, aligned; others are its own.
 */
static void check_borrowed(const struct hg_trace *t, uint32_t i)
{
	const struct hg_trace_thread *th = &t->threads[i];
	const uint8_t *map = t->map, *r = (const uint8_t *)th->recs;

	ck_assert_ptr_nonnull(th->recs);
	if (!th->recs_borrowed) {
		ck_assert(r + th->stored * sizeof(*th->recs) <= map || r >= map + t->maplen);
		return;
	}
	ck_assert_uint_gt(th->stored, 0);
	ck_assert(r >= map && r <= map + t->maplen);
	ck_assert_uint_le(th->stored * sizeof(*th->recs), (size_t)(map + t->maplen - r));
	ck_assert_uint_eq((uintptr_t)r % _Alignof(struct hg_record), 0);
}

/* Free @t, read from a file, and check that its mapping went with it. */
static void free_mapped(struct hg_trace *t)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	void *map = t->map;
	size_t maplen = t->maplen;
	unsigned char *vec = malloc((maplen + page - 1) / page);

	ck_assert_ptr_nonnull(vec);
	ck_assert_int_eq(mincore(map, maplen, vec), 0);
	hg_trace_free(t);
	errno = 0;
	ck_assert_int_eq(mincore(map, maplen, vec), -1);
	ck_assert_int_eq(errno, ENOMEM);
	free(vec);
}

/* hg_trace_read() of @t's file gives what hg_trace_decode() of its bytes gives. */
static void check_read_is_decode(const struct hg_trace *t)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "run.hgt"), err[256] = "";
	struct hg_trace *rd = NULL, *dec = NULL;
	unsigned int pads = 0;
	uint8_t *buf;
	size_t len;
	uint32_t i;

	ck_assert_msg(hg_trace_write(t, path, err, sizeof(err)) == 0, "write: %s", err);
	buf = slurp(path, &len);
	check_layout(t, buf, len, &pads);
	ck_assert_msg(hg_trace_read(path, &rd, err, sizeof(err)) == 0, "read: %s", err);
	ck_assert_msg(hg_trace_decode(buf, len, &dec, err, sizeof(err)) == 0, "decode: %s", err);
	assert_trace_eq(dec, rd);
	assert_trace_eq(t, rd);

	ck_assert_ptr_null(dec->map);
	ck_assert_ptr_nonnull(rd->map);
	ck_assert_uint_eq(rd->maplen, len);
	ck_assert_int_eq(memcmp(rd->map, buf, len), 0);
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *d = &dec->threads[i];
		const uint8_t *r = (const uint8_t *)d->recs;

		/* from the caller's buffer: always copied */
		ck_assert(!d->recs_borrowed);
		ck_assert(r + d->stored * sizeof(*d->recs) <= buf || r >= buf + len);
		check_borrowed(rd, i);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/* the writer aligned them: used where they lie */
		if (rd->threads[i].stored) {
			ck_assert_msg(rd->threads[i].recs_borrowed, "thread %u copied", i);
			ck_assert_uint_eq(((const uint8_t *)rd->threads[i].recs -
					   (const uint8_t *)rd->map) % ALIGN, 0);
		}
#endif
	}
	/* the file may go: the mapping stays until the trace is freed */
	unlink(path);
	assert_trace_eq(dec, rd);
	free_mapped(rd);
	hg_trace_free(dec);
	free(buf);
	drop_dir(dir, path);
}

START_TEST(test_read_is_decode)
{
	struct hg_trace *t = full_trace();

	check_read_is_decode(t);
	hg_trace_free(t);
	t = hg_test_trace(3, iv, niv);		/* thread 2: no records */
	ck_assert_ptr_nonnull(t);
	check_read_is_decode(t);
	hg_trace_free(t);
	t = hg_trace_alloc(0);
	ck_assert_ptr_nonnull(t);
	t->calib.tsc_hz = 1000000000ULL;
	check_read_is_decode(t);
	hg_trace_free(t);
}
END_TEST

/*
 * A valid file whose records are not where the writer puts them (the first
 * PAD is of another length): read all the same, and what is not aligned is
 * copied.
 */
START_TEST(test_read_unaligned)
{
	struct hg_trace *t = full_trace();
	struct sec *s = calloc(MAXSEC, sizeof(*s));
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "odd.hgt"), err[256] = "";
	uint64_t orig;
	uint8_t *buf, *again;
	size_t len, len2, n;
	unsigned int d;

	ck_assert_ptr_nonnull(s);
	buf = encode(t, &len);
	n = split(buf, len, s);
	ck_assert_uint_eq(n, NSEC);
	orig = s[PAD0].len;
	for (d = 1; d < ALIGN; d++) {
		struct hg_trace *rd = NULL, *dec = NULL;
		uint32_t i;

		s[PAD0].len = (orig + d) % ALIGN;
		memset(s[PAD0].p, 0, ALIGN);
		again = join_sections(s, n, &len2);
		ck_assert_msg(hg_trace_decode(again, len2, &dec, err, sizeof(err)) == 0,
			      "PAD of %u: %s", (unsigned int)s[PAD0].len, err);
		assert_trace_eq(t, dec);
		spill(path, again, len2);
		ck_assert_msg(hg_trace_read(path, &rd, err, sizeof(err)) == 0,
			      "PAD of %u: %s", (unsigned int)s[PAD0].len, err);
		assert_trace_eq(t, rd);
		for (i = 0; i < rd->nthreads; i++) {
			check_borrowed(rd, i);
			/* all of them moved by d bytes (modulo 16) from where they were */
			if (d % _Alignof(struct hg_record))
				ck_assert_msg(!rd->threads[i].recs_borrowed,
					      "moved by %u: thread %u borrowed", d, i);
		}
		free_mapped(rd);
		hg_trace_free(dec);
		free(again);
	}
	free(buf);
	free(s);
	drop_dir(dir, path);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("file_layout");
	TCase *tc;

	tc = tcase_create("layout");
	tcase_add_test(tc, test_pad_layout);
	tcase_add_test(tc, test_section_count);
	tcase_add_test(tc, test_read_is_decode);
	tcase_add_test(tc, test_read_unaligned);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
