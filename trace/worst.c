// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * worst.c - the worst K events past the threshold (--on-threshold continue)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "trace/worst.h"

struct hg_worst *hg_worst_alloc(unsigned int n, uint32_t keep)
{
	struct hg_worst *w;
	unsigned int i;

	if (!n || !keep || keep > HG_WORST_MAX)
		return NULL;
	w = aligned_alloc(_Alignof(struct hg_worst), n * sizeof(*w));
	if (!w)
		return NULL;
	memset(w, 0, n * sizeof(*w));
	for (i = 0; i < n; i++) {
		w[i].keep = keep;
		w[i].ev = malloc(keep * sizeof(*w[i].ev));
		if (!w[i].ev) {
			hg_worst_free(w, i);
			return NULL;
		}
		memset(w[i].ev, 0, keep * sizeof(*w[i].ev));	/* every page touched now */
	}
	return w;
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
	w->count++;
	if (w->n < w->keep) {
		w->ev[w->n++] = *e;
		if (w->n == w->keep)
			w->least = least_of(w);
	} else if (e->value_ns > w->ev[w->least].value_ns) {
		w->ev[w->least] = *e;
		w->least = least_of(w);
	}
}

static int worse_first(const void *pa, const void *pb)
{
	const struct hg_worst_ev *a = pa, *b = pb;

	if (a->value_ns != b->value_ns)
		return a->value_ns > b->value_ns ? -1 : 1;
	return (a->at_cycles > b->at_cycles) - (a->at_cycles < b->at_cycles);
}

int hg_worst_merge(const struct hg_worst *w, unsigned int n, uint32_t keep,
		   struct hg_worst_ev *out, uint64_t *count)
{
	struct hg_worst_ev *all;
	size_t total = 0;
	unsigned int i;

	*count = 0;
	for (i = 0; i < n; i++) {
		total += w[i].n;
		*count += w[i].count;
	}
	if (!total)
		return 0;
	all = malloc(total * sizeof(*all));
	if (!all)
		return -ENOMEM;
	for (total = 0, i = 0; i < n; i++) {
		memcpy(all + total, w[i].ev, w[i].n * sizeof(*all));
		total += w[i].n;
	}
	qsort(all, total, sizeof(*all), worse_first);
	if (total > keep)
		total = keep;
	memcpy(out, all, total * sizeof(*out));
	free(all);
	return (int)total;
}

void hg_worst_free(struct hg_worst *w, unsigned int n)
{
	unsigned int i;

	if (!w)
		return;
	for (i = 0; i < n; i++)
		free(w[i].ev);
	free(w);
}

void hg_over_free(struct hg_over *o)
{
	if (!o)
		return;
	free(o->ev);
	free(o);
}
