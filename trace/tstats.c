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
