// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * export.c - a saved trace as Chrome trace-event JSON (Perfetto), CSV or
 * JSON; the formats are described in export.h
 *
 * Rows are formatted straight into the output buffer (exportbuf.h); the
 * perfetto format is in perfetto.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../trace/timeval.h"
#include "export.h"
#include "exportbuf.h"
#include "exportint.h"

/* ------------------------------------------------------------ rows */

static const struct hg_word kinds[] = {
	[HG_EXPORT_INTERVAL] = WORD("interval"),
	[HG_EXPORT_JOB] = WORD("job"),
	[HG_EXPORT_LAT] = WORD("lat"),
	[HG_EXPORT_FRAME] = WORD("frame"),
	[HG_EXPORT_PERIOD_MISS] = WORD("period_miss"),
};

int hg_export_parse_format(const char *name, enum hg_export_format *fmt)
{
	if (!strcmp(name, "perfetto"))
		*fmt = HG_EXPORT_PERFETTO;
	else if (!strcmp(name, "csv"))
		*fmt = HG_EXPORT_CSV;
	else if (!strcmp(name, "json"))
		*fmt = HG_EXPORT_JSON;
	else
		return -EINVAL;
	return 0;
}

const char *hg_export_kind_name(unsigned int kind)
{
	return kind <= HG_EXPORT_PERIOD_MISS ? kinds[kind].s : "unknown";
}

uint64_t hg_export_mono_ns(const struct hg_trace *t, uint64_t cycles)
{
	uint64_t d;

	if (cycles >= t->mono_start_cycles)
		return t->mono_start_ns +
			hg_cycles_to_ns(cycles - t->mono_start_cycles, t->calib.tsc_hz);
	d = hg_cycles_to_ns(t->mono_start_cycles - cycles, t->calib.tsc_hz);
	return d < t->mono_start_ns ? t->mono_start_ns - d : 0;
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
	it->mono_ns = hg_export_mono_ns(t, iv->start_cycles);
	it->mono_end_ns = hg_export_mono_ns(t, end);
}

/* An event record; returns 0 for a type this version does not know. */
static int item_event(const struct hg_trace *t, const struct hg_record *r,
		      struct hg_export_item *it)
{
	uint64_t at_ns = hg_trace_ns(t, r->start_cycles);
	uint64_t at_mono = hg_export_mono_ns(t, r->start_cycles), v = r->len_cycles;

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

int hg_export_next(const struct hg_trace *t, const struct hg_trace_thread *th,
		   size_t *pos, struct hg_export_item *it)
{
	struct hg_interval iv;
	int ret;

	while (*pos < th->stored) {
		const struct hg_record *r = &th->recs[*pos];

		if (!(r->flags & HG_REC_EVENT)) {
			ret = hg_record_decode(th->recs, th->stored, pos, &iv);
			if (ret <= 0)
				return ret;
			item_interval(t, &iv, it);
			return 1;
		}
		(*pos)++;
		if (item_event(t, r, it))
			return 1;
	}
	return 0;
}

int hg_export_check(const struct hg_trace *t)
{
	struct hg_interval iv;
	uint32_t i;

	for (i = 0; i < t->nthreads; i++) {
		const struct hg_trace_thread *th = &t->threads[i];
		size_t pos = 0;
		int ret;

		while ((ret = hg_record_decode(th->recs, th->stored, &pos, &iv)) > 0)
			;
		if (ret < 0)
			return ret;
	}
	return 0;
}

/* ------------------------------------------------------------ csv, json */

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

/* The names of @flags joined by @sep, each quoted when @quote. */
static char *put_flags(char *p, unsigned int flags, char sep, int quote)
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

static void csv_row(struct hg_out *o, const struct hg_trace_thread *th,
		    const struct hg_export_item *it)
{
	char *p = hg_out_room(o, OUT_ROW);

	p = hg_put_num(p, th->id);
	*p++ = ',';
	p = hg_put_word(p, &kinds[it->kind]);
	*p++ = ',';
	p = hg_put_num(p, it->start_ns);
	*p++ = ',';
	p = hg_put_num(p, it->end_ns);
	*p++ = ',';
	p = hg_put_num(p, it->end_ns - it->start_ns);
	*p++ = ',';
	p = hg_put_num(p, it->cpu);
	*p++ = ',';
	p = put_flags(p, it->flags, '|', 0);
	*p++ = ',';
	p = hg_put_num(p, it->mono_ns);
	*p++ = ',';
	p = hg_put_num(p, it->cycles);
	*p++ = '\n';
	hg_out_done(o, p);
}

static int export_csv(struct hg_out *o, const struct hg_trace *t)
{
	struct hg_export_item it;
	uint32_t i;
	int ret = 0;

	OUT_LIT(o, "thread,kind,start_ns,end_ns,duration_ns,cpu,flags,mono_ns,cycles\n");
	for (i = 0; i < t->nthreads && !ret; i++) {
		size_t pos = 0;

		while ((ret = hg_export_next(t, &t->threads[i], &pos, &it)) > 0)
			csv_row(o, &t->threads[i], &it);
	}
	return ret;
}

static const char *const model_names[] = {
	[HG_MODEL_SPIN] = "cpu",
	[HG_MODEL_PERIODIC] = "periodic",
	[HG_MODEL_CPU_PERIODIC] = "cpu_periodic",
	[HG_MODEL_LAT] = "lat",
};

static void json_run(struct hg_out *o, const struct hg_trace *t)
{
	OUT_LIT(o, "\"run\":{\"threads\":");
	hg_out_u64(o, t->nthreads);
	hg_out_kv_u64(o, "duration_ns", t->duration_ns);
	hg_out_kv_u64(o, "elapsed_ns", hg_trace_ns(t, t->stop_cycles));
	hg_out_kv_u64(o, "tsc_hz", t->calib.tsc_hz);
	hg_out_kv_u64(o, "t0_cycles", t->t0_cycles);
	hg_out_kv_u64(o, "mono_start_ns", t->mono_start_ns);
	hg_out_kv_u64(o, "mono_start_cycles", t->mono_start_cycles);
	hg_out_kv_u64(o, "mono_end_ns", t->mono_end_ns);
	hg_out_kv_u64(o, "mono_end_cycles", t->mono_end_cycles);
	hg_out_kv_u64(o, "realtime_start_ns", t->realtime_start_ns);
	hg_out_kv_bool(o, "interrupted", t->flags & HG_TRACE_INTERRUPTED);
	hg_out_kv_str(o, "command", t->cmdline);
	OUT_LIT(o, "}");
}

static void json_record(struct hg_out *o, const struct hg_export_item *it, int first)
{
	char *p = hg_out_room(o, OUT_ROW);

	if (!first)
		*p++ = ',';
	PUT(p, "\n  {\"kind\":\"");
	p = hg_put_word(p, &kinds[it->kind]);
	PUT(p, "\",\"start_ns\":");
	p = hg_put_num(p, it->start_ns);
	PUT(p, ",\"end_ns\":");
	p = hg_put_num(p, it->end_ns);
	PUT(p, ",\"cpu\":");
	p = hg_put_num(p, it->cpu);
	PUT(p, ",\"flags\":[");
	p = put_flags(p, it->flags, ',', 1);
	PUT(p, "]}");
	hg_out_done(o, p);
}

/* A thread's object: its labels, then its records. */
static int json_thread(struct hg_out *o, const struct hg_trace *t,
		       const struct hg_trace_thread *th)
{
	struct hg_export_item it;
	size_t pos = 0;
	int ret, first = 1;

	OUT_LIT(o, "{\"id\":");
	hg_out_u64(o, th->id);
	hg_out_kv_str(o, "workload", th->workload);
	hg_out_kv_str(o, "priority", th->priority);
	hg_out_kv_str(o, "cpus", th->cpus);
	hg_out_key(o, "timer");
	if (th->timer[0])
		hg_out_jstr(o, th->timer);
	else
		OUT_LIT(o, "null");
	hg_out_kv_str(o, "model", th->model <= HG_MODEL_LAT ? model_names[th->model] : "unknown");
	hg_out_kv_u64(o, "period_ns", th->period_ns);
	hg_out_kv_u64(o, "deadline_ns", th->deadline_ns);
	hg_out_kv_u64(o, "records_stored", th->stored);
	hg_out_kv_u64(o, "records_dropped", th->dropped);
	OUT_LIT(o, ",\"records\":[");
	while ((ret = hg_export_next(t, th, &pos, &it)) > 0) {
		json_record(o, &it, first);
		first = 0;
	}
	OUT_LIT(o, "]}");
	return ret;
}

static int export_json(struct hg_out *o, const struct hg_trace *t)
{
	uint32_t i;
	int ret = 0;

	OUT_LIT(o, "{\"schema\":");
	hg_out_u64(o, HG_EXPORT_SCHEMA);
	OUT_LIT(o, ",\n");
	json_run(o, t);
	OUT_LIT(o, ",\n\"threads\":[");
	for (i = 0; i < t->nthreads && !ret; i++) {
		if (i)
			OUT_LIT(o, ",");
		OUT_LIT(o, "\n");
		ret = json_thread(o, t, &t->threads[i]);
	}
	OUT_LIT(o, "\n]}\n");
	return ret;
}

/* ------------------------------------------------------------ entry */

int hg_export(FILE *f, const struct hg_trace *t, enum hg_export_format fmt)
{
	struct hg_out *o;
	int ret = hg_export_check(t);

	if (ret)
		return ret;
	o = malloc(sizeof(*o));
	if (!o)
		return -ENOMEM;
	o->f = f;
	o->err = 0;
	o->len = 0;
	switch (fmt) {
	case HG_EXPORT_PERFETTO:
		ret = hg_export_perfetto(o, t);
		break;
	case HG_EXPORT_CSV:
		ret = export_csv(o, t);
		break;
	case HG_EXPORT_JSON:
		ret = export_json(o, t);
		break;
	default:
		ret = -EINVAL;
		break;
	}
	hg_out_flush(o);
	if (!ret)
		ret = o->err;
	errno = 0;
	if (!ret && (fflush(f) || ferror(f)))
		ret = errno ? -errno : -EIO;
	free(o);
	return ret;
}
