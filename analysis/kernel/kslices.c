// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * kslices.c - every slice of a trace's kernel events, CPU by CPU (the
 * rules are kslices.h's)
 */
#include <errno.h>
#include <stdlib.h>

#include "analysis/kernel/kslices.h"

int hg_kslices(const struct hg_trace *t, hg_kslice_fn fn, void *arg)
{
	const struct hg_kevents *k = t->kev;
	struct hg_kslcomms comms = { 0 };
	uint32_t c;
	int ret;

	if (!k)
		return -ENODATA;
	ret = hg_kslreplay_comms(k, &comms);
	for (c = 0; c < k->ncpus && !ret; c++) {
		const struct hg_kcpu *cpu = &k->cpus[c];
		uint64_t i = hg_kevents_find(k, cpu->cpu, 0);
		uint64_t hi = hg_kevents_find(k, cpu->cpu + 1, 0);
		struct hg_kslreplay r;

		hg_kslreplay_init(&r, t, &comms, cpu, fn, arg);
		for (; i < hi && !ret; i++) {
			struct hg_kev e = hg_kevents_ev(k, i);

			ret = hg_kslreplay_event(&r, &e, cpu);
		}
		if (!ret)
			ret = hg_kslreplay_end(&r, cpu->end_cycles);
	}
	free(comms.v);
	return ret;
}
