// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_export.c - postprocess/export.c and "hourglass export": the perfetto
 * output parses as JSON and holds the expected events with exact
 * timestamps, CSV rows are exact, the JSON export round-trips, the command
 * rejects bad arguments and writes nothing then
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "../hourglass/commands.h"
#include "../postprocess/export.h"
#include "../trace/trace.h"

extern const struct hg_command hg_cmd_export;

/* ------------------------------------------------------- a JSON parser */

/*
 * A strict recursive-descent parser (RFC 8259): no trailing commas, no
 * leading zeros, no control characters in strings, nothing after the value.
 * Numbers keep their text so timestamps compare exactly.
 */
enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jv {
	enum jtype type;
	int b;
	char *s;		/* a string, decoded, or a number's text */
	size_t n;		/* members or elements */
	char **keys;
	struct jv **vals;
};

struct jp {
	const char *p;
	int depth;
};

static struct jv *j_value(struct jp *jp);

static void j_free(struct jv *v)
{
	size_t i;

	if (!v)
		return;
	for (i = 0; i < v->n; i++) {
		free(v->keys ? v->keys[i] : NULL);
		j_free(v->vals[i]);
	}
	free(v->keys);
	free(v->vals);
	free(v->s);
	free(v);
}

static void j_ws(struct jp *jp)
{
	while (*jp->p == ' ' || *jp->p == '\t' || *jp->p == '\n' || *jp->p == '\r')
		jp->p++;
}

/* Step over @c if it is next (never past the end). */
static int j_eat(struct jp *jp, char c)
{
	if (*jp->p != c)
		return 0;
	jp->p++;
	return 1;
}

static struct jv *j_new(enum jtype type)
{
	struct jv *v = calloc(1, sizeof(*v));

	ck_assert_ptr_nonnull(v);
	v->type = type;
	return v;
}

/* A string at jp->p (after its quote); NULL when malformed. */
static char *j_string(struct jp *jp)
{
	size_t cap = strlen(jp->p) + 1, n = 0;
	char *s = malloc(cap);
	unsigned int u;
	int k;

	for (; *jp->p != '"'; jp->p++) {
		unsigned char c = (unsigned char)*jp->p;

		if (c < 0x20)
			goto bad;
		if (c != '\\') {
			s[n++] = (char)c;
			continue;
		}
		c = (unsigned char)*++jp->p;
		if (c && strchr("\"\\/", c)) {
			s[n++] = (char)c;
		} else if (c && strchr("bfnrt", c)) {
			s[n++] = "\b\f\n\r\t"[strchr("bfnrt", c) - "bfnrt"];
		} else if (c == 'u') {
			for (u = 0, k = 1; k <= 4; k++) {
				char h = jp->p[k];

				if (!h || !strchr("0123456789abcdefABCDEF", h))
					goto bad;
				u = u * 16 + (unsigned int)(h <= '9' ? h - '0' : (h | 32) - 'a' + 10);
			}
			s[n++] = u < 0x80 ? (char)u : '?';
			jp->p += 4;
		} else {
			goto bad;
		}
	}
	jp->p++;
	s[n] = '\0';
	return s;
bad:
	free(s);
	return NULL;
}

static int j_digits(struct jp *jp)
{
	const char *start = jp->p;

	while (*jp->p >= '0' && *jp->p <= '9')
		jp->p++;
	return jp->p > start;
}

static struct jv *j_number(struct jp *jp)
{
	const char *start = jp->p;
	struct jv *v;

	if (*jp->p == '-')
		jp->p++;
	if (*jp->p == '0')
		jp->p++;
	else if (!j_digits(jp))
		return NULL;
	if (j_eat(jp, '.') && !j_digits(jp))
		return NULL;
	if (*jp->p == 'e' || *jp->p == 'E') {
		jp->p++;
		if (*jp->p == '+' || *jp->p == '-')
			jp->p++;
		if (!j_digits(jp))
			return NULL;
	}
	v = j_new(J_NUM);
	v->s = strndup(start, (size_t)(jp->p - start));
	return v;
}

/* An array or object after its bracket; NULL when malformed. */
static struct jv *j_container(struct jp *jp, int obj)
{
	struct jv *v = j_new(obj ? J_OBJ : J_ARR);
	char close = obj ? '}' : ']';
	size_t cap = 0;

	j_ws(jp);
	if (*jp->p == close) {
		jp->p++;
		return v;
	}
	for (;;) {
		char *key = NULL;
		struct jv *val;

		if (obj) {
			j_ws(jp);
			if (!j_eat(jp, '"') || !(key = j_string(jp)))
				goto bad;
			j_ws(jp);
			if (!j_eat(jp, ':')) {
				free(key);
				goto bad;
			}
		}
		val = j_value(jp);
		if (!val) {
			free(key);
			goto bad;
		}
		if (v->n == cap) {
			cap = cap ? 2 * cap : 8;
			v->vals = realloc(v->vals, cap * sizeof(*v->vals));
			if (obj)
				v->keys = realloc(v->keys, cap * sizeof(*v->keys));
		}
		if (obj)
			v->keys[v->n] = key;
		v->vals[v->n++] = val;
		j_ws(jp);
		if (*jp->p == close) {
			jp->p++;
			return v;
		}
		if (!j_eat(jp, ','))
			goto bad;
	}
bad:
	j_free(v);
	return NULL;
}

static struct jv *j_value(struct jp *jp)
{
	struct jv *v = NULL;

	if (++jp->depth > 64)
		return NULL;
	j_ws(jp);
	if (*jp->p == '{' || *jp->p == '[') {
		v = j_container(jp, *jp->p++ == '{');
	} else if (*jp->p == '"') {
		jp->p++;
		v = j_new(J_STR);
		v->s = j_string(jp);
		if (!v->s) {
			j_free(v);
			v = NULL;
		}
	} else if (!strncmp(jp->p, "true", 4) || !strncmp(jp->p, "false", 5)) {
		v = j_new(J_BOOL);
		v->b = *jp->p == 't';
		jp->p += v->b ? 4 : 5;
	} else if (!strncmp(jp->p, "null", 4)) {
		v = j_new(J_NULL);
		jp->p += 4;
	} else {
		v = j_number(jp);
	}
	jp->depth--;
	return v;
}

/* Parse the whole of @text; NULL unless it is one valid JSON value. */
static struct jv *j_parse(const char *text)
{
	struct jp jp = { .p = text };
	struct jv *v = j_value(&jp);

	if (!v)
		return NULL;
	j_ws(&jp);
	if (*jp.p) {
		j_free(v);
		return NULL;
	}
	return v;
}

/* Member @key of object @o, or NULL. */
static const struct jv *j_get(const struct jv *o, const char *key)
{
	size_t i;

	if (!o || o->type != J_OBJ)
		return NULL;
	for (i = 0; i < o->n; i++)
		if (!strcmp(o->keys[i], key))
			return o->vals[i];
	return NULL;
}

/* The string or number text at @key, or "" when missing. */
static const char *j_str(const struct jv *o, const char *key)
{
	const struct jv *v = j_get(o, key);

	return v && (v->type == J_STR || v->type == J_NUM) ? v->s : "";
}

/* ------------------------------------------------------------ fixtures */

#define LONG_LEN 5000000000ULL	/* an interval of two records */
#define MONO0 7000000000ULL	/* CLOCK_MONOTONIC at ... */
#define MONO0_CYCLES 500	/* ... this counter value (t0 is 1000, at 1 GHz) */

static const uint64_t iv0[][2] = {
	{ 2000, 500 }, { 2600, LONG_LEN }, { 2600 + LONG_LEN + 40, 100 },
};
static const uint64_t iv1[][2] = { { 1500, 100 }, { 1700, 200 } };
static const uint64_t (*const iv[])[2] = { iv0, iv1 };
static const size_t niv[] = { 3, 2 };

static void add_event(struct hg_trace_thread *th, uint64_t at, uint32_t value_ns,
		      unsigned int type, unsigned int extra, unsigned int cpu)
{
	struct hg_record *r = realloc(th->recs, (th->stored + 1) * sizeof(*r));

	ck_assert_ptr_nonnull(r);
	th->recs = r;
	r[th->stored++] = (struct hg_record){
		.start_cycles = at, .len_cycles = value_ns, .cpu = (uint16_t)cpu,
		.flags = hg_event_flags(type, extra),
	};
}

/*
 * Two threads at 1 GHz, t0 = 1000, CLOCK_MONOTONIC MONO0 at cycle 500.
 * Thread 0: three intervals, the first ended by a yield, the second two
 * records long on CPU 1. Thread 1: two intervals, then one event of each
 * kind and one of an unknown type.
 */
static struct hg_trace *fixture(void)
{
	struct hg_trace *t = hg_test_trace(2, iv, niv);
	struct hg_trace_thread *th0, *th1;

	ck_assert_ptr_nonnull(t);
	t->mono_start_ns = MONO0;
	t->mono_start_cycles = MONO0_CYCLES;
	th0 = &t->threads[0];
	th1 = &t->threads[1];
	ck_assert_uint_eq(th0->stored, 4);
	th0->recs[0].flags |= HG_REC_YIELD;
	th0->recs[1].cpu = 1;
	th0->recs[2].cpu = 1;
	th1->model = HG_MODEL_PERIODIC;
	th1->deadline_ns = 300;
	add_event(th1, 1400, 450, HG_EV_JOB, HG_REC_MISS, 1);
	add_event(th1, 1900, 12, HG_EV_LAT, 0, 0);
	add_event(th1, 2100, 600, HG_EV_FRAME, 0, 0);
	add_event(th1, 2200, 1000, HG_EV_PERIOD, HG_REC_MISS, 0);
	add_event(th1, 2300, 7, 9, 0, 0);
	return t;
}

/* The export of @t in @fmt, as a string; *@ret gets hg_export()'s result. */
static char *export_str(const struct hg_trace *t, enum hg_export_format fmt, int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	*ret = hg_export(f, t, fmt);
	fclose(f);
	return buf;
}

static struct jv *export_json(const struct hg_trace *t, enum hg_export_format fmt)
{
	int ret;
	char *s = export_str(t, fmt, &ret);
	struct jv *v;

	ck_assert_int_eq(ret, 0);
	v = j_parse(s);
	ck_assert_msg(v != NULL, "export does not parse as JSON:\n%s", s);
	free(s);
	return v;
}

/* ------------------------------------------------------ the JSON parser */

static const char *const good_json[] = {
	"{}", "[]", "0", "-1.5e+3", "\"a\\\"b\\u0041\"", " {\"a\": [1, 2, {\"b\": null}], \"c\": true} ",
};

static const char *const bad_json[] = {
	"", "{", "[1,]", "{\"a\":1,}", "01", "1.", ".5", "{'a':1}", "\"a\nb\"", "[1] 2",
	"{\"a\" 1}", "tru", "\"\\x\"", "[\"a\"",
};

START_TEST(test_parser_accepts)
{
	struct jv *v = j_parse(good_json[_i]);

	ck_assert_msg(v != NULL, "rejected: %s", good_json[_i]);
	j_free(v);
}
END_TEST

START_TEST(test_parser_rejects)
{
	struct jv *v = j_parse(bad_json[_i]);

	ck_assert_msg(v == NULL, "accepted: %s", bad_json[_i]);
}
END_TEST

/* ------------------------------------------------------------- perfetto */

/* How many events of phase @ph (and category @cat, pid, tid when given). */
static size_t count_events(const struct jv *ev, const char *ph, const char *cat,
			   const char *pid, const char *tid)
{
	size_t i, n = 0;

	for (i = 0; i < ev->n; i++) {
		const struct jv *e = ev->vals[i];

		if (strcmp(j_str(e, "ph"), ph) || (cat && strcmp(j_str(e, "cat"), cat)) ||
		    (pid && strcmp(j_str(e, "pid"), pid)) ||
		    (tid && strcmp(j_str(e, "tid"), tid)))
			continue;
		n++;
	}
	return n;
}

/* The @k-th event (from 0) with phase @ph and name @name, or NULL. */
static const struct jv *find_event(const struct jv *ev, const char *ph, const char *name,
				   size_t k)
{
	size_t i;

	for (i = 0; i < ev->n; i++) {
		const struct jv *e = ev->vals[i];

		if (!strcmp(j_str(e, "ph"), ph) && !strcmp(j_str(e, "name"), name) && !k--)
			return e;
	}
	return NULL;
}

/* The metadata event @what for @pid/@tid, or NULL. */
static const struct jv *find_meta(const struct jv *ev, const char *what, const char *pid,
				  const char *tid)
{
	size_t i;

	for (i = 0; i < ev->n; i++) {
		const struct jv *e = ev->vals[i];

		if (!strcmp(j_str(e, "ph"), "M") && !strcmp(j_str(e, "name"), what) &&
		    !strcmp(j_str(e, "pid"), pid) && !strcmp(j_str(e, "tid"), tid))
			return e;
	}
	return NULL;
}

static const char *arg(const struct jv *e, const char *key)
{
	return j_str(j_get(e, "args"), key);
}

START_TEST(test_perfetto_document)
{
	struct hg_trace *t = fixture();
	struct jv *v = export_json(t, HG_EXPORT_PERFETTO);
	const struct jv *ev = j_get(v, "traceEvents"), *other = j_get(v, "otherData");
	size_t i;

	ck_assert_ptr_nonnull(ev);
	ck_assert_int_eq(ev->type, J_ARR);
	ck_assert_str_eq(j_str(v, "displayTimeUnit"), "ns");
	ck_assert_str_eq(j_str(other, "clock"), "CLOCK_MONOTONIC");
	ck_assert_str_eq(j_str(other, "mono_start_ns"), "7000000000");
	ck_assert_str_eq(j_str(other, "mono_start_cycles"), "500");
	ck_assert_str_eq(j_str(other, "tsc_hz"), "1000000000");
	ck_assert_str_eq(j_str(other, "t0_mono_ns"), "7000000500");
	/* 4 process, 4 thread and 4 CPU metadata; 5 intervals twice; job b, e
	 * and its deadline miss; a lateness counter; a frame, a period miss */
	ck_assert_uint_eq(ev->n, 12 + 10 + 3 + 1 + 2);
	for (i = 0; i < ev->n; i++) {
		const struct jv *e = ev->vals[i];

		ck_assert_int_eq(e->type, J_OBJ);
		ck_assert_int_eq(strlen(j_str(e, "ph")), 1);
		ck_assert_int_eq(j_get(e, "pid")->type, J_NUM);
		ck_assert_int_eq(j_get(e, "tid")->type, J_NUM);
		ck_assert_str_ne(j_str(e, "tid"), "0");
		if (strcmp(j_str(e, "ph"), "M"))
			ck_assert_int_eq(j_get(e, "ts")->type, J_NUM);
		if (!strcmp(j_str(e, "ph"), "X"))
			ck_assert_int_eq(j_get(e, "dur")->type, J_NUM);
	}
	j_free(v);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_perfetto_tracks)
{
	struct hg_trace *t = fixture();
	struct jv *v = export_json(t, HG_EXPORT_PERFETTO);
	const struct jv *ev = j_get(v, "traceEvents");

	ck_assert_str_eq(arg(find_meta(ev, "process_name", "1", "1"), "name"),
			 "hourglass threads");
	ck_assert_str_eq(arg(find_meta(ev, "process_name", "2", "2"), "name"), "CPUs");
	ck_assert_str_eq(arg(find_meta(ev, "process_sort_index", "2", "2"), "sort_index"), "1");
	ck_assert_str_eq(arg(find_meta(ev, "thread_name", "1", "3"), "name"),
			 "thread 0: CPU NORMAL (SCHED_OTHER nice 0)");
	ck_assert_str_eq(arg(find_meta(ev, "thread_name", "1", "4"), "name"),
			 "thread 1: CPU NORMAL (SCHED_OTHER nice 0)");
	ck_assert_str_eq(arg(find_meta(ev, "thread_sort_index", "1", "4"), "sort_index"), "1");
	/* CPU tracks: tid 3 + threads + cpu */
	ck_assert_str_eq(arg(find_meta(ev, "thread_name", "2", "5"), "name"), "CPU 0");
	ck_assert_str_eq(arg(find_meta(ev, "thread_name", "2", "6"), "name"), "CPU 1");
	ck_assert_str_eq(arg(find_meta(ev, "thread_sort_index", "2", "6"), "sort_index"), "1");

	/* one X event per interval on its thread's track and on its CPU's */
	ck_assert_uint_eq(count_events(ev, "X", "interval", "1", "3"), 3);
	ck_assert_uint_eq(count_events(ev, "X", "interval", "1", "4"), 2);
	ck_assert_uint_eq(count_events(ev, "X", "interval", NULL, NULL), 5);
	ck_assert_uint_eq(count_events(ev, "X", "cpu", "2", "5"), 4);
	ck_assert_uint_eq(count_events(ev, "X", "cpu", "2", "6"), 1);
	ck_assert_uint_eq(count_events(ev, "X", NULL, NULL, NULL), 10);
	j_free(v);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_perfetto_intervals)
{
	struct hg_trace *t = fixture();
	struct jv *v = export_json(t, HG_EXPORT_PERFETTO);
	const struct jv *ev = j_get(v, "traceEvents"), *e;

	/* thread 0's first interval: cycles 2000-2500, mono 7e9 + 1500 ns */
	e = find_event(ev, "X", "cpu 0", 0);
	ck_assert_str_eq(j_str(e, "tid"), "3");
	ck_assert_str_eq(j_str(e, "ts"), "7000001.500");
	ck_assert_str_eq(j_str(e, "dur"), "0.500");
	ck_assert_str_eq(arg(e, "cpu"), "0");
	ck_assert_str_eq(arg(e, "ended_by"), "yield");
	/* the two-record interval is one event */
	e = find_event(ev, "X", "cpu 1", 0);
	ck_assert_str_eq(j_str(e, "ts"), "7000002.100");
	ck_assert_str_eq(j_str(e, "dur"), "5000000.000");
	ck_assert_str_eq(arg(e, "ended_by"), "preempt");
	ck_assert_ptr_null(find_event(ev, "X", "cpu 1", 1));
	e = find_event(ev, "X", "cpu 0", 1);
	ck_assert_str_eq(j_str(e, "ts"), "12000002.140");
	ck_assert_str_eq(j_str(e, "dur"), "0.100");
	ck_assert_str_eq(arg(e, "ended_by"), "end");
	/* the same on CPU 1's track, named by thread */
	e = find_event(ev, "X", "thread 0", 1);
	ck_assert_str_eq(j_str(e, "pid"), "2");
	ck_assert_str_eq(j_str(e, "tid"), "6");
	ck_assert_str_eq(j_str(e, "ts"), "7000002.100");
	ck_assert_str_eq(arg(e, "thread"), "0");
	e = find_event(ev, "X", "thread 1", 0);
	ck_assert_str_eq(j_str(e, "tid"), "5");
	ck_assert_str_eq(j_str(e, "ts"), "7000001.000");
	ck_assert_str_eq(j_str(e, "dur"), "0.100");
	j_free(v);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_perfetto_events)
{
	struct hg_trace *t = fixture();
	struct jv *v = export_json(t, HG_EXPORT_PERFETTO);
	const struct jv *ev = j_get(v, "traceEvents"), *e;

	/* the job: released at 1400, done 450 ns later, deadline 300 ns */
	e = find_event(ev, "b", "thread 1: job", 0);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(j_str(e, "cat"), "job");
	ck_assert_str_eq(j_str(e, "id"), "1.0");
	ck_assert_str_eq(j_str(e, "tid"), "4");
	ck_assert_str_eq(j_str(e, "ts"), "7000000.900");
	ck_assert_str_eq(arg(e, "response_ns"), "450");
	ck_assert_int_eq(j_get(j_get(e, "args"), "deadline_miss")->b, 1);
	e = find_event(ev, "e", "thread 1: job", 0);
	ck_assert_str_eq(j_str(e, "id"), "1.0");
	ck_assert_str_eq(j_str(e, "ts"), "7000001.350");
	e = find_event(ev, "i", "deadline miss", 0);
	ck_assert_str_eq(j_str(e, "tid"), "4");
	ck_assert_str_eq(j_str(e, "ts"), "7000001.200");
	/* the latency sample: a counter at the requested wake-up */
	e = find_event(ev, "C", "thread 1: lateness", 0);
	ck_assert_str_eq(j_str(e, "ts"), "7000001.400");
	ck_assert_str_eq(arg(e, "ns"), "12");
	/* frames and missed periods: instants at their end */
	e = find_event(ev, "i", "frame", 0);
	ck_assert_str_eq(j_str(e, "s"), "t");
	ck_assert_str_eq(j_str(e, "ts"), "7000001.600");
	ck_assert_str_eq(arg(e, "frame_ns"), "600");
	e = find_event(ev, "i", "period miss", 0);
	ck_assert_str_eq(j_str(e, "ts"), "7000001.700");
	ck_assert_str_eq(arg(e, "period_ns"), "1000");
	j_free(v);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_perfetto_escapes_labels)
{
	struct hg_trace *t = fixture();
	struct jv *v;

	snprintf(t->threads[0].workload, HG_LABEL_LEN, "A\"B\\C\nD");
	free(t->cmdline);
	t->cmdline = strdup("x \"y\"\t");
	v = export_json(t, HG_EXPORT_PERFETTO);
	ck_assert_str_eq(arg(find_meta(j_get(v, "traceEvents"), "thread_name", "1", "3"), "name"),
			 "thread 0: A\"B\\C\nD NORMAL (SCHED_OTHER nice 0)");
	ck_assert_str_eq(j_str(j_get(v, "otherData"), "command"), "x \"y\"\t");
	j_free(v);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_perfetto_empty)
{
	struct hg_trace *t = hg_trace_alloc(0);
	struct jv *v = export_json(t, HG_EXPORT_PERFETTO);

	/* the threads' process only: no CPU ran anything */
	ck_assert_uint_eq(j_get(v, "traceEvents")->n, 2);
	j_free(v);
	hg_trace_free(t);
}
END_TEST

/* ------------------------------------------------------------------ clock */

START_TEST(test_mono_rounding)
{
	static const uint64_t one[][2] = { { 3002, 3 } };
	static const uint64_t (*const ivs[])[2] = { one };
	static const size_t n[] = { 1 };
	struct hg_trace *t = hg_test_trace(1, ivs, n);
	struct jv *v;
	const struct jv *e;

	t->calib.tsc_hz = 3000000000ULL;	/* a cycle is a third of a ns */
	t->mono_start_ns = 1000000;
	t->mono_start_cycles = 3000;
	ck_assert_uint_eq(hg_export_mono_ns(t, 3000), 1000000);
	ck_assert_uint_eq(hg_export_mono_ns(t, 3001), 1000000);	/* 0.333 */
	ck_assert_uint_eq(hg_export_mono_ns(t, 3002), 1000001);	/* 0.667 */
	ck_assert_uint_eq(hg_export_mono_ns(t, 3000 + 3000000000ULL), 1001000000);
	ck_assert_uint_eq(hg_export_mono_ns(t, 2998), 999999);	/* before the pair */
	ck_assert_uint_eq(hg_export_mono_ns(t, 0), 999000);
	t->mono_start_ns = 500;
	ck_assert_uint_eq(hg_export_mono_ns(t, 0), 0);		/* not negative */
	/* no overflow: 2^62 cycles at 3 GHz */
	t->mono_start_cycles = 0;
	ck_assert_uint_eq(hg_export_mono_ns(t, 1ULL << 62), 500 + 1537228672809129301ULL);

	t->mono_start_ns = 1000000;
	t->mono_start_cycles = 3000;
	v = export_json(t, HG_EXPORT_PERFETTO);
	e = find_event(j_get(v, "traceEvents"), "X", "cpu 0", 0);
	/* start 3002 -> 1000001 ns, end 3005 -> 1000002 ns (1.667 rounded) */
	ck_assert_str_eq(j_str(e, "ts"), "1000.001");
	ck_assert_str_eq(j_str(e, "dur"), "0.001");
	j_free(v);
	hg_trace_free(t);
}
END_TEST

/* -------------------------------------------------------------------- csv */

static const char expected_csv[] =
	"thread,kind,start_ns,end_ns,duration_ns,cpu,flags,mono_ns,cycles\n"
	"0,interval,1000,1500,500,0,yield,7000001500,2000\n"
	"0,interval,1600,5000001600,5000000000,1,,7000002100,2600\n"
	"0,interval,5000001640,5000001740,100,0,last,12000002140,5000002640\n"
	"1,interval,500,600,100,0,,7000001000,1500\n"
	"1,interval,700,900,200,0,last,7000001200,1700\n"
	"1,job,400,850,450,1,miss,7000000900,1400\n"
	"1,lat,900,912,12,0,,7000001400,1900\n"
	"1,frame,500,1100,600,0,,7000001000,2100\n"
	"1,period_miss,200,1200,1000,0,miss,7000000700,2200\n";

START_TEST(test_csv_exact)
{
	struct hg_trace *t = fixture();
	int ret;
	char *s = export_str(t, HG_EXPORT_CSV, &ret);

	ck_assert_int_eq(ret, 0);
	ck_assert_str_eq(s, expected_csv);
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_csv_flags_joined)
{
	static const uint64_t one[][2] = { { 2000, 10 } };
	static const uint64_t (*const ivs[])[2] = { one };
	static const size_t n[] = { 1 };
	struct hg_trace *t = hg_test_trace(1, ivs, n);
	int ret;
	char *s;

	t->threads[0].recs[0].flags = HG_REC_YIELD | HG_REC_SLEEP | HG_REC_LAST;
	s = export_str(t, HG_EXPORT_CSV, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert_str_eq(strchr(s, '\n') + 1, "0,interval,1000,1010,10,0,yield|sleep|last,2000,2000\n");
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_damaged_writes_nothing)
{
	struct hg_trace *t = fixture();
	int ret;
	char *s;

	/* thread 0's long interval loses its second piece */
	t->threads[0].recs[2] = t->threads[0].recs[3];
	t->threads[0].stored = 3;
	ck_assert_int_eq(hg_export_check(t), -EINVAL);
	s = export_str(t, _i, &ret);
	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_str_eq(s, "");
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_formats)
{
	enum hg_export_format f;

	ck_assert_int_eq(hg_export_parse_format("perfetto", &f), 0);
	ck_assert_int_eq(f, HG_EXPORT_PERFETTO);
	ck_assert_int_eq(hg_export_parse_format("csv", &f), 0);
	ck_assert_int_eq(f, HG_EXPORT_CSV);
	ck_assert_int_eq(hg_export_parse_format("json", &f), 0);
	ck_assert_int_eq(f, HG_EXPORT_JSON);
	ck_assert_int_eq(hg_export_parse_format("JSON", &f), -EINVAL);
	ck_assert_int_eq(hg_export_parse_format("", &f), -EINVAL);
	ck_assert_str_eq(hg_export_kind_name(HG_EXPORT_PERIOD_MISS), "period_miss");
	ck_assert_str_eq(hg_export_kind_name(99), "unknown");
}
END_TEST

/* ------------------------------------------------------------------- json */

START_TEST(test_json_round_trip)
{
	struct hg_trace *t = fixture();
	struct jv *v = export_json(t, HG_EXPORT_JSON);
	const struct jv *run = j_get(v, "run"), *threads = j_get(v, "threads");
	const struct jv *r0, *r1;
	uint32_t i;

	ck_assert_str_eq(j_str(v, "schema"), "1");
	ck_assert_str_eq(j_str(run, "tsc_hz"), "1000000000");
	ck_assert_str_eq(j_str(run, "t0_cycles"), "1000");
	ck_assert_str_eq(j_str(run, "mono_start_ns"), "7000000000");
	ck_assert_str_eq(j_str(run, "mono_start_cycles"), "500");
	ck_assert_str_eq(j_str(run, "duration_ns"), "1000000");
	ck_assert_str_eq(j_str(run, "command"), "hourglass -n test");
	ck_assert_int_eq(j_get(run, "interrupted")->type, J_BOOL);
	ck_assert_uint_eq(threads->n, 2);
	for (i = 0; i < 2; i++) {
		const struct jv *th = threads->vals[i], *recs = j_get(th, "records");
		struct hg_export_item it;
		size_t pos = 0, n = 0;

		while (hg_export_next(t, &t->threads[i], &pos, &it) > 0) {
			const struct jv *r = recs->vals[n++];
			char num[24];

			ck_assert_str_eq(j_str(r, "kind"), hg_export_kind_name(it.kind));
			snprintf(num, sizeof(num), "%llu", (unsigned long long)it.start_ns);
			ck_assert_str_eq(j_str(r, "start_ns"), num);
			snprintf(num, sizeof(num), "%llu", (unsigned long long)it.end_ns);
			ck_assert_str_eq(j_str(r, "end_ns"), num);
		}
		ck_assert_uint_eq(recs->n, n);
		ck_assert_str_eq(j_str(th, "workload"), "CPU");
	}
	ck_assert_uint_eq(j_get(threads->vals[0], "records")->n, 3);
	ck_assert_uint_eq(j_get(threads->vals[1], "records")->n, 6);
	ck_assert_str_eq(j_str(threads->vals[1], "model"), "periodic");
	ck_assert_int_eq(j_get(threads->vals[0], "timer")->type, J_NULL);
	r0 = j_get(threads->vals[0], "records")->vals[0];
	ck_assert_uint_eq(j_get(r0, "flags")->n, 1);
	ck_assert_str_eq(j_get(r0, "flags")->vals[0]->s, "yield");
	r1 = j_get(threads->vals[1], "records")->vals[2];
	ck_assert_str_eq(j_str(r1, "kind"), "job");
	ck_assert_str_eq(j_str(r1, "cpu"), "1");
	ck_assert_str_eq(j_get(r1, "flags")->vals[0]->s, "miss");
	ck_assert_uint_eq(j_get(j_get(threads->vals[1], "records")->vals[0], "flags")->n, 0);
	j_free(v);
	hg_trace_free(t);
}
END_TEST

/* ---------------------------------------------------------------- command */

/* What a command printed. */
struct printed {
	char out[4096];
	char err[1024];
};

/* Point descriptor @fd at a fresh file named @name; returns the old one. */
static int capture(int fd, const char *name, int *file)
{
	char path[256];
	int saved;

	snprintf(path, sizeof(path), "%s/%s", hg_test_tmpdir(), name);
	*file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	ck_assert_int_ge(*file, 0);
	unlink(path);
	saved = dup(fd);
	dup2(*file, fd);
	return saved;
}

/* Put @fd back to @saved and read what was written into @buf. */
static void release(int fd, int saved, int file, char *buf, size_t len)
{
	ssize_t n;

	dup2(saved, fd);
	close(saved);
	n = pread(file, buf, len - 1, 0);
	buf[n > 0 ? n : 0] = '\0';
	close(file);
}

/*
 * Run "hourglass export" with the arguments after @p (up to NULL); what it
 * prints goes to @p. Returns its exit status.
 */
static int run_cmd(struct printed *p, ...)
{
	char *argv[16] = { "export" };
	int out, err, fout, ferr, ret, argc = 1;
	va_list ap;

	va_start(ap, p);
	while (argc < 15 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	fflush(stdout);
	fflush(stderr);
	out = capture(1, "stdout", &fout);
	err = capture(2, "stderr", &ferr);
	ret = hg_cmd_export.main(argc, argv);
	fflush(stdout);
	fflush(stderr);
	release(1, out, fout, p->out, sizeof(p->out));
	release(2, err, ferr, p->err, sizeof(p->err));
	return ret;
}

#define RUN(p, ...) run_cmd((p), __VA_ARGS__, (char *)NULL)

/* Each command test starts with an empty test directory. */
static void empty_dir(void)
{
	DIR *d = opendir(hg_test_tmpdir());
	struct dirent *e;
	char path[512];

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", hg_test_tmpdir(), e->d_name);
		unlink(path);
	}
	closedir(d);
}

/* A trace file of the fixture in the test directory. */
static const char *trace_file(void)
{
	static char path[256];	/* one per test process */
	struct hg_trace *t = fixture();
	char err[256];

	snprintf(path, sizeof(path), "%s/run.hgt", hg_test_tmpdir());
	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	hg_trace_free(t);
	return path;
}

/* The files in the test directory other than run.hgt. */
static int other_files(void)
{
	DIR *d = opendir(hg_test_tmpdir());
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    strcmp(e->d_name, "run.hgt"))
			n++;
	closedir(d);
	return n;
}

static char out_path[256];

static char *out_file(void)
{
	snprintf(out_path, sizeof(out_path), "%s/out", hg_test_tmpdir());
	return out_path;
}

START_TEST(test_cmd_unknown_format)
{
	struct printed p;
	char *file = (char *)trace_file();

	ck_assert_int_eq(RUN(&p, file, "--format", "xml", "-o", out_file()), 2);
	ck_assert_str_eq(p.err, "hourglass: export: unknown format 'xml' "
			 "(choose from perfetto, csv, json)\n");
	ck_assert_int_eq(other_files(), 0);
}
END_TEST

START_TEST(test_cmd_missing_output)
{
	struct printed p;
	char *file = (char *)trace_file();

	ck_assert_int_eq(RUN(&p, file, "--format", "csv"), 2);
	ck_assert_str_eq(p.err, "hourglass: export: missing -o <out> (- for standard output)\n");
	ck_assert_int_eq(RUN(&p, file, "--format", "csv", "-o"), 2);
	ck_assert_str_eq(p.err, "hourglass: export: -o: missing value\n");
	ck_assert_int_eq(other_files(), 0);
}
END_TEST

START_TEST(test_cmd_missing_format)
{
	struct printed p;
	char *file = (char *)trace_file();

	ck_assert_int_eq(RUN(&p, file, "-o", out_file()), 2);
	ck_assert_str_eq(p.err, "hourglass: export: missing --format "
			 "(choose from perfetto, csv, json)\n");
	ck_assert_int_eq(other_files(), 0);
}
END_TEST

START_TEST(test_cmd_bad_file)
{
	struct printed p;
	char missing[256];

	ck_assert_int_eq(RUN(&p, "--format", "csv", "-o", out_file()), 2);
	ck_assert_str_eq(p.err, "hourglass: export: missing trace file (usage: hourglass export "
			 "<file> --format perfetto|csv|json -o <out>)\n");
	snprintf(missing, sizeof(missing), "%s/none.hgt", hg_test_tmpdir());
	ck_assert_int_eq(RUN(&p, missing, "--format", "csv", "-o", out_file()), 2);
	ck_assert_ptr_nonnull(strstr(p.err, "none.hgt: No such file or directory\n"));
	ck_assert_int_eq(RUN(&p, "a.hgt", "b.hgt", "--format", "csv", "-o", out_file()), 2);
	ck_assert_ptr_nonnull(strstr(p.err, "too many arguments"));
	ck_assert_int_eq(RUN(&p, "a.hgt", "--frmat", "csv"), 2);
	ck_assert_ptr_nonnull(strstr(p.err, "unknown option '--frmat'"));
	ck_assert_int_eq(other_files(), 0);
}
END_TEST

START_TEST(test_cmd_bad_output)
{
	struct printed p;
	char *file = (char *)trace_file(), msg[512], out[300];

	ck_assert_int_eq(RUN(&p, file, "--format", "csv", "-o", file), 2);
	snprintf(msg, sizeof(msg), "hourglass: export: -o %s: is the trace file itself\n", file);
	ck_assert_str_eq(p.err, msg);
	ck_assert_int_eq(RUN(&p, file, "--format", "csv", "-o", (char *)hg_test_tmpdir()), 2);
	snprintf(msg, sizeof(msg), "hourglass: export: -o %s: is a directory "
		 "(give a file name)\n", hg_test_tmpdir());
	ck_assert_str_eq(p.err, msg);
	snprintf(out, sizeof(out), "%s/none/x.csv", hg_test_tmpdir());
	ck_assert_int_eq(RUN(&p, file, "--format", "csv", "-o", out), 2);
	snprintf(msg, sizeof(msg), "hourglass: export: -o %s: cannot write in %s/none: "
		 "No such file or directory\n", out, hg_test_tmpdir());
	ck_assert_str_eq(p.err, msg);
	ck_assert_int_eq(other_files(), 0);
}
END_TEST

START_TEST(test_cmd_writes)
{
	static const char *const formats[] = { "perfetto", "csv", "json" };
	struct hg_trace *t = fixture();
	struct printed p;
	char *want, *got = NULL;
	char *file = (char *)trace_file();
	size_t len = 0;
	FILE *f;
	int ret;

	ck_assert_int_eq(RUN(&p, file, "--format", (char *)formats[_i], "-o", out_file()), 0);
	ck_assert_str_eq(p.err, "");
	want = export_str(t, (enum hg_export_format)_i, &ret);
	f = fopen(out_path, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(getdelim(&got, &len, '\0', f) > 0, 1);
	fclose(f);
	ck_assert_str_eq(got, want);
	ck_assert_int_eq(other_files(), 1);	/* the output, no temporary file */
	free(want);
	free(got);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_cmd_damaged_records)
{
	struct hg_trace *t = fixture();
	struct printed p;
	char err[256], path[256], msg[512];

	t->threads[0].recs[2] = t->threads[0].recs[3];
	t->threads[0].stored = 3;
	snprintf(path, sizeof(path), "%s/run.hgt", hg_test_tmpdir());
	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	ck_assert_int_eq(RUN(&p, path, "--format=csv", "--output", out_file()), 1);
	snprintf(msg, sizeof(msg), "hourglass: export: %s: damaged records\n", path);
	ck_assert_str_eq(p.err, msg);
	ck_assert_int_eq(other_files(), 0);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_cmd_help)
{
	struct printed p;

	ck_assert_int_eq(RUN(&p, "--help"), 0);
	ck_assert_str_eq(p.err, "");
	ck_assert_ptr_nonnull(strstr(p.out, "usage: hourglass export <file> --format "
				     "perfetto|csv|json -o <out>\n"));
}
END_TEST

START_TEST(test_cmd_stdout)
{
	struct printed p;
	char *file = (char *)trace_file();

	ck_assert_int_eq(RUN(&p, "--format", "csv", file, "-o", "-"), 0);
	ck_assert_str_eq(p.out, expected_csv);
	ck_assert_str_eq(p.err, "");
	ck_assert_int_eq(other_files(), 0);
}
END_TEST

static Suite *export_suite(void)
{
	Suite *s = suite_create("export");
	TCase *tc;

	tc = tcase_create("json parser");
	tcase_add_loop_test(tc, test_parser_accepts, 0,
			    (int)(sizeof(good_json) / sizeof(good_json[0])));
	tcase_add_loop_test(tc, test_parser_rejects, 0,
			    (int)(sizeof(bad_json) / sizeof(bad_json[0])));
	suite_add_tcase(s, tc);

	tc = tcase_create("perfetto");
	tcase_add_test(tc, test_perfetto_document);
	tcase_add_test(tc, test_perfetto_tracks);
	tcase_add_test(tc, test_perfetto_intervals);
	tcase_add_test(tc, test_perfetto_events);
	tcase_add_test(tc, test_perfetto_escapes_labels);
	tcase_add_test(tc, test_perfetto_empty);
	tcase_add_test(tc, test_mono_rounding);
	suite_add_tcase(s, tc);

	tc = tcase_create("csv and json");
	tcase_add_test(tc, test_csv_exact);
	tcase_add_test(tc, test_csv_flags_joined);
	tcase_add_loop_test(tc, test_damaged_writes_nothing, HG_EXPORT_PERFETTO,
			    HG_EXPORT_JSON + 1);
	tcase_add_test(tc, test_formats);
	tcase_add_test(tc, test_json_round_trip);
	suite_add_tcase(s, tc);

	tc = tcase_create("command");
	tcase_add_checked_fixture(tc, empty_dir, NULL);
	tcase_add_test(tc, test_cmd_unknown_format);
	tcase_add_test(tc, test_cmd_missing_output);
	tcase_add_test(tc, test_cmd_missing_format);
	tcase_add_test(tc, test_cmd_bad_file);
	tcase_add_test(tc, test_cmd_bad_output);
	tcase_add_loop_test(tc, test_cmd_writes, 0, 3);
	tcase_add_test(tc, test_cmd_damaged_records);
	tcase_add_test(tc, test_cmd_help);
	tcase_add_test(tc, test_cmd_stdout);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(export_suite());
}
