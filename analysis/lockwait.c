// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lockwait.c - the waits for locks, job by job, from the records
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/lockwait.h"
#include "trace/hist.h"

int hg_lockwait(const struct hg_trace *t, const struct hg_trace_thread *th,
		struct hg_lockwait *w)
{
	struct hg_hist *h;
	uint64_t cur = 0, k;
	bool in_job = false;

	(void)t;
	memset(w, 0, sizeof(*w));
	if (!th->ncs)
		return 0;
	h = malloc(sizeof(*h));
	if (!h)
		return -ENOMEM;
	hg_hist_init(h);
	for (k = 0; k < th->stored; k++) {
		const struct hg_record *r = &th->recs[k];
		unsigned int type = hg_event_type(r->flags), lock;

		if (type == HG_EV_LOCK) {
			lock = hg_event_lock(r->flags);
			cur += r->len_cycles;	/* ns, in an event */
			if (lock < HG_MAX_LOCKS && r->len_cycles > w->lock_max_ns[lock])
				w->lock_max_ns[lock] = r->len_cycles;
			in_job = true;
		} else if ((type == HG_EV_JOB || type == HG_EV_FRAME) && in_job) {
			hg_hist_add(h, cur);
			w->blocked += cur > HG_LOCKWAIT_BLOCKED_NS;
			cur = 0;
			in_job = false;
		}
	}
	w->jobs = h->count;
	w->max_ns = h->count ? h->max : 0;
	w->p99_ns = hg_hist_percentile(h, 99);
	free(h);
	return 1;
}
