// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_cmdout.c - report/ctxcostout.h, report/auditout.h,
 * report/calibout.h: the outputs of ctxcost, audit and calibrate, printed
 * from results given, with no measurement
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "helpers.h"
#include "report/auditout.h"
#include "report/calibout.h"
#include "report/ctxcostout.h"

/* Two trials, the second without an involuntary switch. */
static const double vol_med[] = { 1500, 1700 }, vol_mean[] = { 1600, 1800 };
static const double inv_med[] = { 4000, NAN }, inv_mean[] = { 4100, NAN };
static const double rate[] = { 2000.5, 2100.5 };

static struct hg_ctxcost_out two_trials(void)
{
	struct hg_ctxcost_out o = {
		.cpu = 1, .threads = 2, .duration_ns = 1000000000, .yield_ns = 900000,
		.trials = 2, .verdict = HG_STABLE_COUNT, .rule = "fixed count",
		.command = "-n 2 -d 1s", .rate = rate, .noise_known = 2, .quiet = 1,
	};

	o.cls[0] = (struct hg_ctxcost_class){ .med_ns = vol_med, .mean_ns = vol_mean, .n = 2,
		.switches = 40, .med = { .est = 1600, .n = 2 }, .mean = { .est = 1700, .n = 2 } };
	o.cls[1] = (struct hg_ctxcost_class){ .med_ns = inv_med, .mean_ns = inv_mean, .n = 1,
		.switches = 3, .med = { .est = 4000, .n = 1 }, .mean = { .est = 4100, .n = 1 } };
	o.rate_ci = (struct hg_ci){ .est = 2050.5, .n = 2 };
	return o;
}

START_TEST(test_ctxcost_text)
{
	struct hg_ctxcost_out o = two_trials();
	struct hg_test_text t;
	char *s;

	hg_ctxcost_print(hg_test_text_open(&t), &o);
	s = hg_test_text_close(&t);
	ck_assert_ptr_nonnull(strstr(s, "# ctxcost: 2 threads CPU_YIELD 900us on cpu 1, 1s a "
				     "trial, 2 trials (fixed count; fixed count)\n# a trial: "
				     "-n 2 -d 1s\n"));
	ck_assert_ptr_nonnull(strstr(s, "\n      1          1.500          1.600          "
				     "4.000          4.100       2000.5\n"));
	ck_assert_ptr_nonnull(strstr(s, "\n      2          1.700          1.800              "
				     "-              -       2100.5\n"));
	ck_assert_ptr_nonnull(strstr(s, "\nvoluntary switch: median 1.600 us"));
	ck_assert_ptr_nonnull(strstr(s, "; 40 switches in 2 trials\n"));
	ck_assert_ptr_nonnull(strstr(s, "; 3 switches in 1 trials\n"));
	ck_assert_ptr_nonnull(strstr(s, "\nmachine: not quiet: switch costs may include other "
				     "tasks' run time (cpu 1 quiet in 1 of 2 trials)\n"));
	ck_assert_ptr_null(strstr(s, "ping-pong"));
	free(s);
}
END_TEST

START_TEST(test_ctxcost_json)
{
	struct hg_ctxcost_out o = two_trials();
	struct json_object *root, *v, *inv;
	struct hg_test_text t;
	char *s;

	o.have_pp = true;
	o.pingpong_ns = (struct hg_ci){ .est = 2500, .n = 1 };
	hg_ctxcost_json(hg_test_text_open(&t), &o);
	s = hg_test_text_close(&t);
	root = json_tokener_parse(s);
	ck_assert_msg(root != NULL, "%s", s);
	ck_assert(json_object_object_get_ex(root, "generator", &v));
	ck_assert_str_eq(json_object_get_string(v), "hourglass ctxcost");
	ck_assert(json_object_object_get_ex(root, "involuntary", &inv));
	ck_assert(json_object_object_get_ex(inv, "trial_median_ns", &v));
	ck_assert_uint_eq(json_object_array_length(v), 2);
	ck_assert(json_object_get_type(json_object_array_get_idx(v, 1)) == json_type_null);
	ck_assert(json_object_object_get_ex(root, "quiet", &v));
	ck_assert(!json_object_get_boolean(v));
	ck_assert(json_object_object_get_ex(root, "pingpong_ns", &v));
	ck_assert_double_eq_tol(json_object_get_double(v), 2500, 1e-9);
	json_object_put(root);
	free(s);
}
END_TEST

static const struct hg_audit_row rows[] = {
	{ "preempt", "pass", "PREEMPT_RT", "why a", "" },
	{ "rt-throttling", "warn", "950000 of 1000000", "why b", "sysctl x=-1" },
	{ "smt", "fail", "on", "why c", "" },
	{ "hypervisor", "skip", "cannot read", "why d", "" },
};

START_TEST(test_audit_text)
{
	struct hg_audit_out o = { .root = "/x", .shown = "/x", .rows = rows, .n = 4,
				  .pass = 1, .warn = 1, .fail = 1, .skip = 1 };
	struct hg_test_text t;
	char *s;

	hg_audit_out_text(hg_test_text_open(&t), &o);
	s = hg_test_text_close(&t);
	ck_assert_str_eq(s, "# audit of /x, CPUs all online\n"
			 "PASS  preempt          PREEMPT_RT\n"
			 "WARN  rt-throttling    950000 of 1000000\n"
			 "                       why: why b\n"
			 "                       fix: sysctl x=-1\n"
			 "FAIL  smt              on\n"
			 "                       why: why c\n"
			 "SKIP  hypervisor       cannot read\n"
			 "# 4 checks: 1 pass, 1 warn, 1 fail, 1 skip\n");
	free(s);
}
END_TEST

START_TEST(test_audit_json)
{
	struct hg_audit_out o = { .root = "/x", .shown = "/x", .cpus = "2-3", .rows = rows,
				  .n = 4, .pass = 1, .warn = 1, .fail = 1, .skip = 1 };
	struct json_object *root, *v;
	struct hg_test_text t;
	char *s;

	hg_audit_out_json(hg_test_text_open(&t), &o);
	s = hg_test_text_close(&t);
	root = json_tokener_parse(s);
	ck_assert_msg(root != NULL, "%s", s);
	ck_assert(json_object_object_get_ex(root, "cpus", &v));
	ck_assert_str_eq(json_object_get_string(v), "2-3");
	ck_assert(json_object_object_get_ex(root, "checks", &v));
	ck_assert_uint_eq(json_object_array_length(v), 4);
	v = json_object_array_get_idx(v, 1);
	ck_assert(json_object_object_get_ex(v, "fix", &v));
	ck_assert_str_eq(json_object_get_string(v), "sysctl x=-1");
	ck_assert(json_object_object_get_ex(root, "counts", &v));
	ck_assert(json_object_object_get_ex(v, "fail", &v));
	ck_assert_int_eq(json_object_get_int(v), 1);
	json_object_put(root);
	free(s);
}
END_TEST

START_TEST(test_calib)
{
	struct hg_calib c = { .tsc_hz = 1000000000, .gap_threshold_cycles = 100,
			      .gap_threshold_ns = 100, .hiccup_cycles = 50 };
	struct hg_thresh_spread sp = { .n = 3, .min = 90, .median = 100, .max = 110,
				       .spread_pct = 20 };
	struct hg_pingpong ctx = { .cpu = 3, .rounds = 1000, .read_ns = 20.5 };
	struct hg_calib_out o = { .calib = &c, .counter = "rdtsc", .unstable = "tsc=unstable",
				  .spread = &sp, .floors = &sp, .ctx = &ctx };
	struct json_object *root, *v;
	struct hg_test_text t;
	char *s;

	hg_calib_out_text(hg_test_text_open(&t), &o);
	s = hg_test_text_close(&t);
	ck_assert_ptr_nonnull(strstr(s, "\n# counter: the kernel calls it unstable "
				     "(tsc=unstable)\n# repeat: 3 calibrations: gap threshold "
				     "min 90, median 100, max 110 cycles; spread 20.0 %"));
	ck_assert_ptr_nonnull(strstr(s, "\n# ctx: two threads on cpu 3, 1000 round trips "
				     "each, counter read 20.5 ns subtracted; per switch:\n"));
	free(s);
	o.spread = o.floors = NULL;
	o.ctx = NULL;
	hg_calib_out_json(hg_test_text_open(&t), &o);
	s = hg_test_text_close(&t);
	root = json_tokener_parse(s);
	ck_assert_msg(root != NULL, "%s", s);
	ck_assert(!json_object_object_get_ex(root, "repeat", &v));
	ck_assert(!json_object_object_get_ex(root, "ctx_cpu", &v));
	json_object_put(root);
	free(s);
}
END_TEST

static Suite *cmdout_suite(void)
{
	Suite *s = suite_create("cmdout");
	TCase *tc = tcase_create("ctxcost");

	tcase_add_test(tc, test_ctxcost_text);
	tcase_add_test(tc, test_ctxcost_json);
	suite_add_tcase(s, tc);
	tc = tcase_create("audit");
	tcase_add_test(tc, test_audit_text);
	tcase_add_test(tc, test_audit_json);
	suite_add_tcase(s, tc);
	tc = tcase_create("calibrate");
	tcase_add_test(tc, test_calib);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(cmdout_suite());
}
