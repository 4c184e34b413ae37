// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_auditrec.c - the audit of a run kept in its trace: the audit_<id>
 * keys written (audit/verdicts.h) and read back through a trace file, the
 * report's lines and JSON (report/audit.h), and diff's comparison of two
 * runs' verdicts and loads' throughputs (analysis/compare/diffaudit.h)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/compare/diffaudit.h"
#include "audit/verdicts.h"
#include "report/audit.h"
#include "report/diff.h"
#include "report/json.h"
#include "report/text.h"
#include "run/cpulist.h"

#define FIXTURES "tests/fixtures/audit"

/* A trace holding the audit of fixture tree @tree for CPU 1. */
static struct hg_trace *audited(const char *tree)
{
	struct hg_audit_ctx ctx = { .root = NULL };
	struct hg_audit_result *res = calloc(hg_audit_count(), sizeof(*res));
	static const size_t none[1] = { 0 };
	struct hg_trace *t = hg_test_trace(1, NULL, none);
	static char root[256];
	char err[64];

	ck_assert_ptr_nonnull(res);
	ck_assert_ptr_nonnull(t);
	snprintf(root, sizeof(root), FIXTURES "/%s", tree);
	ctx.root = root;
	ck_assert_int_eq(hg_cpulist_parse("1", &ctx.cpus, err, sizeof(err)), 0);
	ctx.cpus_given = true;
	hg_audit_run_all(&ctx, res);
	ck_assert_int_eq(hg_audit_record(res, t), 0);
	free(res);
	return t;
}

/* The same, written to a file and read back as dump reads it. */
static struct hg_trace *through_file(struct hg_trace *t)
{
	char err[128], *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "a.hgt");
	struct hg_trace *back = NULL;

	ck_assert_int_eq(hg_trace_write(t, path, err, sizeof(err)), 0);
	ck_assert_msg(hg_trace_read(path, &back, err, sizeof(err)) == 0, "%s", err);
	hg_trace_free(t);
	free(path);
	hg_test_drop_dir(dir);
	return back;
}

START_TEST(test_record_keys)
{
	struct hg_trace *t = through_file(audited("desktop"));
	size_t i;

	for (i = 0; hg_audit_checks[i]; i++) {
		char key[64];
		const char *v;

		snprintf(key, sizeof(key), "audit_%s", hg_audit_checks[i]->id);
		v = hg_trace_sys(t, key);
		ck_assert_msg(v != NULL, "%s missing", key);
		ck_assert_msg(!strncmp(v, "pass ", 5) || !strncmp(v, "warn ", 5) ||
			      !strncmp(v, "fail ", 5) || !strncmp(v, "skip ", 5), "%s", v);
		ck_assert(hg_is_audit_key(key));
	}
	ck_assert_str_eq(hg_trace_sys(t, "audit_rt-throttling"),
			 "warn sched_rt_runtime_us is 950000 of 1000000 us");
	ck_assert(!strncmp(hg_trace_sys(t, "audit_irq-affinity"), "fail ", 5));
	ck_assert(!hg_is_audit_key("audit_"));
	ck_assert(!hg_is_audit_key("auditor"));
	hg_trace_free(t);
}
END_TEST

/*
 * Each check's fix beside its verdict ("auditfix_<id>"), read back from the
 * file; shown by report, never among the system lines of the text.
 */
START_TEST(test_record_fixes)
{
	struct hg_trace *t = through_file(audited("desktop"));
	struct hg_test_text out;
	const char *fix = hg_trace_sys(t, "auditfix_rt-throttling");
	char *s;

	ck_assert_ptr_nonnull(fix);
	ck_assert_msg(!strncmp(fix, "sysctl -w kernel.sched_rt_runtime_us=-1", 39), "%s", fix);
	ck_assert(hg_is_audit_fix_key("auditfix_rt-throttling"));
	ck_assert(!hg_is_audit_fix_key("auditfix_"));
	ck_assert(!hg_is_audit_key("auditfix_rt-throttling"));
	hg_print_header(hg_test_text_open(&out), t);
	s = hg_test_text_close(&out);
	ck_assert_ptr_null(strstr(s, "auditfix_"));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_split)
{
	char v[8];

	ck_assert_str_eq(hg_audit_split("fail 3 of 4", v), "3 of 4");
	ck_assert_str_eq(v, "fail");
	ck_assert_str_eq(hg_audit_split("pass", v), "");
	ck_assert_str_eq(v, "pass");
	ck_assert_str_eq(hg_audit_split("passed it", v), "passed it");
	ck_assert_str_eq(v, "?");
	ck_assert_str_eq(hg_audit_split("", v), "");
	ck_assert_str_eq(v, "?");
}
END_TEST

START_TEST(test_print_lines)
{
	struct hg_trace *t = through_file(audited("desktop"));
	struct hg_test_text out;
	unsigned int notpass = 0;
	char *s, v[8];
	size_t k;

	for (k = 0; k < t->nsys; k++)
		if (hg_is_audit_key(t->sys[k].key)) {
			hg_audit_split(t->sys[k].value, v);
			notpass += strcmp(v, "pass") != 0;
		}
	ck_assert_uint_gt(notpass, 0);
	hg_print_audit(hg_test_text_open(&out), t);
	s = hg_test_text_close(&out);
	ck_assert_int_eq(hg_test_lines(s), (int)notpass + 1);
	ck_assert_ptr_nonnull(strstr(s, "# audit: WARN rt-throttling: sched_rt_runtime_us is "
				       "950000 of 1000000 us\n"));
	ck_assert_ptr_nonnull(strstr(s, "# audit: FAIL irq-affinity: "));
	ck_assert_ptr_null(strstr(s, " PASS "));
	ck_assert_ptr_nonnull(strstr(s, "# audit: 27 checks of the run's CPUs: "));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_no_audit_nothing)
{
	struct hg_trace *t = hg_trace_alloc(1);
	struct hg_test_text out;
	struct hg_json j;
	char *s;

	ck_assert_int_eq(hg_trace_add_sys(t, "kernel_release", "6.1"), 0);
	hg_print_audit(hg_test_text_open(&out), t);
	s = hg_test_text_close(&out);
	ck_assert_str_eq(s, "");
	free(s);
	hg_json_begin(&j, hg_test_text_open(&out));
	hg_json_obj(&j, NULL);
	hg_json_audit(&j, t);
	hg_json_end_doc(&j);
	s = hg_test_text_close(&out);
	ck_assert_ptr_null(strstr(s, "audit"));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_json_array)
{
	struct hg_trace *t = audited("vm");
	struct hg_test_text out;
	struct json_object *doc;
	struct hg_json j;
	char *s;

	hg_json_begin(&j, hg_test_text_open(&out));
	hg_json_obj(&j, NULL);
	hg_json_audit(&j, t);
	hg_json_end_doc(&j);
	s = hg_test_text_close(&out);
	doc = hg_test_json(s);
	ck_assert_str_eq(hg_test_json_str(doc, "audit/0/id"), hg_audit_checks[0]->id);
	ck_assert_str_eq(hg_test_json_str(doc, "audit/1/id"), "rt-throttling");
	ck_assert_str_eq(hg_test_json_str(doc, "audit/1/verdict"), "fail");
	json_object_put(doc);
	free(s);
	hg_trace_free(t);
}
END_TEST

/* diff's audit lines of two trials. */
static char *diff_text(const struct hg_diff_trial *a, const struct hg_diff_trial *b)
{
	struct hg_diff_sides sides = { "a", "b", 1, 1, a, b };
	struct hg_test_text out;

	hg_diff_print(hg_test_text_open(&out), &sides, NULL, 0);
	return hg_test_text_close(&out);
}

START_TEST(test_diff_verdicts)
{
	struct hg_trace *ta = audited("desktop"), *tb = audited("rt");
	struct hg_diff_trial a = { 0 }, b = { 0 };
	char *s;

	ck_assert_int_eq(hg_diff_audit_from_trace(ta, &a), 0);
	ck_assert_int_eq(hg_diff_audit_from_trace(tb, &b), 0);
	ck_assert_uint_eq(a.naudit, hg_audit_count());
	ck_assert_str_eq(hg_diff_audit_find(&a, "rt-throttling"), "warn");
	ck_assert_str_eq(hg_diff_audit_find(&b, "rt-throttling"), "pass");
	ck_assert_ptr_null(hg_diff_audit_find(&a, "no-such-check"));
	s = diff_text(&a, &b);
	ck_assert_ptr_nonnull(strstr(s, "# audit                  DIFFERS: rt-throttling: "
				       "WARN (A) | PASS (B)\n"));
	free(s);
	s = diff_text(&a, &a);
	ck_assert_ptr_nonnull(strstr(s, "# audit                  same   : 27 checks\n"));
	ck_assert_ptr_null(strstr(s, "DIFFERS"));
	free(s);
	/* a check only one side has: none on the other */
	ck_assert_int_eq(hg_diff_audit_add(&b, "new-check", "bogus verdict"), 0);
	ck_assert_str_eq(hg_diff_audit_find(&b, "new-check"), "?");
	s = diff_text(&a, &b);
	ck_assert_ptr_nonnull(strstr(s, "DIFFERS: new-check: NONE (A) | ? (B)\n"));
	free(s);
	hg_diff_trial_free(&a);
	hg_diff_trial_free(&b);
	hg_trace_free(ta);
	hg_trace_free(tb);
}
END_TEST

START_TEST(test_diff_without_audit)
{
	struct hg_diff_trial a = { 0 }, b = { 0 };
	char *s = diff_text(&a, &b);

	ck_assert_ptr_null(strstr(s, "audit"));
	free(s);
}
END_TEST

START_TEST(test_diff_load_throughput)
{
	struct hg_trace *t = hg_trace_alloc(1);
	struct hg_diff_trial a = { 0 }, b = { 0 };
	struct json_object *doc;
	size_t i;

	ck_assert_int_eq(hg_trace_add_sys(t, "load_0_profile", "net"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "load_0_throughput", "941.5"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "load_1_profile", "cmd"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "load_1_throughput", "unknown"), 0);
	ck_assert_int_eq(hg_diff_audit_from_trace(t, &a), 0);
	ck_assert_uint_eq(a.naudit, 0);
	ck_assert_uint_eq(a.nval, 1);
	ck_assert_str_eq(a.val[0].name, "load.net.throughput");
	ck_assert_double_eq_tol(a.val[0].v, 941.5, 1e-9);
	doc = hg_test_json("{\"audit\": [{\"id\": \"smt\", \"verdict\": \"fail\"}, {\"id\": 3}],"
			   " \"load\": [{\"profile\": \"sched\", \"throughput\": 12},"
			   " {\"profile\": \"cmd\", \"throughput\": null},"
			   " {\"profile\": \"sched\", \"throughput\": 5.5}]}");
	ck_assert_int_eq(hg_diff_audit_from_json(doc, &b), 0);
	ck_assert_uint_eq(b.naudit, 1);
	ck_assert_str_eq(hg_diff_audit_find(&b, "smt"), "fail");
	ck_assert_uint_eq(b.nval, 1);	/* the first sched load; the cmd one has none */
	for (i = 0; i < b.nval; i++)
		ck_assert_str_eq(b.val[i].name, "load.sched.throughput");
	ck_assert_double_eq_tol(b.val[0].v, 12.0, 1e-9);
	json_object_put(doc);
	hg_diff_trial_free(&a);
	hg_diff_trial_free(&b);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("auditrec");
	TCase *tc = tcase_create("record");

	tcase_add_test(tc, test_record_keys);
	tcase_add_test(tc, test_record_fixes);
	tcase_add_test(tc, test_split);
	tcase_add_test(tc, test_print_lines);
	tcase_add_test(tc, test_no_audit_nothing);
	tcase_add_test(tc, test_json_array);
	suite_add_tcase(s, tc);
	tc = tcase_create("diff");
	tcase_add_test(tc, test_diff_verdicts);
	tcase_add_test(tc, test_diff_without_audit);
	tcase_add_test(tc, test_diff_load_throughput);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
