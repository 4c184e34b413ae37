// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * perftext.c - what the readers of perf script text share
 */
#include <stddef.h>

#include "analysis/kernel/perftext.h"

const char *hg_perf_number(const char *p, const char *end, uint64_t *v, int *digits)
{
	uint64_t x = 0;
	int d = 0;

	for (; p < end && *p >= '0' && *p <= '9' && d < 19; p++, d++)
		x = x * 10 + (uint64_t)(*p - '0');
	if (!d || (p < end && *p >= '0' && *p <= '9'))
		return NULL;
	*v = x;
	if (digits)
		*digits = d;
	return p;
}
