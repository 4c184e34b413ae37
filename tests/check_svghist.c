// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_svghist.c - svg/svghist.h: the histogram picture read back
 * as XML: its series, legend, marks, overflow bars and axes
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_SVG_HELPERS_ONLY
#include "check_svg.c"	/* the XML checker and the helpers to read pictures */
#include "svg/svghist.h"

#define OVER_BAR "<rect class=\"over c"
#define END "text-anchor=\"end\""

/* Buckets of @width from @first with the counts @c (the last one the overflow). */
static void bins_of(struct hg_bins *b, uint64_t first, uint64_t width, const uint64_t *c,
		    size_t n)
{
	size_t i;

	ck_assert_int_eq(hg_bins_linear(b, first, width, n), 0);
	for (i = 0; i <= n; i++) {
		b->count[i] = c[i];
		b->total += c[i];
	}
}

static char *draw(const struct hg_svg_hist *h)
{
	struct doc d;
	FILE *f = doc_open(&d);

	ck_assert_int_eq(hg_svg_hist(f, h), 0);
	return doc_close(&d);
}

/*
 * The levels of a series' outline "M x base V y H x V y ... H x V base":
 * @y[i] the height (px above the base) of each step, @x[i] where it starts.
 * Returns the number of steps.
 */
static size_t steps(const char *s, size_t k, double *x, double *y, size_t max)
{
	char prefix[64];
	const char *p;
	double cx, base, cy;
	size_t n = 0;
	int used;

	snprintf(prefix, sizeof(prefix), "<path class=\"line c%zu\" d=\"", k);
	p = strstr(s, prefix);
	ck_assert_msg(p, "no %s", prefix);
	p += strlen(prefix);
	ck_assert_int_eq(sscanf(p, "M%lf %lf%n", &cx, &base, &used), 2);
	p += used;
	cy = base;
	while (*p == 'H' || *p == 'V') {
		char cmd = *p++;
		double v = strtod(p, (char **)&p);

		if (cmd == 'H') {
			cx = v;
			continue;
		}
		cy = v;
		if (n < max && cy != base) {
			x[n] = cx;
			y[n++] = base - cy;
		}
	}
	ck_assert_int_eq(*p, '"');
	return n;
}

/*
 * Two series over buckets of 10 from 0 (values in ns, the axis in us):
 * "a" with 10, 20, 40 and 5 beyond, "b" with 0, 30, 0 and none beyond.
 */
START_TEST(test_two_series)
{
	static const uint64_t ca[] = { 10, 20, 40, 5 }, cb[] = { 0, 30, 0, 0 };
	struct hg_bins a, b;
	struct hg_svg_series s[2] = {
		{ .name = "a <first>", .bins = &a, .median = 0.015, .p99 = 0.028 },
		{ .name = "b", .bins = &b, .median = 0.012, .p99 = NAN },
	};
	struct hg_svg_hist h = {
		.title = "T", .subtitle = "hourglass -n 2 -o t.hgt", .xlabel = "cost (us)",
		.ylabel = "switches", .unit = "us", .per_unit = 1000, .series = s, .nseries = 2,
	};
	double x[8], y[8], xb[8], yb[8];
	char buf[64], *d;
	struct box over;

	bins_of(&a, 0, 10, ca, 3);
	bins_of(&b, 0, 10, cb, 3);
	d = draw(&h);
	ck_assert_xml(d);
	/* a series each: area and outline in its colour, a legend entry */
	ck_assert_uint_eq(count(d, "<path class=\"area c0\""), 1);
	ck_assert_uint_eq(count(d, "<path class=\"area c1\""), 1);
	ck_assert_uint_eq(count(d, "<path class=\"line c0\""), 1);
	ck_assert_uint_eq(count(d, "<path class=\"line c1\""), 1);
	ck_assert_uint_eq(count(d, "<path class=\"area c2\""), 0);
	ck_assert_uint_eq(count(d, "<rect class=\"key c0\""), 1);
	ck_assert_uint_eq(count(d, "<rect class=\"key c1\""), 1);
	ck_assert_uint_eq(count(d, "<text class=\"legend\""), 4);	/* a, b, median, p99 */
	ck_assert_ptr_nonnull(strstr(d, ">a &lt;first&gt;</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">b</text>"));
	/* the marks' keys, and the marks within the axis: three of four */
	ck_assert_uint_eq(count(d, "<line class=\"key mark median\""), 1);
	ck_assert_uint_eq(count(d, "<line class=\"key mark p99\""), 1);
	ck_assert_uint_eq(count(d, "<line class=\"mark median c0\""), 1);
	ck_assert_uint_eq(count(d, "<line class=\"mark p99 c0\""), 1);
	ck_assert_uint_eq(count(d, "<line class=\"mark median c1\""), 1);
	ck_assert_uint_eq(count(d, "<line class=\"mark p99 c1\""), 0);
	ck_assert_uint_eq(count(d, "<text class=\"marklab"), 3);
	/* heights in proportion: 10, 20, 40 for a; 30 for b */
	ck_assert_uint_eq(steps(d, 0, x, y, 8), 3);
	ck_assert_double_eq_tol(y[1], 2 * y[0], 0.05);
	ck_assert_double_eq_tol(y[2], 4 * y[0], 0.05);
	ck_assert(x[0] < x[1] && x[1] < x[2]);
	ck_assert_uint_eq(steps(d, 1, xb, yb, 8), 1);
	ck_assert_double_eq_tol(yb[0], 3 * y[0], 0.05);
	ck_assert_double_eq_tol(xb[0], x[1], 0.01);		/* the same buckets */
	/* the overflow: a bar per series, its count over it, "≥ 0.03 us" under */
	ck_assert_uint_eq(count(d, OVER_BAR), 2);
	ck_assert(nth_box(d, OVER_BAR "0\"", 0, &over));
	ck_assert_double_eq_tol(over.h, y[0] / 2, 0.05);	/* 5 */
	ck_assert(over.x > x[2]);				/* after the axis */
	texts_of(d, "<text class=\"count c", buf, sizeof(buf));
	ck_assert_str_eq(buf, "5|0");
	/* each count in its series' colour */
	ck_assert_uint_eq(count(d, "<text class=\"count c0\""), 1);
	ck_assert_uint_eq(count(d, "<text class=\"count c1\""), 1);
	/* the marks' labels give their values, with the unit */
	texts_of(d, "<text class=\"marklab c0", buf, sizeof(buf));
	ck_assert_msg(!strncmp(buf, "median ", 7) && strstr(buf, " us|p99 "), "%s", buf);
	/* the marks' key on a line of its own, under the series' legend lines */
	{
		const char *k = strstr(d, "<line class=\"key mark median\""), *t;
		double yk = 0, yl = 0;

		ck_assert_ptr_nonnull(k);
		ck_assert_int_eq(sscanf(strstr(k, "y1=\"") + 4, "%lf", &yk), 1);
		t = strstr(d, "<rect class=\"key c1\"");
		ck_assert_ptr_nonnull(t);
		ck_assert_int_eq(sscanf(strstr(t, "y=\"") + 3, "%lf", &yl), 1);
		ck_assert_msg(yk > yl + 10, "key at %.1f, last series at %.1f", yk, yl);
	}
	texts_of(d, "<text class=\"overlab\"", buf, sizeof(buf));
	ck_assert_str_eq(buf, "\xe2\x89\xa5 0.03 us");
	/* title, command line, axis labels with units */
	ck_assert_ptr_nonnull(strstr(d, ">T</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">hourglass -n 2 -o t.hgt</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">cost (us)</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">switches</text>"));
	ck_assert_ptr_null(strstr(d, "nan"));
	ck_assert_ptr_null(strstr(d, "inf"));
	free(d);
	hg_bins_free(&a);
	hg_bins_free(&b);
}
END_TEST

/* A p99 past the clipped axis is marked on the series' overflow bar. */
START_TEST(test_mark_on_overflow)
{
	static const uint64_t c[] = { 10, 20, 40, 5 };
	struct hg_bins b;
	struct hg_svg_series s = { .name = "x", .bins = &b, .median = 0.015, .p99 = 0.05 };
	struct hg_svg_hist h = { .title = "T", .xlabel = "v (us)", .unit = "us", .per_unit = 1000,
				 .series = &s, .nseries = 1 };
	const char *m;
	struct box over;
	double x1;
	char *d;

	bins_of(&b, 0, 10, c, 3);
	d = draw(&h);
	ck_assert_xml(d);
	ck_assert_uint_eq(count(d, "<line class=\"mark p99 c0\""), 1);
	ck_assert(nth_box(d, OVER_BAR "0\"", 0, &over));
	m = strstr(d, "<line class=\"mark p99 c0\" x1=\"");
	ck_assert_ptr_nonnull(m);
	x1 = strtod(m + strlen("<line class=\"mark p99 c0\" x1=\""), NULL);
	ck_assert_double_eq_tol(x1, over.x + over.w / 2, 0.01);
	ck_assert_uint_eq(count(d, "<text class=\"marklab"), 2);
	free(d);
	hg_bins_free(&b);
}
END_TEST

/*
 * A p99 just short of the axis' end, and a tall overflow bar whose count
 * stands at the top: the label goes left of its mark, clear of the bar
 * (it ran over the count, "p99 8066 us" over "52"); a label of a mark on
 * the bar ends left of the bars.
 */
START_TEST(test_label_clear_of_overflow)
{
	static const uint64_t c[] = { 1, 1, 2, 90 };
	struct hg_bins b;
	struct hg_svg_series s = { .name = "x", .bins = &b, .median = 0.029, .p99 = 0.5 };
	struct hg_svg_hist h = { .title = "T", .xlabel = "v (us)", .unit = "us", .per_unit = 1000,
				 .series = &s, .nseries = 1 };
	const char *p;
	struct box over;
	char *d;
	int n = 0;

	bins_of(&b, 0, 10, c, 3);
	d = draw(&h);
	ck_assert_xml(d);
	ck_assert(nth_box(d, OVER_BAR "0\"", 0, &over));
	for (p = strstr(d, "<text class=\"marklab c0\" x=\""); p;
	     p = strstr(p + 1, "<text class=\"marklab c0\" x=\"")) {
		double x = strtod(p + strlen("<text class=\"marklab c0\" x=\""), NULL);
		const char *gt = strchr(p, '>');

		ck_assert_ptr_nonnull(gt);
		/* each ends left of the bar: anchored at its end, there */
		ck_assert_msg(memmem(p, (size_t)(gt - p), END, strlen(END)) != NULL,
			      "a mark label runs to the right: %.80s", p);
		ck_assert_double_le(x, over.x);
		n++;
	}
	ck_assert_int_eq(n, 2);
	free(d);
	hg_bins_free(&b);
}
END_TEST

/*
 * No mark's line passes under a mark's label: each label's box (11 px type,
 * 0.6 of it a character, from 0.8 of it above the baseline to 0.2 below,
 * as tests/svg-text.py estimates it) against each mark's line.
 */
static void assert_no_label_under_line(const char *d)
{
	static const char lab[] = "<text class=\"marklab c", line[] = "<line class=\"mark ";
	const char *t, *m;

	for (t = strstr(d, lab); t; t = strstr(t + 1, lab)) {
		const char *gt = strchr(t, '>'), *x = strstr(t, " x=\""), *y = strstr(t, " y=\"");
		const char *end = strstr(t, "</text>");
		double tx, ty, w, x0, x1;

		ck_assert(gt && x && y && end);
		tx = strtod(x + 4, NULL);
		ty = strtod(y + 4, NULL);
		w = 0.6 * 11 * (double)(end - gt - 1);
		x0 = memmem(t, (size_t)(gt - t), END, strlen(END)) ? tx - w : tx;
		x1 = x0 + w;
		for (m = strstr(d, line); m; m = strstr(m + 1, line)) {
			double lx, ly1, ly2;

			ck_assert_int_eq(sscanf(strstr(m, " x1=\""), " x1=\"%lf\" y1=\"%lf\" x2=\"%*f\" "
						"y2=\"%lf\"", &lx, &ly1, &ly2), 3);
			ck_assert_msg(!(lx > x0 + 1 && lx < x1 - 1 && fmin(ly1, ly2) < ty + 2.2 - 1 &&
					fmax(ly1, ly2) > ty - 8.8 + 1),
				      "the line at x %.1f passes under %.60s", lx, gt + 1);
		}
	}
}

/*
 * Two labels facing each other over their marks: series 0's p99 at 285 us
 * has no room on the right (its label goes left, over 665 .. 731 px),
 * series 1's median at 261 us (680 px) has, but there its label would
 * stand over the p99's line (683 .. 769 px), and the p99's label over the
 * median's: one of the two lines ran through a label. The median's label
 * goes left instead, where it covers no mark.
 */
START_TEST(test_labels_facing)
{
	uint64_t c[31] = { 0 };
	struct hg_bins b[2];
	struct hg_svg_series s[2] = {
		{ .name = "a", .bins = &b[0], .median = NAN, .p99 = 285 },
		{ .name = "b", .bins = &b[1], .median = 261, .p99 = NAN },
	};
	struct hg_svg_hist h = { .title = "T", .xlabel = "v (us)", .unit = "us", .per_unit = 1000,
				 .series = s, .nseries = 2 };
	char *d;

	c[3] = 5;
	bins_of(&b[0], 0, 10000, c, 30);
	bins_of(&b[1], 0, 10000, c, 30);
	d = draw(&h);
	ck_assert_xml(d);
	ck_assert_uint_eq(count(d, "<text class=\"marklab"), 2);
	ck_assert_uint_eq(count(d, END ">median 261 us</text>"), 1);
	assert_no_label_under_line(d);
	free(d);
	hg_bins_free(&b[0]);
	hg_bins_free(&b[1]);
}
END_TEST

/* Nothing counted (a trace with no switches): "no switches", no axis, no bars. */
START_TEST(test_nothing_counted)
{
	static const uint64_t c[] = { 0, 0, 0 };
	struct hg_bins b;
	struct hg_svg_series s = { .name = "x", .bins = &b, .median = NAN, .p99 = NAN };
	struct hg_svg_hist h = { .title = "T", .subtitle = "hourglass -n 1", .xlabel = "v (us)",
				 .ylabel = "switches", .unit = "us", .per_unit = 1,
				 .series = &s, .nseries = 1 };
	char *d;

	bins_of(&b, 0, 5, c, 2);
	d = draw(&h);
	ck_assert_xml(d);
	ck_assert_ptr_nonnull(strstr(d, ">no switches</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">T</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">hourglass -n 1</text>"));
	ck_assert_uint_eq(count(d, "class=\"axis"), 0);
	ck_assert_uint_eq(count(d, "<path"), 0);
	ck_assert_ptr_null(strstr(d, ">v (us)</text>"));
	free(d);
	hg_bins_free(&b);
}
END_TEST

/* Nothing beyond the last bucket: no overflow bar, the axis to the plot's end. */
START_TEST(test_no_overflow)
{
	static const uint64_t c[] = { 3, 1, 0 };
	struct hg_bins b;
	struct hg_svg_series s = { .name = "x", .bins = &b, .median = NAN, .p99 = NAN };
	struct hg_svg_hist h = { .title = "T", .xlabel = "v (us)", .unit = "us", .per_unit = 1,
				 .series = &s, .nseries = 1 };
	double x[4], y[4];
	char *d;

	bins_of(&b, 100, 5, c, 2);
	d = draw(&h);
	ck_assert_xml(d);
	ck_assert_uint_eq(count(d, OVER_BAR), 0);
	ck_assert_uint_eq(count(d, "class=\"overlab\""), 0);
	ck_assert_uint_eq(count(d, "class=\"mark"), 0);		/* no marks, no keys */
	ck_assert_ptr_nonnull(strstr(d, ">count</text>"));	/* the default */
	ck_assert_ptr_nonnull(strstr(d, ">100</text>"));	/* the axis from 100 */
	ck_assert_ptr_nonnull(strstr(d, ">110</text>"));
	ck_assert_uint_eq(steps(d, 0, x, y, 4), 2);
	ck_assert_double_eq_tol(y[0], 3 * y[1], 0.05);
	free(d);
	hg_bins_free(&b);
}
END_TEST

/* A log count axis: a count of 1 is visible, decades are the same height. */
START_TEST(test_log_counts)
{
	static const uint64_t c[] = { 1, 10, 100, 1000, 0 };
	struct hg_bins b;
	struct hg_svg_series s = { .name = "x", .bins = &b, .median = NAN, .p99 = NAN };
	struct hg_svg_hist h = { .title = "T", .xlabel = "v (us)", .ylabel = "samples",
				 .unit = "us", .per_unit = 1, .log_counts = true, .series = &s,
				 .nseries = 1 };
	double x[4], y[4];
	char *d;

	bins_of(&b, 0, 1, c, 4);
	d = draw(&h);
	ck_assert_xml(d);
	ck_assert_uint_eq(steps(d, 0, x, y, 4), 4);
	ck_assert(y[0] > 5);
	ck_assert_double_eq_tol(y[2] - y[1], y[1] - y[0], 0.05);
	ck_assert_double_eq_tol(y[3] - y[2], y[1] - y[0], 0.05);
	ck_assert_ptr_nonnull(strstr(d, ">samples (log scale)</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">1000</text>"));
	free(d);
	hg_bins_free(&b);
}
END_TEST

/* Many buckets: the outline stays inside the plot, left to right. */
START_TEST(test_many_buckets)
{
	struct hg_bins b;
	struct hg_svg_series s = { .name = "x", .bins = &b, .median = 500, .p99 = 990 };
	struct hg_svg_hist h = { .title = "T", .xlabel = "v (us)", .unit = "us", .per_unit = 1,
				 .series = &s, .nseries = 1 };
	static double x[1000], y[1000];
	size_t i, n;
	char *d;

	ck_assert_int_eq(hg_bins_linear(&b, 0, 1, 1000), 0);
	for (i = 0; i < 1000; i++)
		b.count[i] = i % 7 + 1;
	d = draw(&h);
	ck_assert_xml(d);
	n = steps(d, 0, x, y, 1000);
	ck_assert_uint_eq(n, 1000);
	for (i = 0; i < n; i++) {
		ck_assert(x[i] >= 92 && x[i] <= HG_SVG_HIST_WIDTH - 32);
		ck_assert(!i || x[i] > x[i - 1]);
	}
	free(d);
	hg_bins_free(&b);
}
END_TEST

START_TEST(test_invalid)
{
	struct hg_bins a, b;
	struct hg_svg_series s[2] = { { .name = "a", .bins = &a }, { .name = "b", .bins = &b } };
	struct hg_svg_hist h = { .title = "T", .unit = "us", .per_unit = 1, .series = s,
				 .nseries = 2 };
	struct doc d;
	FILE *f;

	ck_assert_int_eq(hg_bins_linear(&a, 0, 10, 5), 0);
	ck_assert_int_eq(hg_bins_linear(&b, 0, 5, 5), 0);	/* other buckets */
	f = doc_open(&d);
	ck_assert_int_eq(hg_svg_hist(f, &h), -EINVAL);
	h.nseries = 0;
	ck_assert_int_eq(hg_svg_hist(f, &h), -EINVAL);
	h.nseries = HG_SVG_NCOLOURS + 1;
	ck_assert_int_eq(hg_svg_hist(f, &h), -EINVAL);
	free(doc_close(&d));
	hg_bins_free(&a);
	hg_bins_free(&b);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("svghist");
	TCase *tc = tcase_create("picture");

	tcase_add_test(tc, test_two_series);
	tcase_add_test(tc, test_no_overflow);
	tcase_add_test(tc, test_nothing_counted);
	tcase_add_test(tc, test_mark_on_overflow);
	tcase_add_test(tc, test_labels_facing);
	tcase_add_test(tc, test_label_clear_of_overflow);
	tcase_add_test(tc, test_log_counts);
	tcase_add_test(tc, test_many_buckets);
	tcase_add_test(tc, test_invalid);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
