// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kgaps.c - a thread's event records and gaps, in order (the rules are
 * kgaps.h's)
 */
#include "analysis/kgaps.h"

/* One thread's records to @fn. */
static int walk_thread(const struct hg_trace *t, uint32_t i, hg_kstep_fn fn, void *arg)
{
	const struct hg_trace_thread *th = &t->threads[i];
	const struct hg_record *prev = NULL;
	uint64_t j;
	int ret = 0;

	for (j = 0; j < th->stored && !ret; j++) {
		const struct hg_record *r = &th->recs[j];
		struct hg_kstep s = { .thread = i };
		uint64_t end;

		if (r->flags & HG_REC_EVENT) {
			s.ev = r;
			ret = fn(&s, arg);
			continue;
		}
		if (prev && !(prev->flags & (HG_REC_CONTINUED | HG_REC_SLEEP))) {
			end = prev->start_cycles + prev->len_cycles;
			if (r->start_cycles > end) {
				s.from_cpu = prev->cpu;
				s.cpu = r->cpu;
				s.at_cycles = end;
				s.len_cycles = r->start_cycles - end;
				ret = fn(&s, arg);
			}
		}
		prev = r;
	}
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
