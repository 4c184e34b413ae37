/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lookup.h - find a word in a table of names
 *
 * Every table a user names things from (workloads, timers, priorities,
 * subcommands, options, metrics) is searched the same way: case-insensitive,
 * exact match first, else a unique prefix; a miss suggests the nearest name
 * by one rule (hg_suggest), or lists the choices when none is near.
 */
#ifndef HG_LOOKUP_H
#define HG_LOOKUP_H

#include <stddef.h>

/* Returns the name of entry @i of the table @ctx. */
typedef const char *(*hg_name_fn)(const void *ctx, size_t i);

/*
 * hg_match - find @word[0..n) among @count names (NULL names skipped),
 * case-insensitive: an exact match first, else a unique prefix
 * Returns 0 with @index set, -ENOENT (none) or -EINVAL (a prefix of several).
 */
int hg_match(const char *word, size_t n, hg_name_fn name, const void *ctx, size_t count,
	     size_t *index);

/*
 * hg_suggest - the name among @count (NULL names skipped) nearest to the
 * mistyped @word[0..n), or NULL when none is near: at most 1 edit (a letter
 * changed, added, dropped, or two neighbours swapped; case ignored) for
 * words up to 4 letters, 2 up to 8, 3 beyond, fewer than the word's length;
 * else the one name @word is a prefix of, if only one
 */
const char *hg_suggest(const char *word, size_t n, hg_name_fn name, const void *ctx,
		       size_t count);

/*
 * hg_lookup - find @word among @count names
 * @what:  what the table holds, for the message ("workload")
 * @index: set to the entry found
 * @err:   on failure: "unknown workload 'CPU_YEILD' (did you mean CPU_YIELD?)"
 *         when hg_suggest() finds a near name, else "unknown workload 'X'
 *         (choose from A, B, C)", or "ambiguous ..." when @word is a prefix
 *         of several names
 *
 * Returns 0, -ENOENT (unknown) or -EINVAL (ambiguous).
 */
int hg_lookup(const char *word, const char *what, hg_name_fn name, const void *ctx,
	      size_t count, size_t *index, char *err, size_t errlen);

#endif /* HG_LOOKUP_H */
