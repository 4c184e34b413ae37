// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_ctx.c - analysis/gaps/ctx.h and report/ctx.h: exact counts, rates
 * and statistics per gap class of a synthetic trace, the text report and
 * the JSON parse (the histogram's buckets: check_ctx_hist.c; the command:
 * check_ctx_cmd.c)
 */
#include "ctxtest.h"

/* ----------------------------------------------------------------- analyse */

START_TEST(test_analyse_classes)
{
	struct hg_trace *t = ctx_trace();
	struct hg_ctx_report r;
	int c, i;

	analyse(t, &r);
	for (c = 0; c < HG_GAP_NCLASSES; c++) {
		const struct hg_stats *s = &r.st[c];
		const uint64_t got[9] = { s->count, s->sum, s->min, s->p1, s->median,
					  s->p90, s->p99, s->p999, s->max };

		ck_assert_uint_eq(r.n[c], ctx_want[c].v[0]);
		for (i = 0; i < 9; i++)
			ck_assert_msg(got[i] == ctx_want[c].v[i], "%s: field %d = %llu, want %llu",
				      hg_gap_class_name(c), i, (unsigned long long)got[i],
				      (unsigned long long)ctx_want[c].v[i]);
		ck_assert_double_eq_tol(s->mean, ctx_want[c].mean, 1e-9);
	}
	ck_assert_uint_eq(r.elapsed_ns, 1000000);
	ck_assert_uint_eq(r.tsc_hz, 1000000000);
	hg_ctx_free(&r);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_analyse_switches_merged)
{
	static const uint64_t want[] = { 10, 30, 40, 50 };
	struct hg_trace *t = ctx_trace();
	struct hg_ctx_report r;
	size_t i;

	uint64_t *sw;

	analyse(t, &r);
	ck_assert_uint_eq(r.nswitches, N(want));
	sw = switch_list(&r);
	for (i = 0; i < N(want); i++)
		ck_assert_uint_eq(sw[i], want[i]);
	free(sw);
	hg_ctx_free(&r);
	ck_assert_uint_eq(r.switches.n, 0);
	hg_trace_free(t);
}
END_TEST

/*
 * Switches away from each thread: A yields to B (voluntary) and is
 * preempted by B at 300 (involuntary); B is preempted by A at 200 and
 * sleeps at 400 (one each); C and D never switch. The text puts the
 * kernel's counts beside them.
 */
START_TEST(test_analyse_per_thread)
{
	static const uint64_t want[4][2] = { { 1, 1 }, { 1, 1 }, { 0, 0 }, { 0, 0 } };
	struct hg_trace *t = ctx_trace();
	struct hg_ctx_report r;
	char *buf = NULL;
	size_t len = 0, i;
	FILE *f;

	t->threads[A].vcsw = 3;
	t->threads[A].ivcsw = 4;
	analyse(t, &r);
	for (i = 0; i < 4; i++) {
		ck_assert_uint_eq(r.inferred[0][i], want[i][0]);
		ck_assert_uint_eq(r.inferred[1][i], want[i][1]);
	}
	f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(hg_ctx_print(f, t, &r, 0, 0), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "# thread 0: switches inferred 2 (voluntary 1, "
				     "involuntary 1), kernel 7 (voluntary 3, involuntary or "
				     "yield 4)\n"));
	ck_assert_ptr_nonnull(strstr(buf, "# thread 3: switches inferred 0 (voluntary 0, "
				     "involuntary 0), kernel 0 (voluntary 0, involuntary or "
				     "yield 0)\n"));
	free(buf);
	hg_ctx_free(&r);
	hg_trace_free(t);
}
END_TEST

/* Many switches of both kinds, interleaved costs: the merge keeps the order. */
START_TEST(test_analyse_many_switches)
{
	struct tiv iv[400];
	struct hg_trace *t;
	struct hg_ctx_report r;
	uint64_t at = 0, *sw;
	size_t i;

	for (i = 0; i < N(iv); i++) {
		uint64_t cost = 1 + (i * 37) % 101;

		iv[i] = (struct tiv){ (uint32_t)(i % 2), at, 50, 0, i % 3 ? 0 : HG_REC_YIELD };
		at += 50 + cost;
	}
	t = build(2, iv, N(iv));
	analyse(t, &r);
	/* each thread's last interval has no gap */
	ck_assert_uint_eq(r.nswitches, N(iv) - 2);
	ck_assert_uint_eq(r.n[HG_GAP_VOLUNTARY] + r.n[HG_GAP_INVOLUNTARY], N(iv) - 2);
	ck_assert_uint_eq(r.n[HG_GAP_VOLUNTARY], 133);
	sw = switch_list(&r);
	for (i = 1; i < r.nswitches; i++)
		ck_assert_uint_le(sw[i - 1], sw[i]);
	ck_assert_uint_eq(sw[0], 1);
	ck_assert_uint_eq(sw[r.nswitches - 1], 101);
	free(sw);
	hg_ctx_free(&r);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_analyse_empty)
{
	struct hg_trace *t = build(2, ctx_iv, 0);
	struct hg_ctx_report r;
	int c;

	analyse(t, &r);
	for (c = 0; c < HG_GAP_NCLASSES; c++)
		ck_assert_uint_eq(r.st[c].count, 0);
	ck_assert_uint_eq(r.nswitches, 0);
	hg_ctx_free(&r);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_analyse_damaged)
{
	struct hg_trace *t = ctx_trace();
	struct hg_ctx_report r;

	t->threads[B].recs[t->threads[B].stored - 1].flags |= HG_REC_CONTINUED;
	ck_assert_int_eq(hg_ctx_analyse(t, &r), -EINVAL);
	hg_ctx_free(&r);
	hg_trace_free(t);
}
END_TEST

/* --------------------------------------------------------- text and JSON */

/* What a function printed to a FILE. */
static char *print_to_string(void (*fn)(FILE *, void *), void *arg)
{
	struct hg_test_text text;

	fn(hg_test_text_open(&text), arg);
	return hg_test_text_close(&text);
}

struct json_job {
	const struct hg_trace *t;
	const struct hg_ctx_report *r;
};

static void json_fn(FILE *f, void *arg)
{
	struct json_job *j = arg;

	hg_ctx_json(f, j->t, j->r);
}

/* The JSON report of @t, parsed; release it with json_object_put(). */
static struct json_object *ctx_json(const struct hg_trace *t)
{
	struct hg_ctx_report r;
	struct json_job j = { t, &r };
	struct json_object *doc;
	char *s;

	analyse(t, &r);
	s = print_to_string(json_fn, &j);
	doc = hg_test_json(s);
	free(s);
	hg_ctx_free(&r);
	return doc;
}

START_TEST(test_json_counts)
{
	struct hg_trace *t = ctx_trace();
	struct json_object *s = ctx_json(t);
	int c;

	ck_assert_uint_eq(hg_test_json_u64(s, "schema"), 1);
	ck_assert_uint_eq(hg_test_json_u64(s, "threads"), 4);
	ck_assert_uint_eq(hg_test_json_u64(s, "elapsed_ns"), 1000000);
	ck_assert_uint_eq(json_object_object_length(hg_test_json_at(s, "classes")),
			  HG_GAP_NCLASSES);
	for (c = 0; c < HG_GAP_NCLASSES; c++) {
		const struct want_stats *w = &ctx_want[c];
		const char *k = json_keys[c];

		ck_assert_uint_eq(hg_test_json_u64(s, "classes/%s/count", k), w->v[0]);
		ck_assert_double_eq_tol(class_field(s, k, "per_s"), (double)w->v[0] * 1000, 1e-6);
		ck_assert_double_eq(class_field(s, k, "min_ns"), (double)w->v[2]);
		ck_assert_double_eq(class_field(s, k, "p1_ns"), (double)w->v[3]);
		ck_assert_double_eq(class_field(s, k, "median_ns"), (double)w->v[4]);
		ck_assert_double_eq_tol(class_field(s, k, "mean_ns"), w->mean, 1e-9);
		ck_assert_double_eq(class_field(s, k, "p90_ns"), (double)w->v[5]);
		ck_assert_double_eq(class_field(s, k, "p99_ns"), (double)w->v[6]);
		ck_assert_double_eq(class_field(s, k, "p999_ns"), (double)w->v[7]);
		ck_assert_double_eq(class_field(s, k, "max_ns"), (double)w->v[8]);
	}
	json_object_put(s);
	hg_trace_free(t);
}
END_TEST

/*
 * At 2 GHz costs are half as many ns as cycles; a run of 4,000,000 cycles
 * is 2 ms, so rates are count * 500 per second.
 */
START_TEST(test_json_units_and_rates)
{
	struct hg_trace *t = ctx_trace();
	struct json_object *s;

	t->calib.tsc_hz = 2000000000ULL;
	t->stop_cycles = t->t0_cycles + 4000000;
	s = ctx_json(t);
	ck_assert_uint_eq(hg_test_json_u64(s, "elapsed_ns"), 2000000);
	ck_assert_double_eq_tol(class_field(s, "voluntary_switch", "per_s"), 1000, 1e-6);
	ck_assert_double_eq_tol(class_field(s, "foreign", "per_s"), 500, 1e-6);
	ck_assert_double_eq(class_field(s, "voluntary_switch", "min_ns"), 5);
	ck_assert_double_eq(class_field(s, "voluntary_switch", "max_ns"), 25);
	ck_assert_double_eq_tol(class_field(s, "involuntary_switch", "mean_ns"), 17.5, 1e-9);
	ck_assert_double_eq(class_field(s, "unclassified", "max_ns"), 400);
	json_object_put(s);
	/* a run that never started has no rates */
	t->stop_cycles = t->t0_cycles;
	s = ctx_json(t);
	ck_assert_uint_eq(hg_test_json_u64(s, "elapsed_ns"), 0);
	ck_assert_double_eq(class_field(s, "voluntary_switch", "per_s"), 0);
	ck_assert_double_eq(class_field(s, "voluntary_switch", "count"), 2);
	json_object_put(s);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_json_empty)
{
	struct hg_trace *t = build(1, ctx_iv, 0);
	struct json_object *s = ctx_json(t);
	int c;

	for (c = 0; c < HG_GAP_NCLASSES; c++)
		ck_assert_uint_eq(hg_test_json_u64(s, "classes/%s/count", json_keys[c]), 0);
	json_object_put(s);
	hg_trace_free(t);
}
END_TEST

struct print_job {
	const struct hg_trace *t;
	const struct hg_ctx_report *r;
	uint64_t bucket_ns, max_ns;
	int ret;
};

static void print_fn(FILE *f, void *arg)
{
	struct print_job *j = arg;

	j->ret = hg_ctx_print(f, j->t, j->r, j->bucket_ns, j->max_ns);
}

static char *ctx_text(const struct hg_trace *t, uint64_t bucket_ns, uint64_t max_ns)
{
	struct hg_ctx_report r;
	struct print_job j = { t, &r, bucket_ns, max_ns, -1 };
	char *s;

	analyse(t, &r);
	s = print_to_string(print_fn, &j);
	ck_assert_int_eq(j.ret, 0);
	hg_ctx_free(&r);
	return s;
}

/* The bars after the histogram header: lo, hi (us), count, bar length. */
struct bar_line {
	double lo, hi;
	unsigned long long count;
	int hashes;
};

static size_t parse_bars(const char *s, struct bar_line *b, size_t max)
{
	const char *l = line_of(s, "# context-switch cost histogram");
	size_t n = 0;

	ck_assert_msg(l != NULL, "no histogram in:\n%s", s);
	for (l = strchr(l, '\n') + 1; *l; l = strchr(l, '\n') + 1) {
		int at = 0;

		ck_assert_uint_lt(n, max);
		/* a bar follows the count after one space; an empty bucket has none */
		ck_assert_msg(sscanf(l, "%lf - %lf us %llu%n", &b[n].lo, &b[n].hi, &b[n].count,
				     &at) == 3 && (l[at] == '\n' || l[at++] == ' '),
			      "bad bar line: %.60s", l);
		b[n].hashes = 0;
		while (l[at + b[n].hashes] == '#')
			b[n].hashes++;
		ck_assert_msg(l[at + b[n].hashes] == '\n', "bad bar: %.*s",
			      (int)strcspn(l, "\n"), l);
		n++;
	}
	return n;
}

START_TEST(test_print_classes)
{
	struct hg_trace *t = ctx_trace();
	char *s = ctx_text(t, 20, 45);
	int c;

	ck_assert_ptr_nonnull(line_of(s, "# ctx: 4 threads, 1.000000 ms, "
				      "gap threshold 10 cycles\n"));
	ck_assert_ptr_nonnull(line_of(s, "# class "));
	for (c = 0; c < HG_GAP_NCLASSES; c++)
		assert_class_line(s, c, &ctx_want[c]);
	ck_assert_ptr_nonnull(line_of(s, "# context-switch cost histogram (voluntary and "
				      "involuntary, 4 switches)\n"));
	free(s);
	hg_trace_free(t);
}
END_TEST

/* Buckets of 20 ns up to 45 ns: [0,20) 1, [20,40) 1, [40,60) 2, no overflow. */
START_TEST(test_print_histogram)
{
	static const struct bar_line want[] = {
		{ 0, 0.020, 1, 25 }, { 0.020, 0.040, 1, 25 }, { 0.040, 0.060, 2, 50 },
	};
	struct hg_trace *t = ctx_trace();
	char *s = ctx_text(t, 20, 45);
	struct bar_line b[8];
	size_t n = parse_bars(s, b, N(b)), i;

	ck_assert_uint_eq(n, N(want));
	for (i = 0; i < n; i++) {
		ck_assert_double_eq_tol(b[i].lo, want[i].lo, 1e-9);
		ck_assert_double_eq_tol(b[i].hi, want[i].hi, 1e-9);
		ck_assert_uint_eq(b[i].count, want[i].count);
		ck_assert_int_eq(b[i].hashes, want[i].hashes);
	}
	free(s);
	hg_trace_free(t);
}
END_TEST

/* Buckets of 10 ns up to 25 ns: 30, 40 and 50 go to the open bucket. */
START_TEST(test_print_histogram_open)
{
	static const struct bar_line want[] = {
		{ 0, 0.010, 0, 0 }, { 0.010, 0.020, 1, 17 }, { 0.020, 0.030, 0, 0 },
		{ 0.030, INFINITY, 3, 50 },
	};
	struct hg_trace *t = ctx_trace();
	char *s = ctx_text(t, 10, 25);
	struct bar_line b[8];
	size_t n = parse_bars(s, b, N(b)), i;

	ck_assert_uint_eq(n, N(want));
	for (i = 0; i < n; i++) {
		ck_assert_double_eq_tol(b[i].lo, want[i].lo, 1e-9);
		if (isinf(want[i].hi))
			ck_assert(isinf(b[i].hi));
		else
			ck_assert_double_eq_tol(b[i].hi, want[i].hi, 1e-9);
		ck_assert_uint_eq(b[i].count, want[i].count);
		ck_assert_int_eq(b[i].hashes, want[i].hashes);
	}
	ck_assert_ptr_nonnull(strstr(s, "     0.030 -       inf us          3 #"));
	free(s);
	hg_trace_free(t);
}
END_TEST

/* No switches: class lines with dashes, no histogram. */
START_TEST(test_print_no_switches)
{
	static const struct tiv iv[] = {
		{ A, 0, 10, 0, 0 }, { A, 30, 10, 0, 0 }, { A, 60, 10, 1, 0 },
	};
	struct hg_trace *t = build(1, iv, N(iv));
	char *s = ctx_text(t, 0, 0);
	const char *l = line_of(s, "voluntary switch");
	unsigned long long count;
	double rate;
	int at = 0;

	ck_assert_ptr_nonnull(l);
	l += strlen("voluntary switch");
	ck_assert_int_eq(sscanf(l, "%llu %lf %n", &count, &rate, &at), 2);
	ck_assert_uint_eq(count, 0);
	ck_assert_double_eq(rate, 0);
	ck_assert_msg(l[at] == '-', "no dashes: %.*s", (int)strcspn(l, "\n"), l);
	l = line_of(s, "foreign");
	ck_assert_int_eq(sscanf(l + strlen("foreign"), "%llu", &count), 1);
	ck_assert_uint_eq(count, 1);
	l = line_of(s, "migration");
	ck_assert_int_eq(sscanf(l + strlen("migration"), "%llu", &count), 1);
	ck_assert_uint_eq(count, 1);
	ck_assert_ptr_null(strstr(s, "histogram"));
	free(s);
	hg_trace_free(t);
}

static Suite *suite(void)
{
	Suite *s = suite_create("ctx");
	TCase *tc;

	tc = tcase_create("analyse");
	tcase_add_test(tc, test_analyse_classes);
	tcase_add_test(tc, test_analyse_switches_merged);
	tcase_add_test(tc, test_analyse_per_thread);
	tcase_add_test(tc, test_analyse_many_switches);
	tcase_add_test(tc, test_analyse_empty);
	tcase_add_test(tc, test_analyse_damaged);
	suite_add_tcase(s, tc);

	tc = tcase_create("output");
	tcase_add_test(tc, test_json_counts);
	tcase_add_test(tc, test_json_units_and_rates);
	tcase_add_test(tc, test_json_empty);
	tcase_add_test(tc, test_print_classes);
	tcase_add_test(tc, test_print_histogram);
	tcase_add_test(tc, test_print_histogram_open);
	tcase_add_test(tc, test_print_no_switches);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
