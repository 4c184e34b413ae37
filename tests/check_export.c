// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_export.c - export/export.c and "hourglass export": the perfetto
 * output parses as JSON and holds the expected events with exact
 * timestamps, CSV rows are exact, the JSON export round-trips, the command
 * rejects bad arguments and writes nothing then
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "export/export.h"
#include "hourglass/commands.h"
#include "trace/trace.h"

extern const struct hg_command hg_cmd_export;

/* The string or number text at @key of @o, or "" when @o has no @key. */
static const char *j_str(struct json_object *o, const char *key)
{
	return hg_test_json_has(o, "%s", key) ? hg_test_json_text(o, "%s", key) : "";
}

/* Element @i of array @a. */
#define AT(a, i) json_object_array_get_idx((a), (i))
#define LEN(a) json_object_array_length(a)

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

/* The export of @t in @fmt, parsed; release it with json_object_put(). */
static struct json_object *export_json(const struct hg_trace *t, enum hg_export_format fmt)
{
	int ret;
	char *s = export_str(t, fmt, &ret);
	struct json_object *v;

	ck_assert_int_eq(ret, 0);
	v = hg_test_json(s);
	free(s);
	return v;
}

/* ------------------------------------------------------------- perfetto */

/* How many events of phase @ph (and category @cat, pid, tid when given). */
static size_t count_events(struct json_object *ev, const char *ph, const char *cat,
			   const char *pid, const char *tid)
{
	size_t i, n = 0;

	for (i = 0; i < LEN(ev); i++) {
		struct json_object *e = AT(ev, i);

		if (strcmp(j_str(e, "ph"), ph) || (cat && strcmp(j_str(e, "cat"), cat)) ||
		    (pid && strcmp(j_str(e, "pid"), pid)) ||
		    (tid && strcmp(j_str(e, "tid"), tid)))
			continue;
		n++;
	}
	return n;
}

/* The @k-th event (from 0) with phase @ph and name @name, or NULL. */
static struct json_object *find_event(struct json_object *ev, const char *ph, const char *name,
				   size_t k)
{
	size_t i;

	for (i = 0; i < LEN(ev); i++) {
		struct json_object *e = AT(ev, i);

		if (!strcmp(j_str(e, "ph"), ph) && !strcmp(j_str(e, "name"), name) && !k--)
			return e;
	}
	return NULL;
}

/* The metadata event @what for @pid/@tid, or NULL. */
static struct json_object *find_meta(struct json_object *ev, const char *what, const char *pid,
				  const char *tid)
{
	size_t i;

	for (i = 0; i < LEN(ev); i++) {
		struct json_object *e = AT(ev, i);

		if (!strcmp(j_str(e, "ph"), "M") && !strcmp(j_str(e, "name"), what) &&
		    !strcmp(j_str(e, "pid"), pid) && !strcmp(j_str(e, "tid"), tid))
			return e;
	}
	return NULL;
}

static const char *arg(struct json_object *e, const char *key)
{
	return e && hg_test_json_has(e, "args") ? j_str(hg_test_json_at(e, "args"), key) : "";
}

START_TEST(test_perfetto_document)
{
	struct hg_trace *t = fixture();
	struct json_object *v = export_json(t, HG_EXPORT_PERFETTO);
	struct json_object *other = hg_test_json_at(v, "otherData"), *ev;
	size_t i;

	ck_assert_uint_gt(hg_test_json_len(v, "traceEvents"), 0);
	ev = hg_test_json_at(v, "traceEvents");
	ck_assert_str_eq(j_str(v, "displayTimeUnit"), "ns");
	ck_assert_str_eq(j_str(other, "clock"), "CLOCK_MONOTONIC");
	ck_assert_str_eq(j_str(other, "start_monotonic_ns"), "7000000000");
	ck_assert_str_eq(j_str(other, "start_cycles"), "500");
	ck_assert_str_eq(j_str(other, "tsc_hz"), "1000000000");
	ck_assert_str_eq(j_str(other, "t0_monotonic_ns"), "7000000500");
	ck_assert_uint_eq(hg_test_json_u64(other, "schema"), HG_EXPORT_SCHEMA);
	ck_assert_str_eq(hg_test_json_str(other, "system/counter"), "tsc");
	/* 4 process, 4 thread and 4 CPU metadata; 5 intervals twice; job b, e
	 * and its deadline miss; a lateness counter; a frame, a period miss */
	ck_assert_uint_eq(LEN(ev), 12 + 10 + 3 + 1 + 2);
	for (i = 0; i < LEN(ev); i++) {
		struct json_object *e = AT(ev, i);

		ck_assert(json_object_is_type(e, json_type_object));
		ck_assert_int_eq(strlen(hg_test_json_str(e, "ph")), 1);
		ck_assert_uint_gt(hg_test_json_u64(e, "pid"), 0);
		ck_assert_uint_gt(hg_test_json_u64(e, "tid"), 0);
		if (strcmp(j_str(e, "ph"), "M"))
			ck_assert_double_ge(hg_test_json_num(e, "ts"), 0);
		if (!strcmp(j_str(e, "ph"), "X"))
			ck_assert_double_ge(hg_test_json_num(e, "dur"), 0);
	}
	json_object_put(v);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_perfetto_tracks)
{
	struct hg_trace *t = fixture();
	struct json_object *v = export_json(t, HG_EXPORT_PERFETTO);
	struct json_object *ev = hg_test_json_at(v, "traceEvents");

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
	json_object_put(v);
	hg_trace_free(t);
}
END_TEST

/*
 * A trace that kept the run's pid and the threads' tids: the threads'
 * events carry them, so the view lines up with a kernel trace of the run;
 * the CPU tracks move above any pid (2^30, tids 2^30 + 1 + cpu).
 */
START_TEST(test_perfetto_real_ids)
{
	struct hg_trace *t = fixture();
	char *s;
	int ret;

	t->pid = 777;
	t->threads[0].tid = 901;
	t->threads[1].tid = 902;
	s = export_str(t, HG_EXPORT_PERFETTO, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert_ptr_nonnull(strstr(s, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":777,"
				     "\"tid\":777,\"args\":{\"name\":\"hourglass threads\"}}"));
	ck_assert_ptr_nonnull(strstr(s, "\"cat\":\"interval\",\"ph\":\"X\",\"pid\":777,"
				     "\"tid\":901,"));
	ck_assert_ptr_nonnull(strstr(s, "\"ph\":\"M\",\"pid\":777,\"tid\":902,"));
	ck_assert_ptr_nonnull(strstr(s, "\"cat\":\"cpu\",\"ph\":\"X\",\"pid\":1073741824,"
				     "\"tid\":1073741825,"));
	ck_assert_ptr_null(strstr(s, "\"pid\":1,"));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_perfetto_intervals)
{
	struct hg_trace *t = fixture();
	struct json_object *v = export_json(t, HG_EXPORT_PERFETTO);
	struct json_object *ev = hg_test_json_at(v, "traceEvents"), *e;

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
	json_object_put(v);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_perfetto_events)
{
	struct hg_trace *t = fixture();
	struct json_object *v = export_json(t, HG_EXPORT_PERFETTO);
	struct json_object *ev = hg_test_json_at(v, "traceEvents"), *e;

	/* the job: released at 1400, done 450 ns later, deadline 300 ns */
	e = find_event(ev, "b", "thread 1: job", 0);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(j_str(e, "cat"), "job");
	ck_assert_str_eq(j_str(e, "id"), "1.0");
	ck_assert_str_eq(j_str(e, "tid"), "4");
	ck_assert_str_eq(j_str(e, "ts"), "7000000.900");
	ck_assert_str_eq(arg(e, "response_ns"), "450");
	ck_assert_int_eq(hg_test_json_bool(e, "args/deadline_miss"), 1);
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
	json_object_put(v);
	hg_trace_free(t);
}
END_TEST

/*
 * A chain ctl 1>0: thread 1's output at MONO0 + 2000 ns read by thread 0's
 * job started 500 ns later: a flow of two ends, each named by the chain and
 * its hop (hop 0 is thread 1's own, from its release), with the threads and
 * the input in its args.
 */
START_TEST(test_perfetto_chain_flow)
{
	static const struct hg_chain_job j0[] = { { 4, MONO0, MONO0, MONO0, MONO0 + 2000, 2000 } };
	static const struct hg_chain_job j1[] = {
		{ 4, MONO0 + 2000, MONO0 + 2000, MONO0 + 2500, MONO0 + 3000, 500 },
	};
	const struct hg_chain_job *const jobs[] = { j0, j1 };
	static const uint32_t threads[] = { 1, 0 };
	static const size_t n[] = { 1, 1 };
	struct hg_trace *t = fixture();
	struct json_object *v, *ev, *e;
	const char *name = "chain ctl hop 1: thread 1 to 0";

	hg_test_add_chain(t, "ctl", 2, threads, jobs, n);
	v = export_json(t, HG_EXPORT_PERFETTO);
	ev = hg_test_json_at(v, "traceEvents");
	ck_assert_uint_eq(count_events(ev, "s", "chain", NULL, NULL), 1);
	ck_assert_uint_eq(count_events(ev, "f", "chain", NULL, NULL), 1);
	e = find_event(ev, "s", name, 0);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(j_str(e, "tid"), "4");
	ck_assert_str_eq(j_str(e, "id"), "ctl.0.0");
	ck_assert_str_eq(j_str(e, "ts"), "7000002.000");
	ck_assert_str_eq(arg(e, "chain"), "ctl");
	ck_assert_str_eq(arg(e, "hop"), "1");
	ck_assert_str_eq(arg(e, "from_thread"), "1");
	ck_assert_str_eq(arg(e, "to_thread"), "0");
	ck_assert_str_eq(arg(e, "input"), "4");
	e = find_event(ev, "f", name, 0);
	ck_assert_ptr_nonnull(e);
	ck_assert_str_eq(j_str(e, "bp"), "e");
	ck_assert_str_eq(j_str(e, "id"), "ctl.0.0");
	ck_assert_str_eq(j_str(e, "ts"), "7000002.500");
	json_object_put(v);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_perfetto_escapes_labels)
{
	struct hg_trace *t = fixture();
	struct json_object *v;

	snprintf(t->threads[0].workload, HG_LABEL_LEN, "A\"B\\C\nD");
	free(t->cmdline);
	t->cmdline = strdup("x \"y\"\t");
	v = export_json(t, HG_EXPORT_PERFETTO);
	ck_assert_str_eq(arg(find_meta(hg_test_json_at(v, "traceEvents"), "thread_name", "1", "3"), "name"),
			 "thread 0: A\"B\\C\nD NORMAL (SCHED_OTHER nice 0)");
	ck_assert_str_eq(j_str(hg_test_json_at(v, "otherData"), "command"), "x \"y\"\t");
	json_object_put(v);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_perfetto_empty)
{
	struct hg_trace *t = hg_trace_alloc(0);
	struct json_object *v = export_json(t, HG_EXPORT_PERFETTO);

	/* the threads' process only: no CPU ran anything */
	ck_assert_uint_eq(hg_test_json_len(v, "traceEvents"), 2);
	json_object_put(v);
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
	struct json_object *v;
	struct json_object *e;

	t->calib.tsc_hz = 3000000000ULL;	/* a cycle is a third of a ns */
	t->mono_start_ns = 1000000;
	t->mono_start_cycles = 3000;
	ck_assert_uint_eq(hg_trace_mono_ns(t, 3000), 1000000);
	ck_assert_uint_eq(hg_trace_mono_ns(t, 3001), 1000000);	/* 0.333 */
	ck_assert_uint_eq(hg_trace_mono_ns(t, 3002), 1000001);	/* 0.667 */
	ck_assert_uint_eq(hg_trace_mono_ns(t, 3000 + 3000000000ULL), 1001000000);
	ck_assert_uint_eq(hg_trace_mono_ns(t, 2998), 999999);	/* before the pair */
	ck_assert_uint_eq(hg_trace_mono_ns(t, 0), 999000);
	t->mono_start_ns = 500;
	ck_assert_uint_eq(hg_trace_mono_ns(t, 0), 0);		/* not negative */
	/* no overflow: 2^62 cycles at 3 GHz */
	t->mono_start_cycles = 0;
	ck_assert_uint_eq(hg_trace_mono_ns(t, 1ULL << 62), 500 + 1537228672809129301ULL);

	t->mono_start_ns = 1000000;
	t->mono_start_cycles = 3000;
	v = export_json(t, HG_EXPORT_PERFETTO);
	e = find_event(hg_test_json_at(v, "traceEvents"), "X", "cpu 0", 0);
	/* start 3002 -> 1000001 ns, end 3005 -> 1000002 ns (1.667 rounded) */
	ck_assert_str_eq(j_str(e, "ts"), "1000.001");
	ck_assert_str_eq(j_str(e, "dur"), "0.001");
	json_object_put(v);
	hg_trace_free(t);
}
END_TEST

/* -------------------------------------------------------------------- csv */

/* thread 1 kept its kernel tid (4242), thread 0 did not (an empty cell) */
static const char expected_csv[] =
	"thread,kind,start_ns,end_ns,duration_ns,cpu,flags,mono_ns,cycles,tid\n"
	"0,interval,1000,1500,500,0,yield,7000001500,2000,\n"
	"0,interval,1600,5000001600,5000000000,1,,7000002100,2600,\n"
	"0,interval,5000001640,5000001740,100,0,last,12000002140,5000002640,\n"
	"1,interval,500,600,100,0,,7000001000,1500,4242\n"
	"1,interval,700,900,200,0,last,7000001200,1700,4242\n"
	"1,job,400,850,450,1,miss,7000000900,1400,4242\n"
	"1,lat,900,912,12,0,,7000001400,1900,4242\n"
	"1,frame,500,1100,600,0,,7000001000,2100,4242\n"
	"1,period_miss,200,1200,1000,0,miss,7000000700,2200,4242\n";

START_TEST(test_csv_exact)
{
	struct hg_trace *t = fixture();
	int ret;
	char *s;

	t->threads[1].tid = 4242;
	s = export_str(t, HG_EXPORT_CSV, &ret);

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
	ck_assert_str_eq(strchr(s, '\n') + 1, "0,interval,1000,1010,10,0,yield|sleep|last,2000,2000,\n");
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
	struct json_object *v = export_json(t, HG_EXPORT_JSON);
	struct json_object *run = hg_test_json_at(v, "run"), *threads = hg_test_json_at(v, "threads");
	struct json_object *r0, *r1;
	uint32_t i;

	ck_assert_uint_eq(hg_test_json_u64(v, "schema"), 2);
	ck_assert_str_eq(j_str(run, "tsc_hz"), "1000000000");
	ck_assert_str_eq(j_str(run, "t0_cycles"), "1000");
	ck_assert_str_eq(j_str(run, "start_monotonic_ns"), "7000000000");
	ck_assert_str_eq(j_str(run, "start_cycles"), "500");
	ck_assert_str_eq(hg_test_json_str(v, "system/counter"), "tsc");
	ck_assert_str_eq(j_str(run, "duration_ns"), "1000000");
	ck_assert_str_eq(j_str(run, "command"), "hourglass -n test");
	ck_assert_int_eq(hg_test_json_bool(run, "interrupted"), 0);
	ck_assert_uint_eq(hg_test_json_len(v, "threads"), 2);
	for (i = 0; i < 2; i++) {
		struct json_object *th = AT(threads, i), *recs = hg_test_json_at(th, "records");
		struct hg_export_item it;
		struct hg_reccur c;
		size_t n = 0;

		hg_reccur_init(&c, &t->threads[i]);
		while (hg_export_next(t, &c, &it) > 0) {
			struct json_object *r = AT(recs, n++);
			char num[24];

			ck_assert_str_eq(j_str(r, "kind"), hg_export_kind_name(it.kind));
			snprintf(num, sizeof(num), "%llu", (unsigned long long)it.start_ns);
			ck_assert_str_eq(j_str(r, "start_ns"), num);
			snprintf(num, sizeof(num), "%llu", (unsigned long long)it.end_ns);
			ck_assert_str_eq(j_str(r, "end_ns"), num);
		}
		hg_reccur_free(&c);
		ck_assert_uint_eq(LEN(recs), n);
		ck_assert_str_eq(j_str(th, "workload"), "CPU");
	}
	ck_assert_uint_eq(hg_test_json_len(threads, "0/records"), 3);
	ck_assert_uint_eq(hg_test_json_len(threads, "1/records"), 6);
	ck_assert_str_eq(hg_test_json_str(threads, "1/model"), "periodic");
	ck_assert(hg_test_json_null(threads, "0/timer"));
	r0 = hg_test_json_at(threads, "0/records/0");
	ck_assert_uint_eq(hg_test_json_len(r0, "flags"), 1);
	ck_assert_str_eq(hg_test_json_str(r0, "flags/0"), "yield");
	r1 = hg_test_json_at(threads, "1/records/2");
	ck_assert_str_eq(hg_test_json_str(r1, "kind"), "job");
	ck_assert_uint_eq(hg_test_json_u64(r1, "cpu"), 1);
	ck_assert_str_eq(hg_test_json_str(r1, "flags/0"), "miss");
	ck_assert_uint_eq(hg_test_json_len(threads, "1/records/0/flags"), 0);
	json_object_put(v);
	hg_trace_free(t);
}
END_TEST

/* ---------------------------------------------------------------- command */

/* What a command printed. */
struct printed {
	char out[4096];
	char err[1024];
};

/*
 * Run "hourglass export" with the arguments after @p (up to NULL); what it
 * prints goes to @p. Returns its exit status.
 */
static int run_cmd(struct printed *p, ...)
{
	const char *argv[16] = { "export" };
	struct hg_test_out o;
	int argc = 1;
	va_list ap;

	va_start(ap, p);
	while (argc < 15 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	hg_test_cmd(&o, hg_cmd_export.main, argv);
	snprintf(p->out, sizeof(p->out), "%s", o.out);
	snprintf(p->err, sizeof(p->err), "%s", o.err);
	hg_test_out_free(&o);
	return o.status;
}

#define RUN(p, ...) run_cmd((p), __VA_ARGS__, (char *)NULL)

/* Each command test starts with an empty test directory. */
static void empty_dir(void)
{
	hg_test_clear_dir(hg_test_tmpdir());
}

/* A trace file of the fixture in the test directory. */
static const char *trace_file(void)
{
	static char path[256];	/* one per test process */
	struct hg_trace *t = fixture();
	char err[256];

	snprintf(path, sizeof(path), "%s/run.hgt", hg_test_tmpdir());
	t->threads[1].tid = 4242;	/* as expected_csv has it */
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
	ck_assert_str_eq(p.err, "hourglass: export: --format: unknown format 'xml' "
			 "(choose from perfetto, csv, json, prom)\n");
	ck_assert_int_eq(other_files(), 0);
}
END_TEST

START_TEST(test_cmd_missing_output)
{
	struct printed p;
	char *file = (char *)trace_file();

	ck_assert_int_eq(RUN(&p, file, "--format", "csv"), 2);
	ck_assert_str_eq(p.err, "hourglass: export: missing -o <out> (usage: hourglass export "
			 "<file> --format perfetto|csv|json|prom -o <out> [<options>])\n");
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
			 "(choose from perfetto, csv, json, prom)\n");
	ck_assert_int_eq(other_files(), 0);
}
END_TEST

START_TEST(test_cmd_bad_file)
{
	struct printed p;
	char missing[256];

	ck_assert_int_eq(RUN(&p, "--format", "csv", "-o", out_file()), 2);
	ck_assert_str_eq(p.err, "hourglass: export: missing trace file (usage: hourglass export "
			 "<file> --format perfetto|csv|json|prom -o <out> [<options>])\n");
	snprintf(missing, sizeof(missing), "%s/none.hgt", hg_test_tmpdir());
	ck_assert_int_eq(RUN(&p, missing, "--format", "csv", "-o", out_file()), 2);
	ck_assert_ptr_nonnull(strstr(p.err, "none.hgt: No such file or directory\n"));
	ck_assert_int_eq(RUN(&p, "a.hgt", "b.hgt", "--format", "csv", "-o", out_file()), 2);
	ck_assert_ptr_nonnull(strstr(p.err, "unexpected argument 'b.hgt'"));
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
	snprintf(msg, sizeof(msg), "hourglass: export: -o %s: directory %s/none does not "
		 "exist\n", out, hg_test_tmpdir());
	ck_assert_str_eq(p.err, msg);
	ck_assert_int_eq(other_files(), 0);
}
END_TEST

START_TEST(test_cmd_writes)
{
	static const char *const formats[] = { "perfetto", "csv", "json" };
	struct hg_trace *t = fixture();
	struct printed p;
	char *want, *got;
	char *file = (char *)trace_file();
	int ret;

	ck_assert_int_eq(RUN(&p, file, "--format", (char *)formats[_i], "-o", out_file()), 0);
	ck_assert_str_eq(p.err, "");
	t->threads[1].tid = 4242;	/* as trace_file() wrote it */
	want = export_str(t, (enum hg_export_format)_i, &ret);
	got = hg_test_read_file(out_path, NULL);
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
	t->threads[1].tid = 4242;	/* as expected_csv has it */
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
				     "perfetto|csv|json|prom -o <out> [--sched <sched.txt>]\n"));
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

	tc = tcase_create("perfetto");
	tcase_add_test(tc, test_perfetto_document);
	tcase_add_test(tc, test_perfetto_tracks);
	tcase_add_test(tc, test_perfetto_real_ids);
	tcase_add_test(tc, test_perfetto_intervals);
	tcase_add_test(tc, test_perfetto_events);
	tcase_add_test(tc, test_perfetto_chain_flow);
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
