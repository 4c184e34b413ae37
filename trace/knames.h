/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * knames.h - the names the kernel's events refer to (tasks, interrupt
 * handlers, vectors, timer functions), stored compactly: one arena of
 * the names one after another, each ending in a NUL, and per name its
 * offset in it; a hash of the names finds one in constant time.
 *
 * Every name is tamed (hg_tame()) and cut to less than HG_KEV_NAME_LEN
 * bytes as it comes in, by whichever way: from the kernel, from another
 * tool's text, from a trace file.
 */
#ifndef HG_KNAMES_H
#define HG_KNAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HG_KEV_NO_NAME UINT32_MAX
#define HG_KEV_MAX_NAMES (1u << 24)
#define HG_KEV_NAME_LEN 64	/* a name's bytes and its NUL, at most */

struct hg_knames {
	uint32_t n;		/* names: indices 0 .. n - 1 */
	uint32_t max;		/* at most this many; 0: HG_KEV_MAX_NAMES */
	bool skipped;		/* counted but not kept: every name reads "" */
	char *bytes;		/* the arena: the names, each ending in NUL */
	size_t len, cap;	/* of the arena: used, held */
	uint32_t *at;		/* per name: its offset in the arena */
	size_t cap_at;		/* room in at (util/grow.h) */
	uint32_t *slot;		/* the hash: a name's index + 1, 0 free */
	uint32_t nslots;	/* a power of two, or 0 until the first lookup */
	uint32_t hashed;	/* the names 0 .. hashed - 1 are in it */
};

/* hg_knames_get - the name at @idx, or "" for HG_KEV_NO_NAME, out of range or skipped. */
const char *hg_knames_get(const struct hg_knames *t, uint32_t idx);

/*
 * hg_knames_intern - the index of @s (NULL: "") in @t, added when new:
 * tamed, and cut at a character's start to less than HG_KEV_NAME_LEN
 * bytes, before it is looked up
 * Returns the index, or HG_KEV_NO_NAME when out of memory, when @t holds
 * its maximum already, or when its names were skipped.
 */
uint32_t hg_knames_intern(struct hg_knames *t, const char *s);

/*
 * hg_knames_append - add the @n bytes at @p as the next name, not looked
 * up (a file's table is taken as it is, twins and all): cut at a NUL and
 * as hg_knames_intern() cuts, and tamed
 * Returns the index, or HG_KEV_NO_NAME as hg_knames_intern() does.
 */
uint32_t hg_knames_append(struct hg_knames *t, const char *p, size_t n);

/*
 * hg_knames_skip - @n names that a reader walked over but did not keep
 * (one that uses none): indices below @n stay valid, each reads "".
 * Frees what @t held.
 */
void hg_knames_skip(struct hg_knames *t, uint32_t n);

/* hg_knames_dup - a copy of @t into @d (whose contents are replaced). Returns 0 or -ENOMEM. */
int hg_knames_dup(const struct hg_knames *t, struct hg_knames *d);

/* hg_knames_release - free what @t holds, and leave it empty (its @max kept). */
void hg_knames_release(struct hg_knames *t);

#endif /* HG_KNAMES_H */
