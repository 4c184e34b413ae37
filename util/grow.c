// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * grow.c - the one growable array
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/grow.h"

int hg_grow(void *pp, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : HG_GROW_FIRST;
	void *old, *p;

	if (need <= *cap)
		return 0;
	while (n < need)
		n = n > SIZE_MAX / 2 ? need : 2 * n;
	if (!size || n > SIZE_MAX / size)
		return -ENOMEM;
	memcpy(&old, pp, sizeof(old));
	p = realloc(old, n * size);
	if (!p)
		return -ENOMEM;
	memcpy(pp, &p, sizeof(p));
	*cap = n;
	return 0;
}
