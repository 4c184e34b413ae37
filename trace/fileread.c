// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fileread.c - decode the .hgt trace file (layout in file.c): from memory,
 * from a mapping (its records used where they lie), or indexed from an open
 * descriptor (its records left in the file for a stream to read); the file
 * is opened by fileopen.c
 *
 * One decoder takes the sections from a source: a buffer that holds the
 * whole file, or the file itself read section by section, where a
 * RECORDS section's own header is read and its records are skipped. The
 * second keeps the CRC of the bytes it read in pieces, the records'
 * bytes between them, so that the checksum can be checked once the
 * records have been read (tindex.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/csection.h"
#include "trace/fileformat.h"
#include "util/infile.h"
#include "trace/ksection.h"
#include "trace/lsection.h"
#include "trace/osection.h"
#include "trace/sections.h"
#include "trace/tindex.h"
#include "trace/trace.h"
#include "trace/wire.h"

#define err_set hg_file_err

/* Where decode() takes the file's bytes from. */
struct src {
	const uint8_t *buf;	/* the whole file, or NULL: read from @fd */
	uint64_t len;		/* the file's size */
	bool borrow;		/* @buf is a mapping: records used where they lie */
	int fd;
	struct hg_tindex *ix;	/* with @fd: the records' offsets, the CRC's pieces */
	const struct hg_crc32 *table;
	uint32_t crc;		/* with @fd: of the bytes read since the last piece */
	uint64_t crclen;
	uint8_t *tmp;		/* with @fd: the bytes read last */
	size_t tmpcap;
};

/*
 * The @n bytes at @at (inside the file: the caller checked) as a cursor;
 * from a file, read into the source's buffer, good until the next fetch.
 */
static int fetch(struct src *s, uint64_t at, size_t n, struct hg_cur *c, char *err,
		 size_t errlen)
{
	int ret;

	if (s->buf) {
		*c = (struct hg_cur){ .p = s->buf + at, .len = n };
		return 0;
	}
	if (n > s->tmpcap) {
		uint8_t *p = realloc(s->tmp, n);

		if (!p)
			return -ENOMEM;
		s->tmp = p;
		s->tmpcap = n;
	}
	ret = hg_infile_pread(s->fd, s->tmp, n, at, err, errlen);
	if (!ret)
		*c = (struct hg_cur){ .p = s->tmp, .len = n };
	return ret;
}

/* Bytes @c holds that the checksum covers, read from the file: counted. */
static void covered(struct src *s, const struct hg_cur *c)
{
	if (s->buf)
		return;
	s->crc = hg_crc32_update(s->table, s->crc, c->p, c->len);
	s->crclen += c->len;
}

/* The bytes read since the last piece, made a piece. */
static int close_piece(struct src *s)
{
	int ret = hg_tindex_add_piece(s->ix, HG_TINDEX_READ, s->crc, s->crclen);

	s->crc = 0;
	s->crclen = 0;
	return ret;
}

/*
 * A RECORDS section of @len bytes, at @c (from a file: only its own
 * header, its records skipped, at @at in the file).
 */
static int decode_records(struct hg_cur *c, struct hg_trace *t, uint64_t len,
			  const uint32_t *nthreads_seen, struct src *s, uint64_t at,
			  char *err, size_t errlen)
{
	bool borrow = s->borrow;
	struct hg_trace_thread *th;
	uint32_t id = hg_get_u32(c);
	uint64_t n;
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
	uint64_t i;
#endif

	if (hg_get_u32(c))
		c->bad = 1;
	n = hg_get_u64(c);
	/* a thread's records follow its own section, which gives their count */
	if (c->bad || id >= *nthreads_seen) {
		err_set(err, errlen, "damaged records section (thread %u)", id);
		return -EINVAL;
	}
	th = &t->threads[id];
	if (len != 16 + n * RECORD_BYTES || n != th->stored || n > SIZE_MAX / RECORD_BYTES ||
	    th->recs || (s->ix && s->ix->off[id])) {
		err_set(err, errlen, "damaged records section of thread %u", id);
		return -EINVAL;
	}
	if (s->ix) {
		/* left in the file: where they lie, and a piece of the checksum's own */
		s->ix->off[id] = at + RECORDS_HEADER;
		if (close_piece(s) || hg_tindex_add_piece(s->ix, id, 0, n * RECORD_BYTES))
			return -ENOMEM;
		return 0;
	}
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	/*
	 * the file's layout is the struct's on a little-endian machine: use the
	 * records where they lie in a mapped file (PAD aligned them), else copy
	 */
	if (borrow && n && !((uintptr_t)(c->p + c->pos) % _Alignof(struct hg_record)) &&
	    hg_get_need(c, n * RECORD_BYTES)) {
		/* NOLINTNEXTLINE(performance-no-int-to-ptr): the records stay read-only */
		th->recs = (struct hg_record *)(uintptr_t)(c->p + c->pos);
		th->recs_borrowed = true;
		c->pos += n * RECORD_BYTES;
		return 0;
	}
	th->recs = malloc(n ? n * sizeof(*th->recs) : 1);
	if (!th->recs)
		return -ENOMEM;
	if (hg_get_need(c, n * RECORD_BYTES)) {
		memcpy(th->recs, c->p + c->pos, n * RECORD_BYTES);
		c->pos += n * RECORD_BYTES;
	}
#else
	th->recs = malloc(n ? n * sizeof(*th->recs) : 1);
	if (!th->recs)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		th->recs[i].start_cycles = hg_get_u64(c);
		th->recs[i].len_cycles = hg_get_u32(c);
		th->recs[i].cpu = hg_get_u16(c);
		th->recs[i].flags = hg_get_u16(c);
	}
#endif
	return c->bad ? -EINVAL : 0;
}

/* The RUN section: the run's fields, and room for its threads. */
static int decode_run(struct hg_cur *sc, struct hg_trace *t, uint32_t nsec, char *err,
		      size_t errlen)
{
	uint32_t nthreads;
	char why[128];

	if (t->nthreads || t->cmdline) {
		err_set(err, errlen, "two run sections");
		return -EINVAL;
	}
	hg_sec_get_run(sc, t, &nthreads, why, sizeof(why));
	if (*why) {	/* a field out of range, named */
		err_set(err, errlen, "damaged run section: %s", why);
		return -EINVAL;
	}
	/* RUN, SYSTEM, END and three sections a thread */
	/* a KEVENTS section is there when the flag says so (version 3) */
	if (sc->bad || nthreads > 100000 ||
	    ((t->flags & HG_TRACE_KEVENTS) && t->version < 3) ||
	    ((t->flags & HG_TRACE_LOCKS) && t->version < 4) ||
	    ((t->flags & HG_TRACE_OVER) && t->version < 5) ||
	    ((t->flags & HG_TRACE_CHAINS) && t->version < 6) ||
	    nsec != NSECTIONS(nthreads) + !!(t->flags & HG_TRACE_KEVENTS) +
		    !!(t->flags & HG_TRACE_LOCKS) + !!(t->flags & HG_TRACE_OVER) +
		    !!(t->flags & HG_TRACE_CHAINS)) {
		err_set(err, errlen, "damaged run section");
		return -EINVAL;
	}
	t->threads = calloc(nthreads ? nthreads : 1, sizeof(*t->threads));
	if (!t->threads)
		return -ENOMEM;
	t->nthreads = nthreads;
	return 0;
}

/* The SYSTEM section: the snapshot's pairs. */
static int decode_system(struct hg_cur *sc, struct hg_trace *t, char *err, size_t errlen)
{
	uint32_t n = hg_get_u32(sc), i;

	for (i = 0; i < n && !sc->bad; i++) {
		char *k = hg_get_str(sc), *v = hg_get_str(sc);

		if (k && v && hg_trace_add_sys(t, k, v))
			sc->bad = 1;
		free(k);
		free(v);
	}
	if (sc->bad) {
		err_set(err, errlen, "damaged system section");
		return -EINVAL;
	}
	hg_trace_counter_from_sys(t);
	return 0;
}

/* A PAD section: fewer than 16 bytes, all zero. */
static int decode_pad(struct hg_cur *sc, char *err, size_t errlen)
{
	if (sc->len > 15) {
		err_set(err, errlen, "damaged padding section");
		return -EINVAL;
	}
	for (; sc->pos < sc->len; sc->pos++)
		if (sc->p[sc->pos]) {
			err_set(err, errlen, "damaged padding section");
			return -EINVAL;
		}
	return 0;
}

/* A payload's bytes for ksection.h's reader: at @base in the file. */
struct kfetch {
	struct src *s;
	uint64_t base;
	char *err;
	size_t errlen;
};

static int kfetch(void *arg, uint64_t off, size_t n, bool count, struct hg_cur *c)
{
	struct kfetch *f = arg;
	int ret = fetch(f->s, f->base + off, n, c, f->err, f->errlen);

	if (!ret && count)
		covered(f->s, c);
	return ret;
}

static int decode_section(struct hg_cur *sc, uint32_t type, struct hg_trace *t,
			  uint32_t nsec, uint32_t *nthreads_seen, struct src *s, uint64_t at,
			  uint64_t slen, char *err, size_t errlen)
{
	switch (type) {
	case SEC_RUN:
		return decode_run(sc, t, nsec, err, errlen);
	case SEC_SYSTEM:
		return decode_system(sc, t, err, errlen);
	case SEC_THREAD:
		if (*nthreads_seen >= t->nthreads) {
			err_set(err, errlen, "more thread sections than threads");
			return -EINVAL;
		}
		hg_sec_get_thread(sc, &t->threads[*nthreads_seen]);
		if (sc->bad || t->threads[*nthreads_seen].id != *nthreads_seen) {
			err_set(err, errlen, "damaged section of thread %u", *nthreads_seen);
			return -EINVAL;
		}
		(*nthreads_seen)++;
		return 0;
	case SEC_KEVENTS:
		if (t->kev || !(t->flags & HG_TRACE_KEVENTS)) {
			err_set(err, errlen, "damaged: a kernel events section out of place");
			return -EINVAL;
		}
		/* the indexed reader's (a stream's: ctx) use no names: counted, not kept */
		if (s->ix) {	/* from the file: a piece at a time, left there */
			struct kfetch f = { .s = s, .base = at, .err = err, .errlen = errlen };
			struct hg_sec_reader rd = { .fetch = kfetch, .arg = &f };

			int ret = hg_sec_read_kevents(&rd, slen, s->ix->names, &t->kev,
						      &s->ix->kev_off, err, errlen);

			s->ix->kev_off += at;
			return ret;
		}
		return hg_sec_get_kevents(sc, true, &t->kev, err, errlen);
	case SEC_LOCKS:
		if (t->nlocks || !(t->flags & HG_TRACE_LOCKS) || *nthreads_seen != t->nthreads) {
			err_set(err, errlen, "damaged: a locks section out of place");
			return -EINVAL;
		}
		return hg_sec_get_locks(sc, t, err, errlen);
	case SEC_OVER:
		if (t->over || !(t->flags & HG_TRACE_OVER) || *nthreads_seen != t->nthreads) {
			err_set(err, errlen, "damaged: an over-threshold section out of place");
			return -EINVAL;
		}
		return hg_sec_get_over(sc, t, err, errlen);
	case SEC_CHAINS:
		if (t->chains || !(t->flags & HG_TRACE_CHAINS) || *nthreads_seen != t->nthreads) {
			err_set(err, errlen, "damaged: a chains section out of place");
			return -EINVAL;
		}
		return hg_sec_get_chains(sc, t, err, errlen);
	case SEC_RECORDS:
		return decode_records(sc, t, slen, nthreads_seen, s, at, err, errlen);
	case SEC_PAD:
		return decode_pad(sc, err, errlen);
	default:
		err_set(err, errlen, "unknown section type %u", type);
		return -EINVAL;
	}
}

/* The file's header: magic, a version this build reads, the number of sections. */
static int decode_header(struct src *s, uint32_t *version, uint32_t *nsec, char *err,
			 size_t errlen)
{
	struct hg_cur c = { 0 };
	int ret;

	if (s->len < HG_FILE_MAGIC_LEN) {
		err_set(err, errlen, "not an hourglass trace (bad magic)");
		return -EINVAL;
	}
	ret = fetch(s, 0, s->len < 16 ? (size_t)s->len : 16, &c, err, errlen);
	if (ret)
		return ret;
	if (!c.p || memcmp(c.p, HG_FILE_MAGIC, HG_FILE_MAGIC_LEN)) {
		err_set(err, errlen, "not an hourglass trace (bad magic)");
		return -EINVAL;
	}
	covered(s, &c);
	c.pos = HG_FILE_MAGIC_LEN;
	*version = hg_get_u32(&c);
	*nsec = hg_get_u32(&c);
	if (c.bad) {
		err_set(err, errlen, "truncated header");
		return -EINVAL;
	}
	if (*version < 1 || *version > HG_TRACE_VERSION_MAX) {
		err_set(err, errlen, "unsupported trace version %u (this build reads 1 to %u)",
			*version, HG_TRACE_VERSION_MAX);
		return -EINVAL;
	}
	return 0;
}

/*
 * The END section's payload at @sc, section @s_i of @nsec: the checksum
 * it holds at *@want (indexed: kept, the last piece made).
 */
static int decode_end(struct src *s, struct hg_cur *sc, uint32_t s_i, uint32_t nsec,
		      uint32_t *want, char *err, size_t errlen)
{
	*want = hg_get_u32(sc);
	if (sc->bad || s_i + 1 != nsec) {
		err_set(err, errlen, "damaged end section");
		return -EINVAL;
	}
	if (!s->ix)
		return 0;
	s->ix->want = *want;
	return close_piece(s);
}

/*
 * The checksum of the @at bytes before the END section, checked last (in
 * memory; indexed, hg_tstream_verify() checks it once the records are
 * read): a file damaged in more than one way says the same either way.
 */
static int check_sum(const struct src *s, uint64_t at, uint32_t want, char *err,
		     size_t errlen)
{
	if (s->ix || want == hg_crc32_update(s->table, 0, s->buf, (size_t)at))
		return 0;
	err_set(err, errlen, "checksum mismatch: the file is damaged");
	return -EINVAL;
}

/* What a decoded trace must hold besides its sections. */
static int decode_complete(const struct src *s, const struct hg_trace *t, uint32_t seen,
			   char *err, size_t errlen)
{
	uint32_t i;

	if (!t->nlocks && (t->flags & HG_TRACE_LOCKS)) {
		err_set(err, errlen, "damaged: locks section missing");
		return -EINVAL;
	}
	if (!t->chains && (t->flags & HG_TRACE_CHAINS)) {
		err_set(err, errlen, "damaged: chains section missing");
		return -EINVAL;
	}
	if (!t->over && (t->flags & HG_TRACE_OVER)) {
		err_set(err, errlen, "damaged: over-threshold section missing");
		return -EINVAL;
	}
	if (!t->kev && (t->flags & HG_TRACE_KEVENTS)) {
		err_set(err, errlen, "damaged: kernel events section missing");
		return -EINVAL;
	}
	if (seen != t->nthreads) {
		err_set(err, errlen, "damaged: %u of %u thread sections", seen, t->nthreads);
		return -EINVAL;
	}
	for (i = 0; i < t->nthreads; i++) {
		if (t->threads[i].stored && !t->threads[i].recs && !(s->ix && s->ix->off[i])) {
			err_set(err, errlen, "damaged: records of thread %u missing", i);
			return -EINVAL;
		}
	}
	return 0;
}

/* A section's payload: all of it, or a RECORDS section's own header from a file. */
static size_t payload_bytes(const struct src *s, uint32_t type, uint64_t slen)
{
	if (s->ix && type == SEC_RECORDS)
		return slen < RECORDS_HEADER ? (size_t)slen : RECORDS_HEADER;
	if (s->ix && type == SEC_KEVENTS)
		return 0;	/* read a piece at a time by decode_section() */
	return (size_t)slen;
}

/*
 * Whether a section that follows the threads' (KEVENTS) stands where the
 * format puts it: after the last thread's RECORDS (after SYSTEM in a run of
 * no thread), @prev the section before it, @seen the THREAD sections read
 */
static bool after_threads(const struct hg_trace *t, uint32_t seen, uint32_t prev)
{
	if (seen != t->nthreads)
		return false;
	return t->nthreads ? prev == SEC_RECORDS : prev == SEC_SYSTEM;
}

/*
 * Section @i's header at *@pos (advanced past it): its type and payload
 * length, checked against the bytes left; counted in the checksum's bytes
 * unless it is END's.
 */
static int section_header(struct src *s, uint32_t i, uint64_t *pos, uint32_t *type,
			  uint64_t *slen, char *err, size_t errlen)
{
	struct hg_cur c = { 0 };
	uint32_t zero;
	int ret;

	if (s->len - *pos < SECTION_HEADER) {
		err_set(err, errlen, "truncated: section %u needs %d bytes, %zu left", i,
			SECTION_HEADER, (size_t)(s->len - *pos));
		return -EINVAL;
	}
	ret = fetch(s, *pos, SECTION_HEADER, &c, err, errlen);
	if (ret)
		return ret;
	*type = hg_get_u32(&c);
	zero = hg_get_u32(&c);
	*slen = hg_get_u64(&c);
	*pos += SECTION_HEADER;
	if (zero) {
		err_set(err, errlen, "damaged: section %u has a bad header", i);
		return -EINVAL;
	}
	if (*slen > s->len - *pos) {
		err_set(err, errlen, "truncated: section %u needs %llu bytes, %zu left",
			i, (unsigned long long)*slen, (size_t)(s->len - *pos));
		return -EINVAL;
	}
	if (*type != SEC_END)
		covered(s, &c);
	return 0;
}

/*
 * Whether section @i, of @type after one of type @prev, @seen THREAD
 * sections read, stands where the format puts it; 0 or -EINVAL, said.
 */
static int in_place(const struct hg_trace *t, uint32_t i, uint32_t type, uint32_t prev,
		    uint32_t seen, char *err, size_t errlen)
{
	if (i && !t->threads && type != SEC_SYSTEM) {
		err_set(err, errlen, "damaged: run section missing");
		return -EINVAL;
	}
	/* a PAD stands right before a RECORDS section, and only there */
	if ((type == SEC_RECORDS) != (prev == SEC_PAD)) {
		err_set(err, errlen, "damaged: section %u is out of place", i);
		return -EINVAL;
	}
	if (type == SEC_KEVENTS && !after_threads(t, seen, prev)) {
		err_set(err, errlen, "damaged: a kernel events section out of place "
			"(section %u; its place is after the last thread's records)", i);
		return -EINVAL;
	}
	return 0;
}

/* The sections after the header, up to END, each checked and decoded into @t. */
static int decode_sections(struct src *s, struct hg_trace *t, uint32_t nsec, char *err,
			   size_t errlen)
{
	uint64_t pos = 16;
	uint32_t i, seen = 0, prev = 0;
	int ret = 0;

	for (i = 0; i < nsec && !ret; i++) {
		uint64_t at = pos, slen;
		uint32_t type;
		struct hg_cur sc = { 0 };

		ret = section_header(s, i, &pos, &type, &slen, err, errlen);
		if (ret)
			return ret;
		ret = fetch(s, pos, payload_bytes(s, type, slen), &sc, err, errlen);
		if (ret)
			return ret;
		pos += slen;
		if (type == SEC_END) {
			uint32_t want;

			ret = decode_end(s, &sc, i, nsec, &want, err, errlen);
			if (!ret)
				ret = decode_complete(s, t, seen, err, errlen);
			if (!ret && pos != s->len) {
				err_set(err, errlen, "damaged: %zu bytes after the end section",
					(size_t)(s->len - pos));
				ret = -EINVAL;
			}
			return ret ? ret : check_sum(s, at, want, err, errlen);
		}
		covered(s, &sc);
		ret = in_place(t, i, type, prev, seen, err, errlen);
		if (ret)
			return ret;
		prev = type;
		ret = decode_section(&sc, type, t, nsec, &seen, s, at + SECTION_HEADER, slen,
				     err, errlen);
		if (!ret && s->ix && type == SEC_RUN) {
			s->ix->off = calloc(t->nthreads ? t->nthreads : 1, sizeof(*s->ix->off));
			if (!s->ix->off)
				ret = -ENOMEM;
		}
		if (!ret && sc.pos != sc.len) {
			err_set(err, errlen, "damaged: section %u has %zu stray bytes",
				i, sc.len - sc.pos);
			ret = -EINVAL;
		}
	}
	if (!ret) {
		err_set(err, errlen, "truncated: no end section");
		ret = -EINVAL;
	}
	return ret;
}

static int decode(struct src *s, struct hg_trace **out, char *err, size_t errlen)
{
	struct hg_crc32 *table = malloc(sizeof(*table));
	struct hg_trace *t = NULL;
	uint32_t version, nsec;
	int ret;

	if (err && errlen)
		err[0] = '\0';
	if (!table) {
		err_set(err, errlen, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	hg_crc32_init(table);
	s->table = table;
	ret = decode_header(s, &version, &nsec, err, errlen);
	if (!ret) {
		t = calloc(1, sizeof(*t));
		ret = t ? 0 : -ENOMEM;
	}
	if (!ret) {
		t->version = version;
		ret = decode_sections(s, t, nsec, err, errlen);
	}
	s->table = NULL;
	free(table);
	free(s->tmp);
	s->tmp = NULL;
	if (ret) {
		/* out of memory, where no reason was given: say which */
		if (err && errlen && !err[0])
			err_set(err, errlen, "%s", strerror(-ret));
		hg_trace_free(t);
		return ret;
	}
	*out = t;
	return 0;
}

int hg_trace_decode(const uint8_t *buf, size_t len, struct hg_trace **out,
		    char *err, size_t errlen)
{
	struct src s = { .buf = buf, .len = len };

	return decode(&s, out, err, errlen);
}

int hg_trace_decode_mapped(const uint8_t *buf, size_t len, struct hg_trace **out,
			   char *err, size_t errlen)
{
	struct src s = { .buf = buf, .len = len, .borrow = true };

	return decode(&s, out, err, errlen);
}

int hg_trace_index(int fd, uint64_t size, struct hg_trace **out, struct hg_tindex *ix,
		   char *err, size_t errlen)
{
	struct src s = { .len = size, .fd = fd, .ix = ix };
	bool names = ix->names;
	int ret;

	memset(ix, 0, sizeof(*ix));
	ix->names = names;
	ret = decode(&s, out, err, errlen);
	if (ret)
		hg_tindex_free(ix);
	return ret;
}
