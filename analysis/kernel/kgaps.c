// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kgaps.c - a thread's event records and gaps, in order (the rules are
 * kgaps.h's)
 */
#include <stdbool.h>

#include "analysis/kernel/kgaps.h"
#include "trace/reccur.h"

/* One thread's records to @fn, read in order wherever the trace holds them. */
static int walk_thread(const struct hg_trace *t, uint32_t i, hg_kstep_fn fn, void *arg)
{
	const struct hg_record *r;
	struct hg_record prev;
	struct hg_reccur c;
	bool have = false;
	int ret = 0;

	hg_reccur_init(&c, &t->threads[i]);
	while (!ret && (ret = hg_reccur_next(&c, &r)) > 0) {
		struct hg_kstep s = { .thread = i };
		uint64_t end;

		ret = 0;
		if (r->flags & HG_REC_EVENT) {
			s.ev = r;
			ret = fn(&s, arg);
			continue;
		}
		if (have && !(prev.flags & (HG_REC_CONTINUED | HG_REC_SLEEP))) {
			end = prev.start_cycles + prev.len_cycles;
			if (r->start_cycles > end) {
				s.from_cpu = prev.cpu;
				s.cpu = r->cpu;
				s.at_cycles = end;
				s.len_cycles = r->start_cycles - end;
				ret = fn(&s, arg);
			}
		}
		prev = *r;
		have = true;
	}
	hg_reccur_free(&c);
	return ret;
}

int hg_kgaps_walk(const struct hg_trace *t, uint32_t thread, hg_kstep_fn fn, void *arg)
{
	uint32_t i;
	int ret = 0;

	for (i = 0; i < t->nthreads && !ret; i++)
		if (thread == HG_KGAPS_ANY_THREAD || thread == i)
			ret = walk_thread(t, i, fn, arg);
	return ret;
}
