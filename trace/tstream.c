// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tstream.c - a trace file's records read in chunks, the checksum checked
 * from its pieces
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/infile.h"
#include "trace/ksection.h"
#include "trace/tindex.h"
#include "trace/tstream.h"
#include "trace/wire.h"

/* A chunk, for all threads together: about 1 MiB of records. */
#define CHUNK_BUDGET	(1u << 16)
#define CHUNK_MIN	256
#define CHUNK_MAX	4096
/* records looked at a step when the last one is sought from the end */
#define TAIL_STEP	64

struct sthread {
	struct hg_record *buf;	/* its chunk, made at the first read, freed at the end */
	uint64_t next;		/* records read, from its first */
	uint32_t crc;		/* of their bytes */
	/* the record st_last() read apart, checked when the reading passes it */
	uint64_t last_at;	/* its index, or UINT64_MAX: none */
	struct hg_record last;
};

struct hg_tstream {
	struct hg_trace *t;
	int fd;
	struct hg_tindex ix;
	struct hg_crc32 table;
	struct sthread *th;
	size_t chunk;		/* records a read */
	bool changed;		/* a record read twice was not the same */
	char err[128];		/* a failed read's reason, for hg_tstream_verify() */
};

/* @n records into @buf from @at; the bytes are the file's, decoded in place. */
static int read_records(struct hg_tstream *s, struct hg_record *buf, size_t n, uint64_t at)
{
	int ret = hg_infile_pread(s->fd, buf, n * sizeof(*buf), at, s->err, sizeof(s->err));
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
	size_t got;
#endif

	if (ret)
		return ret;
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
	for (got = 0; got < n; got++) {
		struct hg_cur c = { .p = (const uint8_t *)&buf[got], .len = sizeof(*buf) };
		struct hg_record r;

		r.start_cycles = hg_get_u64(&c);
		r.len_cycles = hg_get_u32(&c);
		r.cpu = hg_get_u16(&c);
		r.flags = hg_get_u16(&c);
		buf[got] = r;
	}
#endif
	return 0;
}

static int st_rewind(void *priv, uint32_t i)
{
	struct hg_tstream *s = priv;

	s->th[i].next = 0;
	s->th[i].crc = 0;
	return 0;
}

/* The next chunk of thread @i's records into its buffer, their CRC kept. */
static int st_read(void *priv, uint32_t i, const struct hg_record **recs, size_t *n)
{
	struct hg_tstream *s = priv;
	struct sthread *th = &s->th[i];
	uint64_t left = s->t->threads[i].stored - th->next;
	size_t k = (size_t)(left > s->chunk ? s->chunk : left);
	int ret;

	*recs = th->buf;
	*n = 0;
	if (!k) {
		/* read to the end: its memory goes (a rewind makes it again) */
		free(th->buf);
		th->buf = NULL;
		*recs = NULL;
		return 0;
	}
	if (!th->buf) {
		/* a chunk, or all its records when they are fewer */
		uint64_t all = s->t->threads[i].stored;

		th->buf = malloc((all < s->chunk ? (size_t)all : s->chunk) * sizeof(*th->buf));
		if (!th->buf)
			return -ENOMEM;
		*recs = th->buf;
	}
	ret = read_records(s, th->buf, k, s->ix.off[i] + th->next * sizeof(*th->buf));
	if (ret)
		return ret;
	if (th->last_at >= th->next && th->last_at - th->next < k &&
	    memcmp(&th->buf[th->last_at - th->next], &th->last, sizeof(th->last)))
		s->changed = true;	/* the file changed between the two reads */
	/* the CRC over the bytes as the file has them: read before decoding */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	th->crc = hg_crc32_update(&s->table, th->crc, (const uint8_t *)th->buf,
				  k * sizeof(*th->buf));
#else
	{
		struct hg_buf b = { 0 };
		size_t j;

		for (j = 0; j < k; j++)
			hg_put_record(&b, &th->buf[j]);
		if (!b.err)
			th->crc = hg_crc32_update(&s->table, th->crc, b.p, b.len);
		free(b.p);
		if (b.err)
			return b.err;
	}
#endif
	th->next += k;
	*n = k;
	return 0;
}

static int st_last(void *priv, uint32_t i, struct hg_record *rec)
{
	struct hg_tstream *s = priv;
	uint64_t end = s->t->threads[i].stored;
	struct hg_record tail[TAIL_STEP];

	while (end) {
		size_t k = (size_t)(end > TAIL_STEP ? TAIL_STEP : end);
		const struct hg_record *r;
		int ret;

		end -= k;
		ret = read_records(s, tail, k, s->ix.off[i] + end * sizeof(*tail));
		if (ret)
			return ret;
		r = hg_recs_last(tail, k);
		if (r) {
			/* read apart from the checksum's reading: compared when it comes */
			*rec = *r;
			s->th[i].last = *r;
			s->th[i].last_at = end + (uint64_t)(r - tail);
			return 0;
		}
	}
	return -ENODATA;
}

static const struct hg_recsrc_ops stream_ops = {
	.rewind = st_rewind,
	.read = st_read,
	.last = st_last,
};

/* The stream of @path, its kernel events' names kept when @names; 0 or -errno. */
static int open_stream(const char *path, bool names, struct hg_tstream **out,
		       char *err, size_t errlen)
{
	struct hg_tstream *s = calloc(1, sizeof(*s));
	size_t per;
	uint32_t i;
	int ret;

	if (!s) {
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	s->ix.names = names;
	ret = hg_trace_open_indexed(path, &s->fd, &s->t, &s->ix, err, errlen);
	if (ret) {
		free(s);
		return ret;
	}
	s->th = calloc(s->t->nthreads ? s->t->nthreads : 1, sizeof(*s->th));
	if (!s->th) {
		hg_tstream_close(s);
		snprintf(err, errlen, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	for (i = 0; i < s->t->nthreads; i++)
		s->th[i].last_at = UINT64_MAX;
	hg_crc32_init(&s->table);
	per = CHUNK_BUDGET / (s->t->nthreads ? s->t->nthreads : 1);
	s->chunk = per < CHUNK_MIN ? CHUNK_MIN : per > CHUNK_MAX ? CHUNK_MAX : per;
	*out = s;
	return 0;
}

int hg_tstream_open(const char *path, struct hg_tstream **out, const struct hg_trace **t,
		    struct hg_recsrc *src, char *err, size_t errlen)
{
	int ret = open_stream(path, false, out, err, errlen);

	if (ret)
		return ret;
	src->ops = &stream_ops;
	src->priv = *out;
	*t = (*out)->t;
	return 0;
}

/* hg_recfile's read: records at an index, decoded, whoever asks. */
static int st_get(void *priv, uint32_t i, uint64_t at, struct hg_record *buf, size_t n)
{
	struct hg_tstream *s = priv;

	if (at > s->t->threads[i].stored || n > s->t->threads[i].stored - at)
		return -EINVAL;
	return read_records(s, buf, n, s->ix.off[i] + at * sizeof(*buf));
}

/* hg_kevsrc's read: @n kernel events from the @at-th, decoded. */
static int kev_get(void *priv, uint64_t at, struct hg_kev *buf, size_t n)
{
	struct hg_tstream *s = priv;
	uint8_t raw[HG_KEV_BYTES * 256];
	size_t done = 0;

	if (at > s->t->kev->n || n > s->t->kev->n - at)
		return -EINVAL;
	while (done < n) {
		size_t m = n - done < 256 ? n - done : 256, j;
		struct hg_cur c = { .p = raw, .len = m * HG_KEV_BYTES };
		int ret = hg_infile_pread(s->fd, raw, m * HG_KEV_BYTES,
					  s->ix.kev_off + (at + done) * HG_KEV_BYTES, s->err,
					  sizeof(s->err));

		if (ret)
			return ret;
		for (j = 0; j < m; j++)
			hg_sec_get_kev(&c, &buf[done + j]);
		done += m;
	}
	return 0;
}

int hg_tstream_trace(const char *path, unsigned int flags, struct hg_tstream **out,
		     const struct hg_trace **t, char *err, size_t errlen)
{
	int ret = open_stream(path, flags & HG_TSTREAM_NAMES, out, err, errlen);
	uint32_t i;

	if (ret)
		return ret;
	ret = hg_tstream_verify(*out, err, errlen);
	if (ret) {
		hg_tstream_close(*out);
		*out = NULL;
		return ret;
	}
	if ((*out)->t->kev) {
		struct hg_kevsrc ks = { .read = kev_get, .priv = *out };

		ret = hg_kevents_attach((*out)->t->kev, &ks);
		if (ret) {
			snprintf(err, errlen, "%s", strerror(-ret));
			hg_tstream_close(*out);
			*out = NULL;
			return ret;
		}
	}
	(*out)->t->rfile = (struct hg_recfile){ .read = st_get, .priv = *out };
	for (i = 0; i < (*out)->t->nthreads; i++)
		(*out)->t->threads[i].rfile = &(*out)->t->rfile;
	*t = (*out)->t;
	return 0;
}

int hg_tstream_verify(struct hg_tstream *s, char *err, size_t errlen)
{
	uint32_t crc = 0, i;
	size_t p;

	for (i = 0; i < s->t->nthreads; i++) {
		const struct hg_record *r;
		size_t n = 1;

		while (n) {
			int ret = st_read(s, i, &r, &n);

			if (ret) {
				snprintf(err, errlen, "%s", s->err[0] ? s->err : strerror(-ret));
				return ret;
			}
		}
	}
	for (p = 0; p < s->ix.npieces; p++) {
		const struct hg_tindex_piece *pc = &s->ix.piece[p];

		crc = hg_crc32_combine(&s->table, crc,
				       pc->thread == HG_TINDEX_READ ? pc->crc : s->th[pc->thread].crc,
				       pc->len);
	}
	if (crc != s->ix.want) {
		snprintf(err, errlen, "checksum mismatch: the file is damaged");
		return -EINVAL;
	}
	if (s->changed) {
		snprintf(err, errlen, "the file changed while it was read");
		return -EIO;
	}
	return 0;
}

void hg_tstream_close(struct hg_tstream *s)
{
	uint32_t i;

	if (!s)
		return;
	for (i = 0; s->th && i < s->t->nthreads; i++)
		free(s->th[i].buf);
	free(s->th);
	hg_tindex_free(&s->ix);
	hg_trace_free(s->t);
	close(s->fd);
	free(s);
}
