// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * json.c - our one JSON writer (see json.h)
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/json.h"
#include "report/utf8.h"

void hg_json_str(FILE *f, const char *s)
{
	fputc('"', f);
	while (s && *s) {
		unsigned char c = (unsigned char)*s;
		size_t n = hg_utf8_len((const unsigned char *)s);

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else if (!n)
			fputs("\\ufffd", f);	/* not UTF-8: the replacement character */
		else
			fwrite(s, 1, n, f);
		s += n ? n : 1;
	}
	fputc('"', f);
}

void hg_json_begin(struct hg_json *j, FILE *f)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	j->flat = HG_JSON_DEPTH;
}

char *hg_json_prefix(struct hg_json *j, char *p)
{
	int i;

	if (!j->depth) {
		if (j->members[0]++)
			j->broken = true;	/* a second value at the top */
		return p;	/* the document's value */
	}
	if (j->over) {
		uint64_t bit = 1ULL << (j->over - 1);

		if (j->over_any & bit) {
			*p++ = ',';
			*p++ = ' ';
		}
		j->over_any |= bit;
		return p;
	}
	if (j->members[j->depth]++)
		*p++ = ',';
	if (j->depth >= j->flat) {
		if (j->members[j->depth] > 1)
			*p++ = ' ';
		return p;
	}
	*p++ = '\n';
	for (i = 0; i < j->depth; i++) {
		*p++ = ' ';
		*p++ = ' ';
	}
	return p;
}

/* Separator, indentation and key of the next member. */
static void member(struct hg_json *j, const char *key)
{
	char buf[HG_JSON_PREFIX];
	const char *end = hg_json_prefix(j, buf);

	if (key && !j->depth && !j->over)
		j->broken = true;	/* a member of no object */
	fwrite(buf, 1, (size_t)(end - buf), j->f);
	if (key) {
		hg_json_str(j->f, key);
		fputs(": ", j->f);
	}
}

static void open_(struct hg_json *j, const char *key, char brace, int flat)
{
	member(j, key);
	fputc(brace, j->f);
	if (j->depth == HG_JSON_DEPTH) {	/* too deep: flat, braces on a bit stack */
		if (j->over < 64) {
			j->over_obj = (j->over_obj & ~(1ULL << j->over)) |
				      (uint64_t)(brace == '{') << j->over;
			j->over_any &= ~(1ULL << j->over);
			j->over++;
		}
		return;
	}
	j->depth++;
	j->members[j->depth] = 0;
	j->close[j->depth] = brace == '{' ? '}' : ']';
	if (flat && j->depth < j->flat)
		j->flat = j->depth;
}

void hg_json_obj(struct hg_json *j, const char *key)
{
	open_(j, key, '{', 0);
}

void hg_json_arr(struct hg_json *j, const char *key)
{
	open_(j, key, '[', 0);
}

void hg_json_row(struct hg_json *j, const char *key)
{
	open_(j, key, '[', 1);
}

void hg_json_row_obj(struct hg_json *j, const char *key)
{
	open_(j, key, '{', 1);
}

void hg_json_close(struct hg_json *j)
{
	int i;

	if (j->over) {
		j->over--;
		fputc(j->over_obj >> j->over & 1 ? '}' : ']', j->f);
		return;
	}
	if (!j->depth)
		return;
	if (j->members[j->depth] && j->depth < j->flat) {
		fputc('\n', j->f);
		for (i = 1; i < j->depth; i++)
			fputs("  ", j->f);
	}
	fputc(j->close[j->depth], j->f);
	if (j->flat == j->depth)
		j->flat = HG_JSON_DEPTH;
	j->depth--;
}

int hg_json_end_doc(struct hg_json *j)
{
	while (j->depth || j->over)
		hg_json_close(j);
	fputc('\n', j->f);
	if (ferror(j->f))
		return -EIO;
	return j->broken ? -EINVAL : 0;
}

void hg_json_u64(struct hg_json *j, const char *key, uint64_t v)
{
	member(j, key);
	fprintf(j->f, "%" PRIu64, v);
}

void hg_json_i64(struct hg_json *j, const char *key, int64_t v)
{
	member(j, key);
	fprintf(j->f, "%" PRId64, v);
}

void hg_json_bool(struct hg_json *j, const char *key, int v)
{
	member(j, key);
	fputs(v ? "true" : "false", j->f);
}

void hg_json_null(struct hg_json *j, const char *key)
{
	member(j, key);
	fputs("null", j->f);
}

void hg_json_string(struct hg_json *j, const char *key, const char *v)
{
	member(j, key);
	if (v)
		hg_json_str(j->f, v);
	else
		fputs("null", j->f);
}

void hg_json_num(struct hg_json *j, const char *key, double v, int decimals)
{
	member(j, key);
	if (isfinite(v))
		fprintf(j->f, "%.*f", decimals, v);
	else
		fputs("null", j->f);
}

void hg_json_sig(struct hg_json *j, const char *key, double v, int digits)
{
	member(j, key);
	if (isfinite(v))
		fprintf(j->f, "%.*g", digits, v);
	else
		fputs("null", j->f);
}

void hg_json_milli(struct hg_json *j, const char *key, uint64_t m)
{
	member(j, key);
	fprintf(j->f, "%" PRIu64 ".%03" PRIu64, m / 1000, m % 1000);
}
