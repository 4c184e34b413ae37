// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * file.c - the .hgt trace file: its layout, and its writer (the readers
 * are in fileread.c, the file opened by fileopen.c)
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
 * in version 4 LOCKS (the locks and sections of a --cs run, lsection.h),
 * in version 5 OVER (what --on-threshold continue kept, osection.h),
 * in version 6 CHAINS (the chains of a --chain run and their jobs, csection.h)
 * before END. Strings
 * are u32 length + bytes. A reader that maps the file uses the records
 * where they lie; a stream (tstream.h) reads them in chunks.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/atomicfile.h"
#include "trace/csection.h"
#include "trace/fileformat.h"
#include "trace/ksection.h"
#include "trace/lsection.h"
#include "trace/osection.h"
#include "trace/sections.h"
#include "trace/trace.h"
#include "trace/wire.h"

void hg_file_err(char *err, size_t errlen, const char *fmt, ...)
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
	uint32_t nsec = NSECTIONS(t->nthreads) + !!t->kev + !!t->nlocks + !!t->over +
			!!t->chains, i;

	hg_put_bytes(&b, HG_FILE_MAGIC, HG_FILE_MAGIC_LEN);
	/* without locks or OVER, the version the builds before them read */
	hg_put_u32(&b, t->chains ? 6 : t->over ? 5 : t->nlocks ? 4 : HG_TRACE_VERSION);
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
	if (t->over) {
		b.len = 0;
		hg_sec_put_over(&b, t);
		out_section(o, SEC_OVER, &b, 0);
	}
	if (t->chains) {
		b.len = 0;
		hg_sec_put_chains(&b, t);
		out_section(o, SEC_CHAINS, &b, 0);
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
