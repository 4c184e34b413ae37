// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * lockwait.c - the waits for locks, job by job, from the records, and
 * what the other threads ran meanwhile
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "trace/reccur.h"
#include "analysis/lockwait.h"
#include "trace/hist.h"
#include "trace/timeval.h"

/* One wait for a lock: [s, e) on the counter, and what ran within it. */
struct wait {
	uint64_t s, e;
	uint64_t ns;		/* the wait measured */
	uint64_t job;		/* the job it belongs to; UINT64_MAX: cut off by the end */
	uint32_t lock, cpu;
	uint64_t lower, middle;	/* cycles the other threads ran within it */
};

static int by_start(const void *a, const void *b)
{
	const struct wait *x = *(const struct wait *const *)a, *y = *(const struct wait *const *)b;

	return x->s < y->s ? -1 : x->s > y->s;
}

/* Does thread @th take lock @k in a section? */
static bool takes(const struct hg_trace_thread *th, uint32_t k)
{
	return hg_cs_uses(th->cs, th->ncs, k);
}

/*
 * Add to each wait in @sorted (@n, by start) the time thread @o ran within
 * it on the wait's CPU, as lower or middle priority (lockwait.h) against
 * @me; @lo[k] is the lowest priority below @me's among the users of lock
 * k (@has_lo[k]: there is one).
 */
static void overlap(const struct hg_trace_thread *o, const struct hg_trace_thread *me,
		    struct wait **sorted, size_t n, const int32_t *lo, const bool *has_lo)
{
	struct hg_interval iv;
	struct hg_reccur c;

	if (o->rt_prio >= me->rt_prio)
		return;
	hg_reccur_init(&c, o);
	while (hg_reccur_interval(&c, &iv) == 1) {
		uint64_t s = iv.start_cycles, e = s + iv.len_cycles < s ? UINT64_MAX :
			     s + iv.len_cycles;
		size_t a = 0, b = n, q;

		while (a < b) {		/* the first wait starting at s or later */
			size_t mid = a + (b - a) / 2;

			if (sorted[mid]->s < s)
				a = mid + 1;
			else
				b = mid;
		}
		for (q = a ? a - 1 : 0; q < n && sorted[q]->s < e; q++) {
			struct wait *w = sorted[q];
			uint64_t from = w->s > s ? w->s : s, to = w->e < e ? w->e : e;
			uint32_t k = w->lock;

			if (to <= from || w->cpu != iv.cpu)
				continue;
			if (k < HG_MAX_LOCKS && has_lo[k] && !takes(o, k) && o->rt_prio > lo[k])
				w->middle += to - from;
			else
				w->lower += to - from;
		}
	}
	hg_reccur_free(&c);
}

/* Fill each of the @n waits @ws of @th with what the others ran within it. */
static int meanwhile(const struct hg_trace *t, const struct hg_trace_thread *th,
		     struct wait *ws, size_t n)
{
	struct wait **sorted = malloc((n ? n : 1) * sizeof(*sorted));
	int32_t lo[HG_MAX_LOCKS];
	bool has_lo[HG_MAX_LOCKS] = { false };
	uint32_t i, k;
	size_t q;

	if (!sorted)
		return -ENOMEM;
	for (q = 0; q < n; q++)
		sorted[q] = &ws[q];
	qsort(sorted, n, sizeof(*sorted), by_start);
	for (k = 0; k < HG_MAX_LOCKS; k++)
		for (i = 0; i < t->nthreads; i++) {
			const struct hg_trace_thread *u = &t->threads[i];

			if (u == th || u->rt_prio >= th->rt_prio || !takes(u, k))
				continue;
			if (!has_lo[k] || u->rt_prio < lo[k])
				lo[k] = u->rt_prio;
			has_lo[k] = true;
		}
	for (i = 0; i < t->nthreads; i++)
		if (&t->threads[i] != th)
			overlap(&t->threads[i], th, sorted, n, lo, has_lo);
	free(sorted);
	return 0;
}

/* The waits of @th's records into @ws (room for all its records), job by job. */
static size_t collect(const struct hg_trace *t, const struct hg_trace_thread *th,
		      struct wait *ws)
{
	const struct hg_record *r;
	struct hg_reccur c;
	uint64_t job = 0;
	size_t n = 0, open = 0;

	hg_reccur_init(&c, th);
	while (hg_reccur_next(&c, &r) > 0) {
		unsigned int type = hg_event_type(r->flags);

		if (type == HG_EV_LOCK) {
			uint64_t len = hg_ns_to_cycles(r->len_cycles, t->calib.tsc_hz);

			ws[n] = (struct wait){ .s = r->start_cycles, .ns = r->len_cycles,
				.e = r->start_cycles + len < r->start_cycles ? UINT64_MAX :
				     r->start_cycles + len,
				.job = UINT64_MAX, .lock = hg_event_lock(r->flags), .cpu = r->cpu };
			n++;
		} else if ((type == HG_EV_JOB || type == HG_EV_FRAME) && open < n) {
			for (; open < n; open++)
				ws[open].job = job;
			job++;
		}
	}
	hg_reccur_free(&c);
	return n;
}

int hg_lockwait(const struct hg_trace *t, const struct hg_trace_thread *th,
		struct hg_lockwait *w)
{
	uint64_t hz = t->calib.tsc_hz;
	struct wait *ws;
	struct hg_hist *h;
	size_t n, q, r;

	memset(w, 0, sizeof(*w));
	if (!th->ncs)
		return 0;
	h = malloc(sizeof(*h));
	ws = malloc((th->stored ? th->stored : 1) * sizeof(*ws));
	if (!h || !ws) {
		free(h);
		free(ws);
		return -ENOMEM;
	}
	hg_hist_init(h);
	n = collect(t, th, ws);
	for (q = 0; q < n; q++)
		if (ws[q].lock < HG_MAX_LOCKS && ws[q].ns > w->lock_max_ns[ws[q].lock])
			w->lock_max_ns[ws[q].lock] = ws[q].ns;
	if (meanwhile(t, th, ws, n)) {
		free(h);
		free(ws);
		return -ENOMEM;
	}
	/* job by job: the waits of one job lie together, in order */
	for (q = 0; q < n && ws[q].job != UINT64_MAX; q = r) {
		uint64_t cur = 0, lower = 0, middle = 0;

		for (r = q; r < n && ws[r].job == ws[q].job; r++) {
			cur += ws[r].ns;
			lower += ws[r].lower;
			middle += ws[r].middle;
		}
		hg_hist_add(h, cur);
		if (cur <= HG_LOCKWAIT_BLOCKED_NS)
			continue;
		w->blocked++;
		lower = hg_cycles_to_ns(lower, hz);
		middle = hg_cycles_to_ns(middle, hz);
		w->lower_max_ns = lower > w->lower_max_ns ? lower : w->lower_max_ns;
		w->middle_max_ns = middle > w->middle_max_ns ? middle : w->middle_max_ns;
	}
	w->jobs = h->count;
	w->max_ns = h->count ? h->max : 0;
	w->p99_ns = hg_hist_percentile(h, 99);
	free(h);
	free(ws);
	return 1;
}
