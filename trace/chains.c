// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * chains.c - a run's chains and their job records
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace/chains.h"

const char *hg_chain_mode_name(unsigned int mode)
{
	return mode == HG_CHAIN_EVENT ? "event" : mode == HG_CHAIN_SAMPLED ? "sampled" : "?";
}

const char *hg_chain_wake_name(unsigned int wake)
{
	static const char *const names[HG_CHAIN_WAKE_N] = { "cond", "futex", "pipe", "eventfd" };

	return wake < HG_CHAIN_WAKE_N ? names[wake] : "?";
}

int hg_chainset_alloc(struct hg_chainset *cs, uint32_t c, uint32_t s, uint64_t cap)
{
	struct hg_chain_stage *st = &cs->chain[c].stage[s];

	st->jobs = calloc(cap ? cap : 1, sizeof(*st->jobs));
	if (!st->jobs)
		return -ENOMEM;
	st->cap = cap;
	st->n = 0;
	return 0;
}

void hg_chainset_free(struct hg_chainset *cs)
{
	uint32_t c, s;

	if (!cs)
		return;
	for (c = 0; c < HG_CHAINS_MAX; c++)
		for (s = 0; s < HG_CHAIN_STAGES_MAX; s++)
			free(cs->chain[c].stage[s].jobs);
	free(cs);
}

int hg_chain_name_ok(const char *s)
{
	size_t n = strlen(s), i;

	if (!n || n >= HG_CHAIN_RUN_NAME_LEN)
		return 0;
	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("_-.", s[i]))
			return 0;
	return 1;
}
