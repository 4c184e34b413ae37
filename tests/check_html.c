// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_html.c - html/: a picture put inline with its style sheet kept to
 * itself, text captured and escaped into a <pre>, the report's page of one
 * run and of two side by side: its sections, the threads' table, the
 * audit with its fixes, what it says without the kernel's events
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "helpers.h"
#include "html/html.h"
#include "html/inline.h"
#include "html/page.h"

#define T0 1000ULL
#define MS 1000000ULL

static const char svg_doc[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\" "
	"viewBox=\"0 0 10 10\">\n<style>\ntext{font-size:12px}\n.a,.b{fill:red}\n"
	"</style>\n<text class=\"a\">x</text>\n</svg>\n";

START_TEST(test_inline_scoped)
{
	struct hg_test_text o;
	FILE *f = hg_test_text_open(&o);
	char *s;

	ck_assert_int_eq(hg_html_inline_svg(f, svg_doc, 3, "a & b"), 0);
	s = hg_test_text_close(&o);
	ck_assert_ptr_null(strstr(s, "<?xml"));
	ck_assert_msg(!strncmp(s, "<svg id=\"pic3\" class=\"pic\" role=\"img\" "
			       "xmlns=\"http://www.w3.org/2000/svg\" width=\"10\"", 60), "%s", s);
	ck_assert_ptr_nonnull(strstr(s, "<title>a &amp; b</title>"));
	ck_assert_ptr_nonnull(strstr(s, "<style>\n#pic3 text{font-size:12px}\n"
				     "#pic3 .a,#pic3 .b{fill:red}\n</style>"));
	ck_assert_ptr_nonnull(strstr(s, "<text class=\"a\">x</text>\n</svg>\n"));
	free(s);
}
END_TEST

START_TEST(test_inline_not_svg)
{
	struct hg_test_text o;
	FILE *f = hg_test_text_open(&o);

	ck_assert_int_eq(hg_html_inline_svg(f, "<html></html>", 1, ""), -EINVAL);
	free(hg_test_text_close(&o));
}
END_TEST

static int write_lines(FILE *f, const void *arg)
{
	fputs(arg, f);
	return 0;
}

static int write_fails(FILE *f, const void *arg)
{
	(void)arg;
	fputs("half", f);
	return -EIO;
}

START_TEST(test_pre_escaped)
{
	struct hg_test_text o;
	FILE *f = hg_test_text_open(&o);
	char *s;

	ck_assert_int_eq(hg_html_pre(f, "x", write_lines, "a<b\n\033[31m&c \"d\"\n"), 0);
	ck_assert_int_eq(hg_html_pre(f, "y", write_lines, ""), 0);	/* nothing: no <pre> */
	ck_assert_int_eq(hg_html_pre(f, "z", write_fails, NULL), -EIO);
	s = hg_test_text_close(&o);
	ck_assert_str_eq(s, "<pre class=\"x\">a&lt;b\n?[31m&amp;c &quot;d&quot;\n</pre>\n");
	free(s);
}
END_TEST

/*
 * One thread, intervals of 100 us every ms for 10 ms but 150 ms later from
 * the sixth on: the gap after the fifth (4.1 ms) is 150.9 ms; an audit of
 * two checks, one failed with its fix.
 */
static struct hg_trace *page_trace(void)
{
	uint64_t iv[10][2];
	const uint64_t (*const ivs[1])[2] = { (const uint64_t (*)[2])iv };
	size_t n = 10, i;
	struct hg_trace *t;

	for (i = 0; i < n; i++) {
		iv[i][0] = T0 + i * MS + (i >= 5 ? 150 * MS : 0);
		iv[i][1] = MS / 10;
	}
	t = hg_test_trace(1, ivs, &n);
	ck_assert_ptr_nonnull(t);
	t->duration_ns = 200 * MS;
	t->stop_cycles = T0 + 200 * MS;
	t->threads[0].end_cycles = T0 + 200 * MS;
	free(t->cmdline);	/* the helper's */
	t->cmdline = strdup("hourglass -n 1 -d 200ms -o t<1>.hgt");
	ck_assert_ptr_nonnull(t->cmdline);
	ck_assert_int_eq(hg_trace_add_sys(t, "audit_preempt-model",
					  "fail PREEMPT_DYNAMIC in mode none"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "auditfix_preempt-model",
					  "add preempt=full to the kernel command line"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "audit_smt", "pass SMT off"), 0);
	return t;
}

static char *page(const struct hg_html_run *runs, size_t n)
{
	struct hg_test_text o;
	FILE *f = hg_test_text_open(&o);

	ck_assert_int_eq(hg_html_report(f, runs, n, "report t.hgt -o r.html"), 0);
	return hg_test_text_close(&o);
}

START_TEST(test_page_one_run)
{
	static const char *const order[] = { "<!DOCTYPE html>", "id=\"verdict\"",
		"id=\"threads\"", "id=\"latency\"", "id=\"worst\"", "id=\"causes\"",
		"id=\"audit\"", "id=\"system\"", "id=\"commands\"", "</html>\n" };
	struct hg_trace *t = page_trace();
	const struct hg_html_run run = { .name = "t.hgt", .t = t };
	char *s = page(&run, 1);
	const char *p = s;
	size_t i;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		p = strstr(p, order[i]);
		ck_assert_msg(p, "no %s in order", order[i]);
	}
	ck_assert_ptr_nonnull(strstr(s, "<code>hourglass report t.hgt -o r.html</code>"));
	ck_assert_ptr_null(strstr(s, "<h3>"));		/* one run: no column headings */
	/* the gap of 150 ms: the table in ms, the worst moment drawn */
	ck_assert_ptr_nonnull(strstr(s, "<th>max ms</th>"));
	ck_assert_ptr_nonnull(strstr(s, "<td>9 gaps</td>"));
	ck_assert_ptr_nonnull(strstr(s, "thread 0's gap of 150900.000 us at 4.100 ms"));
	ck_assert_ptr_nonnull(strstr(s, "<svg id=\"pic1\" class=\"pic\""));
	ck_assert_ptr_null(strstr(s, "id=\"pic2\""));
	ck_assert_ptr_nonnull(strstr(s, "No kernel events: the causes need a run with --kernel"));
	/* the audit: the failed check with why and its fix, the pass counted */
	ck_assert_ptr_nonnull(strstr(s, "<td class=\"l fail\">fail</td><td class=\"l\">"
				     "preempt-model</td><td class=\"l\">PREEMPT_DYNAMIC in mode none"
				     "<br><span class=\"note\">why it matters: without PREEMPT_RT"));
	ck_assert_ptr_nonnull(strstr(s, "fix: <code>add preempt=full to the kernel command "
				     "line</code>"));
	ck_assert_ptr_null(strstr(s, ">smt<"));
	ck_assert_ptr_nonnull(strstr(s, "2 checks of the run's CPUs when it ran: 1 pass, 0 warn, "
				     "1 fail, 0 skip"));
	/* the command line escaped */
	ck_assert_ptr_nonnull(strstr(s, "hourglass -n 1 -d 200ms -o t&lt;1&gt;.hgt"));
	ck_assert_ptr_nonnull(strstr(s, "hourglass render t.hgt --from 0.000000ms --to "));
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_page_side_by_side)
{
	struct hg_trace *t = page_trace();
	const struct hg_html_run runs[2] = { { .name = "a.hgt", .t = t },
					     { .name = "b<&>.hgt", .t = t } };
	char *s = page(runs, 2);
	const char *p = strstr(s, "<section id=\"threads\">");

	ck_assert_ptr_nonnull(p);
	ck_assert_ptr_nonnull(strstr(p, "<div class=\"runs\" style=\"--n:2\">\n<div class=\"run\">\n"
				     "<h3>a.hgt</h3>"));
	ck_assert_ptr_nonnull(strstr(p, "<h3>b&lt;&amp;&gt;.hgt</h3>"));
	ck_assert_ptr_nonnull(strstr(s, "<h1>hourglass report: a.hgt, b&lt;&amp;&gt;.hgt</h1>"));
	/* a picture each, numbered apart; the timeline as wide as a column */
	ck_assert_ptr_nonnull(strstr(s, "<svg id=\"pic1\""));
	ck_assert_ptr_nonnull(strstr(s, "<svg id=\"pic2\""));
	ck_assert_ptr_nonnull(strstr(s, "width=\"591\""));	/* (1200 - 18) / 2 */
	free(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_page_runs_counted)
{
	struct hg_trace *t = page_trace();
	struct hg_html_run runs[HG_HTML_MAX_RUNS + 1];
	struct hg_test_text o;
	FILE *f = hg_test_text_open(&o);
	size_t i;

	for (i = 0; i < HG_HTML_MAX_RUNS + 1; i++)
		runs[i] = (struct hg_html_run){ .name = "t.hgt", .t = t };
	ck_assert_int_eq(hg_html_report(f, runs, 0, ""), -EINVAL);
	ck_assert_int_eq(hg_html_report(f, runs, HG_HTML_MAX_RUNS + 1, ""), -EINVAL);
	free(hg_test_text_close(&o));
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("html");
	TCase *tc = tcase_create("pieces");

	tcase_add_test(tc, test_inline_scoped);
	tcase_add_test(tc, test_inline_not_svg);
	tcase_add_test(tc, test_pre_escaped);
	suite_add_tcase(s, tc);
	tc = tcase_create("page");
	tcase_add_test(tc, test_page_one_run);
	tcase_add_test(tc, test_page_side_by_side);
	tcase_add_test(tc, test_page_runs_counted);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
