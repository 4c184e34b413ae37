// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * wire.c - little-endian encoding with bounds checks, and CRC-32
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace/wire.h"

/* ------------------------------------------------------------------ crc */

void hg_crc32_init(struct hg_crc32 *c)
{
	uint32_t i, k;

	for (i = 0; i < 256; i++) {
		uint32_t v = i;

		for (k = 0; k < 8; k++)
			v = v & 1 ? 0xedb88320u ^ (v >> 1) : v >> 1;
		c->t[0][i] = v;
	}
	for (i = 0; i < 256; i++)
		for (k = 1; k < 8; k++)
			c->t[k][i] = (c->t[k - 1][i] >> 8) ^ c->t[0][c->t[k - 1][i] & 0xff];
#if defined(__x86_64__)
	c->clmul = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
#else
	c->clmul = false;
#endif
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

#if defined(__x86_64__)
#include <immintrin.h>

#define LOAD(p) _mm_loadu_si128((const __m128i *)(p))

/* Fold @x forward by the distance the constants @k stand for, and add @y. */
__attribute__((target("pclmul,sse4.1")))
static inline __m128i fold(__m128i x, __m128i k, __m128i y)
{
	__m128i hi = _mm_clmulepi64_si128(x, k, 0x11);

	x = _mm_clmulepi64_si128(x, k, 0x00);
	return _mm_xor_si128(_mm_xor_si128(x, hi), y);
}

/*
 * Carry-less multiplication: fold 64 bytes a step, then 16, then reduce
 * (Barrett) to 32 bits; the bit-reflected constants of the CRC-32
 * polynomial (x^n mod P for the fold distances, P, and floor(x^64 / P)).
 * @n is a multiple of 16, at least 64; @crc is the register, not inverted.
 */
__attribute__((target("pclmul,sse4.1")))
static uint32_t crc32_clmul(uint32_t crc, const uint8_t *p, size_t n)
{
	const __m128i k12 = _mm_set_epi64x(0x1c6e41596LL, 0x154442bd4LL);
	const __m128i k34 = _mm_set_epi64x(0x0ccaa009eLL, 0x1751997d0LL);
	const __m128i k5 = _mm_set_epi64x(0, 0x163cd6124LL);
	const __m128i pu = _mm_set_epi64x(0x1f7011641LL, 0x1db710641LL);
	const __m128i mask = _mm_set_epi32(0, 0, 0, -1);
	__m128i x1 = _mm_xor_si128(LOAD(p), _mm_cvtsi32_si128((int)crc));
	__m128i x2 = LOAD(p + 16), x3 = LOAD(p + 32), x4 = LOAD(p + 48), t;

	for (p += 64, n -= 64; n >= 64; p += 64, n -= 64) {
		x1 = fold(x1, k12, LOAD(p));
		x2 = fold(x2, k12, LOAD(p + 16));
		x3 = fold(x3, k12, LOAD(p + 32));
		x4 = fold(x4, k12, LOAD(p + 48));
	}
	x1 = fold(x1, k34, x2);
	x1 = fold(x1, k34, x3);
	x1 = fold(x1, k34, x4);
	for (; n >= 16; p += 16, n -= 16)
		x1 = fold(x1, k34, LOAD(p));
	/* 128 to 64 bits, then 64 to 32 */
	t = _mm_clmulepi64_si128(k34, x1, 0x01);
	x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), t);
	t = _mm_srli_si128(x1, 4);
	x1 = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(x1, mask), k5, 0x00), t);
	t = x1;
	x1 = _mm_clmulepi64_si128(_mm_and_si128(x1, mask), pu, 0x10);
	x1 = _mm_clmulepi64_si128(_mm_and_si128(x1, mask), pu, 0x00);
	return (uint32_t)_mm_extract_epi32(_mm_xor_si128(x1, t), 1);
}
#endif

uint32_t hg_crc32_update(const struct hg_crc32 *c, uint32_t crc, const uint8_t *p, size_t n)
{
	crc = ~crc;
#if defined(__x86_64__)
	if (n >= 64 && c->clmul) {
		size_t body = n & ~(size_t)15;

		crc = crc32_clmul(crc, p, body);
		p += body;
		n -= body;
	}
#endif
	return ~crc32_table(c, crc, p, n);
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
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		uint8_t *p;

		while (cap < b->len + n)
			cap *= 2;
		p = realloc(b->p, cap);
		if (!p) {
			b->err = -ENOMEM;
			return;
		}
		b->p = p;
		b->cap = cap;
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

void hg_tame(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}
