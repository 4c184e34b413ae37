// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_latsvg.c - svg/latsvg.h: the lateness picture read back as
 * XML: a series per LAT thread, the legend, the axis clipped at the 99.9th
 * percentile or --max, the overflow bar's count and label
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_SVG_HELPERS_ONLY
#include "check_svg.c"	/* the XML checker and the helpers to read pictures */
#define CHECK_BINS_HELPERS_ONLY
#include "check_bins.c"	/* a trace with LAT threads */
#include "svg/latsvg.h"

/*
 * Thread 1: 2000 samples of 5 us and one of 34 ms; thread 2: 1000 samples
 * of 8 us. Of the 3001, the 99.9th percentile is the 2998th: 8 us.
 */
static struct hg_trace *outlier_trace(void)
{
	struct hg_trace *t = lat_trace();
	uint64_t *a = malloc(2001 * sizeof(*a)), *b = malloc(1000 * sizeof(*b));
	size_t k;

	ck_assert(a && b);
	for (k = 0; k < 2000; k++)
		a[k] = 5000 + k % 1000;		/* 5.000 to 5.999 us */
	a[2000] = 34000000;
	for (k = 0; k < 1000; k++)
		b[k] = 8000;
	free(t->threads[1].recs);
	free(t->threads[2].recs);
	t->threads[1].stored = t->threads[2].stored = 0;
	put_samples(&t->threads[1], a, 2001);
	put_samples(&t->threads[2], b, 1000);
	free(a);
	free(b);
	t->cmdline = strdup("hourglass -n 3 -w LAT 1ms -o t.hgt");
	ck_assert_ptr_nonnull(t->cmdline);
	return t;
}

static char *draw(const struct hg_trace *t, uint64_t max_us)
{
	struct doc d;
	FILE *f = doc_open(&d);

	ck_assert_int_eq(hg_lat_svg(f, t, max_us), 0);
	return doc_close(&d);
}

START_TEST(test_clipped_at_p999)
{
	struct hg_trace *t = outlier_trace();
	char buf[512], *d = draw(t, 0);

	ck_assert_xml(d);
	/* one series per LAT thread, none for the CPU thread */
	ck_assert_uint_eq(count(d, "<path class=\"line c0\""), 1);
	ck_assert_uint_eq(count(d, "<path class=\"line c1\""), 1);
	ck_assert_uint_eq(count(d, "<path class=\"line c2\""), 0);
	texts_of(d, "<text class=\"legend\"", buf, sizeof(buf));
	ck_assert_str_eq(buf, "thread 1: LAT 1ms: 2001 samples, median 5.5 us, p99 6.0 us, "
			 "max 34000.0 us|thread 2: LAT 1ms: 1000 samples, median 8.0 us, "
			 "p99 8.0 us, max 8.0 us|median|p99");
	/* the axis ends past 8 us: buckets of 1 us up to 9 us; the 34 ms beyond */
	ck_assert_ptr_nonnull(strstr(d, ">lateness (us), buckets of 1 us</text>"));
	texts_of(d, "<text class=\"count c", buf, sizeof(buf));
	ck_assert_str_eq(buf, "1|0");
	texts_of(d, "<text class=\"overlab\"", buf, sizeof(buf));
	ck_assert_str_eq(buf, "\xe2\x89\xa5 9 us");
	ck_assert_ptr_nonnull(strstr(d, ">Wake-up lateness of 2 LAT threads</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">hourglass -n 3 -w LAT 1ms -o t.hgt</text>"));
	ck_assert_ptr_nonnull(strstr(d, ">samples (log scale)</text>"));
	free(d);
	hg_trace_free(t);
}
END_TEST

/* --max: the axis ends there, and what lies beyond is counted. */
START_TEST(test_max)
{
	struct hg_trace *t = outlier_trace();
	char buf[512], *d;

	d = draw(t, 50);
	ck_assert_xml(d);
	texts_of(d, "<text class=\"count c", buf, sizeof(buf));
	ck_assert_str_eq(buf, "1|0");
	texts_of(d, "<text class=\"overlab\"", buf, sizeof(buf));
	ck_assert_str_eq(buf, "\xe2\x89\xa5 50 us");
	free(d);
	d = draw(t, 5);			/* everything from 5 us beyond */
	texts_of(d, "<text class=\"count c", buf, sizeof(buf));
	ck_assert_str_eq(buf, "2001|1000");
	free(d);
	d = draw(t, 40000);		/* everything inside: no overflow bar */
	ck_assert_uint_eq(count(d, "<rect class=\"over"), 0);
	ck_assert_ptr_nonnull(strstr(d, ">lateness (us), buckets of 200 us</text>"));
	free(d);
	hg_trace_free(t);
}
END_TEST

/* One LAT thread: its name in the title; none: -EINVAL. */
START_TEST(test_one_and_none)
{
	struct hg_trace *t = outlier_trace();
	struct doc dd;
	char *d;
	FILE *f;

	t->threads[2].model = HG_MODEL_SPIN;
	strcpy(t->threads[1].priority, "RTHIGH");
	d = draw(t, 0);
	ck_assert_xml(d);
	ck_assert_ptr_nonnull(strstr(d, ">Wake-up lateness, thread 1: LAT 1ms, RTHIGH</text>"));
	ck_assert_uint_eq(count(d, "<path class=\"line c"), 1);
	free(d);
	/* a LAT thread without a sample: an empty series, said so */
	t->threads[1].stored = 0;
	hg_hist_init(&t->threads[1].stats.events);
	d = draw(t, 0);
	ck_assert_xml(d);
	ck_assert_ptr_nonnull(strstr(d, ">thread 1: LAT 1ms: 0 samples</text>"));
	ck_assert_uint_eq(count(d, "<rect class=\"over"), 0);
	ck_assert_uint_eq(count(d, "class=\"mark"), 0);
	ck_assert_ptr_null(strstr(d, "nan"));
	free(d);
	t->threads[1].model = HG_MODEL_SPIN;
	f = doc_open(&dd);
	ck_assert_int_eq(hg_lat_svg(f, t, 0), -EINVAL);
	free(doc_close(&dd));
	hg_trace_free(t);
}
END_TEST

/* Seventeen LAT threads: more than there are colours, so one series for all. */
START_TEST(test_many_threads)
{
	struct hg_trace *t = hg_trace_alloc(17);
	char buf[512], *d;
	uint64_t ns;
	uint32_t i;

	ck_assert_ptr_nonnull(t);
	for (i = 0; i < 17; i++) {
		t->threads[i].id = i;
		t->threads[i].model = HG_MODEL_LAT;
		ns = 1000 * (i + 1);
		put_samples(&t->threads[i], &ns, 1);
	}
	d = draw(t, 0);
	ck_assert_xml(d);
	ck_assert_uint_eq(count(d, "<path class=\"line c0\""), 1);
	ck_assert_uint_eq(count(d, "<path class=\"line c1\""), 0);
	texts_of(d, "<text class=\"legend\"", buf, sizeof(buf));
	ck_assert_str_eq(buf, "all 17 LAT threads");
	ck_assert_ptr_nonnull(strstr(d, ">Wake-up lateness of 17 LAT threads</text>"));
	free(d);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("latsvg");
	TCase *tc = tcase_create("picture");

	tcase_add_test(tc, test_clipped_at_p999);
	tcase_add_test(tc, test_max);
	tcase_add_test(tc, test_one_and_none);
	tcase_add_test(tc, test_many_threads);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
