// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * errlen.c - a value quoted in a message: whole when short, else cut in
 * its middle with its length said
 */
#include <stdio.h>
#include <string.h>

#include "util/errlen.h"

_Static_assert(HG_QUOTE_HEAD + HG_QUOTE_TAIL + sizeof("... (18446744073709551615 bytes)") <=
	       HG_QUOTE_LEN, "a cut value fits a quote");

/* Whether byte @c continues a UTF-8 character. */
static int continues(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

struct hg_quoted hg_quote_mem(const char *val, size_t n)
{
	struct hg_quoted q;
	size_t h = HG_QUOTE_HEAD, t, k;

	if (!val)
		n = 0;
	if (n <= HG_QUOTE_WHOLE) {
		if (n)
			memcpy(q.s, val, n);
		k = n;
		q.s[k] = '\0';
	} else {
		t = n - HG_QUOTE_TAIL;
		while (h && continues(val[h]))
			h--;	/* the head ends before a character cut in two */
		while (t < n && continues(val[t]))
			t++;	/* the tail starts at a character */
		memcpy(q.s, val, h);
		memcpy(q.s + h, "...", 3);
		memcpy(q.s + h + 3, val + t, n - t);
		k = h + 3 + n - t;
		snprintf(q.s + k, sizeof(q.s) - k, " (%zu bytes)", n);
	}
	/* a NUL in the value would end the quote early */
	while (k--)
		if (!q.s[k])
			q.s[k] = '?';
	return q;
}

struct hg_quoted hg_quote(const char *val)
{
	return hg_quote_mem(val, val ? strlen(val) : 0);
}
