// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lockwait.c - what each thread's jobs waited for their locks, printed
 * after its model's lines (text.h: hg_print_lockwait)
 */
#include <inttypes.h>
#include <stdio.h>

#include "analysis/sched/lockwait.h"
#include "report/text.h"
#include "util/timeval.h"

void hg_print_lockwait(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th)
{
	struct hg_lockwait w;
	char a[32], b[32], c[32];
	uint32_t i, k;

	if (hg_lockwait(t, th, &w) != 1)
		return;
	fprintf(f, "# thread %u: blocking on locks: %" PRIu64 " of %" PRIu64 " jobs waited "
		"longer than %s us; wait per job ms max %s p99 %s%s\n", th->id, w.blocked,
		w.jobs, hg_format_us(HG_LOCKWAIT_BLOCKED_NS, c, sizeof(c)),
		hg_format_ms3(w.max_ns, a, sizeof(a)), hg_format_ms3(w.p99_ns, b, sizeof(b)),
		th->dropped ? " (from the stored records: raise -e)" : "");
	if (w.blocked)
		fprintf(f, "# thread %u: while a blocked job waited, on its CPU: lower-priority "
			"threads ran max %s ms, middle-priority threads (priority inversion) ran "
			"max %s ms\n", th->id, hg_format_ms3(w.lower_max_ns, a, sizeof(a)),
			hg_format_ms3(w.middle_max_ns, b, sizeof(b)));
	for (i = 0; i < th->ncs && i < HG_MAX_CS; i++) {
		k = th->cs[i].lock;
		if (k >= t->nlocks)
			continue;
		fprintf(f, "# thread %u: section %u: lock '%s' (%s) held %s ms a job, longest "
			"wait for it %s ms\n", th->id, i, t->locks[k].name,
			hg_lock_protocol_name(t->locks[k].protocol),
			hg_format_ms3(th->cs[i].ns, a, sizeof(a)),
			hg_format_ms3(w.lock_max_ns[k], b, sizeof(b)));
	}
}
