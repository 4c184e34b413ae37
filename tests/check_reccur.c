// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_reccur.c - trace/reccur.c: a thread's records read through a
 * cursor, from memory or from the file a chunk at a time (a stream's
 * trace, tstream.h), give what the whole array gives, at every chunk size;
 * and the readers on a stream's trace (dump's text, export's formats)
 * write the same bytes as on the trace in memory
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "export/export.h"
#include "hourglass/commands.h"
#include "report/text.h"
#include "trace/reccur.h"
#include "trace/recsrc.h"
#include "trace/tstream.h"

extern const struct hg_command hg_cmd_dump;
extern const struct hg_command hg_cmd_export;

/* Chunk sizes tried: a record a read, a few, and the cursor's own. */
static const size_t chunks[] = { 1, 2, 3, 5, 0 };
#define NCHUNKS (sizeof(chunks) / sizeof(chunks[0]))

/* Intervals of 5 s at 1 GHz: each two records (a piece of UINT32_MAX and its rest). */
#define LONG_NS 5000000000ULL

static const uint64_t iv0[][2] = {
	{ 2000, 100 }, { 2200, LONG_NS }, { LONG_NS + 3000, 50 },
	{ LONG_NS + 4000, 2 * LONG_NS }, { 3 * LONG_NS + 9000, 10 },
};
static const uint64_t iv1[][2] = { { 2500, 300 }, { 3000, LONG_NS }, { LONG_NS + 9000, 5 } };
static const uint64_t (*const ivs[])[2] = { iv0, iv1 };
static const size_t nivs[] = { 5, 3 };

/* @th's records with a LAT sample and a job after each interval's last piece. */
static void add_events(struct hg_trace_thread *th)
{
	struct hg_record *r = calloc(th->stored * 3 + 1, sizeof(*r));
	uint64_t k, n = 0;

	ck_assert_ptr_nonnull(r);
	for (k = 0; k < th->stored; k++) {
		const struct hg_record *x = &th->recs[k];

		r[n++] = *x;
		if (x->flags & HG_REC_CONTINUED)
			continue;
		r[n++] = (struct hg_record){ x->start_cycles + x->len_cycles + 1, 700, x->cpu,
					     hg_event_flags(HG_EV_LAT, 0) };
		r[n++] = (struct hg_record){ x->start_cycles, 900, x->cpu,
					     hg_event_flags(HG_EV_JOB, 0) };
	}
	free(th->recs);
	th->recs = r;
	th->stored = n;
}

static struct hg_trace *events_trace(void)
{
	struct hg_trace *t = hg_test_trace(2, ivs, nivs);
	uint32_t i;

	ck_assert_ptr_nonnull(t);
	for (i = 0; i < t->nthreads; i++)
		add_events(&t->threads[i]);
	t->stop_cycles = 4 * LONG_NS;
	return t;
}

/* @t written to a fresh file; its path (free it), its directory at *@dir. */
static char *write_trace(const struct hg_trace *t, char **dir)
{
	char err[256], *path;

	*dir = hg_test_fresh_dir();
	path = hg_test_path(*dir, "t.hgt");
	ck_assert_msg(hg_trace_write(t, path, err, sizeof(err)) == 0, "%s", err);
	return path;
}

/* @path as a stream whose cursors read @chunk records at a time. */
static const struct hg_trace *open_chunked(const char *path, size_t chunk,
					   struct hg_tstream **s)
{
	const struct hg_trace *t;
	char err[256];

	ck_assert_msg(hg_tstream_trace(path, HG_TSTREAM_NAMES, s, &t, err, sizeof(err)) == 0,
		      "%s", err);
	((struct hg_trace *)t)->rfile.chunk = chunk;
	return t;
}

/* Every record and every interval of @b's threads, through cursors, are @a's. */
static void assert_same_records(const struct hg_trace *a, const struct hg_trace *b)
{
	uint32_t i;

	ck_assert_uint_eq(a->nthreads, b->nthreads);
	for (i = 0; i < a->nthreads; i++) {
		const struct hg_trace_thread *th = &a->threads[i];
		const struct hg_record *r;
		struct hg_interval want, got;
		struct hg_reccur c;
		size_t pos = 0;
		uint64_t k = 0;

		ck_assert_ptr_null(b->threads[i].recs);
		hg_reccur_init(&c, &b->threads[i]);
		while (hg_reccur_next(&c, &r) > 0) {
			ck_assert_uint_lt(k, th->stored);
			ck_assert_int_eq(memcmp(r, &th->recs[k++], sizeof(*r)), 0);
		}
		ck_assert_uint_eq(k, th->stored);
		hg_reccur_seek(&c, 0);
		while (hg_record_decode(th->recs, (size_t)th->stored, &pos, &want) == 1) {
			ck_assert_int_eq(hg_reccur_interval(&c, &got), 1);
			ck_assert_uint_eq(got.start_cycles, want.start_cycles);
			ck_assert_uint_eq(got.len_cycles, want.len_cycles);
			ck_assert_uint_eq(got.cpu, want.cpu);
			ck_assert_uint_eq(got.flags, want.flags);
		}
		ck_assert_int_eq(hg_reccur_interval(&c, &got), 0);
		hg_reccur_free(&c);
	}
}

/* Records and intervals split across chunks of every size read whole and in order. */
START_TEST(test_chunk_boundaries)
{
	struct hg_trace *t = events_trace();
	char *dir, *path = write_trace(t, &dir);
	struct hg_tstream *s;
	const struct hg_trace *st = open_chunked(path, chunks[_i], &s);

	/* the long intervals are pieces: some split at every chunk size */
	ck_assert_uint_eq(t->threads[0].stored, 8 + 2 * 5);
	assert_same_records(t, st);
	hg_tstream_close(s);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* The text of @write on @t, as a string (free it). */
static char *text_of(int (*write)(FILE *, const struct hg_trace *, int), const struct hg_trace *t,
		     int arg, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(write(f, t, arg), 0);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

static int dump_text(FILE *f, const struct hg_trace *t, int arg __attribute__((unused)))
{
	return hg_print_trace(f, t);
}

static int export_text(FILE *f, const struct hg_trace *t, int fmt)
{
	return hg_export_sched(f, t, (enum hg_export_format)fmt, NULL);
}

/* dump's text and export's perfetto, csv and json: the same bytes from a stream. */
START_TEST(test_readers_same_bytes)
{
	struct hg_trace *t = events_trace(), *back;
	char *dir, *path = write_trace(t, &dir), err[256];
	int (*const writers[])(FILE *, const struct hg_trace *, int) = {
		dump_text, export_text, export_text, export_text,
	};
	const int args[] = { 0, HG_EXPORT_PERFETTO, HG_EXPORT_CSV, HG_EXPORT_JSON };
	size_t w, c;

	/* the trace as the file holds it, read whole: what the stream must give */
	ck_assert_msg(hg_trace_read(path, &back, err, sizeof(err)) == 0, "%s", err);
	for (w = 0; w < sizeof(args) / sizeof(args[0]); w++) {
		size_t wlen, glen;
		char *want = text_of(writers[w], back, args[w], &wlen);

		ck_assert_uint_gt(wlen, 0);
		for (c = 0; c < NCHUNKS; c++) {
			struct hg_tstream *s;
			const struct hg_trace *st = open_chunked(path, chunks[c], &s);
			char *got = text_of(writers[w], st, args[w], &glen);

			ck_assert_msg(glen == wlen && !memcmp(got, want, wlen),
				      "writer %zu, chunk %zu: the stream's bytes differ", w, chunks[c]);
			free(got);
			hg_tstream_close(s);
		}
		free(want);
	}
	hg_trace_free(back);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * A byte of the last record flipped (the last chunk read): the stream is
 * refused before a reader runs, with the message of the whole-file read;
 * dump and export say it in one line, exit 2 and write nothing.
 */
START_TEST(test_damaged_last_chunk)
{
	struct hg_trace *t = events_trace(), *back = NULL;
	char *dir, *path = write_trace(t, &dir), err[256], serr[256], *buf, *out;
	const char *dump[] = { "dump", NULL, NULL };
	const char *exp[] = { "export", NULL, "--format", "csv", "-o", NULL, NULL };
	const struct hg_trace *st = NULL;
	struct hg_tstream *s = NULL;
	struct hg_test_out o;
	size_t len, end;

	buf = hg_test_read_file(path, &len);
	/* the last thread's records end right before the end section (12 + 4 bytes) */
	end = len - (16 + 4);
	buf[end - 16 + 3] ^= 0x40;	/* the last record's start */
	hg_test_write_file(path, buf, len);
	ck_assert_int_eq(hg_trace_read(path, &back, err, sizeof(err)), -EINVAL);
	ck_assert_int_eq(hg_tstream_trace(path, 0, &s, &st, serr, sizeof(serr)), -EINVAL);
	ck_assert_ptr_null(s);
	ck_assert_str_eq(serr, err);
	ck_assert_str_eq(serr, "checksum mismatch: the file is damaged");
	dump[1] = path;
	hg_test_cmd(&o, hg_cmd_dump.main, dump);
	ck_assert_int_eq(o.status, 2);
	ck_assert_str_eq(o.out, "");
	ck_assert_int_eq(hg_test_lines(o.err), 1);
	ck_assert_ptr_nonnull(strstr(o.err, "checksum mismatch: the file is damaged"));
	hg_test_out_free(&o);
	out = hg_test_path(dir, "out.csv");
	exp[1] = path;
	exp[5] = out;
	hg_test_cmd(&o, hg_cmd_export.main, exp);
	ck_assert_int_eq(o.status, 2);
	ck_assert_int_eq(hg_test_lines(o.err), 1);
	ck_assert_int_ne(access(out, F_OK), 0);
	hg_test_out_free(&o);
	free(out);
	free(buf);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* An interval cut off at the file's last record: "damaged records", as when read whole. */
START_TEST(test_cut_interval_last_chunk)
{
	struct hg_trace *t = events_trace();
	char *dir, *path;
	struct hg_trace_thread *th = &t->threads[1];
	struct hg_tstream *s;
	const struct hg_trace *st;
	struct hg_reccur c;
	struct hg_interval iv;
	size_t k;
	int ret;

	/* thread 1 ends on the first piece of an interval: its rest is missing */
	th->recs[th->stored++] = (struct hg_record){ 4 * LONG_NS, UINT32_MAX, 0,
						     HG_REC_CONTINUED };
	path = write_trace(t, &dir);
	for (k = 0; k < NCHUNKS; k++) {
		st = open_chunked(path, chunks[k], &s);
		hg_reccur_init(&c, &st->threads[1]);
		while ((ret = hg_reccur_interval(&c, &iv)) == 1)
			;
		ck_assert_int_eq(ret, -EINVAL);
		hg_reccur_free(&c);
		ck_assert_int_eq(hg_export_check(st), -EINVAL);
		ck_assert_int_eq(hg_export_sched(stdout, st, HG_EXPORT_CSV, NULL), -EINVAL);
		hg_tstream_close(s);
	}
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * The cursors as a record source (hg_reccurs): every thread's records in
 * order, again after a rewind, and its last interval record, from the file
 * at every chunk size as from memory.
 */
START_TEST(test_cursors_as_source)
{
	struct hg_trace *t = events_trace();
	char *dir, *path = write_trace(t, &dir);
	struct hg_tstream *s;
	const struct hg_trace *st = open_chunked(path, chunks[_i], &s);
	struct hg_reccurs m;
	struct hg_recsrc src;
	uint32_t i;
	int pass;

	ck_assert_int_eq(hg_reccurs_init(&m, &src, st), 0);
	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		struct hg_record last;

		for (pass = 0; pass < 2; pass++) {
			const struct hg_record *r;
			uint64_t k = 0;
			size_t n = 1;

			ck_assert_int_eq(src.ops->rewind(src.priv, i), 0);
			while (n) {
				ck_assert_int_eq(src.ops->read(src.priv, i, &r, &n), 0);
				ck_assert_uint_le(k + n, th->stored);
				ck_assert_int_eq(memcmp(r, &th->recs[k], n * sizeof(*r)), 0);
				k += n;
			}
			ck_assert_uint_eq(k, th->stored);
		}
		ck_assert_int_eq(src.ops->last(src.priv, i, &last), 0);
		ck_assert_int_eq(memcmp(&last, hg_recs_last(th->recs, (size_t)th->stored),
					sizeof(last)), 0);
	}
	hg_reccurs_free(&m);
	hg_tstream_close(s);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("reccur");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_chunk_boundaries, 0, NCHUNKS);
	tcase_add_test(tc, test_readers_same_bytes);
	tcase_add_loop_test(tc, test_cursors_as_source, 0, NCHUNKS);
	tcase_add_test(tc, test_damaged_last_chunk);
	tcase_add_test(tc, test_cut_interval_last_chunk);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
