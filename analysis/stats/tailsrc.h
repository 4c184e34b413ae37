/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tailsrc.h - a thread's samples for a tail fit, in time order: the
 * lateness of a LAT thread's wake-ups, the response times of a PERIODIC
 * thread's jobs, or the gaps between the intervals of any thread but a LAT
 * one (which sleeps on its timer, without a gap loop) (from the
 * stored records: a flight recorder's or a full arena's missing ones are
 * not there)
 */
#ifndef HG_TAILSRC_H
#define HG_TAILSRC_H

#include <stdbool.h>
#include <stddef.h>

#include "trace/trace.h"

enum hg_tail_of {
	HG_TAIL_OF_LATENCY,	/* HG_EV_LAT: the wake-up's lateness */
	HG_TAIL_OF_RESPONSE,	/* HG_EV_JOB: release to completion */
	HG_TAIL_OF_GAP,		/* the end of an interval to the start of the next */
};

/* hg_tail_of_name - "latency", "response", "gap". */
const char *hg_tail_of_name(enum hg_tail_of of);

/* hg_tail_of_has - whether thread @th's model records samples of @of. */
bool hg_tail_of_has(const struct hg_trace_thread *th, enum hg_tail_of of);

/*
 * hg_tail_samples - the samples of @of of thread @th of @t, in ns, into a
 * new array @x (free() it) of @n; @span_ns the time from the first to the
 * last
 * Returns 0 or -ENOMEM.
 */
int hg_tail_samples(const struct hg_trace *t, const struct hg_trace_thread *th,
		    enum hg_tail_of of, double **x, size_t *n, double *span_ns);

#endif
