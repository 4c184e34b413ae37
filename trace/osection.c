// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * osection.c - the OVER section's payload
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "trace/brk.h"
#include "trace/osection.h"

#define KINDS (HG_BREAK_GAP | HG_BREAK_LAT | HG_BREAK_MISS)
#define ACTIONS (HG_OVER_SIGNAL | HG_OVER_SHELL | HG_OVER_TRACE)

void hg_sec_put_over(struct hg_buf *b, const struct hg_trace *t)
{
	const struct hg_over *o = t->over;
	uint32_t i;

	hg_put_u64(b, o->threshold_ns);
	hg_put_u32(b, o->on);
	hg_put_u32(b, o->keep);
	hg_put_u32(b, o->actions);
	hg_put_u64(b, o->count);
	hg_put_u64(b, o->acted);
	hg_put_u32(b, o->n);
	for (i = 0; i < o->n; i++) {
		hg_put_u32(b, o->ev[i].kind);
		hg_put_u32(b, o->ev[i].thread);
		hg_put_u32(b, o->ev[i].cpu);
		hg_put_u64(b, o->ev[i].at_cycles);
		hg_put_u64(b, o->ev[i].value_ns);
	}
}

static bool kind_ok(uint32_t k)
{
	return k == HG_BREAK_GAP || k == HG_BREAK_LAT || k == HG_BREAK_MISS;
}

int hg_sec_get_over(struct hg_cur *c, struct hg_trace *t, char *err, size_t errlen)
{
	struct hg_over *o = calloc(1, sizeof(*o));
	uint32_t i;

	if (!o)
		return -ENOMEM;
	o->threshold_ns = hg_get_u64(c);
	o->on = hg_get_u32(c);
	o->keep = hg_get_u32(c);
	o->actions = hg_get_u32(c);
	o->count = hg_get_u64(c);
	o->acted = hg_get_u64(c);
	o->n = hg_get_u32(c);
	if (c->bad || !o->threshold_ns || !o->on || (o->on & ~KINDS) || !o->keep ||
	    o->keep > HG_WORST_MAX || (o->actions & ~ACTIONS) || o->n > o->keep ||
	    o->n > o->count || o->acted > o->count)
		goto bad;
	o->ev = calloc(o->keep, sizeof(*o->ev));
	if (!o->ev) {
		hg_over_free(o);
		return -ENOMEM;
	}
	for (i = 0; i < o->n && !c->bad; i++) {
		struct hg_worst_ev *e = &o->ev[i];

		e->kind = hg_get_u32(c);
		e->thread = hg_get_u32(c);
		e->cpu = hg_get_u32(c);
		e->at_cycles = hg_get_u64(c);
		e->value_ns = hg_get_u64(c);
		if (!kind_ok(e->kind) || !(e->kind & o->on) || e->thread >= t->nthreads ||
		    (i && e->value_ns > o->ev[i - 1].value_ns))
			goto bad;
	}
	if (c->bad)
		goto bad;
	t->over = o;
	return 0;
bad:
	hg_over_free(o);
	c->bad = 1;
	snprintf(err, errlen, "damaged over-threshold section");
	return -EINVAL;
}
