// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kcauses.c - report/kcauses.c: the summary's causes lines and JSON
 * of a --kernel trace (the committed capture), nothing of them without a
 * capture, a --break run's event taken apart after the table, the parts'
 * ns adding up to their whole
 */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "report/explain.h"
#include "report/kcauses.h"
#include "report/summary_json.h"
#include "report/text.h"
#include "trace/brk.h"

static struct hg_trace *fixture(void)
{
	struct hg_trace *t = NULL;
	char err[256] = "";

	ck_assert_msg(hg_trace_read("tests/fixtures/kernel.hgt", &t, err, sizeof(err)) == 0,
		      "%s", err);
	return t;
}

static char *summary_text(const struct hg_trace *t)
{
	struct hg_test_text out;

	hg_print_summary(hg_test_text_open(&out), t);
	return hg_test_text_close(&out);
}

START_TEST(test_text)
{
	struct hg_trace *t = fixture();
	char *text = summary_text(t), *p;
	unsigned int rows = 0;

	p = strstr(text, "# causes: thread 0: ");
	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_nonnull(strstr(p, " gaps, "));
	ck_assert_ptr_nonnull(strstr(p, " % unexplained by the kernel's events\n"));
	for (p = text; (p = strstr(p, "# causes: thread 0: ")); p++)
		rows++;
	/* the head line, eight causes, the rest in one (the fixture has more) */
	ck_assert_uint_eq(rows, 10);
	ck_assert_ptr_nonnull(strstr(text, "more causes, "));
	ck_assert_ptr_null(strstr(text, "# break: the "));
	free(text);
	/* without the capture: not a line of it */
	hg_kevents_free(t->kev);
	t->kev = NULL;
	text = summary_text(t);
	ck_assert_ptr_null(strstr(text, "# causes:"));
	free(text);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_json)
{
	struct hg_trace *t = fixture();
	struct hg_test_text out;
	struct json_object *doc, *causes;
	uint64_t sum = 0;
	char *text;
	size_t i;

	ck_assert_int_eq(hg_json_summary(hg_test_text_open(&out), t), 0);
	text = hg_test_text_close(&out);
	doc = hg_test_json(text);
	ck_assert_str_eq(hg_test_json_str(doc, "kernel_capture/clock"), "counter");
	ck_assert_uint_gt(hg_test_json_u64(doc, "kernel_capture/events"), 0);
	ck_assert(json_object_object_get_ex(json_object_array_get_idx(
		json_object_object_get(doc, "threads"), 0), "causes", &causes));
	for (i = 0; i < json_object_array_length(causes); i++)
		sum += hg_test_json_u64(doc, "threads/0/causes/%zu/total_ns", i);
	ck_assert_uint_eq(sum, hg_test_json_u64(doc, "threads/0/gaps/total_ns"));
	json_object_put(doc);
	free(text);
	hg_kevents_free(t->kev);
	t->kev = NULL;
	ck_assert_int_eq(hg_json_summary(hg_test_text_open(&out), t), 0);
	text = hg_test_text_close(&out);
	ck_assert_ptr_null(strstr(text, "kernel_capture"));
	ck_assert_ptr_null(strstr(text, "\"causes\""));
	free(text);
	hg_trace_free(t);
}
END_TEST

/* A gap of the fixture as if --break had stopped the run there. */
START_TEST(test_break)
{
	struct hg_trace *t = fixture();
	const struct hg_record *r = &t->threads[0].recs[0];
	struct hg_test_text out;
	char *text, *p;

	t->flags |= HG_TRACE_BREAK;
	t->break_kind = HG_BREAK_GAP;
	t->break_cpu = r->cpu;
	t->break_at_cycles = r->start_cycles + r->len_cycles;
	t->break_value = t->threads[0].recs[1].start_cycles - t->break_at_cycles;
	t->break_threshold_ns = 1;
	text = summary_text(t);
	p = strstr(text, "# break: the gap that stopped the run, taken apart by the kernel's events");
	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_nonnull(strstr(p, "\n# break: thread 0, CPU "));
	ck_assert_ptr_nonnull(strstr(p, "\n#    "));
	free(text);
	ck_assert_int_eq(hg_json_summary(hg_test_text_open(&out), t), 0);
	text = hg_test_text_close(&out);
	ck_assert_ptr_nonnull(strstr(strstr(text, "\"break\""), "\"causes\""));
	free(text);
	hg_trace_free(t);
}
END_TEST

/*
 * What each cause rests on: the kernel's own time between events is
 * assumed, with its cap, in the JSON and on every printed row of it;
 * nothing else is said to be assumed.
 */
START_TEST(test_assumed)
{
	struct hg_trace *t = fixture();
	struct hg_test_text out;
	struct json_object *doc, *causes;
	struct hg_kexplain x;
	char *text, *p;
	size_t i, kernel = 0;

	ck_assert_int_eq(hg_json_summary(hg_test_text_open(&out), t), 0);
	text = hg_test_text_close(&out);
	doc = hg_test_json(text);
	causes = hg_test_json_at(doc, "threads/0/causes");
	for (i = 0; i < json_object_array_length(causes); i++) {
		const char *kind = hg_test_json_str(doc, "threads/0/causes/%zu/kind", i);
		const char *basis = hg_test_json_str(doc, "threads/0/causes/%zu/basis", i);

		if (!strcmp(kind, "kernel")) {
			kernel++;
			ck_assert_str_eq(basis, "assumed");
			ck_assert_uint_eq(hg_test_json_u64(doc, "threads/0/causes/%zu/assumed_max_ns",
							   i), HG_KATTR_KERNEL_MAX_NS);
		} else {
			ck_assert_str_eq(basis, strcmp(kind, "unexplained") ? "events" : "remainder");
			ck_assert(!hg_test_json_has(doc, "threads/0/causes/%zu/assumed_max_ns", i));
		}
	}
	ck_assert_uint_eq(kernel, 1);
	json_object_put(doc);
	free(text);
	/* explain's table of the thread, and the gaps taken apart that have some */
	ck_assert_int_eq(hg_kexplain(t, HG_KEXPLAIN_ALL, 3, &x), 0);
	ck_assert_int_eq(hg_explain_print(hg_test_text_open(&out), t, &x), 0);
	text = hg_test_text_close(&out);
	kernel = 0;
	for (p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
		const char *note = "%  assumed: the time between two events, up to 5.000 us a piece";
		size_t n = strlen(p), m = strlen(note);

		if (!strstr(p, " entry, exit, switch ")) {
			ck_assert_msg(!strstr(p, "assumed"), "%s", p);
			continue;
		}
		ck_assert_msg(n > m && !strcmp(p + n - m, note), "%s", p);
		kernel++;
	}
	/* the thread's table and at least one of the gaps taken apart */
	ck_assert_uint_ge(kernel, 2);
	free(text);
	hg_kexplain_free(&x);
	hg_trace_free(t);
}
END_TEST

/* Parts' ns are differences of rounded running sums: they add up to the whole's. */
START_TEST(test_ns_sum)
{
	struct hg_ns_sum s = { .hz = 3000000000ULL };	/* a cycle is a third of a ns */
	uint64_t total = 0;
	int i;

	for (i = 0; i < 10; i++)
		total += hg_ns_sum_next(&s, 1);
	ck_assert_uint_eq(total, 3);	/* 10 cycles: 3.33 ns */
}
END_TEST

static Suite *kcauses_suite(void)
{
	Suite *s = suite_create("kcauses");
	TCase *tc = tcase_create("summary");

	tcase_add_test(tc, test_text);
	tcase_add_test(tc, test_json);
	tcase_add_test(tc, test_break);
	tcase_add_test(tc, test_assumed);
	tcase_add_test(tc, test_ns_sum);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kcauses_suite());
}
