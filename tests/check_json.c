// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_json.c - report/json.c, meta.c and summary_json.c: the writer's
 * exact bytes (commas, indentation, one-line rows, escapes, numbers), the
 * run's metadata and system snapshot with their types, the summary of a
 * synthetic trace value by value, the calibration document
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "report/json.h"
#include "report/meta.h"
#include "report/summary_json.h"
#include "trace/brk.h"

/* ---------------------------------------------------------------- writer */

START_TEST(test_writer_layout)
{
	struct hg_test_text text;
	struct hg_json j;
	char *s;

	hg_json_begin(&j, hg_test_text_open(&text));
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "a", 1);
	hg_json_obj(&j, "empty");
	hg_json_close(&j);
	hg_json_arr(&j, "list");
	hg_json_row(&j, NULL);
	hg_json_u64(&j, NULL, 10);
	hg_json_i64(&j, NULL, -2);
	hg_json_close(&j);
	hg_json_row_obj(&j, NULL);
	hg_json_bool(&j, "x", 1);
	hg_json_null(&j, "y");
	hg_json_close(&j);
	hg_json_close(&j);
	hg_json_string(&j, "s", "q\"\\\n\t\x01\xff");
	hg_json_string(&j, "none", NULL);
	ck_assert_int_eq(hg_json_end_doc(&j), 0);
	s = hg_test_text_close(&text);
	ck_assert_str_eq(s, "{\n"
			 "  \"a\": 1,\n"
			 "  \"empty\": {},\n"
			 "  \"list\": [\n"
			 "    [10, -2],\n"
			 "    {\"x\": true, \"y\": null}\n"
			 "  ],\n"
			 "  \"s\": \"q\\\"\\\\\\n\\t\\u0001\\ufffd\",\n"
			 "  \"none\": null\n"
			 "}\n");
	ck_assert(hg_test_json_valid(s));
	free(s);
}
END_TEST

/*
 * A document the writer cannot make JSON of is refused by hg_json_end_doc:
 * members before any object was opened (diff --json wrote such a document),
 * two values at the top. A top-level scalar or array is a document.
 */
START_TEST(test_writer_refuses_broken)
{
	struct hg_test_text text;
	struct hg_json j;
	char *s;

	hg_json_begin(&j, hg_test_text_open(&text));
	hg_json_string(&j, "a", "x");
	hg_json_u64(&j, "n", 1);
	ck_assert_int_eq(hg_json_end_doc(&j), -EINVAL);
	free(hg_test_text_close(&text));

	hg_json_begin(&j, hg_test_text_open(&text));
	hg_json_obj(&j, NULL);
	hg_json_close(&j);
	hg_json_obj(&j, NULL);
	ck_assert_int_eq(hg_json_end_doc(&j), -EINVAL);
	free(hg_test_text_close(&text));

	hg_json_begin(&j, hg_test_text_open(&text));
	hg_json_u64(&j, NULL, 7);
	ck_assert_int_eq(hg_json_end_doc(&j), 0);
	s = hg_test_text_close(&text);
	ck_assert_str_eq(s, "7\n");
	free(s);
}
END_TEST

START_TEST(test_writer_numbers)
{
	struct hg_test_text text;
	struct json_object *doc;
	struct hg_json j;
	char *s;

	hg_json_begin(&j, hg_test_text_open(&text));
	hg_json_row(&j, NULL);
	hg_json_u64(&j, NULL, UINT64_MAX);
	hg_json_i64(&j, NULL, INT64_MIN);
	hg_json_num(&j, NULL, 0.5, 3);
	hg_json_num(&j, NULL, NAN, 3);
	hg_json_num(&j, NULL, INFINITY, 2);
	hg_json_milli(&j, NULL, 1234);
	hg_json_milli(&j, NULL, 7);
	ck_assert_int_eq(hg_json_end_doc(&j), 0);
	s = hg_test_text_close(&text);
	ck_assert_str_eq(s, "[18446744073709551615, -9223372036854775808, 0.500, null, null, "
			 "1.234, 0.007]\n");
	doc = hg_test_json(s);
	ck_assert_uint_eq(hg_test_json_u64(doc, "0"), UINT64_MAX);
	ck_assert_int_eq(hg_test_json_i64(doc, "1"), INT64_MIN);
	ck_assert(hg_test_json_null(doc, "3"));
	json_object_put(doc);
	free(s);
}
END_TEST

/* Rows written by the caller into a buffer of its own, then the writer again. */
START_TEST(test_writer_prefix)
{
	struct hg_test_text text;
	struct hg_json j;
	char buf[4 * HG_JSON_PREFIX + 16], *p = buf, *s;
	int i;

	hg_json_begin(&j, hg_test_text_open(&text));
	hg_json_obj(&j, NULL);
	hg_json_arr(&j, "rows");
	for (i = 0; i < 3; i++) {
		p = hg_json_prefix(&j, p);
		*p++ = (char)('0' + i);
	}
	fwrite(buf, 1, (size_t)(p - buf), j.f);
	hg_json_close(&j);
	hg_json_arr(&j, "none");
	hg_json_close(&j);
	ck_assert_int_eq(hg_json_end_doc(&j), 0);
	s = hg_test_text_close(&text);
	ck_assert_str_eq(s, "{\n  \"rows\": [\n    0,\n    1,\n    2\n  ],\n  \"none\": []\n}\n");
	free(s);
}
END_TEST

/* Deeper than HG_JSON_DEPTH: still JSON, on one line from there on. */
START_TEST(test_writer_deep)
{
	struct hg_test_text text;
	struct hg_json j;
	char *s;
	int i;

	hg_json_begin(&j, hg_test_text_open(&text));
	for (i = 0; i < HG_JSON_DEPTH + 4; i++) {
		if (i % 2)
			hg_json_obj(&j, NULL);
		else
			hg_json_arr(&j, i ? "k" : NULL);
	}
	hg_json_u64(&j, "v", 1);
	hg_json_u64(&j, "w", 2);
	ck_assert_int_eq(hg_json_end_doc(&j), 0);
	s = hg_test_text_close(&text);
	ck_assert_msg(hg_test_json_valid(s), "%s", s);
	ck_assert_ptr_nonnull(strstr(s, "\n" "                              {\"k\": [{\"k\": [{\"v\": 1, \"w\": 2}]}]}\n"));
	free(s);
}
END_TEST

/* ------------------------------------------------------------ metadata */

static const uint64_t iv0[][2] = { { 1000, 100 }, { 1200, 300 }, { 1600, 50 } };
static const uint64_t (*const ivs[])[2] = { iv0 };
static const size_t niv[] = { 3 };

static struct hg_trace *trace(void)
{
	struct hg_trace *t = hg_test_trace(1, ivs, niv);

	ck_assert_ptr_nonnull(t);
	t->mono_start_ns = 5000;
	t->mono_start_cycles = 500;
	t->mono_end_ns = 1006000;
	t->mono_end_cycles = 1001500;
	t->realtime_start_ns = 1700000000000000000ULL;
	t->flags |= HG_TRACE_INTERRUPTED;
	t->signal = 2;
	ck_assert_int_eq(hg_trace_add_sys(t, "kernel_release", "6.1.0"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "rt_runtime_us", "950000"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "rt_period_us", "unknown"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "interrupts_before", "286656 362377"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "interrupts_after", "1 x 3"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "numa_nodes", "0"), 0);
	return t;
}

/* The summary of @t, parsed. */
static struct json_object *summary(const struct hg_trace *t)
{
	struct hg_test_text text;
	struct json_object *doc;
	char *s;

	ck_assert_int_eq(hg_json_summary(hg_test_text_open(&text), t), 0);
	s = hg_test_text_close(&text);
	doc = hg_test_json(s);
	free(s);
	return doc;
}

START_TEST(test_meta_run)
{
	struct hg_trace *t = trace();
	struct json_object *doc = summary(t), *run = hg_test_json_at(doc, "run");

	ck_assert_uint_eq(hg_test_json_u64(doc, "schema"), HG_JSON_SCHEMA);
	ck_assert_str_eq(hg_test_json_str(run, "command"), "hourglass -n test");
	ck_assert_uint_eq(hg_test_json_u64(run, "threads"), 1);
	ck_assert_uint_eq(hg_test_json_u64(run, "duration_ns"), 1000000);
	ck_assert_uint_eq(hg_test_json_u64(run, "elapsed_ns"), 1000000);
	ck_assert_uint_eq(hg_test_json_u64(run, "tsc_hz"), 1000000000);
	ck_assert_uint_eq(hg_test_json_u64(run, "t0_cycles"), 1000);
	/* t0 is 500 cycles (500 ns at 1 GHz) after the pair's 5000 ns */
	ck_assert_uint_eq(hg_test_json_u64(run, "t0_monotonic_ns"), 5500);
	ck_assert_uint_eq(hg_test_json_u64(run, "start_monotonic_ns"), 5000);
	ck_assert_uint_eq(hg_test_json_u64(run, "start_cycles"), 500);
	ck_assert_uint_eq(hg_test_json_u64(run, "end_monotonic_ns"), 1006000);
	ck_assert_uint_eq(hg_test_json_u64(run, "end_cycles"), 1001500);
	ck_assert_uint_eq(hg_test_json_u64(run, "start_realtime_ns"), 1700000000000000000ULL);
	ck_assert(hg_test_json_bool(run, "interrupted"));
	ck_assert_int_eq(hg_test_json_i64(run, "signal"), 2);
	ck_assert(!hg_test_json_bool(run, "memory_locked"));
	ck_assert_uint_eq(hg_test_json_u64(run, "capacity_records"), 1024);
	ck_assert_uint_eq(hg_test_json_u64(run, "stored_records"), 3);
	ck_assert_uint_eq(hg_test_json_u64(run, "dropped_records"), 0);
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_meta_system)
{
	struct hg_trace *t = trace();
	struct json_object *doc = summary(t), *sys = hg_test_json_at(doc, "system");

	ck_assert_str_eq(hg_test_json_str(sys, "counter"), "tsc");
	ck_assert_str_eq(hg_test_json_str(sys, "kernel_release"), "6.1.0");
	ck_assert_int_eq(hg_test_json_i64(sys, "rt_runtime_us"), 950000);
	ck_assert(hg_test_json_null(sys, "rt_period_us"));	/* "unknown" */
	ck_assert_uint_eq(hg_test_json_len(sys, "interrupts_before"), 2);
	ck_assert_uint_eq(hg_test_json_u64(sys, "interrupts_before/0"), 286656);
	ck_assert_uint_eq(hg_test_json_u64(sys, "interrupts_before/1"), 362377);
	ck_assert_uint_eq(hg_test_json_len(sys, "interrupts_after"), 3);
	ck_assert(hg_test_json_null(sys, "interrupts_after/1"));	/* never guessed */
	ck_assert_uint_eq(hg_test_json_u64(sys, "interrupts_after/2"), 3);
	ck_assert_str_eq(hg_test_json_str(sys, "numa_nodes"), "0");	/* a list */
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

/* The request for no deep idle states: a figure and whether it was held. */
START_TEST(test_meta_dma_latency)
{
	static const char *const stored[] = {
		"0 us, held during the run",
		"not set (no /dev/cpu_dma_latency or no permission)",
	};
	struct hg_trace *t = trace();
	struct json_object *doc, *sys;

	ck_assert_int_eq(hg_trace_add_sys(t, "cpu_dma_latency", stored[_i]), 0);
	doc = summary(t);
	sys = hg_test_json_at(doc, "system");
	if (_i == 0)
		ck_assert_uint_eq(hg_test_json_u64(sys, "cpu_dma_latency/us"), 0);
	else
		ck_assert(hg_test_json_null(sys, "cpu_dma_latency/us"));
	ck_assert_int_eq(json_object_get_boolean(hg_test_json_at(sys, "cpu_dma_latency/held")),
			 _i == 0);
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

/* ------------------------------------------------------------- summary */

/*
 * The thread: intervals 1000+100, 1200+300, 1600+50 cycles at 1 GHz: 450 ns
 * received, gaps of 100 and 100 ns, both in the power-of-two bucket
 * [64, 128).
 */
START_TEST(test_summary_thread)
{
	struct hg_trace *t = trace();
	struct json_object *doc = summary(t), *th = hg_test_json_at(doc, "threads/0");

	ck_assert_uint_eq(hg_test_json_len(doc, "threads"), 1);
	ck_assert_uint_eq(hg_test_json_u64(th, "id"), 0);
	ck_assert_str_eq(hg_test_json_str(th, "workload"), "CPU");
	ck_assert_uint_eq(hg_test_json_u64(th, "received_ns"), 450);
	ck_assert_uint_eq(hg_test_json_u64(th, "window_ns"), 1000000);
	ck_assert_double_eq_tol(hg_test_json_num(th, "share"), 0.00045, 1e-9);
	ck_assert_uint_eq(hg_test_json_u64(th, "intervals"), 3);
	ck_assert_uint_eq(hg_test_json_u64(th, "gaps/count"), 2);
	ck_assert_uint_eq(hg_test_json_u64(th, "gaps/total_ns"), 200);
	ck_assert_uint_eq(hg_test_json_u64(th, "gaps/min_ns"), 100);
	ck_assert_uint_eq(hg_test_json_u64(th, "gaps/max_ns"), 100);
	ck_assert_uint_eq(hg_test_json_len(th, "gap_histogram"), 1);
	ck_assert_uint_eq(hg_test_json_u64(th, "gap_histogram/0/low_ns"), 64);
	ck_assert_uint_eq(hg_test_json_u64(th, "gap_histogram/0/end_ns"), 128);
	ck_assert_uint_eq(hg_test_json_u64(th, "gap_histogram/0/count"), 2);
	ck_assert(hg_test_json_null(th, "work_unit"));
	ck_assert(hg_test_json_null(th, "error"));
	ck_assert_int_eq(hg_test_json_has(th, "model"), 0);	/* CPU: no model */
	ck_assert_uint_eq(hg_test_json_u64(doc, "calibration/gap_threshold_cycles"), 10);
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

/*
 * A thread of one interval has no gaps, a LAT thread no samples: their
 * figures are null (the text prints '-'), never a 0 that reads as measured.
 */
START_TEST(test_summary_empty)
{
	static const uint64_t one[][2] = { { 1000, 100 } };
	static const uint64_t (*const one_ivs[])[2] = { one };
	static const size_t one_n[] = { 1 };
	static const char *const keys[] = { "min_ns", "median_ns", "p99_ns", "p999_ns", "max_ns" };
	struct hg_trace *t = hg_test_trace(1, one_ivs, one_n);
	struct json_object *doc, *th;
	char path[64];
	size_t i;

	ck_assert_ptr_nonnull(t);
	t->threads[0].model = HG_MODEL_LAT;
	t->threads[0].period_ns = 1000000;
	doc = summary(t);
	th = hg_test_json_at(doc, "threads/0");
	ck_assert_uint_eq(hg_test_json_u64(th, "gaps/count"), 0);
	ck_assert_uint_eq(hg_test_json_u64(th, "model/lateness/count"), 0);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		snprintf(path, sizeof(path), "gaps/%s", keys[i]);
		ck_assert_msg(hg_test_json_null(th, "%s", path), "%s", path);
		snprintf(path, sizeof(path), "model/lateness/%s", keys[i]);
		ck_assert_msg(hg_test_json_null(th, "%s", path), "%s", path);
	}
	ck_assert(hg_test_json_null(th, "model/lateness/mean_ns"));
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

static void add_event(struct hg_trace_thread *th, uint64_t at, uint32_t ns, unsigned int type,
		      unsigned int extra)
{
	struct hg_record *r = realloc(th->recs, (th->stored + 1) * sizeof(*r));

	ck_assert_ptr_nonnull(r);
	th->recs = r;
	r[th->stored++] = (struct hg_record){
		.start_cycles = at, .len_cycles = ns, .flags = hg_event_flags(type, extra),
	};
	hg_hist_add(&th->stats.events, ns);
}

/*
 * A LAT thread with samples of 500 ns, 1.5 us (twice) and 3.2 us: buckets
 * of 1 us 0: 1, 1: 2, 3: 1, as cyclictest counts them; with --histogram 2
 * the one of 3 us overflows.
 */
START_TEST(test_summary_lat)
{
	struct hg_trace *t = trace();
	struct hg_trace_thread *th = &t->threads[0];
	struct json_object *doc, *m;

	th->model = HG_MODEL_LAT;
	th->period_ns = 1000000;
	add_event(th, 2000, 500, HG_EV_LAT, 0);
	add_event(th, 3000, 1500, HG_EV_LAT, 0);
	add_event(th, 4000, 1500, HG_EV_LAT, 0);
	add_event(th, 5000, 3200, HG_EV_LAT, 0);
	doc = summary(t);
	m = hg_test_json_at(doc, "threads/0/model");
	ck_assert_str_eq(hg_test_json_str(m, "kind"), "lat");
	ck_assert_uint_eq(hg_test_json_u64(m, "lateness/count"), 4);
	ck_assert_uint_eq(hg_test_json_u64(m, "lateness/max_ns"), 3200);
	ck_assert_uint_eq(hg_test_json_u64(m, "latency_histogram/bucket_us"), 1);
	ck_assert_uint_eq(hg_test_json_u64(m, "latency_histogram/buckets"), 4);
	ck_assert_uint_eq(hg_test_json_u64(m, "latency_histogram/histogram/0"), 1);
	ck_assert_uint_eq(hg_test_json_u64(m, "latency_histogram/histogram/1"), 2);
	ck_assert_int_eq(hg_test_json_has(m, "latency_histogram/histogram/2"), 0);
	ck_assert_uint_eq(hg_test_json_u64(m, "latency_histogram/histogram/3"), 1);
	ck_assert_uint_eq(hg_test_json_u64(m, "latency_histogram/overflows"), 0);
	ck_assert_uint_eq(hg_test_json_u64(m, "latency_histogram/cycles"), 4);
	ck_assert_uint_eq(hg_test_json_u64(m, "latency_histogram/min_us"), 0);
	ck_assert_uint_eq(hg_test_json_u64(m, "latency_histogram/avg_us"), 1);	/* 6700/4 ns */
	ck_assert_uint_eq(hg_test_json_u64(m, "latency_histogram/max_us"), 3);
	json_object_put(doc);
	t->histogram_us = 2;
	doc = summary(t);
	m = hg_test_json_at(doc, "threads/0/model/latency_histogram");
	ck_assert_uint_eq(hg_test_json_u64(m, "buckets"), 2);
	ck_assert_int_eq(hg_test_json_has(m, "histogram/3"), 0);
	ck_assert_uint_eq(hg_test_json_u64(m, "overflows"), 1);
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

/* 3 jobs met their deadline, 1 missed it. */
START_TEST(test_summary_deadlines)
{
	struct hg_trace *t = trace();
	struct hg_trace_thread *th = &t->threads[0];
	struct json_object *doc, *m;

	th->model = HG_MODEL_PERIODIC;
	th->period_ns = 1000;
	th->deadline_ns = 800;
	th->stats.hits = 3;
	th->stats.misses = 1;
	add_event(th, 2000, 300, HG_EV_JOB, 0);
	add_event(th, 3000, 900, HG_EV_JOB, HG_REC_MISS);
	doc = summary(t);
	m = hg_test_json_at(doc, "threads/0/model");
	ck_assert_str_eq(hg_test_json_str(m, "kind"), "periodic");
	ck_assert_uint_eq(hg_test_json_u64(m, "deadline_ns"), 800);
	ck_assert_uint_eq(hg_test_json_u64(m, "hits"), 3);
	ck_assert_uint_eq(hg_test_json_u64(m, "misses"), 1);
	ck_assert_double_eq_tol(hg_test_json_num(m, "miss_ratio"), 0.25, 1e-9);
	ck_assert_uint_eq(hg_test_json_u64(m, "response/count"), 2);
	ck_assert_uint_eq(hg_test_json_u64(m, "response/max_ns"), 900);
	ck_assert_int_eq(hg_test_json_has(m, "latency_histogram"), 0);
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

/*
 * The paper's task set (section 5.5): C 3 ms T 8 ms at the higher
 * priority, C 17 ms T 33 ms: R = 3 ms and 17 + 3 * ceil(R / 8) = 29 ms
 * (R = 29: 17 + 4 * 3 = 29). Thread 0 measured 3.5 ms once: more than
 * predicted; thread 1 nothing.
 */
START_TEST(test_summary_prediction)
{
	static const size_t none[2];
	struct hg_trace *t = hg_test_trace(2, NULL, none);
	struct json_object *doc, *p;
	uint32_t i;

	ck_assert_ptr_nonnull(t);
	for (i = 0; i < 2; i++) {
		t->threads[i].model = HG_MODEL_PERIODIC;
		t->threads[i].wcet_ns = i ? 17000000 : 3000000;
		t->threads[i].period_ns = i ? 33000000 : 8000000;
		t->threads[i].deadline_ns = t->threads[i].period_ns;
		t->threads[i].rt_prio = i ? 10 : 20;
	}
	add_event(&t->threads[0], 2000, 3500000, HG_EV_JOB, 0);
	doc = summary(t);
	p = hg_test_json_at(doc, "prediction");
	ck_assert_str_eq(hg_test_json_str(p, "order"), "priority");
	ck_assert(!hg_test_json_bool(p, "reserved_threads_left_out"));
	ck_assert_uint_eq(hg_test_json_len(p, "tasks"), 2);
	ck_assert_uint_eq(hg_test_json_u64(p, "tasks/0/thread"), 0);
	ck_assert_uint_eq(hg_test_json_u64(p, "tasks/0/rank"), 0);
	ck_assert_uint_eq(hg_test_json_u64(p, "tasks/0/predicted_ns"), 3000000);
	ck_assert_uint_eq(hg_test_json_u64(p, "tasks/1/predicted_ns"), 29000000);
	ck_assert(hg_test_json_bool(p, "tasks/1/schedulable"));
	ck_assert_uint_eq(hg_test_json_u64(p, "tasks/0/responses"), 1);
	ck_assert_uint_eq(hg_test_json_u64(p, "tasks/0/max_ns"), 3500000);
	ck_assert(!hg_test_json_bool(p, "tasks/0/held"));
	ck_assert(hg_test_json_null(p, "tasks/1/held"));	/* nothing measured */
	ck_assert_uint_eq(hg_test_json_u64(p, "tasks/1/d_ns"), 33000000);
	/* no jitter measured: the same */
	ck_assert_uint_eq(hg_test_json_u64(p, "tasks/1/with_measured_jitter/predicted_ns"),
			  29000000);
	json_object_put(doc);
	/* nothing to predict: null */
	t->threads[0].model = t->threads[1].model = HG_MODEL_SPIN;
	doc = summary(t);
	ck_assert(hg_test_json_null(doc, "prediction"));
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

/*
 * A hard reservation of 100 ns every 1000 ns: the thread's 1 ms window
 * holds 1000 periods; the first received 100 + 300 + 50 = 450 ns (at least
 * the budget less its margin, 1 % of a budget under 1 ms: throttled; and
 * more than the budget and the margin), the others nothing.
 */
START_TEST(test_summary_reservation)
{
	struct hg_trace *t = trace();
	struct json_object *doc, *r;

	t->threads[0].reserve = HG_RESERVE_HARD;
	t->threads[0].reserve_budget_ns = 100;
	t->threads[0].reserve_period_ns = 1000;
	doc = summary(t);
	r = hg_test_json_at(doc, "threads/0/reservation");
	ck_assert_str_eq(hg_test_json_str(r, "kind"), "hard");
	ck_assert_uint_eq(hg_test_json_u64(r, "budget_ns"), 100);
	ck_assert_uint_eq(hg_test_json_u64(r, "period_ns"), 1000);
	ck_assert_uint_eq(hg_test_json_u64(r, "audit/periods"), 1000);
	ck_assert_uint_eq(hg_test_json_u64(r, "audit/min_ns"), 0);
	ck_assert_uint_eq(hg_test_json_u64(r, "audit/max_ns"), 450);
	ck_assert_uint_eq(hg_test_json_u64(r, "audit/mean_ns"), 0);	/* 450 / 1000 */
	ck_assert_uint_eq(hg_test_json_u64(r, "audit/whole_budget_periods"), 1);
	ck_assert_uint_eq(hg_test_json_u64(r, "audit/over_budget_periods"), 1);
	ck_assert(!hg_test_json_bool(r, "audit/from_stored_records_only"));
	json_object_put(doc);
	/* a period of 0 from a file: no audit */
	t->threads[0].reserve_period_ns = 0;
	doc = summary(t);
	ck_assert(hg_test_json_null(doc, "threads/0/reservation/audit"));
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

/* The same trace, the same bytes: nothing in it depends on the moment. */
START_TEST(test_summary_repeatable)
{
	struct hg_trace *t = trace();
	struct hg_test_text a, b;
	char *sa, *sb;

	ck_assert_int_eq(hg_json_summary(hg_test_text_open(&a), t), 0);
	ck_assert_int_eq(hg_json_summary(hg_test_text_open(&b), t), 0);
	sa = hg_test_text_close(&a);
	sb = hg_test_text_close(&b);
	ck_assert_str_eq(sa, sb);
	free(sa);
	free(sb);
	hg_trace_free(t);
}
END_TEST

/* No --break: "break" is null; a thread never overwritten is complete from its start. */
START_TEST(test_summary_no_break)
{
	struct hg_trace *t = trace();
	struct json_object *doc = summary(t), *th = hg_test_json_at(doc, "threads/0");

	ck_assert(hg_test_json_null(doc, "break"));
	ck_assert_uint_eq(hg_test_json_u64(th, "records_overwritten"), 0);
	ck_assert_uint_eq(hg_test_json_u64(th, "complete_since_ns"),
			  hg_test_json_u64(th, "start_ns"));
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

/*
 * A --break run: what, where and when, as the text's "# break:" line says;
 * a gap's value is stored in cycles (1 GHz here: the same in ns). A flight
 * recorder's thread: complete from its oldest kept record.
 */
START_TEST(test_summary_break)
{
	static const char *const kinds[] = { "gap", "lat", "miss" };
	static const unsigned int kind[] = { HG_BREAK_GAP, HG_BREAK_LAT, HG_BREAK_MISS };
	struct hg_trace *t = trace();
	struct json_object *doc, *b, *th;

	t->flags |= HG_TRACE_BREAK;
	t->break_kind = kind[_i];
	t->break_thread = 0;
	t->break_cpu = 1;
	t->break_marked = _i == 1;
	t->break_at_cycles = t->t0_cycles + 600;
	t->break_value = 250;
	t->break_threshold_ns = 200;
	t->threads[0].overwritten = 7;
	t->threads[0].complete_since_cycles = t->t0_cycles + 200;
	doc = summary(t);
	b = hg_test_json_at(doc, "break");
	ck_assert_str_eq(hg_test_json_str(b, "kind"), kinds[_i]);
	ck_assert_uint_eq(hg_test_json_u64(b, "thread"), 0);
	ck_assert_uint_eq(hg_test_json_u64(b, "cpu"), 1);
	ck_assert_uint_eq(hg_test_json_u64(b, "at_ns"), 600);
	ck_assert_uint_eq(hg_test_json_u64(b, "value_ns"), 250);
	ck_assert_uint_eq(hg_test_json_u64(b, "threshold_ns"), 200);
	ck_assert_int_eq(hg_test_json_bool(b, "kernel_trace_marked"), _i == 1);
	th = hg_test_json_at(doc, "threads/0");
	ck_assert_uint_eq(hg_test_json_u64(th, "records_overwritten"), 7);
	ck_assert_uint_eq(hg_test_json_u64(th, "complete_since_ns"), 200);
	json_object_put(doc);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_calib_document)
{
	struct hg_calib c = {
		.tsc_hz = 2400000000ULL, .invariant = 1, .rounds = 3, .agree_ppm = 12,
		.counter_read_cycles = 20, .bare_loop_mcycles = 25000,
		.gap_loop_mcycles = 27500, .iter_p999_cycles = 80,
		.gap_threshold_cycles = 55, .gap_threshold_ns = 22,
	};
	struct hg_test_text text;
	struct json_object *doc, *all;
	struct hg_json j;
	char *s;

	hg_json_calib(&j, hg_test_text_open(&text), &c, "tsc");
	hg_json_u64(&j, "more", 1);
	ck_assert_int_eq(hg_json_end_doc(&j), 0);
	s = hg_test_text_close(&text);
	all = hg_test_json(s);
	ck_assert_uint_eq(hg_test_json_u64(all, "schema"), HG_CALIB_SCHEMA);
	ck_assert_uint_eq(hg_test_json_u64(all, "more"), 1);
	doc = hg_test_json_at(all, "calibration");
	ck_assert_str_eq(hg_test_json_str(doc, "counter"), "tsc");
	ck_assert_uint_eq(hg_test_json_u64(doc, "tsc_hz"), 2400000000ULL);
	ck_assert_str_eq(hg_test_json_text(doc, "bare_loop_cycles"), "25.000");
	ck_assert_str_eq(hg_test_json_text(doc, "gap_loop_cycles"), "27.500");
	ck_assert_str_eq(hg_test_json_text(doc, "loop_ratio"), "1.1000");
	ck_assert_str_eq(hg_test_json_str(doc, "gap_threshold_source"), "derived");
	json_object_put(all);
	free(s);
}
END_TEST

static Suite *json_suite(void)
{
	Suite *s = suite_create("json");
	TCase *tc;

	tc = tcase_create("writer");
	tcase_add_test(tc, test_writer_layout);
	tcase_add_test(tc, test_writer_numbers);
	tcase_add_test(tc, test_writer_refuses_broken);
	tcase_add_test(tc, test_writer_prefix);
	tcase_add_test(tc, test_writer_deep);
	suite_add_tcase(s, tc);

	tc = tcase_create("documents");
	tcase_add_test(tc, test_meta_run);
	tcase_add_test(tc, test_meta_system);
	tcase_add_loop_test(tc, test_meta_dma_latency, 0, 2);
	tcase_add_test(tc, test_summary_thread);
	tcase_add_test(tc, test_summary_empty);
	tcase_add_test(tc, test_summary_lat);
	tcase_add_test(tc, test_summary_deadlines);
	tcase_add_test(tc, test_summary_prediction);
	tcase_add_test(tc, test_summary_reservation);
	tcase_add_test(tc, test_summary_repeatable);
	tcase_add_test(tc, test_summary_no_break);
	tcase_add_loop_test(tc, test_summary_break, 0, 3);
	tcase_add_test(tc, test_calib_document);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(json_suite());
}
