// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * file.c - the .hgt trace file
 *
 * Layout, all integers little-endian:
 *
 *   magic "HGTRACE\0", u32 version, u32 number of sections
 *   sections: u32 type, u32 zero, u64 payload length, payload
 *   the last section is END: u32 CRC-32 of every byte before it
 *
 * Sections: RUN (clocks, calibration, flags, command line), SYSTEM
 * (key/value snapshot), THREAD (one per thread: labels and statistics),
 * PAD (zero bytes, so that the records that follow start at a multiple of
 * 16 bytes of the file), RECORDS (one per thread: its records), and in
 * version 3 KEVENTS (the kernel's events of a --kernel run, ksection.h),
 * in version 4 LOCKS (the locks and sections of a --cs run, lsection.h)
 * before END. Strings
 * are u32 length + bytes. A reader that maps the file uses the records
 * where they lie.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "trace/atomicfile.h"
#include "trace/infile.h"
#include "trace/ksection.h"
#include "trace/lsection.h"
#include "trace/sections.h"
#include "trace/trace.h"
#include "trace/wire.h"

static const char magic[8] = "HGTRACE";

enum { SEC_RUN = 1, SEC_SYSTEM, SEC_THREAD, SEC_RECORDS, SEC_END, SEC_PAD, SEC_KEVENTS,
       SEC_LOCKS };

/* Sections: RUN, SYSTEM, for each thread THREAD PAD RECORDS, [KEVENTS,] END. */
#define NSECTIONS(nthreads) (3 + 3 * (nthreads))

#define SECTION_HEADER 16
#define RECORD_BYTES 16

static void err_set(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void err_set(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* --------------------------------------------------------------- write */

struct out {
	FILE *f;
	uint64_t off;		/* bytes written */
	uint32_t crc;
	struct hg_crc32 table;
	int err;
};

static void out_bytes(struct out *o, const void *p, size_t n)
{
	if (o->err || !n)
		return;
	if (fwrite(p, 1, n, o->f) != n) {
		o->err = errno ? -errno : -EIO;
		return;
	}
	o->crc = hg_crc32_update(&o->table, o->crc, p, n);
	o->off += n;
}

static void out_section(struct out *o, uint32_t type, const struct hg_buf *payload,
			uint64_t extra)
{
	struct hg_buf h = { 0 };

	hg_put_u32(&h, type);
	hg_put_u32(&h, 0);
	hg_put_u64(&h, payload->len + extra);
	if (h.err || payload->err)
		o->err = -ENOMEM;
	out_bytes(o, h.p, h.len);
	out_bytes(o, payload->p, payload->len);
	free(h.p);
}

/* A PAD section that makes the records after the next header aligned. */
static void out_pad(struct out *o)
{
	static const uint8_t zero[16];
	struct hg_buf b = { 0 };
	/* after it: its own header, the records' header, their id, zero, count */
	size_t n = (16 - (o->off + 2 * SECTION_HEADER + 16) % 16) % 16;

	hg_put_bytes(&b, zero, n);
	out_section(o, SEC_PAD, &b, 0);
	free(b.p);
}

static void out_records(struct out *o, const struct hg_trace_thread *th)
{
	struct hg_buf b = { 0 };
	uint64_t i;

	out_pad(o);
	hg_put_u32(&b, th->id);
	hg_put_u32(&b, 0);
	hg_put_u64(&b, th->stored);
	out_section(o, SEC_RECORDS, &b, th->stored * RECORD_BYTES);
	for (i = 0; i < th->stored && !o->err; i++) {
		hg_put_record(&b, &th->recs[i]);
		if (b.len >= 65536 || i + 1 == th->stored) {
			out_bytes(o, b.p + 16, b.len - 16);
			b.len = 16;
		}
	}
	if (b.err)
		o->err = b.err;
	free(b.p);
}

static void write_all(struct out *o, const struct hg_trace *t)
{
	struct hg_buf b = { 0 };
	uint32_t nsec = NSECTIONS(t->nthreads) + !!t->kev + !!t->nlocks, i;

	hg_put_bytes(&b, magic, sizeof(magic));
	/* without locks, the version the builds before them read */
	hg_put_u32(&b, t->nlocks ? HG_TRACE_VERSION_MAX : HG_TRACE_VERSION);
	hg_put_u32(&b, nsec);
	out_bytes(o, b.p, b.len);

	b.len = 0;
	hg_sec_put_run(&b, t);
	out_section(o, SEC_RUN, &b, 0);

	b.len = 0;
	hg_put_u32(&b, (uint32_t)t->nsys);
	for (i = 0; i < t->nsys; i++) {
		hg_put_str(&b, t->sys[i].key);
		hg_put_str(&b, t->sys[i].value);
	}
	out_section(o, SEC_SYSTEM, &b, 0);

	for (i = 0; i < t->nthreads; i++) {
		b.len = 0;
		hg_sec_put_thread(&b, &t->threads[i]);
		out_section(o, SEC_THREAD, &b, 0);
		out_records(o, &t->threads[i]);
	}
	if (t->kev) {
		b.len = 0;
		hg_sec_put_kevents(&b, t->kev);
		out_section(o, SEC_KEVENTS, &b, 0);
	}
	if (t->nlocks) {
		b.len = 0;
		hg_sec_put_locks(&b, t);
		out_section(o, SEC_LOCKS, &b, 0);
	}

	b.len = 0;
	hg_put_u32(&b, o->crc);
	out_section(o, SEC_END, &b, 0);
	if (b.err)
		o->err = b.err;
	free(b.p);
}

static int write_trace(FILE *f, const void *t)
{
	struct out o = { 0 };

	hg_crc32_init(&o.table);
	o.f = f;
	write_all(&o, t);
	return o.err;
}

int hg_trace_write(const struct hg_trace *t, const char *path, char *err, size_t errlen)
{
	return hg_atomic_write(path, write_trace, t, err, errlen);
}

/* ---------------------------------------------------------------- read */

static int decode_records(struct hg_cur *c, struct hg_trace *t, uint64_t len,
			  const uint32_t *nthreads_seen, bool borrow, char *err, size_t errlen)
{
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
	    th->recs) {
		err_set(err, errlen, "damaged records section of thread %u", id);
		return -EINVAL;
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

static int decode_section(struct hg_cur *sc, uint32_t type, struct hg_trace *t,
			  uint32_t nsec, uint32_t *nthreads_seen, bool borrow,
			  char *err, size_t errlen)
{
	uint32_t n, i;

	switch (type) {
	case SEC_RUN: {
		uint32_t nthreads;

		if (t->nthreads || t->cmdline) {
			err_set(err, errlen, "two run sections");
			return -EINVAL;
		}
		hg_sec_get_run(sc, t, &nthreads);
		/* RUN, SYSTEM, END and three sections a thread */
		/* a KEVENTS section is there when the flag says so (version 3) */
		if (sc->bad || nthreads > 100000 ||
		    ((t->flags & HG_TRACE_KEVENTS) && t->version < 3) ||
		    ((t->flags & HG_TRACE_LOCKS) && t->version < 4) ||
		    nsec != NSECTIONS(nthreads) + !!(t->flags & HG_TRACE_KEVENTS) +
			    !!(t->flags & HG_TRACE_LOCKS)) {
			err_set(err, errlen, "damaged run section");
			return -EINVAL;
		}
		t->threads = calloc(nthreads ? nthreads : 1, sizeof(*t->threads));
		if (!t->threads)
			return -ENOMEM;
		t->nthreads = nthreads;
		return 0;
	}
	case SEC_SYSTEM:
		n = hg_get_u32(sc);
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
		return hg_sec_get_kevents(sc, &t->kev, err, errlen);
	case SEC_LOCKS:
		if (t->nlocks || !(t->flags & HG_TRACE_LOCKS) || *nthreads_seen != t->nthreads) {
			err_set(err, errlen, "damaged: a locks section out of place");
			return -EINVAL;
		}
		return hg_sec_get_locks(sc, t, err, errlen);
	case SEC_RECORDS:
		return decode_records(sc, t, sc->len, nthreads_seen, borrow, err, errlen);
	case SEC_PAD:
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
	default:
		err_set(err, errlen, "unknown section type %u", type);
		return -EINVAL;
	}
}

static int decode(const uint8_t *buf, size_t len, bool borrow, struct hg_trace **out,
		  char *err, size_t errlen)
{
	struct hg_cur c = { .p = buf, .len = len };
	struct hg_crc32 *table;
	struct hg_trace *t;
	uint32_t version, nsec, s, seen = 0, i, prev = 0;
	int ret = 0, ended = 0;

	if (len < sizeof(magic) || memcmp(buf, magic, sizeof(magic))) {
		err_set(err, errlen, "not an hourglass trace (bad magic)");
		return -EINVAL;
	}
	c.pos = sizeof(magic);
	version = hg_get_u32(&c);
	nsec = hg_get_u32(&c);
	if (c.bad) {
		err_set(err, errlen, "truncated header");
		return -EINVAL;
	}
	if (version < 1 || version > HG_TRACE_VERSION_MAX) {
		err_set(err, errlen, "unsupported trace version %u (this build reads 1 to %u)",
			version, HG_TRACE_VERSION_MAX);
		return -EINVAL;
	}
	t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	t->version = version;
	table = malloc(sizeof(*table));
	if (!table) {
		free(t);
		return -ENOMEM;
	}
	hg_crc32_init(table);
	for (s = 0; s < nsec && !ret; s++) {
		size_t at = c.pos;
		uint32_t type = hg_get_u32(&c);
		uint32_t zero = hg_get_u32(&c);
		uint64_t slen;
		struct hg_cur sc;

		slen = hg_get_u64(&c);
		if (!c.bad && zero) {
			err_set(err, errlen, "damaged: section %u has a bad header", s);
			ret = -EINVAL;
			break;
		}
		if (c.bad || slen > c.len - c.pos) {
			err_set(err, errlen, "truncated: section %u needs %llu bytes, %zu left",
				s, (unsigned long long)slen, c.bad ? 0 : c.len - c.pos);
			ret = -EINVAL;
			break;
		}
		sc = (struct hg_cur){ .p = c.p + c.pos, .len = (size_t)slen };
		c.pos += (size_t)slen;
		if (type == SEC_END) {
			uint32_t want = hg_get_u32(&sc);

			if (sc.bad || s + 1 != nsec) {
				err_set(err, errlen, "damaged end section");
				ret = -EINVAL;
			} else if (want != hg_crc32_update(table, 0, buf, at)) {
				err_set(err, errlen, "checksum mismatch: the file is damaged");
				ret = -EINVAL;
			}
			ended = 1;
			break;
		}
		if (s && !t->threads && type != SEC_SYSTEM) {
			err_set(err, errlen, "damaged: run section missing");
			ret = -EINVAL;
			break;
		}
		/* a PAD stands right before a RECORDS section, and only there */
		if ((type == SEC_RECORDS) != (prev == SEC_PAD)) {
			err_set(err, errlen, "damaged: section %u is out of place", s);
			ret = -EINVAL;
			break;
		}
		prev = type;
		ret = decode_section(&sc, type, t, nsec, &seen, borrow, err, errlen);
		if (!ret && sc.pos != sc.len) {
			err_set(err, errlen, "damaged: section %u has %zu stray bytes",
				s, sc.len - sc.pos);
			ret = -EINVAL;
		}
	}
	if (!ret && !ended) {
		err_set(err, errlen, "truncated: no end section");
		ret = -EINVAL;
	}
	if (!ret && !t->nlocks && (t->flags & HG_TRACE_LOCKS)) {
		err_set(err, errlen, "damaged: locks section missing");
		ret = -EINVAL;
	}
	if (!ret && !t->kev && (t->flags & HG_TRACE_KEVENTS)) {
		err_set(err, errlen, "damaged: kernel events section missing");
		ret = -EINVAL;
	}
	if (!ret && seen != t->nthreads) {
		err_set(err, errlen, "damaged: %u of %u thread sections", seen, t->nthreads);
		ret = -EINVAL;
	}
	for (i = 0; !ret && i < t->nthreads; i++) {
		if (t->threads[i].stored && !t->threads[i].recs) {
			err_set(err, errlen, "damaged: records of thread %u missing", i);
			ret = -EINVAL;
		}
	}
	if (!ret && c.pos != c.len) {
		err_set(err, errlen, "damaged: %zu bytes after the end section", c.len - c.pos);
		ret = -EINVAL;
	}
	free(table);
	if (ret) {
		hg_trace_free(t);
		return ret;
	}
	*out = t;
	return 0;
}

int hg_trace_decode(const uint8_t *buf, size_t len, struct hg_trace **out,
		    char *err, size_t errlen)
{
	return decode(buf, len, false, out, err, errlen);
}

int hg_trace_read(const char *path, struct hg_trace **out, char *err, size_t errlen)
{
	uint8_t head[16];
	struct hg_trace *probe = NULL;
	struct stat sb;
	void *buf;
	int fd, ret;
	ssize_t got;

	/* a FIFO or a device is refused before it is read: it could block or never end */
	fd = hg_infile_open(path, 0, &sb, err, errlen);
	if (fd < 0)
		return fd;
	if (!sb.st_size) {
		close(fd);
		err_set(err, errlen, "not an hourglass trace (empty file)");
		return -EINVAL;
	}
	/* the header first: a large file that is no trace is not mapped and read */
	got = pread(fd, head, sizeof(head), 0);
	if (got < 0) {
		ret = -errno;
		close(fd);
		err_set(err, errlen, "%s", strerror(-ret));
		return ret;
	}
	ret = decode(head, (size_t)got, false, &probe, err, errlen);
	if (ret && strncmp(err, "truncated", 9)) {
		close(fd);
		return ret;
	}
	hg_trace_free(probe);
	/* mapped, not read: a large trace is not copied twice */
	buf = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
	close(fd);
	if (buf == MAP_FAILED) {
		ret = -errno;
		err_set(err, errlen, "cannot map it: %s", strerror(-ret));
		return ret;
	}
	ret = decode(buf, (size_t)sb.st_size, true, out, err, errlen);
	if (ret) {
		munmap(buf, (size_t)sb.st_size);
		return ret;
	}
	/* the trace's records may lie in the mapping: it goes with the trace */
	(*out)->map = buf;
	(*out)->maplen = (size_t)sb.st_size;
	return 0;
}
