/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * utf8.h - is this a well-formed UTF-8 character? (labels read from trace
 * files go into SVG and JSON, which must be valid UTF-8)
 */
#ifndef HG_UTF8_H
#define HG_UTF8_H

#include <stddef.h>

/*
 * hg_utf8_len - the length of the well-formed UTF-8 character at @s, 1 to
 * 4, or 0 when it is not one (a stray byte, overlong, a surrogate)
 */
static inline size_t hg_utf8_len(const unsigned char *s)
{
	size_t n, i;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if (n == 3 && s[0] == 0xe0 && s[1] < 0xa0)
		return 0;	/* overlong */
	if (n == 3 && s[0] == 0xed && s[1] >= 0xa0)
		return 0;	/* surrogate */
	if (n == 4 && s[0] == 0xf0 && s[1] < 0x90)
		return 0;
	if (n == 4 && s[0] == 0xf4 && s[1] >= 0x90)
		return 0;	/* beyond U+10FFFF */
	return n;
}

#endif /* HG_UTF8_H */
