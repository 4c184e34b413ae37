// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lookup.c - find a word in a table of names, and the nearest name to a
 * mistyped one
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/errlen.h"
#include "util/lookup.h"

int hg_match(const char *word, size_t n, hg_name_fn name, const void *ctx, size_t count,
	     size_t *index)
{
	size_t i, matches = 0;

	for (i = 0; i < count; i++) {
		const char *s = name(ctx, i);

		if (s && strlen(s) == n && !strncasecmp(s, word, n)) {
			*index = i;
			return 0;
		}
	}
	for (i = 0; n && i < count; i++) {
		const char *s = name(ctx, i);

		if (s && !strncasecmp(s, word, n)) {
			*index = i;
			matches++;
		}
	}
	return matches == 1 ? 0 : matches ? -EINVAL : -ENOENT;
}

/*
 * The edit distance of a[0..n) and b, letters compared without case, a
 * swap of two neighbours counting as one edit (optimal string alignment);
 * at most 31 letters each.
 */
static size_t distance(const char *a, size_t n, const char *b)
{
	size_t m = strlen(b), d[32][32], i, j;

	if (n > 31 || m > 31)
		return SIZE_MAX;
	for (i = 0; i <= n; i++)
		d[i][0] = i;
	for (j = 0; j <= m; j++)
		d[0][j] = j;
	for (i = 1; i <= n; i++) {
		for (j = 1; j <= m; j++) {
			int ai = tolower((unsigned char)a[i - 1]), bj = tolower((unsigned char)b[j - 1]);
			size_t best = d[i - 1][j - 1] + (ai != bj);

			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && ai == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == bj && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[n][m];
}

const char *hg_suggest(const char *word, size_t n, hg_name_fn name, const void *ctx,
		       size_t count)
{
	const char *best = NULL, *prefix = NULL;
	size_t i, d, best_d = SIZE_MAX, nprefix = 0, limit;

	if (!n)
		return NULL;
	limit = n <= 4 ? 1 : n <= 8 ? 2 : 3;
	for (i = 0; i < count; i++) {
		const char *s = name(ctx, i);

		if (!s)
			continue;
		if (strlen(s) > n && !strncasecmp(s, word, n)) {
			prefix = s;
			nprefix++;
		}
		d = distance(word, n, s);
		if (d < best_d) {
			best_d = d;
			best = s;
		}
	}
	if (best && best_d <= limit && best_d < n)
		return best;
	return nprefix == 1 ? prefix : NULL;
}

int hg_lookup(const char *word, const char *what, hg_name_fn name, const void *ctx,
	      size_t count, size_t *index, char *err, size_t errlen)
{
	size_t i, n = strlen(word), at;
	int ret = hg_match(word, n, name, ctx, count, index);
	const char *near;

	if (!ret || !err || !errlen)
		return ret;
	near = ret == -ENOENT ? hg_suggest(word, n, name, ctx, count) : NULL;
	if (near) {
		snprintf(err, errlen, "unknown %s '%s' (did you mean %s?)", what,
			 hg_quote(word).s, near);
		return ret;
	}
	at = (size_t)snprintf(err, errlen, "%s %s '%s' (choose from ",
			      ret == -EINVAL ? "ambiguous" : "unknown", what, hg_quote(word).s);
	for (i = 0; i < count && at < errlen; i++)
		at += (size_t)snprintf(err + at, errlen - at, "%s%s",
				       i ? ", " : "", name(ctx, i));
	if (at < errlen)
		snprintf(err + at, errlen - at, ")");
	return ret;
}
