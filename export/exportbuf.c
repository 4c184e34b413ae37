// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * exportbuf.c - the output buffer of the exports
 */
#include <errno.h>
#include <string.h>

#include "export/exportbuf.h"
#include "report/utf8.h"

void hg_out_write(struct hg_out *o, const char *s, size_t n)
{
	errno = 0;
	if (n && fwrite(s, 1, n, o->f) != n && !o->err)
		o->err = errno ? -errno : -EIO;
}

void hg_out_flush(struct hg_out *o)
{
	hg_out_write(o, o->buf, o->len);
	o->len = 0;
}

void hg_out_mem(struct hg_out *o, const char *s, size_t n)
{
	if (n > OUT_SIZE) {
		hg_out_flush(o);
		hg_out_write(o, s, n);
		return;
	}
	memcpy(hg_out_room(o, n), s, n);
	o->len += n;
}

void hg_out_u64(struct hg_out *o, uint64_t v)
{
	hg_out_done(o, hg_put_num(hg_out_room(o, 24), v));
}

/* @s as a JSON string, quoted and escaped. */
void hg_out_jstr(struct hg_out *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	char *p = hg_out_room(o, 1);

	*p++ = '"';
	while (s && *s) {
		unsigned char c = (unsigned char)*s;
		size_t n = hg_utf8_len((const unsigned char *)s);

		hg_out_done(o, p);
		p = hg_out_room(o, 8);
		if (c == '"' || c == '\\') {
			*p++ = '\\';
			*p++ = (char)c;
		} else if (c < 0x20) {
			PUT(p, "\\u00");
			*p++ = hex[c >> 4];
			*p++ = hex[c & 15];
		} else if (!n) {
			PUT(p, "\\ufffd");	/* not UTF-8: the replacement character */
		} else {
			memcpy(p, s, n);
			p += n;
		}
		s += n ? n : 1;
	}
	*p++ = '"';
	hg_out_done(o, p);
}

/* ,"<key>": (a key needs no escaping) */
void hg_out_key(struct hg_out *o, const char *key)
{
	size_t n = strlen(key);
	char *p = hg_out_room(o, n + 4);

	*p++ = ',';
	*p++ = '"';
	memcpy(p, key, n);	/* NOLINT(bugprone-not-null-terminated-result): JSON text, no C string */
	p += n;
	*p++ = '"';
	*p++ = ':';
	hg_out_done(o, p);
}

void hg_out_kv_u64(struct hg_out *o, const char *key, uint64_t v)
{
	hg_out_key(o, key);
	hg_out_u64(o, v);
}

void hg_out_kv_str(struct hg_out *o, const char *key, const char *v)
{
	hg_out_key(o, key);
	hg_out_jstr(o, v);
}

void hg_out_kv_bool(struct hg_out *o, const char *key, int v)
{
	hg_out_key(o, key);
	if (v)
		OUT_LIT(o, "true");
	else
		OUT_LIT(o, "false");
}
