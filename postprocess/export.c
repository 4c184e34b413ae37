// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * export.c - a saved trace as Chrome trace-event JSON (Perfetto), CSV or
 * JSON; the formats are described in export.h
 *
 * Exports are large (over a hundred bytes per record in the perfetto
 * format, millions of records), so each row or event is formatted straight
 * into one output buffer through a cursor, with room reserved once per row;
 * printf and escaping are kept for the few labels.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../trace/timeval.h"
#include "export.h"

/* ------------------------------------------------------------ output */

#define OUT_SIZE (1 << 16)
#define OUT_ROW 512		/* the most one row or event needs */

struct out {
	FILE *f;
	int err;		/* -errno once a write failed */
	size_t len;
	char buf[OUT_SIZE];
};

static void out_write(struct out *o, const char *s, size_t n)
{
	errno = 0;
	if (n && fwrite(s, 1, n, o->f) != n && !o->err)
		o->err = errno ? -errno : -EIO;
}

static void out_flush(struct out *o)
{
	out_write(o, o->buf, o->len);
	o->len = 0;
}

/* A cursor with room for @n bytes (n <= OUT_SIZE); out_done() ends it. */
static inline char *out_room(struct out *o, size_t n)
{
	if (o->len + n > OUT_SIZE)
		out_flush(o);
	return o->buf + o->len;
}

static inline void out_done(struct out *o, const char *p)
{
	o->len = (size_t)(p - o->buf);
}

/* Append a string literal at cursor @p (only a literal: "" s fails else). */
#define PUT(p, s) do {					\
		memcpy((p), "" s, sizeof(s) - 1);	\
		(p) += sizeof(s) - 1;			\
	} while (0)

#define STR_(x) #x
#define STR(x) STR_(x)

/* @v in decimal at @p; returns the end. */
static inline char *put_num(char *p, uint64_t v)
{
	unsigned int n = 1, i;
	uint64_t x;

	for (x = v; x >= 10; x /= 10)
		n++;
	for (i = n; i-- > 0; v /= 10)
		p[i] = (char)('0' + v % 10);
	return p + n;
}

/* @ns as microseconds with three decimals ("1234.005") at @p. */
static inline char *put_us3(char *p, uint64_t ns)
{
	unsigned int frac = (unsigned int)(ns % 1000);

	p = put_num(p, ns / 1000);
	p[0] = '.';
	p[1] = (char)('0' + frac / 100);
	p[2] = (char)('0' + frac / 10 % 10);
	p[3] = (char)('0' + frac % 10);
	return p + 4;
}

static void out_mem(struct out *o, const char *s, size_t n)
{
	if (n > OUT_SIZE) {
		out_flush(o);
		out_write(o, s, n);
		return;
	}
	memcpy(out_room(o, n), s, n);
	o->len += n;
}

#define OUT_LIT(o, s) out_mem((o), "" s, sizeof(s) - 1)

static void out_u64(struct out *o, uint64_t v)
{
	out_done(o, put_num(out_room(o, 24), v));
}

/* @s as a JSON string, quoted and escaped. */
static void out_jstr(struct out *o, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	char *p = out_room(o, 1);

	*p++ = '"';
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		out_done(o, p);
		p = out_room(o, 8);
		if (c == '"' || c == '\\') {
			*p++ = '\\';
			*p++ = (char)c;
		} else if (c < 0x20) {
			PUT(p, "\\u00");
			*p++ = hex[c >> 4];
			*p++ = hex[c & 15];
		} else {
			*p++ = (char)c;
		}
	}
	*p++ = '"';
	out_done(o, p);
}

/* ,"<key>": (a key needs no escaping) */
static void out_key(struct out *o, const char *key)
{
	size_t n = strlen(key);
	char *p = out_room(o, n + 4);

	*p++ = ',';
	*p++ = '"';
	memcpy(p, key, n);
	p += n;
	*p++ = '"';
	*p++ = ':';
	out_done(o, p);
}

static void out_kv_u64(struct out *o, const char *key, uint64_t v)
{
	out_key(o, key);
	out_u64(o, v);
}

static void out_kv_str(struct out *o, const char *key, const char *v)
{
	out_key(o, key);
	out_jstr(o, v);
}

static void out_kv_bool(struct out *o, const char *key, int v)
{
	out_key(o, key);
	if (v)
		OUT_LIT(o, "true");
	else
		OUT_LIT(o, "false");
}

/* A word and its length, for the cursor. */
struct word {
	const char *s;
	size_t n;
};

#define WORD(s) { "" s, sizeof(s) - 1 }

static inline char *put_word(char *p, const struct word *w)
{
	memcpy(p, w->s, w->n);
	return p + w->n;
}

/* ------------------------------------------------------------ rows */

static const struct word kinds[] = {
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

/* ------------------------------------------------------------ perfetto */

#define PF_THREADS_PID 1
#define PF_CPUS_PID 2
#define PF_MAX_CPUS 65536	/* a record's CPU is 16 bits */

/* The fixed parts of an event, after its name. */
#define PF_ON_THREADS(cat, ph) \
	"\",\"cat\":\"" cat "\",\"ph\":\"" ph "\",\"pid\":" STR(PF_THREADS_PID) ",\"tid\":"
#define PF_ON_CPUS(cat, ph) \
	"\",\"cat\":\"" cat "\",\"ph\":\"" ph "\",\"pid\":" STR(PF_CPUS_PID) ",\"tid\":"

struct pf {
	struct out *o;
	const struct hg_trace *t;
	int started;				/* an event was written */
	int cpus_named;				/* the process "CPUs" named */
	uint64_t cpu_named[PF_MAX_CPUS / 64];	/* CPU tracks named */
};

/*
 * Track ids: Perfetto takes every event's tid for a thread, names threads by
 * tid alone and treats tid 0 as the idle task, so tids are unique across
 * both processes and start after the pids (an event without one gets its
 * pid).
 */
static uint64_t pf_thread_tid(uint32_t i)
{
	return 3 + (uint64_t)i;
}

static uint64_t pf_cpu_tid(const struct pf *pf, unsigned int cpu)
{
	return 3 + (uint64_t)pf->t->nthreads + cpu;
}

/*
 * A metadata event: {"name": @what, "ph": "M", ..., "args": {"name": @str}}
 * or, without @str, {"sort_index": @num}. The first event is one of
 * these; every event after it starts with a comma.
 */
static void pf_meta(struct pf *pf, const char *what, unsigned int pid, uint64_t tid,
		    const char *str, uint64_t num)
{
	struct out *o = pf->o;

	if (pf->started)
		OUT_LIT(o, ",");
	pf->started = 1;
	OUT_LIT(o, "\n{\"name\":");
	out_jstr(o, what);
	OUT_LIT(o, ",\"ph\":\"M\"");
	out_kv_u64(o, "pid", pid);
	out_kv_u64(o, "tid", tid);
	if (str) {
		OUT_LIT(o, ",\"args\":{\"name\":");
		out_jstr(o, str);
	} else {
		OUT_LIT(o, ",\"args\":{\"sort_index\":");
		out_u64(o, num);
	}
	OUT_LIT(o, "}}");
}

static void pf_track(struct pf *pf, unsigned int pid, uint64_t tid, const char *name,
		     uint64_t sort)
{
	pf_meta(pf, "thread_name", pid, tid, name, 0);
	pf_meta(pf, "thread_sort_index", pid, tid, NULL, sort);
}

/* Name CPU @cpu's track (and the process "CPUs") when first used. */
static void pf_cpu_track(struct pf *pf, unsigned int cpu)
{
	char name[32];

	if (pf->cpu_named[cpu / 64] & (1ULL << (cpu % 64)))
		return;
	pf->cpu_named[cpu / 64] |= 1ULL << (cpu % 64);
	if (!pf->cpus_named) {
		pf_meta(pf, "process_name", PF_CPUS_PID, PF_CPUS_PID, "CPUs", 0);
		pf_meta(pf, "process_sort_index", PF_CPUS_PID, PF_CPUS_PID, NULL, 1);
		pf->cpus_named = 1;
	}
	snprintf(name, sizeof(name), "CPU %u", cpu);
	pf_track(pf, PF_CPUS_PID, pf_cpu_tid(pf, cpu), name, cpu);
}

static void pf_thread_track(struct pf *pf, uint32_t i)
{
	const struct hg_trace_thread *th = &pf->t->threads[i];
	char name[3 * HG_LABEL_LEN];

	snprintf(name, sizeof(name), "thread %u: %s %s", th->id, th->workload, th->priority);
	pf_track(pf, PF_THREADS_PID, pf_thread_tid(i), name, i);
}

static const struct word ended_by[] = {
	WORD("preempt"), WORD("yield"), WORD("sleep"), WORD("end"),
};

static const struct word *ended(unsigned int flags)
{
	if (flags & HG_REC_LAST)
		return &ended_by[3];
	if (flags & HG_REC_SLEEP)
		return &ended_by[2];
	if (flags & HG_REC_YIELD)
		return &ended_by[1];
	return &ended_by[0];
}

/* ,"ts":<start>,"dur":<length> in us with three decimals */
static char *put_span(char *p, uint64_t mono_ns, uint64_t mono_end_ns)
{
	PUT(p, ",\"ts\":");
	p = put_us3(p, mono_ns);
	PUT(p, ",\"dur\":");
	return put_us3(p, mono_end_ns > mono_ns ? mono_end_ns - mono_ns : 0);
}

/* An interval: on its thread's track and on its CPU's. */
static void pf_interval(struct pf *pf, uint32_t i, const struct hg_export_item *it)
{
	const struct word *end = ended(it->flags);
	uint32_t id = pf->t->threads[i].id;
	char span[80];		/* two numbers of 20 digits and their keys */
	size_t n = (size_t)(put_span(span, it->mono_ns, it->mono_end_ns) - span);
	char *p;

	pf_cpu_track(pf, it->cpu);
	p = out_room(pf->o, 2 * OUT_ROW);
	PUT(p, ",\n{\"name\":\"cpu ");
	p = put_num(p, it->cpu);
	PUT(p, PF_ON_THREADS("interval", "X"));
	p = put_num(p, pf_thread_tid(i));
	memcpy(p, span, n);
	p += n;
	PUT(p, ",\"args\":{\"cpu\":");
	p = put_num(p, it->cpu);
	PUT(p, ",\"ended_by\":\"");
	p = put_word(p, end);
	PUT(p, "\"}},\n{\"name\":\"thread ");
	p = put_num(p, id);
	PUT(p, PF_ON_CPUS("cpu", "X"));
	p = put_num(p, pf_cpu_tid(pf, it->cpu));
	memcpy(p, span, n);
	p += n;
	PUT(p, ",\"args\":{\"thread\":");
	p = put_num(p, id);
	PUT(p, ",\"ended_by\":\"");
	p = put_word(p, end);
	PUT(p, "\"}}");
	out_done(pf->o, p);
}

/* A job's begin or end event, up to its timestamp. */
static char *put_job(char *p, const struct pf *pf, uint32_t i, uint64_t k, int begin,
		     uint64_t mono_ns)
{
	uint32_t id = pf->t->threads[i].id;

	PUT(p, ",\n{\"name\":\"thread ");
	p = put_num(p, id);
	if (begin)
		PUT(p, ": job" PF_ON_THREADS("job", "b"));
	else
		PUT(p, ": job" PF_ON_THREADS("job", "e"));
	p = put_num(p, pf_thread_tid(i));
	PUT(p, ",\"id\":\"");
	p = put_num(p, id);
	*p++ = '.';
	p = put_num(p, k);
	PUT(p, "\",\"ts\":");
	return put_us3(p, mono_ns);
}

/*
 * Job @k: an async slice from release to completion, and for a missed
 * deadline an instant on the thread's track where it passed. Not a
 * complete event on the thread's track: after an overrun a job is released
 * before the one before it is done and one interval runs both, so slices
 * on one track would not nest; the viewers lay async slices of one name
 * out in rows that do not overlap.
 */
static void pf_job(struct pf *pf, uint32_t i, const struct hg_export_item *it, uint64_t k)
{
	const struct hg_trace_thread *th = &pf->t->threads[i];
	int miss = !!(it->flags & HG_REC_MISS);
	char *p = out_room(pf->o, 3 * OUT_ROW);

	p = put_job(p, pf, i, k, 1, it->mono_ns);
	PUT(p, ",\"args\":{\"response_ns\":");
	p = put_num(p, it->value_ns);
	if (miss)
		PUT(p, ",\"deadline_miss\":true}}");
	else
		PUT(p, ",\"deadline_miss\":false}}");
	p = put_job(p, pf, i, k, 0, it->mono_end_ns);
	*p++ = '}';
	if (miss) {
		PUT(p, ",\n{\"name\":\"deadline miss" PF_ON_THREADS("job", "i"));
		p = put_num(p, pf_thread_tid(i));
		PUT(p, ",\"s\":\"t\",\"ts\":");
		p = put_us3(p, th->deadline_ns ? it->mono_ns + th->deadline_ns :
			    it->mono_end_ns);
		PUT(p, ",\"args\":{\"job\":");
		p = put_num(p, k);
		PUT(p, ",\"response_ns\":");
		p = put_num(p, it->value_ns);
		PUT(p, "}}");
	}
	out_done(pf->o, p);
}

/* A latency sample: the counter "thread N: lateness" at the requested wake-up. */
static void pf_lat(struct pf *pf, uint32_t i, const struct hg_export_item *it)
{
	char *p = out_room(pf->o, OUT_ROW);

	PUT(p, ",\n{\"name\":\"thread ");
	p = put_num(p, pf->t->threads[i].id);
	PUT(p, ": lateness" PF_ON_THREADS("lat", "C"));
	p = put_num(p, pf_thread_tid(i));
	PUT(p, ",\"ts\":");
	p = put_us3(p, it->mono_ns);
	PUT(p, ",\"args\":{\"ns\":");
	p = put_num(p, it->value_ns);
	PUT(p, "}}");
	out_done(pf->o, p);
}

/* A frame done or a period missed: an instant at its end. */
static void pf_frame(struct pf *pf, uint32_t i, const struct hg_export_item *it)
{
	char *p = out_room(pf->o, OUT_ROW);

	if (it->kind == HG_EXPORT_FRAME)
		PUT(p, ",\n{\"name\":\"frame" PF_ON_THREADS("frame", "i"));
	else
		PUT(p, ",\n{\"name\":\"period miss" PF_ON_THREADS("frame", "i"));
	p = put_num(p, pf_thread_tid(i));
	PUT(p, ",\"s\":\"t\",\"ts\":");
	p = put_us3(p, it->mono_end_ns);
	if (it->kind == HG_EXPORT_FRAME)
		PUT(p, ",\"args\":{\"frame_ns\":");
	else
		PUT(p, ",\"args\":{\"period_ns\":");
	p = put_num(p, it->value_ns);
	PUT(p, "}}");
	out_done(pf->o, p);
}

static int pf_thread(struct pf *pf, uint32_t i)
{
	const struct hg_trace_thread *th = &pf->t->threads[i];
	struct hg_export_item it;
	uint64_t jobs = 0;
	size_t pos = 0;
	int ret;

	pf_thread_track(pf, i);
	while ((ret = hg_export_next(pf->t, th, &pos, &it)) > 0) {
		switch (it.kind) {
		case HG_EXPORT_INTERVAL:
			pf_interval(pf, i, &it);
			break;
		case HG_EXPORT_JOB:
			pf_job(pf, i, &it, jobs++);
			break;
		case HG_EXPORT_LAT:
			pf_lat(pf, i, &it);
			break;
		default:
			pf_frame(pf, i, &it);
			break;
		}
	}
	return ret;
}

/* "otherData": what the run was and how its clock maps. */
static void pf_other(struct out *o, const struct hg_trace *t)
{
	OUT_LIT(o, "\"otherData\":{\"generator\":\"hourglass export\"");
	out_kv_u64(o, "schema", HG_EXPORT_SCHEMA);
	out_kv_str(o, "command", t->cmdline);
	out_kv_str(o, "clock", "CLOCK_MONOTONIC");
	out_kv_u64(o, "tsc_hz", t->calib.tsc_hz);
	out_kv_u64(o, "mono_start_ns", t->mono_start_ns);
	out_kv_u64(o, "mono_start_cycles", t->mono_start_cycles);
	out_kv_u64(o, "mono_end_ns", t->mono_end_ns);
	out_kv_u64(o, "mono_end_cycles", t->mono_end_cycles);
	out_kv_u64(o, "t0_cycles", t->t0_cycles);
	out_kv_u64(o, "t0_mono_ns", hg_export_mono_ns(t, t->t0_cycles));
	out_kv_u64(o, "duration_ns", t->duration_ns);
	out_kv_u64(o, "realtime_start_ns", t->realtime_start_ns);
	OUT_LIT(o, "}");
}

static int export_perfetto(struct out *o, const struct hg_trace *t)
{
	struct pf *pf = calloc(1, sizeof(*pf));
	uint32_t i;
	int ret = 0;

	if (!pf)
		return -ENOMEM;
	pf->o = o;
	pf->t = t;
	OUT_LIT(o, "{\"traceEvents\":[");
	pf_meta(pf, "process_name", PF_THREADS_PID, PF_THREADS_PID, "hourglass threads", 0);
	pf_meta(pf, "process_sort_index", PF_THREADS_PID, PF_THREADS_PID, NULL, 0);
	for (i = 0; i < t->nthreads && !ret; i++)
		ret = pf_thread(pf, i);
	OUT_LIT(o, "\n],\n\"displayTimeUnit\":\"ns\",\n");
	pf_other(o, t);
	OUT_LIT(o, "\n}\n");
	free(pf);
	return ret;
}

/* ------------------------------------------------------------ csv, json */

static const struct {
	unsigned int flag;
	struct word name;
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
		p = put_word(p, &flag_names[k].name);
		if (quote)
			*p++ = '"';
	}
	return p;
}

static void csv_row(struct out *o, const struct hg_trace_thread *th,
		    const struct hg_export_item *it)
{
	char *p = out_room(o, OUT_ROW);

	p = put_num(p, th->id);
	*p++ = ',';
	p = put_word(p, &kinds[it->kind]);
	*p++ = ',';
	p = put_num(p, it->start_ns);
	*p++ = ',';
	p = put_num(p, it->end_ns);
	*p++ = ',';
	p = put_num(p, it->end_ns - it->start_ns);
	*p++ = ',';
	p = put_num(p, it->cpu);
	*p++ = ',';
	p = put_flags(p, it->flags, '|', 0);
	*p++ = ',';
	p = put_num(p, it->mono_ns);
	*p++ = ',';
	p = put_num(p, it->cycles);
	*p++ = '\n';
	out_done(o, p);
}

static int export_csv(struct out *o, const struct hg_trace *t)
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

static void json_run(struct out *o, const struct hg_trace *t)
{
	OUT_LIT(o, "\"run\":{\"threads\":");
	out_u64(o, t->nthreads);
	out_kv_u64(o, "duration_ns", t->duration_ns);
	out_kv_u64(o, "elapsed_ns", t->stop_cycles > t->t0_cycles ?
		   hg_cycles_to_ns(t->stop_cycles - t->t0_cycles, t->calib.tsc_hz) : 0);
	out_kv_u64(o, "tsc_hz", t->calib.tsc_hz);
	out_kv_u64(o, "t0_cycles", t->t0_cycles);
	out_kv_u64(o, "mono_start_ns", t->mono_start_ns);
	out_kv_u64(o, "mono_start_cycles", t->mono_start_cycles);
	out_kv_u64(o, "mono_end_ns", t->mono_end_ns);
	out_kv_u64(o, "mono_end_cycles", t->mono_end_cycles);
	out_kv_u64(o, "realtime_start_ns", t->realtime_start_ns);
	out_kv_bool(o, "interrupted", t->flags & HG_TRACE_INTERRUPTED);
	out_kv_str(o, "command", t->cmdline);
	OUT_LIT(o, "}");
}

static void json_record(struct out *o, const struct hg_export_item *it, int first)
{
	char *p = out_room(o, OUT_ROW);

	if (!first)
		*p++ = ',';
	PUT(p, "\n  {\"kind\":\"");
	p = put_word(p, &kinds[it->kind]);
	PUT(p, "\",\"start_ns\":");
	p = put_num(p, it->start_ns);
	PUT(p, ",\"end_ns\":");
	p = put_num(p, it->end_ns);
	PUT(p, ",\"cpu\":");
	p = put_num(p, it->cpu);
	PUT(p, ",\"flags\":[");
	p = put_flags(p, it->flags, ',', 1);
	PUT(p, "]}");
	out_done(o, p);
}

/* A thread's object: its labels, then its records. */
static int json_thread(struct out *o, const struct hg_trace *t,
		       const struct hg_trace_thread *th)
{
	struct hg_export_item it;
	size_t pos = 0;
	int ret, first = 1;

	OUT_LIT(o, "{\"id\":");
	out_u64(o, th->id);
	out_kv_str(o, "workload", th->workload);
	out_kv_str(o, "priority", th->priority);
	out_kv_str(o, "cpus", th->cpus);
	out_key(o, "timer");
	if (th->timer[0])
		out_jstr(o, th->timer);
	else
		OUT_LIT(o, "null");
	out_kv_str(o, "model", th->model <= HG_MODEL_LAT ? model_names[th->model] : "unknown");
	out_kv_u64(o, "period_ns", th->period_ns);
	out_kv_u64(o, "deadline_ns", th->deadline_ns);
	out_kv_u64(o, "records_stored", th->stored);
	out_kv_u64(o, "records_dropped", th->dropped);
	OUT_LIT(o, ",\"records\":[");
	while ((ret = hg_export_next(t, th, &pos, &it)) > 0) {
		json_record(o, &it, first);
		first = 0;
	}
	OUT_LIT(o, "]}");
	return ret;
}

static int export_json(struct out *o, const struct hg_trace *t)
{
	uint32_t i;
	int ret = 0;

	OUT_LIT(o, "{\"schema\":");
	out_u64(o, HG_EXPORT_SCHEMA);
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
	struct out *o;
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
		ret = export_perfetto(o, t);
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
	out_flush(o);
	if (!ret)
		ret = o->err;
	errno = 0;
	if (!ret && (fflush(f) || ferror(f)))
		ret = errno ? -errno : -EIO;
	free(o);
	return ret;
}
