/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * exportbuf.h - the output buffer of the exports (export.c, perfetto.c)
 *
 * Exports are large (over a hundred bytes per record in the perfetto
 * format, millions of records), so each row or event is formatted straight
 * into one buffer through a cursor, with room reserved once per row.
 */
#ifndef HG_EXPORTBUF_H
#define HG_EXPORTBUF_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define OUT_SIZE (1 << 16)
#define OUT_ROW 512		/* the most one row or event needs */

struct hg_out {
	FILE *f;
	int err;		/* -errno once a write failed */
	size_t len;
	char buf[OUT_SIZE];
};

/* hg_out_write - write @n bytes straight to the file (errors in o->err). */
void hg_out_write(struct hg_out *o, const char *s, size_t n);

/* hg_out_flush - write what the buffer holds. */
void hg_out_flush(struct hg_out *o);

/* hg_out_room - a cursor with room for @n bytes (n <= OUT_SIZE). */
static inline char *hg_out_room(struct hg_out *o, size_t n)
{
	if (o->len + n > OUT_SIZE)
		hg_out_flush(o);
	return o->buf + o->len;
}

/* hg_out_done - end the cursor @p that hg_out_room() gave. */
static inline void hg_out_done(struct hg_out *o, const char *p)
{
	o->len = (size_t)(p - o->buf);
}

/* Append a string literal at cursor @p (only a literal: "" s fails else). */
#define PUT(p, s) do {					\
		memcpy((p), "" s, sizeof(s) - 1);	\
		(p) += sizeof(s) - 1;			\
	} while (0)

#define STR_(x) #x
#define STR(x) STR_(x)

/* hg_put_num - @v in decimal at @p; returns the end. */
static inline char *hg_put_num(char *p, uint64_t v)
{
	unsigned int n = 1, i;
	uint64_t x;

	for (x = v; x >= 10; x /= 10)
		n++;
	for (i = n; i-- > 0; v /= 10)
		p[i] = (char)('0' + v % 10);
	return p + n;
}

/* hg_put_us3 - @ns as microseconds with three decimals ("1234.005") at @p. */
static inline char *hg_put_us3(char *p, uint64_t ns)
{
	unsigned int frac = (unsigned int)(ns % 1000);

	p = hg_put_num(p, ns / 1000);
	p[0] = '.';
	p[1] = (char)('0' + frac / 100);
	p[2] = (char)('0' + frac / 10 % 10);
	p[3] = (char)('0' + frac % 10);
	return p + 4;
}

/* hg_out_mem - append @n bytes. */
void hg_out_mem(struct hg_out *o, const char *s, size_t n);

#define OUT_LIT(o, s) hg_out_mem((o), "" s, sizeof(s) - 1)

/* hg_out_u64 - append @v in decimal. */
void hg_out_u64(struct hg_out *o, uint64_t v);

/* hg_out_jstr - append @s as a JSON string, quoted and escaped. */
void hg_out_jstr(struct hg_out *o, const char *s);

/* hg_out_key - append ,"<key>": (a key needs no escaping). */
void hg_out_key(struct hg_out *o, const char *key);

/* hg_out_kv_u64, hg_out_kv_str, hg_out_kv_bool - ,"<key>":<value> */
void hg_out_kv_u64(struct hg_out *o, const char *key, uint64_t v);
void hg_out_kv_str(struct hg_out *o, const char *key, const char *v);
void hg_out_kv_bool(struct hg_out *o, const char *key, int v);

/* A word and its length, for the cursor. */
struct hg_word {
	const char *s;
	size_t n;
};

#define WORD(s) { "" s, sizeof(s) - 1 }

/* hg_put_word - @w at cursor @p; returns the end. */
static inline char *hg_put_word(char *p, const struct hg_word *w)
{
	memcpy(p, w->s, w->n);
	return p + w->n;
}

#endif /* HG_EXPORTBUF_H */
