// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * jobrecv.c - the time each job of a thread received, from its records
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "analysis/jobrecv.h"
#include "trace/timeval.h"

/* The cursors of the walk: events (the windows) and intervals. */
struct walk {
	const struct hg_trace_thread *th;
	uint64_t hz;
	unsigned int type;	/* the event type that marks a job */
	size_t ev;		/* next record to look at for an event */
	size_t iv;		/* first interval that may reach into a window */
	uint64_t prev_end;	/* the end of the last window, cycles */
};

/* The next job's window [*s, *e) in cycles and its event's value; 0 at the end. */
static int next_window(struct walk *w, uint64_t *s, uint64_t *e, uint64_t *value_ns)
{
	const struct hg_trace_thread *th = w->th;

	for (; w->ev < th->stored; w->ev++) {
		const struct hg_record *r = &th->recs[w->ev];
		uint64_t len;

		if (hg_event_type(r->flags) != w->type)
			continue;
		w->ev++;
		*value_ns = r->len_cycles;
		if (w->type == HG_EV_FRAME) {
			len = hg_ns_to_cycles(r->len_cycles, w->hz);
			*e = r->start_cycles;
			*s = len < *e ? *e - len : 0;
		} else {
			len = hg_ns_to_cycles(w->type == HG_EV_LAT ? th->period_ns : r->len_cycles,
					      w->hz);
			*s = r->start_cycles;
			*e = len > UINT64_MAX - *s ? UINT64_MAX : *s + len;
		}
		/* a job starts when the one before it is done */
		if (*s < w->prev_end)
			*s = w->prev_end;
		if (*e < *s)
			*e = *s;
		w->prev_end = *e;
		return 1;
	}
	return 0;
}

/*
 * What the intervals received in [@s, @e), cycles, and the end of the last
 * piece of them into *@last (@s when none); the interval cursor left at
 * the first interval that ends after @e.
 */
static uint64_t received(struct walk *w, uint64_t s, uint64_t e, uint64_t *last)
{
	const struct hg_trace_thread *th = w->th;
	struct hg_interval v;
	uint64_t sum = 0;
	size_t pos = w->iv, at;
	bool kept = false;

	*last = s;
	for (at = pos; hg_record_decode(th->recs, th->stored, &pos, &v) == 1; at = pos) {
		uint64_t a = v.start_cycles, b = a + v.len_cycles;

		if (b <= s) {		/* before the window: never needed again */
			if (!kept)
				w->iv = pos;
			continue;
		}
		if (a >= e)
			break;
		if (!kept && b > e) {	/* reaches into the next window */
			w->iv = at;
			kept = true;
		}
		a = a < s ? s : a;
		b = b > e ? e : b;
		sum += b - a;
		*last = b;
		if (!kept)
			w->iv = pos;
	}
	return sum;
}

int hg_jobrecv(const struct hg_trace *t, const struct hg_trace_thread *th,
	       struct hg_jobrecv *r)
{
	struct walk w = { .th = th, .hz = t->calib.tsc_hz };
	uint64_t s, e, value, last, c;

	memset(r, 0, sizeof(*r));
	switch (th->model) {
	case HG_MODEL_PERIODIC:
		w.type = HG_EV_JOB;
		break;
	case HG_MODEL_CPU_PERIODIC:
		w.type = HG_EV_FRAME;
		break;
	case HG_MODEL_LAT:
		w.type = HG_EV_LAT;
		break;
	default:
		return -ENODATA;
	}
	if (!w.hz)
		return -ENODATA;
	while (next_window(&w, &s, &e, &value)) {
		c = hg_cycles_to_ns(received(&w, s, e, &last), w.hz);
		if (c > r->max_ns || !r->jobs) {
			r->max_ns = c;
			r->max_job = r->jobs;
		}
		if (w.type == HG_EV_LAT) {
			/* from the time asked for: the window starts there */
			value = hg_cycles_to_ns(last - s, w.hz);
		}
		r->resp_max_ns = value > r->resp_max_ns ? value : r->resp_max_ns;
		r->jobs++;
	}
	return 0;
}
