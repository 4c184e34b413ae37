// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tame.c - strings made safe to print: control characters and bytes that
 * are not UTF-8 become '?'
 */
#include <string.h>

#include "util/tame.h"

/*
 * The length of the UTF-8 character at @p (1 to 4), or 0 when the bytes
 * there are none: a stray continuation byte, an overlong form, a surrogate,
 * beyond U+10FFFF, or cut short.
 */
static size_t utf8_len(const unsigned char *p)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return 0;
	if (p[0] == 0xe0)
		lo = 0xa0;	/* not overlong */
	else if (p[0] == 0xed)
		hi = 0x9f;	/* no surrogate */
	else if (p[0] == 0xf0)
		lo = 0x90;	/* not overlong */
	else if (p[0] == 0xf4)
		hi = 0x8f;	/* up to U+10FFFF */
	for (i = 1; i < n; i++, lo = 0x80, hi = 0xbf)
		if (p[i] < lo || p[i] > hi)
			return 0;	/* the NUL that ends @p stops here too */
	return n;
}

void hg_tame(char *s)
{
	unsigned char *p = (unsigned char *)s;

	while (*p) {
		size_t n = utf8_len(p);

		/* C0 controls, DEL, C1 controls (U+0080..U+009F), no UTF-8 */
		if (!n || *p < 0x20 || *p == 0x7f || (n == 2 && p[0] == 0xc2 && p[1] < 0xa0)) {
			n = n ? n : 1;
			memset(p, '?', n);
		}
		p += n;
	}
}
