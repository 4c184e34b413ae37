// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_file_stream.c - trace/tstream.h: a trace's records read back in
 * chunks the same as decoded, a damaged file judged twice the same, a file
 * changed under the stream, the fixture
 */
#include "filetest.h"

/* ---------------------------------------------------------- stream */

/*
 * A trace whose thread 0 has 10000 records (three chunks of the stream),
 * the last 100 of them events, and thread 1 none: the stream's chunks
 * are the mapped file's records, read again after a rewind; the last
 * interval of each thread is found from the end; a byte changed in the
 * second chunk is a checksum mismatch, whether the records were read or
 * left to hg_tstream_verify().
 */
START_TEST(test_stream_chunks)
{
	struct hg_trace *t = full_trace(), *back;
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "s.hgt"), err[256] = "";
	const struct hg_trace *st;
	struct hg_record last, *r0;
	const struct hg_record *r, *want;
	struct hg_tstream *s;
	struct hg_recsrc src;
	uint64_t k, at;
	size_t n, len;
	uint8_t *buf;
	uint32_t i;
	int pass;

	r0 = calloc(10000, sizeof(*r0));
	ck_assert_ptr_nonnull(r0);
	/* the last 100 events: the last interval is two steps back from the end */
	for (k = 0; k < 10000; k++)
		hg_record_encode(&r0[k], 1, 5000 + k * 100, 50, (unsigned int)(k % 3),
				 k >= 9900 ? HG_REC_EVENT | HG_EV_JOB << HG_EV_SHIFT : 0);
	free(t->threads[0].recs);
	t->threads[0].recs = r0;
	t->threads[0].stored = 10000;
	t->threads[1].stored = 0;
	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	ck_assert_msg(hg_trace_read(path, &back, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(hg_tstream_open(path, &s, &st, &src, err, sizeof(err)), 0);
	for (i = 0; i < 3; i++) {
		for (pass = 0; pass < 2; pass++) {
			/* the first pass stops after a chunk: the second starts over */
			ck_assert_int_eq(src.ops->rewind(src.priv, i), 0);
			for (at = 0, n = 1; n && (pass || at == 0); at += n) {
				ck_assert_int_eq(src.ops->read(src.priv, i, &r, &n), 0);
				ck_assert_uint_le(at + n, back->threads[i].stored);
				ck_assert(!n || !memcmp(r, back->threads[i].recs + at,
							n * sizeof(*r)));
			}
			if (pass)
				ck_assert_uint_eq(at, back->threads[i].stored);
		}
		want = hg_recs_last(back->threads[i].recs, (size_t)back->threads[i].stored);
		if (!want) {
			ck_assert_int_eq(src.ops->last(src.priv, i, &last), -ENODATA);
			continue;
		}
		ck_assert_int_eq(src.ops->last(src.priv, i, &last), 0);
		ck_assert_int_eq(memcmp(&last, want, sizeof(last)), 0);
	}
	ck_assert_ptr_eq(hg_recs_last(back->threads[0].recs, 10000), &back->threads[0].recs[9899]);
	ck_assert_int_eq(hg_tstream_verify(s, err, sizeof(err)), 0);
	hg_tstream_close(s);
	/* a byte of thread 0's 6000th record: read, then not read */
	buf = slurp(path, &len);
	at = (uint64_t)((const uint8_t *)&back->threads[0].recs[6000] - (const uint8_t *)back->map);
	buf[at + 3] ^= 0x10;
	hg_test_write_file(path, buf, len);
	for (pass = 0; pass < 2; pass++) {
		ck_assert_int_eq(hg_tstream_open(path, &s, &st, &src, err, sizeof(err)), 0);
		for (i = 0; pass && i < st->nthreads; i++)
			for (n = 1; n; )
				ck_assert_int_eq(src.ops->read(src.priv, i, &r, &n), 0);
		ck_assert_int_eq(hg_tstream_verify(s, err, sizeof(err)), -EINVAL);
		ck_assert_str_eq(err, "checksum mismatch: the file is damaged");
		hg_tstream_close(s);
	}
	free(buf);
	hg_trace_free(back);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * Damaged twice: a byte flipped anywhere before the end section, and bytes
 * after it. The decoder and the stream judge the file the same, with the
 * same message: the checksum is the last thing either checks.
 */
START_TEST(test_damaged_twice)
{
	struct hg_trace *t = full_trace();
	char err[256];
	uint8_t *buf, *two;
	size_t len, k;

	buf = encode(t, &len);
	two = malloc(len + 3);
	ck_assert_ptr_nonnull(two);
	for (k = 0; k + END_BYTES < len; k += 7) {
		memcpy(two, buf, len);
		memset(two + len, 0, 3);
		two[k] ^= 0x20;
		ck_assert_msg(rejected(two, len + 3, err, sizeof(err)), "flip at %zu: accepted", k);
	}
	/* a record's byte: the file's structure is whole, only the bytes after END */
	memcpy(two, buf, len);
	two[len - END_BYTES - 5] ^= 0x20;
	assert_damaged(two, len + 3, "damaged: 3 bytes after the end section");
	free(two);
	free(buf);
	hg_trace_free(t);
}
END_TEST

/*
 * The file rewritten in place, whole and valid, while a thread's last
 * interval is read (for where the records end), and written back before
 * the records' own reading, whose checksum holds: the stream says the
 * file changed rather than use the two.
 */
START_TEST(test_stream_file_changed)
{
	struct hg_trace *t = full_trace();
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "c.hgt"), err[256] = "";
	const struct hg_trace *st;
	const struct hg_record *r;
	struct hg_tstream *s;
	struct hg_recsrc src;
	struct hg_record last;
	uint8_t *a, *b;
	size_t len, blen, n;
	uint32_t i;
	int fd;

	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	a = slurp(path, &len);
	ck_assert_int_eq(hg_tstream_open(path, &s, &st, &src, err, sizeof(err)), 0);
	/* the same trace but for the length of thread 0's last interval, */
	((struct hg_record *)hg_recs_last(t->threads[0].recs,
					  (size_t)t->threads[0].stored))->len_cycles += 1;
	b = encode(t, &blen);
	ck_assert_uint_eq(blen, len);
	fd = open(path, O_WRONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(pwrite(fd, b, len, 0), (ssize_t)len);
	/* while the last interval is read; then the first again */
	ck_assert_int_eq(src.ops->last(src.priv, 0, &last), 0);
	ck_assert_int_eq(pwrite(fd, a, len, 0), (ssize_t)len);
	close(fd);
	for (i = 0; i < st->nthreads; i++)
		for (n = 1; n; )
			ck_assert_int_eq(src.ops->read(src.priv, i, &r, &n), 0);
	ck_assert_int_eq(hg_tstream_verify(s, err, sizeof(err)), -EIO);
	ck_assert_str_eq(err, "the file changed while it was read");
	hg_tstream_close(s);
	free(a);
	free(b);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* A trace with the kernel's events (the committed capture): the stream reads it as mapped. */
START_TEST(test_stream_fixture)
{
	char err[256] = "";
	const char *path = "tests/fixtures/kernel.hgt";
	struct hg_trace *back;
	const struct hg_trace *st;
	struct hg_tstream *s;
	struct hg_recsrc src;
	const struct hg_record *r;
	uint64_t at;
	size_t n;
	uint32_t i;

	ck_assert_msg(hg_trace_read(path, &back, err, sizeof(err)) == 0, "%s", err);
	ck_assert_msg(hg_tstream_open(path, &s, &st, &src, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(st->nthreads, back->nthreads);
	ck_assert_ptr_nonnull(st->kev);
	for (i = 0; i < st->nthreads; i++) {
		ck_assert_ptr_null(st->threads[i].recs);
		for (at = 0, n = 1; n; at += n) {
			ck_assert_int_eq(src.ops->read(src.priv, i, &r, &n), 0);
			ck_assert(!n || !memcmp(r, back->threads[i].recs + at, n * sizeof(*r)));
		}
		ck_assert_uint_eq(at, back->threads[i].stored);
	}
	ck_assert_int_eq(hg_tstream_verify(s, err, sizeof(err)), 0);
	hg_tstream_close(s);
	hg_trace_free(back);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("file_stream");
	TCase *tc;

	tc = tcase_create("stream");
	tcase_add_test(tc, test_stream_chunks);
	tcase_add_test(tc, test_stream_fixture);
	tcase_add_test(tc, test_damaged_twice);
	tcase_add_test(tc, test_stream_file_changed);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
