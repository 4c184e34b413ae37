/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * errlen.h - the size of the buffer an error line is formatted in, and the
 * one way a message quotes a value it was given (hg_quote)
 */
#ifndef HG_ERRLEN_H
#define HG_ERRLEN_H

#include <stddef.h>

/*
 * HG_ERR_LEN - room for one error line: what failed, the value or file it
 * names (quoted by hg_quote(), at most HG_QUOTE_LEN bytes) and the reason
 */
#define HG_ERR_LEN 512

/* A value of at most HG_QUOTE_WHOLE bytes is quoted whole. */
#define HG_QUOTE_WHOLE	100
/* Of a longer one: its first HG_QUOTE_HEAD bytes, "...", its last HG_QUOTE_TAIL. */
#define HG_QUOTE_HEAD	40
#define HG_QUOTE_TAIL	20
/* The longest quote, with its NUL. */
#define HG_QUOTE_LEN	(HG_QUOTE_WHOLE + 1)

/* A value as a message shows it: in .s, NUL-terminated. */
struct hg_quoted {
	char s[HG_QUOTE_LEN];
};

/*
 * hg_quote - @val as a message quotes it, so that the reason written after
 * it always fits the line: @val itself when it is at most HG_QUOTE_WHOLE
 * bytes, else its first HG_QUOTE_HEAD bytes, "...", its last HG_QUOTE_TAIL
 * and its length ("xxxx...xxxx (5000 bytes)"), no UTF-8 character cut in
 * two. @val NULL is quoted as "". Returned by value, to be used in the
 * call that formats the message:
 *	snprintf(err, len, "-n %s: not a number", hg_quote(val).s);
 */
struct hg_quoted hg_quote(const char *val);

/* hg_quote_mem - the same for the @n bytes at @val (no NUL needed; a NUL is shown as '?'). */
struct hg_quoted hg_quote_mem(const char *val, size_t n);

#endif /* HG_ERRLEN_H */
