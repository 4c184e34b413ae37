// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_tail.c - hourglass tail: each check failing where it should, the
 * inputs (a trace's samples, values, a cyclictest histogram) and the
 * command (bad input, JSON, --force); the fit itself: check_tail_fit.c
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "tailgen.h"
#include "analysis/stats/gpd.h"
#include "analysis/stats/tail.h"
#include "analysis/stats/tailchk.h"
#include "analysis/stats/tailsrc.h"
#include "hourglass/commands.h"
#include "hourglass/tailin.h"
#include "report/tail.h"
#include "trace/record.h"

extern const struct hg_command hg_cmd_tail;

#define N 20000

/* Exponential samples pass every check; their answers follow. */
START_TEST(test_passes)
{
	double *x = malloc(N * sizeof(*x)), at[2] = { 1000, 30000 };
	struct hg_tail_opts o = tailgen_opts(at, 2);
	struct hg_tail t;

	ck_assert_ptr_nonnull(x);
	tailgen_fill(&tailgens[1], 3, x, N);
	ck_assert_int_eq(hg_tail_analyse(x, N, &o, &t), 0);
	ck_assert_ptr_null(t.failed);
	ck_assert_int_eq(t.chk[HG_TAIL_CHK_COUNT].passed, 1);
	ck_assert_int_eq(t.chk[HG_TAIL_CHK_INDEP].passed, 1);
	ck_assert_int_eq(t.chk[HG_TAIL_CHK_STAT].passed, 1);
	ck_assert_int_eq(t.chk[HG_TAIL_CHK_FIT].passed, 1);
	ck_assert_uint_eq(t.above, hg_tail_rule_k(N));
	ck_assert(t.at[0].counted);				/* below the threshold */
	ck_assert_double_eq_tol(t.at[0].p, exp(-1000.0 / 3000), 0.02);
	ck_assert(!t.at[1].counted);
	ck_assert_double_eq_tol(t.at[1].per, t.at[1].p * 3600 * 1000, 1e-9 * t.at[1].per);
	ck_assert_double_le(t.at[1].need_ci[0], t.at[1].need);
	ck_assert_double_ge(t.at[1].need_ci[1], t.at[1].need);
	free(x);
}
END_TEST

/* A series whose second half is 1.6 times the first: stationarity fails, named first. */
START_TEST(test_refuse_shift)
{
	double *x = malloc(N * sizeof(*x));
	struct hg_tail_opts o = tailgen_opts(NULL, 0);
	struct hg_tail t;
	size_t i;

	ck_assert_ptr_nonnull(x);
	tailgen_fill(&tailgens[1], 5, x, N);
	for (i = N / 2; i < N; i++)
		x[i] *= 1.6;
	ck_assert_int_eq(hg_tail_analyse(x, N, &o, &t), 0);
	ck_assert_int_eq(t.chk[HG_TAIL_CHK_STAT].passed, 0);
	ck_assert_double_lt(t.chk[HG_TAIL_CHK_STAT].p_value, HG_TAIL_LEVEL);
	ck_assert_str_eq(t.failed, "stationarity");
	free(x);
}
END_TEST

/* Exceedances in bursts of eight: the extremal index is low, independence fails. */
START_TEST(test_refuse_cluster)
{
	double *x = malloc(N * sizeof(*x));
	struct hg_tail_opts o = tailgen_opts(NULL, 0);
	struct hg_tail t;
	size_t i;

	ck_assert_ptr_nonnull(x);
	tailgen_fill(&tailgens[1], 6, x, N);
	for (i = 0; i < N; i++)	/* each sample the largest of its burst of eight */
		if (i % 8)
			x[i] = fmax(x[i], x[i - 1] * 0.97);
	ck_assert_int_eq(hg_tail_analyse(x, N, &o, &t), 0);
	ck_assert_double_lt(t.theta, HG_TAIL_THETA_MIN);
	ck_assert(t.declustered);
	ck_assert_int_eq(t.chk[HG_TAIL_CHK_INDEP].passed, 0);
	ck_assert_str_eq(t.failed, "independence");
	free(x);
}
END_TEST

/* Too few samples: the count fails, with what was found. */
START_TEST(test_refuse_few)
{
	double x[300];
	struct hg_tail_opts o = tailgen_opts(NULL, 0);
	struct hg_tail t;

	tailgen_fill(&tailgens[1], 8, x, 300);
	ck_assert_int_eq(hg_tail_analyse(x, 300, &o, &t), 0);
	ck_assert_str_eq(t.failed, "exceedances");
	ck_assert_uint_eq(t.k, 30);
	ck_assert(t.fitted);	/* enough for --force */
	ck_assert_int_eq(hg_tail_analyse(x, 0, &o, &t), -EINVAL);
}
END_TEST

/* Exceedances of two separate lumps: no GPD fits them, Anderson-Darling says so. */
START_TEST(test_refuse_fit)
{
	double *x = malloc(N * sizeof(*x));
	struct hg_tail_opts o = tailgen_opts(NULL, 0);
	struct hg_tail t;
	struct hg_rng r;
	size_t i;

	ck_assert_ptr_nonnull(x);
	hg_rng_seed(&r, 9);
	for (i = 0; i < N; i++)
		x[i] = 1000 * tailgen_u(&r);
	for (i = 0; i < N; i += 200)	/* 100 samples far above the rest, all alike */
		x[i] = 5000 + 10 * tailgen_u(&r);
	o.ordered = false;
	ck_assert_int_eq(hg_tail_analyse(x, N, &o, &t), 0);
	ck_assert_int_eq(t.chk[HG_TAIL_CHK_INDEP].passed, -1);	/* no time order */
	ck_assert_int_eq(t.chk[HG_TAIL_CHK_STAT].passed, -1);
	ck_assert_int_eq(t.chk[HG_TAIL_CHK_FIT].passed, 0);
	ck_assert_str_eq(t.failed, "fit");
	free(x);
}
END_TEST

/* Declustering keeps each cluster's largest, in time order. */
START_TEST(test_decluster)
{
	size_t idx[] = { 10, 11, 12, 50, 51, 90, 200, 201, 202, 203 };
	double y[] = { 1, 5, 2, 3, 4, 7, 1, 1, 9, 1 };
	/* C = 5: the gaps longer than the 5th longest (1): 38, 39 and 110 */
	size_t k = hg_decluster(idx, y, 10, 0.4);

	ck_assert_uint_eq(k, 4);
	ck_assert_uint_eq(idx[0], 11);
	ck_assert_double_eq(y[0], 5);
	ck_assert_uint_eq(idx[1], 51);
	ck_assert_double_eq(y[1], 4);
	ck_assert_double_eq(y[2], 7);
	ck_assert_uint_eq(idx[3], 202);
	ck_assert_double_eq(y[3], 9);
	ck_assert_double_eq(hg_extremal_index(idx, 2), 1);
}
END_TEST

/* A trace's LAT samples and gaps, in time order. */
START_TEST(test_trace_samples)
{
	static const uint64_t iv[][2] = { { 1000, 100 }, { 1150, 50 }, { 1300, 10 } };
	const uint64_t (*const ivs[])[2] = { iv };
	const size_t n[] = { 3 };
	struct hg_trace *t = hg_test_trace(1, ivs, n);
	struct hg_trace_thread *th;
	struct hg_record *r;
	double *x, span;
	size_t k;

	ck_assert_ptr_nonnull(t);
	th = &t->threads[0];
	ck_assert(hg_tail_of_has(th, HG_TAIL_OF_GAP));
	ck_assert(!hg_tail_of_has(th, HG_TAIL_OF_LATENCY));
	ck_assert_int_eq(hg_tail_samples(t, th, HG_TAIL_OF_GAP, &x, &k, &span), 0);
	ck_assert_uint_eq(k, 2);
	ck_assert_double_eq(x[0], 50);		/* 100 to 150 */
	ck_assert_double_eq(x[1], 100);		/* 200 to 300 */
	free(x);
	r = realloc(th->recs, (th->stored + 2) * sizeof(*r));
	ck_assert_ptr_nonnull(r);
	th->recs = r;
	r[th->stored++] = (struct hg_record){ .start_cycles = 1400, .len_cycles = 7000,
					      .flags = hg_event_flags(HG_EV_LAT, 0) };
	r[th->stored++] = (struct hg_record){ .start_cycles = 2400, .len_cycles = 9000,
					      .flags = hg_event_flags(HG_EV_LAT, 0) };
	th->model = HG_MODEL_LAT;
	ck_assert_int_eq(hg_tail_samples(t, th, HG_TAIL_OF_LATENCY, &x, &k, &span), 0);
	ck_assert_uint_eq(k, 2);
	ck_assert_double_eq(x[0], 7000);
	ck_assert_double_eq(x[1], 9000);
	ck_assert_double_eq(span, 1000);
	free(x);
	hg_trace_free(t);
}
END_TEST

/* A LAT thread of @n exponential samples from @seed, one a millisecond. */
static struct hg_trace *lat_trace(size_t n, uint64_t seed)
{
	static const uint64_t iv[][2] = { { 1000, 100 } };
	const uint64_t (*const ivs[])[2] = { iv };
	const size_t one[] = { 1 };
	struct hg_trace *t = hg_test_trace(1, ivs, one);
	double *x = malloc(n * sizeof(*x));
	struct hg_trace_thread *th;
	size_t i;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(x);
	th = &t->threads[0];
	th->model = HG_MODEL_LAT;
	th->recs = realloc(th->recs, n * sizeof(*th->recs));
	ck_assert_ptr_nonnull(th->recs);
	tailgen_fill(&tailgens[1], seed, x, n);
	for (i = 0; i < n; i++)
		th->recs[i] = (struct hg_record){ .start_cycles = 2000 + i * 1000000,
						  .len_cycles = (uint32_t)x[i],
						  .flags = hg_event_flags(HG_EV_LAT, 0) };
	th->stored = n;
	free(x);
	return t;
}

/* The run's report: a line of the tail of a LAT thread with enough samples, none without. */
START_TEST(test_summary_line)
{
	struct hg_trace *t = lat_trace(5000, 12), *few = lat_trace(400, 12);
	struct hg_test_text out;
	char *s;

	hg_print_tail_summary(hg_test_text_open(&out), t);
	s = hg_test_text_close(&out);
	ck_assert_int_eq(hg_test_lines(s), 1);
	ck_assert_msg(!strncmp(s, "# tail: thread 0 latency: exceeded with probability 1e-9 per "
			       "sample: ", 65), "%s", s);
	ck_assert_ptr_nonnull(strstr(s, " exceedances; the largest seen "));
	free(s);
	hg_print_tail_summary(hg_test_text_open(&out), few);
	s = hg_test_text_close(&out);
	ck_assert_str_eq(s, "");
	free(s);
	hg_trace_free(t);
	hg_trace_free(few);
}
END_TEST

/* Open @text as a stream to read. */
static FILE *text(const char *s)
{
	FILE *f = fmemopen((void *)s, strlen(s), "r");

	ck_assert_ptr_nonnull(f);
	return f;
}

START_TEST(test_values)
{
	FILE *f = text("# lateness\n12.5\n800ns\n\n 1.5ms \n2 s\n3us\n");
	char err[HG_TAILIN_ERR];
	double *x;
	size_t n;

	ck_assert_int_eq(hg_tailin_values(f, &x, &n, err, sizeof(err)), 0);
	fclose(f);
	ck_assert_uint_eq(n, 5);
	ck_assert_double_eq(x[0], 12500);
	ck_assert_double_eq(x[1], 800);
	ck_assert_double_eq(x[2], 1.5e6);
	ck_assert_double_eq(x[3], 2e9);
	ck_assert_double_eq(x[4], 3000);
	free(x);
	f = text("12\n13\nfast\n");
	ck_assert_int_eq(hg_tailin_values(f, &x, &n, err, sizeof(err)), -EINVAL);
	fclose(f);
	free(x);
	ck_assert_str_eq(err, "line 3: 'fast' is not a latency (one a line, in us unless a unit "
			 "follows: 12.5, 800ns, 1.2ms)");
	/* whole microseconds: spread inside each; else left alone */
	{
		double w[3] = { 7000, 7000, 12000 }, v[2] = { 7000, 7500 };

		ck_assert(hg_tailin_spread(w, 3));
		ck_assert(w[0] > 7000 && w[0] < 8000 && w[1] > 7000 && w[1] < 8000);
		ck_assert(w[0] != w[1]);
		ck_assert(w[2] > 12000 && w[2] < 13000);
		ck_assert(!hg_tailin_spread(v, 2));
		ck_assert_double_eq(v[0], 7000);
	}
	f = text("12 parsecs\n");
	ck_assert_int_eq(hg_tailin_values(f, &x, &n, err, sizeof(err)), -EINVAL);
	fclose(f);
	free(x);
}
END_TEST

/* What cyclictest -h 4 -q prints for two threads. */
static const char cyclic[] =
	"# Histogram\n"
	"000000 000000\t000000\n"
	"000001 000003\t000001\n"
	"000002 000002\t000004\n"
	"000003 000000\t000001\n"
	"# Total: 000000005 000000006\n"
	"# Min Latencies: 00001 00001\n"
	"# Histogram Overflows: 00000 00002\n"
	"# Histogram Overflow at cycle number:\n"
	"# Thread 0:\n"
	"# Thread 1: 17 99\n";

START_TEST(test_cyclictest)
{
	struct hg_tailin_hist h;
	char err[HG_TAILIN_ERR];
	uint64_t below;
	double *x;
	size_t n;
	FILE *f = text(cyclic);

	ck_assert_int_eq(hg_tailin_cyclictest(f, 0, &h, err, sizeof(err)), 0);
	fclose(f);
	ck_assert_uint_eq(h.columns, 2);
	ck_assert_uint_eq(h.total, 5);
	ck_assert_uint_eq(h.overflows, 0);
	ck_assert_uint_eq(h.count[1], 3);
	/* the top down: 2 samples of 2 us, then 3 of 1 us, spread inside their buckets */
	ck_assert_int_eq(hg_tailin_expand(&h, 2, INFINITY, &x, &n, &below), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_uint_eq(below, 3);
	ck_assert_double_eq_tol(x[0], 2250, 1e-9);
	ck_assert_double_eq_tol(x[1], 2750, 1e-9);
	free(x);
	ck_assert_int_eq(hg_tailin_expand(&h, 2, 1500, &x, &n, &below), 0);
	ck_assert_uint_eq(n, 5);	/* every bucket above 1.5 us too */
	ck_assert_double_eq_tol(x[0], 1000 + 1000.0 / 6, 1e-9);
	free(x);
	free(h.count);
	f = text(cyclic);
	ck_assert_int_eq(hg_tailin_cyclictest(f, -1, &h, err, sizeof(err)), 0);
	fclose(f);
	ck_assert_uint_eq(h.total, 11);
	ck_assert_uint_eq(h.overflows, 2);
	free(h.count);
	f = text(cyclic);
	ck_assert_int_eq(hg_tailin_cyclictest(f, 2, &h, err, sizeof(err)), -EINVAL);
	fclose(f);
	free(h.count);
	ck_assert_str_eq(err, "--thread 2: the histogram has 2 threads (0 to 1)");
	f = text("000000 000001\t000002\n000001 000003\n");
	ck_assert_int_eq(hg_tailin_cyclictest(f, -1, &h, err, sizeof(err)), -EINVAL);
	fclose(f);
	free(h.count);
	ck_assert_str_eq(err, "line 2: '000001 000003' is not a row of cyclictest -h (a bucket "
			 "in us, then a count per thread)");
	f = text("# nothing\n");
	ck_assert_int_eq(hg_tailin_cyclictest(f, -1, &h, err, sizeof(err)), -EINVAL);
	fclose(f);
	free(h.count);
}
END_TEST

/* A file of @n exponential latencies (us) from @seed, its path. */
static char *values_file(const char *dir, const char *name, size_t n, uint64_t seed)
{
	double *x = malloc(n * sizeof(*x));
	char *s = malloc(n * 16 + 1), *p = s, *path;
	size_t i;

	ck_assert_ptr_nonnull(x);
	ck_assert_ptr_nonnull(s);
	tailgen_fill(&tailgens[1], seed, x, n);
	for (i = 0; i < n; i++)
		p += sprintf(p, "%.3f\n", x[i] / 1e3);
	path = hg_test_write_text(dir, name, s);
	free(x);
	free(s);
	return path;
}

START_TEST(test_cmd)
{
	char *dir = hg_test_fresh_dir(), *vals = values_file(dir, "v.txt", 5000, 4);
	char *few = values_file(dir, "few.txt", 300, 4);
	char *bad = hg_test_write_text(dir, "bad.txt", "12\nfast\n");
	char *svg = hg_test_path(dir, "t.svg"), *pic;
	struct json_object *doc;
	struct hg_test_out o;

	HG_TEST_CMD(&o, hg_cmd_tail.main, "tail", "--values", vals, "--at", "20us",
		    "--interval", "1ms", "--json");
	ck_assert_int_eq(o.status, 0);
	doc = hg_test_json(o.out);
	ck_assert_str_eq(hg_test_json_str(doc, "generator"), "hourglass tail");
	ck_assert_str_eq(hg_test_json_str(doc, "fits/0/of"), "latency");
	ck_assert(hg_test_json_null(doc, "fits/0/refused"));
	ck_assert_double_eq_tol(hg_test_json_num(doc, "fits/0/rate_hz"), 1000, 1e-9);
	ck_assert_uint_eq(hg_test_json_len(doc, "fits/0/return_levels"), 4);
	ck_assert_double_eq_tol(hg_test_json_num(doc, "fits/0/at/0/x_ns"), 20000, 1e-9);
	json_object_put(doc);
	hg_test_out_free(&o);
	/* refused: named, no estimate; --force: the estimate, marked */
	HG_TEST_CMD(&o, hg_cmd_tail.main, "tail", "--values", few);
	ck_assert_int_eq(o.status, 0);
	ck_assert_ptr_nonnull(strstr(o.out, "refused: the exceedances check failed"));
	ck_assert_ptr_null(strstr(o.out, "return levels"));
	hg_test_out_free(&o);
	HG_TEST_CMD(&o, hg_cmd_tail.main, "tail", "--values", few, "--force", "--svg", svg);
	ck_assert_int_eq(o.status, 0);
	ck_assert_ptr_nonnull(strstr(o.out, "[forced] return levels"));
	pic = hg_test_read_file(svg, NULL);
	ck_assert_ptr_nonnull(strstr(pic, "[forced]"));
	free(pic);
	hg_test_out_free(&o);
	/* bad input: one line, exit 2, nothing written */
	HG_TEST_CMD(&o, hg_cmd_tail.main, "tail", "--values", bad, "--svg", svg);
	ck_assert_int_eq(o.status, 2);
	ck_assert_str_eq(o.out, "");
	ck_assert_int_eq(hg_test_lines(o.err), 1);
	hg_test_out_free(&o);
	HG_TEST_CMD(&o, hg_cmd_tail.main, "tail");
	ck_assert_int_eq(o.status, 2);
	ck_assert_int_eq(hg_test_lines(o.err), 1);
	hg_test_out_free(&o);
	HG_TEST_CMD(&o, hg_cmd_tail.main, "tail", "x.hgt", "--values", vals);
	ck_assert_int_eq(o.status, 2);
	ck_assert_ptr_nonnull(strstr(o.err, "give one input"));
	hg_test_out_free(&o);
	free(vals);
	free(few);
	free(bad);
	free(svg);
	hg_test_drop_dir(dir);
}
END_TEST

/* Whether every line of @s starting with @name's sample lies after its TYPE line. */
static int family_together(const char *s, const char *name)
{
	char type[96];
	const char *t, *p;

	snprintf(type, sizeof(type), "# TYPE %s gauge\n", name);
	t = strstr(s, type);
	for (p = strstr(s, name); p && t; p = strstr(p + 1, name))
		if (p[-1] == '\n' && p < t)
			return 0;
	return t != NULL;
}

/* --prom: the estimates as OpenMetrics text; refused, the checks alone. */
START_TEST(test_prom)
{
	char *dir = hg_test_fresh_dir(), *vals = values_file(dir, "v.txt", 5000, 4);
	char *few = values_file(dir, "few.txt", 300, 4), *prom = hg_test_path(dir, "t.prom");
	struct hg_test_out o;
	char *prom_text;

	HG_TEST_CMD(&o, hg_cmd_tail.main, "tail", "--values", vals, "--at", "20us",
		    "--interval", "1ms", "--prom", prom);
	ck_assert_int_eq(o.status, 0);
	hg_test_out_free(&o);
	prom_text = hg_test_read_file(prom, NULL);
	ck_assert_ptr_nonnull(strstr(prom_text, "hourglass_tail_refused{source=\""));
	ck_assert_ptr_nonnull(strstr(prom_text, ",of=\"latency\"} 0\n"));
	ck_assert_ptr_nonnull(strstr(prom_text, "hourglass_tail_check_passed{"));
	ck_assert_ptr_nonnull(strstr(prom_text, ",check=\"fit\"} 1\n"));
	ck_assert_ptr_nonnull(strstr(prom_text, "hourglass_tail_probability{"));
	ck_assert_ptr_nonnull(strstr(prom_text, ",x_seconds=\"2e-05\",bound=\"high\"} "));
	ck_assert_ptr_nonnull(strstr(prom_text, ",x_seconds=\"2e-05\",per_seconds=\"3600\",bound="));
	ck_assert_ptr_nonnull(strstr(prom_text, ",p=\"1e-09\",bound=\"estimate\"} "));
	ck_assert_ptr_nonnull(strstr(prom_text, "# UNIT hourglass_tail_scale_seconds seconds\n"));
	ck_assert(family_together(prom_text, "hourglass_tail_shape"));
	ck_assert(family_together(prom_text, "hourglass_tail_return_level_seconds"));
	ck_assert_str_eq(prom_text + strlen(prom_text) - 6, "# EOF\n");
	free(prom_text);
	HG_TEST_CMD(&o, hg_cmd_tail.main, "tail", "--values", few, "--prom", prom);
	ck_assert_int_eq(o.status, 0);
	hg_test_out_free(&o);
	prom_text = hg_test_read_file(prom, NULL);
	ck_assert_ptr_nonnull(strstr(prom_text, ",of=\"latency\",check=\"exceedances\"} 0\n"));
	ck_assert_ptr_nonnull(strstr(prom_text, "hourglass_tail_refused{"));
	ck_assert_ptr_null(strstr(prom_text, "hourglass_tail_shape{"));	/* no estimate */
	ck_assert_ptr_null(strstr(prom_text, "hourglass_tail_return_level_seconds{"));
	free(prom_text);
	free(vals);
	free(few);
	free(prom);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *tail_suite(void)
{
	Suite *s = suite_create("tail");
	TCase *chk = tcase_create("checks"), *in = tcase_create("inputs");

	tcase_set_timeout(chk, 120);
	tcase_set_timeout(in, 120);
	tcase_add_test(chk, test_passes);
	tcase_add_test(chk, test_refuse_shift);
	tcase_add_test(chk, test_refuse_cluster);
	tcase_add_test(chk, test_refuse_few);
	tcase_add_test(chk, test_refuse_fit);
	tcase_add_test(chk, test_decluster);
	tcase_add_test(in, test_trace_samples);
	tcase_add_test(in, test_values);
	tcase_add_test(in, test_cyclictest);
	tcase_add_test(in, test_cmd);
	tcase_add_test(in, test_prom);
	tcase_add_test(in, test_summary_line);
	suite_add_tcase(s, chk);
	suite_add_tcase(s, in);
	return s;
}

int main(void)
{
	return hg_test_run(tail_suite());
}
