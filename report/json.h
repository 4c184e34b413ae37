/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * json.h - our one JSON writer
 *
 * A document is written front to back through a struct hg_json: open an
 * object or array (with its key inside an object, NULL inside an array or
 * at the top), write members, close. Commas, quotes, escapes and the
 * indentation (two spaces a level, one member a line) are the writer's;
 * a container opened with hg_json_row() stays on one line ([10, 2], a
 * histogram bucket, a per-CPU count). Errors are the FILE's (ferror).
 */
#ifndef HG_JSON_H
#define HG_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define HG_JSON_DEPTH 16	/* nesting deeper than this (up to 64 more) is written flat */

struct hg_json {
	FILE *f;
	int depth;			/* open containers */
	int flat;			/* containers this deep or deeper stay on one line */
	size_t members[HG_JSON_DEPTH + 1];	/* written in each open container */
	char close[HG_JSON_DEPTH + 1];		/* '}' or ']' */
	int over;			/* levels opened beyond HG_JSON_DEPTH */
	uint64_t over_obj;		/* bit i: level HG_JSON_DEPTH + 1 + i is an object */
	uint64_t over_any;		/* bit i: ... and has a member */
	bool broken;			/* a member outside any container, or two values */
};

/*
 * hg_json_str - @s as a JSON string: quoted, escaped, and valid UTF-8
 * (bytes that are not become U+FFFD); NULL is ""
 */
void hg_json_str(FILE *f, const char *s);

/* hg_json_begin - start a document on @f. */
void hg_json_begin(struct hg_json *j, FILE *f);

/*
 * hg_json_end_doc - close what is open and end the document with a newline.
 * A document whose writer put a keyed member outside any object, or more
 * than one value at the top, is not JSON.
 * Returns 0, -EIO when the FILE had an error, or -EINVAL for such a document.
 */
int hg_json_end_doc(struct hg_json *j);

/* hg_json_obj, hg_json_arr - open an object, an array (member @key). */
void hg_json_obj(struct hg_json *j, const char *key);
void hg_json_arr(struct hg_json *j, const char *key);

/*
 * hg_json_row, hg_json_row_obj - open an array, an object written on one
 * line with everything in it
 */
void hg_json_row(struct hg_json *j, const char *key);
void hg_json_row_obj(struct hg_json *j, const char *key);

/* hg_json_close - close the innermost open object or array. */
void hg_json_close(struct hg_json *j);

/* Members: @key inside an object, NULL inside an array. */
void hg_json_u64(struct hg_json *j, const char *key, uint64_t v);
void hg_json_i64(struct hg_json *j, const char *key, int64_t v);
void hg_json_bool(struct hg_json *j, const char *key, int v);
void hg_json_null(struct hg_json *j, const char *key);
/* hg_json_string - a string member; NULL is written as null. */
void hg_json_string(struct hg_json *j, const char *key, const char *v);
/* hg_json_num - a number with @decimals after the point (non-finite: null). */
void hg_json_num(struct hg_json *j, const char *key, double v, int decimals);
/* hg_json_sig - a number with @digits significant digits (non-finite: null). */
void hg_json_sig(struct hg_json *j, const char *key, double v, int digits);
/* hg_json_milli - @m thousandths as a number with three decimals. */
void hg_json_milli(struct hg_json *j, const char *key, uint64_t m);

/* The most hg_json_prefix() writes. */
#define HG_JSON_PREFIX (2 + 2 * HG_JSON_DEPTH)

/*
 * hg_json_prefix - for writers that format many rows into a buffer of their
 * own (the exports): write at @p what goes before the next member of an
 * array (comma, newline, indentation) and count the member; the caller
 * writes one value after it and has written its buffer to j->f before the
 * writer is used again. Returns the end.
 */
char *hg_json_prefix(struct hg_json *j, char *p);

#endif /* HG_JSON_H */
