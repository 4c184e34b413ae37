// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * worst.c - the worst K events past the threshold (--on-threshold continue)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace/worst.h"

int hg_worst_init(struct hg_worst *w, uint32_t keep)
{
	memset(w, 0, sizeof(*w));
	atomic_flag_clear(&w->lock);
	atomic_init(&w->count, 0);
	atomic_init(&w->floor_ns, 0);
	if (!keep || keep > HG_WORST_MAX)
		return -EINVAL;
	w->ev = calloc(keep, sizeof(*w->ev));
	if (!w->ev)
		return -ENOMEM;
	memset(w->ev, 0, keep * sizeof(*w->ev));	/* every page touched now */
	w->keep = keep;
	return 0;
}

/* The index of the least value kept (the later of equals, so the earlier stays). */
static uint32_t least_of(const struct hg_worst *w)
{
	uint32_t i, m = 0;

	for (i = 1; i < w->n; i++)
		if (w->ev[i].value_ns < w->ev[m].value_ns ||
		    (w->ev[i].value_ns == w->ev[m].value_ns &&
		     w->ev[i].at_cycles > w->ev[m].at_cycles))
			m = i;
	return m;
}

void hg_worst_add(struct hg_worst *w, const struct hg_worst_ev *e)
{
	uint64_t floor;

	atomic_fetch_add_explicit(&w->count, 1, memory_order_relaxed);
	/* full, and no worse than the least: nothing to take (checked again below) */
	floor = atomic_load_explicit(&w->floor_ns, memory_order_relaxed);
	if (floor && e->value_ns <= floor)
		return;
	while (atomic_flag_test_and_set_explicit(&w->lock, memory_order_acquire))
		;
	if (w->n < w->keep) {
		w->ev[w->n++] = *e;
		if (w->n == w->keep) {
			w->least = least_of(w);
			atomic_store_explicit(&w->floor_ns, w->ev[w->least].value_ns ?: 1,
					      memory_order_relaxed);
		}
	} else if (e->value_ns > w->ev[w->least].value_ns) {
		w->ev[w->least] = *e;
		w->least = least_of(w);
		atomic_store_explicit(&w->floor_ns, w->ev[w->least].value_ns ?: 1,
				      memory_order_relaxed);
	}
	atomic_flag_clear_explicit(&w->lock, memory_order_release);
}

static int worse_first(const void *pa, const void *pb)
{
	const struct hg_worst_ev *a = pa, *b = pb;

	if (a->value_ns != b->value_ns)
		return a->value_ns > b->value_ns ? -1 : 1;
	return (a->at_cycles > b->at_cycles) - (a->at_cycles < b->at_cycles);
}

uint32_t hg_worst_sorted(const struct hg_worst *w, struct hg_worst_ev *out)
{
	if (!w->n)
		return 0;
	memcpy(out, w->ev, w->n * sizeof(*out));
	qsort(out, w->n, sizeof(*out), worse_first);
	return w->n;
}

void hg_worst_free(struct hg_worst *w)
{
	free(w->ev);
	w->ev = NULL;
	w->n = 0;
	w->keep = 0;
}

void hg_over_free(struct hg_over *o)
{
	if (!o)
		return;
	free(o->ev);
	free(o);
}
