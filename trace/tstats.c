// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tstats.c - one thread's streaming statistics
 */
#include <string.h>

#include "trace/tstats.h"

void hg_tstats_init(struct hg_tstats *st)
{
	memset(st, 0, sizeof(*st));
	hg_hist_init(&st->gaps);
	hg_hist_init(&st->events);
	hg_hist_init(&st->jitter);
}

void hg_tstats_init_zeroed(struct hg_tstats *st)
{
	st->gaps.min = UINT64_MAX;
	st->events.min = UINT64_MAX;
	st->jitter.min = UINT64_MAX;
}
