// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * wire.c - little-endian encoding with bounds checks, and CRC-32
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace/counter.h"
#include "trace/wire.h"
#include "util/grow.h"

/* ------------------------------------------------------------------ crc */

/*
 * The product of @a and @b modulo the polynomial, both bit-reflected (the
 * top bit is x^0): @b times each power of x that @a holds, lowest first,
 * @b multiplied by x (shifted, reduced) from one to the next.
 */
static uint32_t mul_mod(uint32_t a, uint32_t b)
{
	uint32_t prod = 0;

	for (; a; a <<= 1) {
		if (a & 0x80000000u)
			prod ^= b;
		b = b & 1 ? 0xedb88320u ^ (b >> 1) : b >> 1;
	}
	return prod;
}

void hg_crc32_init(struct hg_crc32 *c)
{
	uint32_t i, k;

	c->x2n[0] = 0x40000000u;	/* x */
	for (k = 1; k < 67; k++)
		c->x2n[k] = mul_mod(c->x2n[k - 1], c->x2n[k - 1]);

	for (i = 0; i < 256; i++) {
		uint32_t v = i;

		for (k = 0; k < 8; k++)
			v = v & 1 ? 0xedb88320u ^ (v >> 1) : v >> 1;
		c->t[0][i] = v;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++)
			c->t[k][i] = (c->t[k - 1][i] >> 8) ^ c->t[0][c->t[k - 1][i] & 0xff];
	c->clmul = hg_arch_has_clmul();
}

/* Slicing by eight: eight bytes a step, one table lookup for each. */
static uint32_t crc32_table(const struct hg_crc32 *c, uint32_t crc, const uint8_t *p, size_t n)
{
	while (n >= 8) {
		uint32_t lo = crc ^ ((uint32_t)p[0] | (uint32_t)p[1] << 8 |
				     (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24);
		uint32_t hi = (uint32_t)p[4] | (uint32_t)p[5] << 8 |
			      (uint32_t)p[6] << 16 | (uint32_t)p[7] << 24;

		crc = c->t[7][lo & 0xff] ^ c->t[6][(lo >> 8) & 0xff] ^
		      c->t[5][(lo >> 16) & 0xff] ^ c->t[4][lo >> 24] ^
		      c->t[3][hi & 0xff] ^ c->t[2][(hi >> 8) & 0xff] ^
		      c->t[1][(hi >> 16) & 0xff] ^ c->t[0][hi >> 24];
		p += 8;
		n -= 8;
	}
	while (n--)
		crc = c->t[0][(crc ^ *p++) & 0xff] ^ (crc >> 8);
	return crc;
}


uint32_t hg_crc32_update(const struct hg_crc32 *c, uint32_t crc, const uint8_t *p, size_t n)
{
	crc = ~crc;
	if (n >= 64 && c->clmul) {
		size_t body = n & ~(size_t)15;

		crc = hg_arch_crc32_clmul(crc, p, body);
		p += body;
		n -= body;
	}
	return ~crc32_table(c, crc, p, n);
}

uint32_t hg_crc32_combine(const struct hg_crc32 *c, uint32_t crc1, uint32_t crc2,
			  uint64_t len2)
{
	/*
	 * CRC(A B) is CRC(A) times x^(8 |B|) plus CRC(B), the inversions at
	 * either end cancelling; x^(8 n) is the product of x^(2^(k + 3)) for
	 * each bit k of n
	 */
	uint32_t k;

	for (k = 3; len2; len2 >>= 1, k++)
		if (len2 & 1)
			crc1 = mul_mod(c->x2n[k], crc1);
	return crc1 ^ crc2;
}

uint32_t hg_crc32_update_table(const struct hg_crc32 *c, uint32_t crc, const uint8_t *p,
			       size_t n)
{
	return ~crc32_table(c, ~crc, p, n);
}

/* ------------------------------------------------------------- builder */

void hg_put_bytes(struct hg_buf *b, const void *src, size_t n)
{
	/* nothing to add: an empty buffer has no memory to copy into */
	if (b->err || !n)
		return;
	if (HG_GROW(b->p, b->cap, b->len + n)) {
		b->err = -ENOMEM;
		return;
	}
	memcpy(b->p + b->len, src, n);
	b->len += n;
}

void hg_put_u16(struct hg_buf *b, uint16_t v)
{
	uint8_t x[2] = { (uint8_t)v, (uint8_t)(v >> 8) };

	hg_put_bytes(b, x, 2);
}

void hg_put_u32(struct hg_buf *b, uint32_t v)
{
	uint8_t x[4];
	int i;

	for (i = 0; i < 4; i++)
		x[i] = (uint8_t)(v >> (8 * i));
	hg_put_bytes(b, x, 4);
}

void hg_put_u64(struct hg_buf *b, uint64_t v)
{
	uint8_t x[8];
	int i;

	for (i = 0; i < 8; i++)
		x[i] = (uint8_t)(v >> (8 * i));
	hg_put_bytes(b, x, 8);
}

void hg_put_str(struct hg_buf *b, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	hg_put_u32(b, (uint32_t)n);
	hg_put_bytes(b, s, n);
}

void hg_put_record(struct hg_buf *b, const struct hg_record *r)
{
	hg_put_u64(b, r->start_cycles);
	hg_put_u32(b, r->len_cycles);
	hg_put_u16(b, r->cpu);
	hg_put_u16(b, r->flags);
}

/* -------------------------------------------------------------- cursor */

int hg_get_need(struct hg_cur *c, size_t n)
{
	if (c->bad || c->len - c->pos < n) {
		c->bad = 1;
		return 0;
	}
	return 1;
}

uint64_t hg_get_le(struct hg_cur *c, int bytes)
{
	uint64_t v = 0;
	int i;

	if (!hg_get_need(c, (size_t)bytes))
		return 0;
	for (i = 0; i < bytes; i++)
		v |= (uint64_t)c->p[c->pos + (size_t)i] << (8 * i);
	c->pos += (size_t)bytes;
	return v;
}

uint16_t hg_get_u16(struct hg_cur *c)
{
	return (uint16_t)hg_get_le(c, 2);
}

uint32_t hg_get_u32(struct hg_cur *c)
{
	return (uint32_t)hg_get_le(c, 4);
}

uint64_t hg_get_u64(struct hg_cur *c)
{
	return hg_get_le(c, 8);
}

/* A string into a fixed buffer; too long for it is damage. */
void hg_get_label(struct hg_cur *c, char *dst, size_t size)
{
	uint32_t n = hg_get_u32(c);

	if (n >= size || !hg_get_need(c, n)) {
		c->bad = 1;
		dst[0] = '\0';
		return;
	}
	memcpy(dst, c->p + c->pos, n);
	dst[n] = '\0';
	c->pos += n;
	hg_tame(dst);
}

char *hg_get_str(struct hg_cur *c)
{
	uint32_t n = hg_get_u32(c);
	char *s;

	if (!hg_get_need(c, n))
		return NULL;
	s = malloc((size_t)n + 1);
	if (!s) {
		c->bad = 1;
		return NULL;
	}
	memcpy(s, c->p + c->pos, n);
	s[n] = '\0';
	c->pos += n;
	hg_tame(s);
	return s;
}
