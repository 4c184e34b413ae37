// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * frames.c - whether a CPU_PERIODIC thread is a periodic task (frames.h)
 */
#include <stdio.h>

#include "analysis/frames.h"
#include "analysis/rta.h"

/* Whether @a and @b may share a CPU (no CPU named on a side: they share one). */
static bool share(const struct hg_frames_thread *a, const struct hg_frames_thread *b)
{
	cpu_set_t both;

	if (!CPU_COUNT(&a->cpus) || !CPU_COUNT(&b->cpus))
		return true;
	CPU_AND(&both, &a->cpus, &b->cpus);
	return CPU_COUNT(&both) > 0;
}

bool hg_frames_allow(const struct hg_frames_thread *th, size_t n, size_t i, char *why,
		     size_t len)
{
	const struct hg_frames_thread *c = &th[i];
	size_t k;

	for (k = 0; k < n; k++) {
		const struct hg_frames_thread *o = &th[k];
		bool above = o->prio != HG_RTA_NO_PRIO &&
			     (c->prio == HG_RTA_NO_PRIO || o->prio > c->prio);

		if (k == i || o->out || above || !share(c, o))
			continue;
		snprintf(why, len, "CPU_PERIODIC never blocks, and thread %u (%s, %s) shares its "
			 "CPUs at its priority or below: %s", o->id, o->label, o->priority,
			 c->prio != HG_RTA_NO_PRIO ? "it would never run while a frame runs" :
			 "the timesharing scheduler shares the CPU between them, which the "
			 "analysis does not model (the tasks there are analysed without it)");
		return false;
	}
	return true;
}
