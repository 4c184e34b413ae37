// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_diffcause.c - analysis/compare/diffcause.c: what filled the gaps as diff's
 * values, from the committed capture of a --kernel run and from summary
 * JSON files with (and without) per-thread "causes"
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "analysis/compare/diff.h"
#include "analysis/compare/diffcause.h"
#include "analysis/compare/diffjson.h"
#include "hourglass/diffin.h"
#include "analysis/kernel/kexplain.h"
#include "util/timeval.h"

static const char *const kinds[] = {
	"irq", "softirq", "timer", "ipi", "nmi", "task", "kernel", "unexplained",
};

static double value(const struct hg_diff_trial *tr, const char *name)
{
	const struct hg_diff_value *v = hg_diff_find(tr, name);

	ck_assert_msg(v != NULL, "no %s", name);
	return v->v;
}

/* The capture: every kind of thread 0, the times adding up to its gap time. */
START_TEST(test_trace)
{
	struct hg_trace *t = NULL;
	struct hg_diff_trial tr = { 0 };
	struct hg_kexplain x;
	char err[256], name[64];
	double sum = 0, count = 0;
	size_t i;

	ck_assert_msg(hg_trace_read("tests/fixtures/kernel.hgt", &t, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_int_eq(hg_diff_causes_from_trace(t, &tr), 0);
	ck_assert_uint_eq(tr.nval, 16);
	for (i = 0; i < 8; i++) {
		snprintf(name, sizeof(name), "thread0.cause.%s.time", kinds[i]);
		sum += value(&tr, name);
		ck_assert_int_eq(hg_diff_find(&tr, name)->kind, HG_DK_TIME);
		snprintf(name, sizeof(name), "thread0.cause.%s.count", kinds[i]);
		count += value(&tr, name);
		ck_assert_int_eq(hg_diff_find(&tr, name)->kind, HG_DK_COUNT);
	}
	ck_assert_double_gt(value(&tr, "thread0.cause.timer.count"), 0);
	ck_assert_int_eq(hg_kexplain(t, HG_KEXPLAIN_ALL, 0, &x), 0);
	/* each kind rounded to the ns on its own: within a ns a kind of the whole */
	ck_assert_double_eq_tol(sum, (double)hg_cycles_to_ns(x.th[0].gap_cycles,
							     t->calib.tsc_hz) / 1000, 0.008);
	ck_assert_double_gt(count, 0);
	hg_kexplain_free(&x);
	hg_diff_trial_free(&tr);
	/* without kernel events: none */
	hg_kevents_free(t->kev);
	t->kev = NULL;
	ck_assert_int_eq(hg_diff_causes_from_trace(t, &tr), 0);
	ck_assert_uint_eq(tr.nval, 0);
	hg_diff_trial_free(&tr);
	hg_trace_free(t);
}
END_TEST

static char *summary(const char *dir, const char *name, const char *causes)
{
	char text[2048];

	snprintf(text, sizeof(text),
		 "{\"threads\": [{\"id\": 0, \"share\": 0.5,\n"
		 "  \"gaps\": {\"count\": 7, \"median_ns\": 1500, \"p99_ns\": 9000,"
		 " \"p999_ns\": 9500, \"max_ns\": 12000}%s%s}]}\n",
		 causes ? ",\n  \"causes\": " : "", causes ? causes : "");
	return hg_test_write_text(dir, name, text);
}

/* Summed by kind; 0 for the kinds absent. */
START_TEST(test_json)
{
	char *dir = hg_test_fresh_dir(), err[256] = "";
	char *with = summary(dir, "with.json",
		"[{\"kind\": \"irq\", \"name\": \"24:eth0\", \"count\": 3, \"total_ns\": 4500,"
		" \"max_ns\": 2000},\n"
		" {\"kind\": \"irq\", \"name\": \"11:virtio0\", \"count\": 1, \"total_ns\": 500,"
		" \"max_ns\": 500},\n"
		" {\"kind\": \"task\", \"name\": \"kworker/0:1\", \"pid\": 7, \"count\": 2,"
		" \"total_ns\": 20000, \"max_ns\": 15000}]");
	char *without = summary(dir, "without.json", NULL);
	struct hg_diff_trial tr;

	ck_assert_int_eq(hg_diff_from_json(with, &tr, err, sizeof(err)), 0);
	ck_assert_double_eq_tol(value(&tr, "thread0.cause.irq.time"), 5.0, 1e-12);
	ck_assert_double_eq(value(&tr, "thread0.cause.irq.count"), 4);
	ck_assert_double_eq_tol(value(&tr, "thread0.cause.task.time"), 20.0, 1e-12);
	ck_assert_double_eq(value(&tr, "thread0.cause.task.count"), 2);
	ck_assert_double_eq(value(&tr, "thread0.cause.nmi.count"), 0);
	ck_assert_double_eq(value(&tr, "thread0.cause.unexplained.time"), 0);
	ck_assert_double_eq_tol(value(&tr, "thread0.gap.median"), 1.5, 1e-12);
	hg_diff_trial_free(&tr);
	ck_assert_int_eq(hg_diff_from_json(without, &tr, err, sizeof(err)), 0);
	ck_assert_ptr_null(hg_diff_find(&tr, "thread0.cause.irq.time"));
	ck_assert_ptr_nonnull(hg_diff_find(&tr, "thread0.gap.median"));
	hg_diff_trial_free(&tr);
	unlink(with);
	unlink(without);
	free(with);
	free(without);
	hg_test_drop_dir(dir);
}
END_TEST

/* A malformed cause is refused, naming the thread, the entry and the value (none skipped). */
static const struct {
	const char *causes;
	const char *err;
} bad_causes[] = {
	{ "[{\"kind\": \"hypervisor\", \"count\": 9, \"total_ns\": 9}]",
	  "threads[0].causes[0].kind: \"hypervisor\" is not a kind of cause (irq, softirq, "
	  "timer, ipi, nmi, task, kernel, unexplained)" },
	{ "[{\"kind\": 3, \"count\": 9, \"total_ns\": 9}]",
	  "threads[0].causes[0].kind: 3 is not a kind of cause (irq, softirq, timer, ipi, nmi, "
	  "task, kernel, unexplained)" },
	{ "[{\"count\": 9, \"total_ns\": 9}]",
	  "threads[0].causes[0].kind: missing (every cause has one)" },
	{ "[{\"kind\": \"irq\", \"count\": 1, \"total_ns\": 5}, {\"kind\": \"nmi\", \"count\": 1}]",
	  "threads[0].causes[1].total_ns: missing (every cause has one)" },
	{ "[{\"kind\": \"nmi\", \"total_ns\": 1}]",
	  "threads[0].causes[0].count: missing (every cause has one)" },
	{ "[{\"kind\": \"irq\", \"count\": -3, \"total_ns\": 5}]",
	  "threads[0].causes[0].count: -3 is out of range (0 to 9007199254740992)" },
	{ "[{\"kind\": \"irq\", \"count\": 3, \"total_ns\": 1.5}]",
	  "threads[0].causes[0].total_ns: 1.5 is not a whole number" },
	{ "[{\"kind\": \"irq\", \"count\": 3, \"total_ns\": \"5\"}]",
	  "threads[0].causes[0].total_ns: \"5\" is not a whole number" },
	{ "[\"not an object\"]",
	  "threads[0].causes[0]: \"not an object\" is not an object" },
	{ "{\"kind\": \"irq\"}",
	  "threads[0].causes: {\"kind\":\"irq\"} is not an array" },
};

START_TEST(test_json_bad)
{
	char *dir = hg_test_fresh_dir(), err[256] = "";
	char *path = summary(dir, "bad.json", bad_causes[_i].causes);
	struct hg_diff_trial tr;

	ck_assert_int_eq(hg_diff_from_json(path, &tr, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, bad_causes[_i].err);
	unlink(path);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* Two runs compared: the kinds present, not those zero on both. */
START_TEST(test_compare)
{
	char *dir = hg_test_fresh_dir(), err[256] = "";
	char *a = summary(dir, "a.json", "[{\"kind\": \"irq\", \"name\": \"24:eth0\", \"count\": 3,"
				       " \"total_ns\": 4500, \"max_ns\": 2000}]");
	char *b = summary(dir, "b.json", "[{\"kind\": \"irq\", \"name\": \"24:eth0\", \"count\": 5,"
				       " \"total_ns\": 9500, \"max_ns\": 2000}]");
	struct hg_diff_trial ta, tb;
	struct hg_diff_row *rows;
	size_t n, i;
	int irq = 0;

	ck_assert_int_eq(hg_diff_from_json(a, &ta, err, sizeof(err)), 0);
	ck_assert_int_eq(hg_diff_from_json(b, &tb, err, sizeof(err)), 0);
	ck_assert_int_eq(hg_diff_compare(&ta, 1, &tb, 1, &rows, &n), 0);
	for (i = 0; i < n; i++) {
		ck_assert_ptr_null(strstr(rows[i].name, ".cause.task."));
		if (!strcmp(rows[i].name, "thread0.cause.irq.time")) {
			irq++;
			ck_assert_double_eq_tol(rows[i].delta, 5.0, 1e-9);
		}
		if (!strcmp(rows[i].name, "thread0.cause.irq.count")) {
			irq++;
			ck_assert_double_eq_tol(rows[i].delta, 2.0, 1e-9);
		}
	}
	ck_assert_int_eq(irq, 2);
	free(rows);
	hg_diff_trial_free(&ta);
	hg_diff_trial_free(&tb);
	unlink(a);
	unlink(b);
	free(a);
	free(b);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *diffcause_suite(void)
{
	Suite *s = suite_create("diffcause");
	TCase *tc = tcase_create("causes");

	tcase_add_test(tc, test_trace);
	tcase_add_test(tc, test_json);
	tcase_add_loop_test(tc, test_json_bad, 0, sizeof(bad_causes) / sizeof(bad_causes[0]));
	tcase_add_test(tc, test_compare);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(diffcause_suite());
}
