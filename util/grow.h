/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * grow.h - the one growable array: a pointer and a capacity beside the
 * count of elements its owner keeps, grown by doubling
 *
 *	struct thing *v = NULL;
 *	size_t n = 0, cap = 0;
 *
 *	if (HG_GROW(v, cap, n + 1))
 *		return -ENOMEM;
 *	v[n++] = x;
 */
#ifndef HG_GROW_H
#define HG_GROW_H

#include <stddef.h>

/* The capacity of an array's first allocation, in elements. */
#define HG_GROW_FIRST	16

/*
 * hg_grow - make room for at least @need elements of @size bytes in the
 * array whose pointer is at @pp (a pointer to any object pointer, NULL at
 * first) and whose capacity in elements is *@cap (0 at first): when
 * *@cap is less than @need, the array is reallocated to the capacity
 * doubled (HG_GROW_FIRST at first) until it holds @need, and *@pp and
 * *@cap are updated. The elements already there are kept; the new room
 * is not initialised. Returns 0, or -ENOMEM (no memory, or a size past
 * SIZE_MAX), the array then left as it was.
 */
int hg_grow(void *pp, size_t *cap, size_t need, size_t size);

/*
 * HG_GROW - hg_grow() for the array @p (an lvalue of a pointer type) of
 * the capacity @cap (an lvalue of size_t): room for @need elements of *@p.
 */
#define HG_GROW(p, cap, need)	hg_grow(&(p), &(cap), (need), sizeof(*(p)))

#endif /* HG_GROW_H */
