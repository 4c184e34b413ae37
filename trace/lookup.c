// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lookup.c - find a word in a table of names
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "trace/lookup.h"

int hg_lookup(const char *word, const char *what, hg_name_fn name, const void *ctx,
	      size_t count, size_t *index, char *err, size_t errlen)
{
	size_t i, n = strlen(word), matches = 0, at;

	for (i = 0; i < count; i++) {
		if (!strcasecmp(name(ctx, i), word)) {
			*index = i;
			return 0;
		}
	}
	for (i = 0; n && i < count; i++) {
		if (!strncasecmp(name(ctx, i), word, n)) {
			*index = i;
			matches++;
		}
	}
	if (matches == 1)
		return 0;
	if (err && errlen) {
		at = (size_t)snprintf(err, errlen, "%s %s '%s' (choose from ",
				      matches ? "ambiguous" : "unknown", what, word);
		for (i = 0; i < count && at < errlen; i++)
			at += (size_t)snprintf(err + at, errlen - at, "%s%s",
					       i ? ", " : "", name(ctx, i));
		if (at < errlen)
			snprintf(err + at, errlen - at, ")");
	}
	return matches ? -EINVAL : -ENOENT;
}
