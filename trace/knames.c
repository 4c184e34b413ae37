// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * knames.c - the kernel's events' names: an arena of NUL-ended names,
 * an offset per name, and an open-addressing hash for the lookups
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace/knames.h"
#include "util/grow.h"
#include "util/tame.h"

#define MIN_SLOTS 64u

const char *hg_knames_get(const struct hg_knames *t, uint32_t idx)
{
	return idx < t->n && !t->skipped ? t->bytes + t->at[idx] : "";
}

/*
 * How many of the @n bytes at @p a name keeps: those before a NUL, less
 * than HG_KEV_NAME_LEN, cut where a character starts (a UTF-8 character
 * is never cut in two: its half would be no text).
 */
static size_t keep_len(const char *p, size_t n)
{
	const char *nul = memchr(p, '\0', n);
	size_t k, back;

	if (nul)
		n = (size_t)(nul - p);
	if (n < HG_KEV_NAME_LEN)
		return n;
	/* a character's bytes after its first: 3 at most (more are no UTF-8) */
	k = HG_KEV_NAME_LEN - 1;
	for (back = 0; back < 3 && ((unsigned char)p[k] & 0xc0) == 0x80; back++)
		k--;
	return k;
}

/* The name at @p (@n bytes) cut, copied to @buf and tamed. */
static void take(char buf[HG_KEV_NAME_LEN], const char *p, size_t n)
{
	n = keep_len(p, n);
	memcpy(buf, p, n);
	buf[n] = '\0';
	hg_tame(buf);
}

/* FNV-1a, 32 bits. */
static uint32_t hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static void insert(struct hg_knames *t, uint32_t idx)
{
	uint32_t mask = t->nslots - 1, h = hash(hg_knames_get(t, idx)) & mask;

	while (t->slot[h])
		h = (h + 1) & mask;
	t->slot[h] = idx + 1;
}

/*
 * The hash made to hold every name and one more, at most half full: grown
 * (and filled again) when it would be fuller, the names added since the
 * last lookup put in.
 */
static int sync_hash(struct hg_knames *t)
{
	uint32_t want = t->nslots ? t->nslots : MIN_SLOTS;

	while ((uint64_t)want < 2 * ((uint64_t)t->n + 1))
		want *= 2;
	if (want != t->nslots) {
		uint32_t *s = calloc(want, sizeof(*s));

		if (!s)
			return -ENOMEM;
		free(t->slot);
		t->slot = s;
		t->nslots = want;
		t->hashed = 0;
	}
	for (; t->hashed < t->n; t->hashed++)
		insert(t, t->hashed);
	return 0;
}

static uint32_t lookup(const struct hg_knames *t, const char *s)
{
	uint32_t mask = t->nslots - 1, h = hash(s) & mask;

	for (; t->slot[h]; h = (h + 1) & mask)
		if (!strcmp(hg_knames_get(t, t->slot[h] - 1), s))
			return t->slot[h] - 1;
	return HG_KEV_NO_NAME;
}

/* Room for one more name of @len bytes and its NUL. */
static int room(struct hg_knames *t, size_t len)
{
	if (HG_GROW(t->at, t->cap_at, (size_t)t->n + 1) ||
	    HG_GROW(t->bytes, t->cap, t->len + len + 1))
		return -ENOMEM;
	return 0;
}

/* Add the tamed name @s as the next one. */
static uint32_t add(struct hg_knames *t, const char *s)
{
	size_t len = strlen(s);

	if (t->skipped || t->n >= (t->max ? t->max : HG_KEV_MAX_NAMES) || room(t, len))
		return HG_KEV_NO_NAME;
	memcpy(t->bytes + t->len, s, len + 1);
	t->at[t->n] = (uint32_t)t->len;	/* 2^24 names of 64 bytes: 2^30 at most */
	t->len += len + 1;
	return t->n++;
}

uint32_t hg_knames_intern(struct hg_knames *t, const char *s)
{
	char buf[HG_KEV_NAME_LEN];
	uint32_t idx;

	if (!s)
		s = "";
	take(buf, s, strnlen(s, HG_KEV_NAME_LEN));
	if (t->skipped || sync_hash(t))
		return HG_KEV_NO_NAME;
	idx = lookup(t, buf);
	if (idx != HG_KEV_NO_NAME)
		return idx;
	idx = add(t, buf);
	if (idx != HG_KEV_NO_NAME)
		insert(t, t->hashed++);
	return idx;
}

uint32_t hg_knames_append(struct hg_knames *t, const char *p, size_t n)
{
	char buf[HG_KEV_NAME_LEN];

	take(buf, p, n);
	return add(t, buf);
}

void hg_knames_skip(struct hg_knames *t, uint32_t n)
{
	hg_knames_release(t);
	t->n = n;
	t->skipped = true;
}

int hg_knames_dup(const struct hg_knames *t, struct hg_knames *d)
{
	struct hg_knames c = { .n = t->n, .max = t->max, .skipped = t->skipped };

	if (!t->skipped && t->n) {
		c.bytes = malloc(t->len);
		c.at = malloc((size_t)t->n * sizeof(*c.at));
		if (!c.bytes || !c.at) {
			free(c.bytes);
			free(c.at);
			return -ENOMEM;
		}
		memcpy(c.bytes, t->bytes, t->len);
		memcpy(c.at, t->at, (size_t)t->n * sizeof(*c.at));
		c.len = c.cap = t->len;
		c.cap_at = t->n;
	}
	hg_knames_release(d);
	*d = c;
	return 0;
}

void hg_knames_release(struct hg_knames *t)
{
	uint32_t max = t->max;

	free(t->bytes);
	free(t->at);
	free(t->slot);
	memset(t, 0, sizeof(*t));
	t->max = max;
}
