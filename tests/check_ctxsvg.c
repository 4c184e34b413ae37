// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_ctxsvg.c - svg/ctxsvg.h: the context-switch picture read
 * back as XML: voluntary and involuntary switches as two series, their
 * legend, marks and overflow bars, the log count axis
 */
#include <stdlib.h>
#include <string.h>

#define CHECK_SVG_HELPERS_ONLY
#include "check_svg.c"	/* the XML checker and the helpers to read pictures */
#include "svg/ctxsvg.h"

/*
 * At 1 GHz: voluntary switches of 1.5, 2.5, 2.5 and 3.5 us, involuntary
 * ones of 0.5 and 100 us.
 */
static uint64_t vol[] = { 1500, 2500, 2500, 3500 }, invol[] = { 500, 100000 };

static void report(struct hg_ctx_report *r)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	r->tsc_hz = 1000000000;
	for (i = 0; i < 4; i++) {
		ck_assert_int_eq(hg_vcount_add(&r->cost[HG_GAP_VOLUNTARY], vol[i]), 0);
		ck_assert_int_eq(hg_vcount_add(&r->switches, vol[i]), 0);
	}
	for (i = 0; i < 2; i++) {
		ck_assert_int_eq(hg_vcount_add(&r->cost[HG_GAP_INVOLUNTARY], invol[i]), 0);
		ck_assert_int_eq(hg_vcount_add(&r->switches, invol[i]), 0);
	}
	r->n[HG_GAP_VOLUNTARY] = 4;
	r->n[HG_GAP_INVOLUNTARY] = 2;
	ck_assert_int_eq(hg_stats_compute(vol, 4, &r->st[HG_GAP_VOLUNTARY]), 0);
	ck_assert_int_eq(hg_stats_compute(invol, 2, &r->st[HG_GAP_INVOLUNTARY]), 0);
	ck_assert_int_eq(hg_vcount_sort(&r->switches), 0);
	r->nswitches = 6;
}

static char *draw(const struct hg_ctx_report *r, const struct hg_ctx_svg_opts *o)
{
	struct hg_trace *t = hg_trace_alloc(0);
	struct doc d;
	FILE *f = doc_open(&d);

	ck_assert_ptr_nonnull(t);
	t->cmdline = strdup("hourglass -n 2 -o t.hgt");
	ck_assert_int_eq(hg_ctx_svg(f, t, r, o), 0);
	hg_trace_free(t);
	return doc_close(&d);
}

/* Buckets of 1 us up to 5 us: the 100 us switch beyond. */
START_TEST(test_two_classes)
{
	struct hg_ctx_svg_opts o = { .bucket_ns = 1000, .max_ns = 5000, .name = "t.hgt" };
	struct hg_ctx_report r;
	char buf[512], *d;

	report(&r);
	d = draw(&r, &o);
	ck_assert_xml(d);
	ck_assert_uint_eq(count(d, "<path class=\"area c0\""), 1);
	ck_assert_uint_eq(count(d, "<path class=\"area c1\""), 1);
	ck_assert_uint_eq(count(d, "<path class=\"area c2\""), 0);
	texts_of(d, "<text class=\"legend\"", buf, sizeof(buf));
	ck_assert_str_eq(buf, "voluntary switch: 4 switches, median 2.500 us, p99 3.500 us|"
			 "involuntary switch: 2 switches, median 0.500 us, p99 100.000 us|"
			 "median|p99");
	/* marks: both medians and p99s; the involuntary p99, beyond, on its overflow bar */
	ck_assert_uint_eq(count(d, "<line class=\"mark median c0\""), 1);
	ck_assert_uint_eq(count(d, "<line class=\"mark median c1\""), 1);
	ck_assert_uint_eq(count(d, "<line class=\"mark p99 c0\""), 1);
	ck_assert_uint_eq(count(d, "<line class=\"mark p99 c1\""), 1);
	texts_of(d, "<text class=\"count c", buf, sizeof(buf));
	ck_assert_str_eq(buf, "0|1");
	texts_of(d, "<text class=\"overlab\"", buf, sizeof(buf));
	ck_assert_str_eq(buf, "\xe2\x89\xa5 5 us");
	ck_assert_ptr_nonnull(strstr(d, ">Context-switch cost: 6 switches (t.hgt)</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">hourglass -n 2 -o t.hgt</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">context-switch cost (us), buckets of 1 us</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">switches</text>"));
	free(d);
	o.log_y = true;
	d = draw(&r, &o);
	ck_assert_xml(d);
	ck_assert_ptr_nonnull(strstr(d, ">switches (log scale)</text>"));
	free(d);
	hg_ctx_free(&r);
}
END_TEST

/* No voluntary switch: its series is there, empty, and says so. */
START_TEST(test_one_class_empty)
{
	struct hg_ctx_svg_opts o = { .name = "t.hgt" };
	struct hg_ctx_report r;
	char buf[512], *d;

	report(&r);
	r.n[HG_GAP_VOLUNTARY] = 0;
	hg_vcount_free(&r.cost[HG_GAP_VOLUNTARY]);
	r.st[HG_GAP_VOLUNTARY] = (struct hg_stats){ 0 };
	d = draw(&r, &o);
	ck_assert_xml(d);
	texts_of(d, "<text class=\"legend\"", buf, sizeof(buf));
	ck_assert_msg(!strncmp(buf, "voluntary switch: no switches|involuntary switch: 2 ", 52),
		      "%s", buf);
	ck_assert_uint_eq(count(d, "<line class=\"mark median c0\""), 0);
	ck_assert_ptr_null(strstr(d, "nan"));
	free(d);
	hg_ctx_free(&r);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("ctxsvg");
	TCase *tc = tcase_create("picture");

	tcase_add_test(tc, test_two_classes);
	tcase_add_test(tc, test_one_class_empty);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
