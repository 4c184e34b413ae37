// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * export.c - the rows of an export: a trace's records as intervals
 * (reassembled) and events, with their times; the formats that write them
 * are export_<format>.c, chosen in export_formats.c
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "export/export.h"
#include "export/exportint.h"
#include "trace/timeval.h"

/* ------------------------------------------------------------ rows */

const struct hg_word hg_export_kinds[] = {
	[HG_EXPORT_INTERVAL] = WORD("interval"),
	[HG_EXPORT_JOB] = WORD("job"),
	[HG_EXPORT_LAT] = WORD("lat"),
	[HG_EXPORT_FRAME] = WORD("frame"),
	[HG_EXPORT_PERIOD_MISS] = WORD("period_miss"),
};

const char *hg_export_kind_name(unsigned int kind)
{
	return kind <= HG_EXPORT_PERIOD_MISS ? hg_export_kinds[kind].s : "unknown";
}

static void item_interval(const struct hg_trace *t, const struct hg_interval *iv,
			  struct hg_export_item *it)
{
	uint64_t end = iv->start_cycles + iv->len_cycles;

	it->kind = HG_EXPORT_INTERVAL;
	it->cpu = iv->cpu;
	it->flags = iv->flags & (HG_REC_YIELD | HG_REC_SLEEP | HG_REC_LAST);
	it->cycles = iv->start_cycles;
	it->value_ns = 0;
	it->start_ns = hg_trace_ns(t, iv->start_cycles);
	it->end_ns = hg_trace_ns(t, end);
	it->mono_ns = hg_trace_mono_ns(t, iv->start_cycles);
	it->mono_end_ns = hg_trace_mono_ns(t, end);
}

/* An event record; returns 0 for a type this version does not know. */
static int item_event(const struct hg_trace *t, const struct hg_record *r,
		      struct hg_export_item *it)
{
	uint64_t at_ns = hg_trace_ns(t, r->start_cycles);
	uint64_t at_mono = hg_trace_mono_ns(t, r->start_cycles), v = r->len_cycles;

	switch (hg_event_type(r->flags)) {
	case HG_EV_JOB:
		it->kind = HG_EXPORT_JOB;
		break;
	case HG_EV_LAT:
		it->kind = HG_EXPORT_LAT;
		break;
	case HG_EV_FRAME:
		it->kind = HG_EXPORT_FRAME;
		break;
	case HG_EV_PERIOD:
		it->kind = HG_EXPORT_PERIOD_MISS;
		break;
	default:
		return 0;
	}
	it->cpu = r->cpu;
	it->flags = r->flags & HG_REC_MISS;
	it->cycles = r->start_cycles;
	it->value_ns = v;
	if (it->kind == HG_EXPORT_JOB || it->kind == HG_EXPORT_LAT) {
		/* recorded at the start: release, requested wake-up */
		it->start_ns = at_ns;
		it->end_ns = at_ns + v;
		it->mono_ns = at_mono;
		it->mono_end_ns = at_mono + v;
	} else {
		/* recorded at the end: frame done, period over */
		it->start_ns = at_ns > v ? at_ns - v : 0;
		it->end_ns = at_ns;
		it->mono_ns = at_mono > v ? at_mono - v : 0;
		it->mono_end_ns = at_mono;
	}
	return 1;
}

int hg_export_next(const struct hg_trace *t, struct hg_reccur *c, struct hg_export_item *it)
{
	const struct hg_record *r;
	struct hg_interval iv;
	int ret;

	while ((ret = hg_reccur_peek(c, &r)) > 0) {
		if (!(r->flags & HG_REC_EVENT)) {
			ret = hg_reccur_interval(c, &iv);
			if (ret <= 0)
				return ret;
			item_interval(t, &iv, it);
			return 1;
		}
		c->pos++;	/* the event peeked at, taken */
		if (item_event(t, r, it))
			return 1;
	}
	return ret;
}

int hg_export_check(const struct hg_trace *t)
{
	struct hg_interval iv;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		struct hg_reccur c;
		int ret;

		hg_reccur_init(&c, &t->threads[i]);
		while ((ret = hg_reccur_interval(&c, &iv)) > 0)
			;
		hg_reccur_free(&c);
		if (ret < 0)
			return ret;
	}
	return 0;
}

static const struct {
	unsigned int flag;
	struct hg_word name;
} flag_names[] = {
	{ HG_REC_YIELD, WORD("yield") },
	{ HG_REC_SLEEP, WORD("sleep") },
	{ HG_REC_LAST, WORD("last") },
	{ HG_REC_MISS, WORD("miss") },
};

#define NFLAGS (sizeof(flag_names) / sizeof(flag_names[0]))

char *hg_export_put_flags(char *p, unsigned int flags, char sep, int quote)
{
	int first = 1;
	size_t k;

	for (k = 0; k < NFLAGS; k++) {
		if (!(flags & flag_names[k].flag))
			continue;
		if (!first)
			*p++ = sep;
		first = 0;
		if (quote)
			*p++ = '"';
		p = hg_put_word(p, &flag_names[k].name);
		if (quote)
			*p++ = '"';
	}
	return p;
}
