// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * locks.c - the names of the locks' protocols, and lock names
 */
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "trace/locks.h"

static const char *const protocol_names[] = {
	[HG_LOCK_INHERIT] = "inherit",
	[HG_LOCK_NONE] = "none",
	[HG_LOCK_PROTECT] = "protect",
};

const char *hg_lock_protocol_name(unsigned int p)
{
	return p < sizeof(protocol_names) / sizeof(protocol_names[0]) ? protocol_names[p] : "?";
}

int hg_lock_protocol_parse(const char *s, uint32_t *p)
{
	uint32_t i;

	for (i = 0; i < sizeof(protocol_names) / sizeof(protocol_names[0]); i++)
		if (!strcasecmp(s, protocol_names[i])) {
			*p = i;
			return 0;
		}
	return -EINVAL;
}

int hg_lock_name_ok(const char *s)
{
	size_t n = strlen(s);

	if (!n || n >= HG_LOCK_NAME_LEN)
		return 0;
	return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") == n;
}

int hg_cs_uses(const struct hg_cs *cs, size_t n, uint32_t lock)
{
	size_t i;

	for (i = 0; i < n && i < HG_MAX_CS; i++)
		if (cs[i].lock == lock)
			return 1;
	return 0;
}

uint64_t hg_cs_total(const struct hg_cs *cs, size_t n)
{
	uint64_t sum = 0;
	size_t i;

	for (i = 0; i < n; i++)
		sum = sum + cs[i].ns < sum ? UINT64_MAX : sum + cs[i].ns;
	return sum;
}
