// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_overheads.c - analysis/sched/overheads.c: the switch and cache costs
 * read from fixed ctxcost and cachecost JSON documents (tests/fixtures),
 * charged to the jobs, kept in a trace's snapshot; and rta's report with
 * and without them (report/rtaprint.c)
 *
 * The fixtures: ctxcost.json's voluntary median is 3210.4 ns, its
 * involuntary one 2500 ns: S = 3210 (the larger, rounded). cachecost.json
 * measured 1.5 us at 64 KB, 12.25 us at 1024 KB and 80 us at 8192 KB, the
 * last not measurable: P = 12250 ns at 1024 KB. 2 S + P = 18670 ns.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "analysis/sched/overheads.h"
#include "hourglass/overin.h"
#include "report/rtaprint.h"
#include "rtatest.h"

/* the tests run from the top of the tree (as check_kevents.c's fixture) */
#define FIX(name) "tests/fixtures/" name

START_TEST(test_read_ctxcost)
{
	struct hg_overheads o = { 0 };
	char err[256];

	ck_assert_int_eq(hg_overheads_read(FIX("ctxcost.json"), &o, err, sizeof(err)), 0);
	ck_assert_uint_eq(o.switch_ns, 3210);
	ck_assert_uint_eq(o.cache_ns, 0);
	ck_assert_str_eq(o.source, "ctxcost " FIX("ctxcost.json"));
	ck_assert_uint_eq(hg_overheads_per_job(&o), 6420);
}
END_TEST

/* analysis/ takes the parsed document and reads no file: the costs, the
 * noisy flag and the source from a document made in memory */
START_TEST(test_from_doc)
{
	struct json_object *root = json_tokener_parse(
		"{\"generator\": \"hourglass ctxcost\", \"quiet\": false,"
		" \"voluntary\": {\"median_ns\": 2100}, \"involuntary\": {\"median_ns\": 3400}}");
	struct hg_overheads o = { 0 };
	char err[256] = "";

	ck_assert_ptr_nonnull(root);
	ck_assert_int_eq(hg_overheads_from_doc(root, "mem.json", &o, err, sizeof(err)), 0);
	ck_assert_uint_eq(o.switch_ns, 3400);
	ck_assert_str_eq(o.noisy, "mem.json");
	ck_assert_str_eq(o.source, "ctxcost mem.json");
	json_object_put(root);
	ck_assert_int_eq(hg_overheads_from_doc(NULL, "x.json", &o, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "x.json: not the JSON of ctxcost --json or cachecost --json "
			 "(no \"generator\" of either)");
}
END_TEST

START_TEST(test_read_both)
{
	struct hg_overheads o = { 0 };
	char err[256];

	ck_assert_int_eq(hg_overheads_read_list(FIX("cachecost.json") "," FIX("ctxcost.json"), &o,
						err, sizeof(err)), 0);
	ck_assert_uint_eq(o.switch_ns, 3210);
	ck_assert_uint_eq(o.cache_ns, 12250);
	ck_assert_uint_eq(o.cache_kb, 1024);
	ck_assert_uint_eq(hg_overheads_per_job(&o), 18670);
	ck_assert_str_eq(o.source, "cachecost " FIX("cachecost.json") ", ctxcost "
			 FIX("ctxcost.json"));
}
END_TEST

/* A document that says the machine was not quiet is named in noisy; a quiet one is not. */
START_TEST(test_read_noisy)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "c.json"), err[256];
	struct hg_overheads o = { 0 };

	free(hg_test_write_text(dir, "c.json", "{\"generator\": \"hourglass ctxcost\", "
				"\"voluntary\": {\"median_ns\": 81000}, \"quiet\": false}"));
	ck_assert_int_eq(hg_overheads_read(FIX("ctxcost.json"), &o, err, sizeof(err)), 0);
	ck_assert_str_eq(o.noisy, "");
	ck_assert_int_eq(hg_overheads_read(path, &o, err, sizeof(err)), 0);
	ck_assert_uint_eq(o.switch_ns, 81000);
	ck_assert_str_eq(o.noisy, path);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

static const struct {
	const char *text;	/* NULL: a file that is not there */
	const char *msg;	/* after "<path>: " */
} bad[] = {
	{ "not json at all", "not the JSON of ctxcost --json or cachecost --json (no "
	  "\"generator\" of either)" },
	{ "{\"generator\": \"hourglass\", \"schema\": 2}", "not the JSON of ctxcost --json or "
	  "cachecost --json (no \"generator\" of either)" },
	{ "{\"generator\": \"hourglass ctxcost\", \"voluntary\": {\"median_ns\": null}}",
	  "no cost measured in it (no median switch cost)" },
	{ "{\"generator\": \"hourglass ctxcost\", \"voluntary\": {\"median_ns\": -5}}",
	  "no cost measured in it (no median switch cost)" },
	{ "{\"generator\": \"hourglass cachecost\", \"sizes\": [{\"size_kb\": 64, "
	  "\"penalty_us\": 3, \"measurable\": false}]}",
	  "no cost measured in it (no measurable penalty)" },
	{ "{\"generator\": \"hourglass cachecost\", \"sizes\": 3}",
	  "no cost measured in it (no measurable penalty)" },
	{ NULL, "No such file or directory" },
};

START_TEST(test_read_bad)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "c.json"), err[512], want[600];
	struct hg_overheads o = { 0 };

	if (bad[_i].text)
		free(hg_test_write_text(dir, "c.json", bad[_i].text));
	ck_assert_int_lt(hg_overheads_read(path, &o, err, sizeof(err)), 0);
	snprintf(want, sizeof(want), "%s: %s", path, bad[_i].msg);
	if (bad[_i].text)
		ck_assert_str_eq(err, want);
	else
		ck_assert_msg(strstr(err, bad[_i].msg), "%s", err);
	ck_assert_uint_eq(o.switch_ns, 0);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_list_bad)
{
	struct hg_overheads o = { 0 };
	char err[256];

	ck_assert_int_eq(hg_overheads_read_list(",", &o, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "no file named (write e.g. costs.json or costs.json,cache.json)");
	ck_assert_int_eq(hg_overheads_read_list("a,b,c", &o, err, sizeof(err)), -ENOENT);
	ck_assert_int_eq(hg_overheads_read_list(FIX("ctxcost.json") "," FIX("ctxcost.json") ","
						FIX("ctxcost.json"), &o, err, sizeof(err)),
			 -EINVAL);
	ck_assert_msg(strstr(err, "at most two files"), "%s", err);
}
END_TEST

/* Each C raised by 2 S + P; the rest untouched; sums saturate. */
START_TEST(test_apply)
{
	struct hg_overheads o = { .switch_ns = 1000, .cache_ns = 500 };
	struct hg_rta_task ts[2] = {
		{ .c_ns = 1 * MS, .t_ns = 10 * MS, .d_ns = 10 * MS, .b_ns = 7 },
		{ .c_ns = UINT64_MAX - 10, .t_ns = 10 * MS },
	};

	hg_overheads_apply(ts, 2, &o);
	ck_assert_uint_eq(ts[0].c_ns, MS + 2500);
	ck_assert_uint_eq(ts[0].b_ns, 7);
	ck_assert_uint_eq(ts[1].c_ns, UINT64_MAX);
	o.switch_ns = UINT64_MAX;
	ck_assert_uint_eq(hg_overheads_per_job(&o), UINT64_MAX);
}
END_TEST

/* Kept in a trace's snapshot and read back; none when absent or damaged. */
START_TEST(test_sys_round_trip)
{
	struct hg_overheads o = { .switch_ns = 3210, .cache_ns = 12250, .cache_kb = 1024 }, back;
	struct hg_trace *t = hg_trace_alloc(1);

	ck_assert_ptr_nonnull(t);
	hg_overheads_from_sys(t, &back);
	ck_assert(!hg_overheads_any(&back));
	snprintf(o.source, sizeof(o.source), "ctxcost c.json");
	ck_assert_int_eq(hg_overheads_to_sys(t, &o), 0);
	hg_overheads_from_sys(t, &back);
	ck_assert_uint_eq(back.switch_ns, 3210);
	ck_assert_uint_eq(back.cache_ns, 12250);
	ck_assert_uint_eq(back.cache_kb, 1024);
	ck_assert_str_eq(back.source, "ctxcost c.json");
	ck_assert_str_eq(back.noisy, "");
	hg_trace_free(t);
	/* a file measured on a machine that was not quiet: said again */
	t = hg_trace_alloc(1);
	ck_assert_ptr_nonnull(t);
	snprintf(o.noisy, sizeof(o.noisy), "c.json");
	ck_assert_int_eq(hg_overheads_to_sys(t, &o), 0);
	hg_overheads_from_sys(t, &back);
	ck_assert_str_eq(back.noisy, "c.json");
	hg_trace_free(t);
	/* a value that is no number: none at all */
	t = hg_trace_alloc(1);
	hg_trace_add_sys(t, "overheads_switch_ns", "lots");
	hg_trace_add_sys(t, "overheads_cache_ns", "0");
	hg_trace_add_sys(t, "overheads_cache_kb", "0");
	hg_overheads_from_sys(t, &back);
	ck_assert(!hg_overheads_any(&back));
	hg_trace_free(t);
}
END_TEST

/*
 * The demo set (H 1/10 with 0.5 on L, M 4/10, L 2/20 with 1.5 on L,
 * inherit) with both fixtures, C + 18.670 us:
 *  H: 1.01867 + 1.5 = 2.51867 -> 2.519.
 *  M: 4.01867 + 1.5 + 1.01867 = 6.53734 (one job of H) -> 6.537.
 *  L: 2.01867 + 1.01867 + 4.01867 = 7.05601 -> 7.056.
 * With --cs-cost 1ms instead (C + 2 ms): H 3 + 1.5 = 4.5; M 6 + 1.5 + 3
 * = 10.5, then two jobs of H: 13.5 > 10, unschedulable; L: 0.3 + 0.6 +
 * 0.2 = 1.1 CPUs, unbounded.
 */
static char *demo_report(const struct hg_overheads *o, bool json)
{
	static const struct ms_task m[] = {
		TASK(1, 10, 0, 0, 0, 80), TASK(4, 10, 0, 0, 0, 50), TASK(2, 20, 0, 0, 0, 10),
	};
	struct hg_taskset s;
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_int_eq(hg_taskset_alloc(&s, 3), 0);
	set_tasks(&s, m, 3);
	for (i = 0; i < 3; i++)
		snprintf(s.task[i].label, sizeof(s.task[i].label), "t%zu", i);
	s.nlocks = 1;
	s.locks[0] = (struct hg_lock){ .name = "L", .protocol = HG_LOCK_INHERIT };
	s.task[0].rta.cs[s.task[0].rta.ncs++] = (struct hg_cs){ .lock = 0, .ns = MS / 2 };
	s.task[2].rta.cs[s.task[2].rta.ncs++] = (struct hg_cs){ .lock = 0, .ns = 3 * MS / 2 };
	s.ovh = *o;
	ck_assert_int_eq(hg_rta_report(f, &s, json, NULL), 0);
	fclose(f);
	hg_taskset_free(&s);
	return buf;
}

START_TEST(test_report_side_by_side)
{
	struct hg_overheads o = { 0 };
	char err[256], *text;

	ck_assert_int_eq(hg_overheads_read_list(FIX("ctxcost.json") "," FIX("cachecost.json"), &o,
						err, sizeof(err)), 0);
	text = demo_report(&o, false);
	ck_assert_msg(strstr(text, "# rta: overheads charged to each job: 2 switches of 3.210 us "
			     "and a cache penalty of 12.250 us (the largest measured, at 1024 KB): "
			     "C + 18.670 us (from ctxcost "), "%s", text);
	ck_assert(strstr(text, "# rta: thread 0 response 2.500 ms without overheads, 2.519 ms "
			 "with, deadline 10.000 ms: schedulable\n"));
	ck_assert(strstr(text, "# rta: thread 1 response 6.500 ms without overheads, 6.537 ms "
			 "with, deadline 10.000 ms: schedulable\n"));
	ck_assert(strstr(text, "# rta: thread 2 response 7.000 ms without overheads, 7.056 ms "
			 "with, deadline 20.000 ms: schedulable\n"));
	free(text);
	memset(&o, 0, sizeof(o));
	text = demo_report(&o, false);
	ck_assert(!strstr(text, "overheads"));
	free(text);
}
END_TEST

START_TEST(test_report_json)
{
	struct hg_overheads o = { .switch_ns = MS };
	struct json_object *doc;
	char *text;

	hg_overheads_source(&o, "--cs-cost");
	text = demo_report(&o, true);
	doc = hg_test_json(text);
	ck_assert_uint_eq(hg_test_json_u64(doc, "overheads/per_job_ns"), 2 * MS);
	ck_assert_str_eq(hg_test_json_str(doc, "overheads/source"), "--cs-cost");
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/0/response_ns"), 2500 * 1000);
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/0/response_overheads_ns"), 4500 * 1000);
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/1/response_overheads_ns"), 13500 * 1000);
	ck_assert(!hg_test_json_bool(doc, "tasks/1/schedulable_overheads"));
	ck_assert(hg_test_json_null(doc, "tasks/2/response_overheads_ns"));
	json_object_put(doc);
	free(text);
	memset(&o, 0, sizeof(o));
	text = demo_report(&o, true);
	doc = hg_test_json(text);
	ck_assert(hg_test_json_null(doc, "overheads"));
	ck_assert(hg_test_json_null(doc, "tasks/0/response_overheads_ns"));
	ck_assert(hg_test_json_null(doc, "tasks/0/schedulable_overheads"));
	json_object_put(doc);
	free(text);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("overheads");
	TCase *tc = tcase_create("read");

	tcase_add_test(tc, test_read_ctxcost);
	tcase_add_test(tc, test_from_doc);
	tcase_add_test(tc, test_read_both);
	tcase_add_test(tc, test_read_noisy);
	tcase_add_loop_test(tc, test_read_bad, 0, ARRAY_SIZE(bad));
	tcase_add_test(tc, test_list_bad);
	suite_add_tcase(s, tc);
	tc = tcase_create("charge");
	tcase_add_test(tc, test_apply);
	tcase_add_test(tc, test_sys_round_trip);
	tcase_add_test(tc, test_report_side_by_side);
	tcase_add_test(tc, test_report_json);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
