/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lookup.h - find a word in a table of names
 *
 * Every table a user names things from (workloads, timers, priorities,
 * subcommands) is searched the same way: case-insensitive, exact match
 * first, else a unique prefix; a miss lists the choices.
 */
#ifndef HG_LOOKUP_H
#define HG_LOOKUP_H

#include <stddef.h>

/* Returns the name of entry @i of the table @ctx. */
typedef const char *(*hg_name_fn)(const void *ctx, size_t i);

/*
 * hg_lookup - find @word among @count names
 * @what:  what the table holds, for the message ("workload")
 * @index: set to the entry found
 * @err:   on failure: "unknown workload 'X' (choose from A, B, C)", or
 *         "ambiguous ..." when @word is a prefix of several names
 *
 * Returns 0, -ENOENT (unknown) or -EINVAL (ambiguous).
 */
int hg_lookup(const char *word, const char *what, hg_name_fn name, const void *ctx,
	      size_t count, size_t *index, char *err, size_t errlen);

#endif /* HG_LOOKUP_H */
