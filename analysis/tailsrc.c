// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tailsrc.c - a thread's samples for a tail fit (see tailsrc.h)
 */
#include <errno.h>
#include <stdlib.h>

#include "trace/reccur.h"
#include "analysis/tailsrc.h"
#include "trace/record.h"

const char *hg_tail_of_name(enum hg_tail_of of)
{
	return of == HG_TAIL_OF_LATENCY ? "latency" : of == HG_TAIL_OF_RESPONSE ? "response" :
	       "gap";
}

bool hg_tail_of_has(const struct hg_trace_thread *th, enum hg_tail_of of)
{
	if (of == HG_TAIL_OF_LATENCY)
		return th->model == HG_MODEL_LAT;
	if (of == HG_TAIL_OF_RESPONSE)
		return th->model == HG_MODEL_PERIODIC;
	return th->model != HG_MODEL_LAT;	/* it sleeps on its timer: no gap loop */
}

/* The event type of @of's samples; 0 for gaps. */
static unsigned int event_of(enum hg_tail_of of)
{
	return of == HG_TAIL_OF_LATENCY ? HG_EV_LAT : of == HG_TAIL_OF_RESPONSE ? HG_EV_JOB : 0;
}

int hg_tail_samples(const struct hg_trace *t, const struct hg_trace_thread *th,
		    enum hg_tail_of of, double **x, size_t *n, double *span_ns)
{
	unsigned int ev = event_of(of);
	uint64_t first = 0, last = 0, end = 0;
	bool open = false, cont = false;
	const struct hg_record *r;
	struct hg_reccur c;
	size_t k = 0;
	int ret;

	*x = malloc((th->stored ? th->stored : 1) * sizeof(**x));
	*n = 0;
	*span_ns = 0;
	if (!*x)
		return -ENOMEM;
	hg_reccur_init(&c, th);
	while ((ret = hg_reccur_next(&c, &r)) > 0) {
		unsigned int type = hg_event_type(r->flags);

		if (ev && type == ev) {
			(*x)[k++] = (double)r->len_cycles;
			if (k == 1)
				first = r->start_cycles;
			last = r->start_cycles;
		} else if (!ev && !type) {
			/* a gap: from the end of the last interval to this start */
			if (open && !cont && r->start_cycles >= end) {
				(*x)[k++] = (double)(hg_trace_ns(t, r->start_cycles) -
						     hg_trace_ns(t, end));
				last = r->start_cycles;
			} else if (!open) {
				first = r->start_cycles;
			}
			open = !(r->flags & HG_REC_LAST);
			cont = r->flags & HG_REC_CONTINUED;
			end = r->start_cycles + r->len_cycles;
		}
	}
	hg_reccur_free(&c);
	if (ret) {
		free(*x);
		*x = NULL;
		return ret;
	}
	*n = k;
	if (k)
		*span_ns = (double)(hg_trace_ns(t, last) - hg_trace_ns(t, first));
	return 0;
}
