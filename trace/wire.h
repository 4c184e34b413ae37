/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * wire.h - the trace file's encoding: little-endian integers and strings
 * appended to a growing buffer, read back through a cursor that checks
 * every length, and the CRC-32 that guards the whole (used by file.c only)
 */
#ifndef HG_WIRE_H
#define HG_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/record.h"
#include "util/tame.h"

/*
 * The CRC-32 (IEEE, as zlib's): tables for eight bytes a step, and
 * carry-less multiplication where the CPU has it.
 */
struct hg_crc32 {
	uint32_t t[8][256];
	uint32_t x2n[67];	/* x^(2^k) modulo the polynomial, for combining */
	bool clmul;		/* PCLMULQDQ and SSE4.1: folding, 16 bytes a step */
};

/* hg_crc32_init - fill the tables, see what the CPU has. */
void hg_crc32_init(struct hg_crc32 *c);

/* hg_crc32_update - continue @crc over @n bytes at @p (start from 0). */
uint32_t hg_crc32_update(const struct hg_crc32 *c, uint32_t crc, const uint8_t *p, size_t n);

/*
 * hg_crc32_combine - the CRC of two pieces of bytes one after the other,
 * from the CRC of each (@crc1 of the first, @crc2 of the second, @len2
 * bytes long): pieces read apart and out of order checked as one file.
 */
uint32_t hg_crc32_combine(const struct hg_crc32 *c, uint32_t crc1, uint32_t crc2,
			  uint64_t len2);

/* hg_crc32_update_table - the same with the tables alone (for tests). */
uint32_t hg_crc32_update_table(const struct hg_crc32 *c, uint32_t crc, const uint8_t *p,
			       size_t n);

/* A growing buffer; err is set (-ENOMEM) once an append failed. */
struct hg_buf {
	uint8_t *p;
	size_t len, cap;
	int err;
};

/* hg_put_bytes - append @n bytes. */
void hg_put_bytes(struct hg_buf *b, const void *src, size_t n);
/* hg_put_u16, hg_put_u32, hg_put_u64 - append an integer, little-endian. */
void hg_put_u16(struct hg_buf *b, uint16_t v);
void hg_put_u32(struct hg_buf *b, uint32_t v);
void hg_put_u64(struct hg_buf *b, uint64_t v);
/* hg_put_str - append a u32 length and the bytes of @s (NULL: empty). */
void hg_put_str(struct hg_buf *b, const char *s);
/* hg_put_record - append a record's 16 bytes. */
void hg_put_record(struct hg_buf *b, const struct hg_record *r);

/* A cursor over bytes read; bad is set once a read went past the end. */
struct hg_cur {
	const uint8_t *p;
	size_t len, pos;
	int bad;
};

/* hg_get_need - whether @n more bytes are there; sets bad when not. */
int hg_get_need(struct hg_cur *c, size_t n);
/* hg_get_le - read a little-endian integer of @bytes bytes (0 when bad). */
uint64_t hg_get_le(struct hg_cur *c, int bytes);
/* hg_get_u16, hg_get_u32, hg_get_u64 - read an integer (0 when bad). */
uint16_t hg_get_u16(struct hg_cur *c);
uint32_t hg_get_u32(struct hg_cur *c);
uint64_t hg_get_u64(struct hg_cur *c);
/* hg_get_label - read a string into @dst (tamed); longer than @size is damage. */
void hg_get_label(struct hg_cur *c, char *dst, size_t size);
/* hg_get_str - read a string into new memory, tamed (NULL when bad). */
char *hg_get_str(struct hg_cur *c);

#endif /* HG_WIRE_H */
