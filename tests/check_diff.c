// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_diff.c - analysis/compare/diff.h and its inputs: synthetic traces with a
 * known shift in one thread's gaps (found, its interval covering it) and
 * with none (200 seeded pairs: "no significant difference" in at least
 * 95 % of them); Welch across trials; Fisher for misses; a summary JSON
 * read with json-c
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <json.h>

#include "helpers.h"
#include "analysis/compare/diff.h"
#include "analysis/compare/diffjson.h"
#include "hourglass/diffin.h"
#include "analysis/stats/stats.h"
#include "report/diff.h"

#define NGAPS 120

/*
 * One thread at 1 GHz: intervals of 1000 ns separated by gaps of
 * 500 + an exponential of mean 200 ns, plus @shift_ns, drawn with @seed.
 */
static struct hg_trace *gap_trace(uint64_t seed, double shift_ns)
{
	static uint64_t iv[NGAPS + 1][2];
	const uint64_t (*const ivs[])[2] = { iv };
	const size_t n[] = { NGAPS + 1 };
	struct hg_rng r;
	uint64_t at = 0;
	size_t i;

	hg_rng_seed(&r, seed);
	for (i = 0; i <= NGAPS; i++) {
		double u = ((double)(hg_rng_next(&r) >> 11) + 0.5) / 9007199254740992.0;

		iv[i][0] = at;
		iv[i][1] = 1000;
		at += 1000 + 500 + (uint64_t)llround(-200 * log(u) + shift_ns);
	}
	return hg_test_trace(1, ivs, n);
}

static const struct hg_diff_row *row(const struct hg_diff_row *r, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(r[i].name, name))
			return &r[i];
	return NULL;
}

/* Compare traces of @seed_a and @seed_b, B shifted by @shift; the gap median's row. */
static struct hg_diff_row gap_median(uint64_t seed_a, uint64_t seed_b, double shift)
{
	struct hg_trace *ta = gap_trace(seed_a, 0), *tb;
	struct hg_diff_trial a, b;
	struct hg_diff_row *rows, out;
	const struct hg_diff_row *x;
	size_t n;

	ck_assert_ptr_nonnull(ta);
	ck_assert_int_eq(hg_diff_from_trace(ta, &a), 0);
	hg_trace_free(ta);
	tb = gap_trace(seed_b, shift);
	ck_assert_ptr_nonnull(tb);
	ck_assert_int_eq(hg_diff_from_trace(tb, &b), 0);
	hg_trace_free(tb);
	ck_assert_int_eq(hg_diff_compare(&a, 1, &b, 1, &rows, &n), 0);
	x = row(rows, n, "thread0.gap.median");
	ck_assert_ptr_nonnull(x);
	out = *x;
	free(rows);
	hg_diff_trial_free(&a);
	hg_diff_trial_free(&b);
	return out;
}

/*
 * A trace of one LAT thread: its @n records lateness samples of @base +
 * k us (k = 0 .. n - 1).
 */
static struct hg_trace *lat_trace(size_t n, uint64_t base)
{
	static const uint64_t iv[][2] = { { 1000, 10 } };
	const uint64_t (*const ivs[])[2] = { iv };
	const size_t nv[] = { 1 };
	struct hg_trace *t = hg_test_trace(1, ivs, nv);
	struct hg_trace_thread *th;
	size_t k;

	ck_assert_ptr_nonnull(t);
	th = &t->threads[0];
	th->model = HG_MODEL_LAT;
	th->recs = realloc(th->recs, n * sizeof(*th->recs));
	ck_assert_ptr_nonnull(th->recs);
	for (k = 0; k < n; k++)
		th->recs[k] = (struct hg_record){ .start_cycles = 2000 + 1000 * k,
						  .len_cycles = (base + k) * 1000,
						  .flags = hg_event_flags(HG_EV_LAT, 0) };
	th->stored = n;
	return t;
}

/*
 * One LAT thread: its rows once, no pool "latency" repeating them. One
 * trial of 100 samples a side: the median tested (6 needed), p99 and p99.9
 * not (299 and 2995 needed: no range of 100 samples covers them 95 % of
 * the time), though B is 50 us later throughout.
 */
START_TEST(test_few_samples)
{
	struct hg_trace *ta = lat_trace(100, 10), *tb = lat_trace(100, 60);
	struct hg_diff_trial a, b;
	struct hg_diff_row *rows;
	const struct hg_diff_row *x;
	struct hg_test_text text;
	size_t n, i;
	char *s;

	ck_assert_int_eq(hg_diff_from_trace(ta, &a), 0);
	ck_assert_int_eq(hg_diff_from_trace(tb, &b), 0);
	hg_trace_free(ta);
	hg_trace_free(tb);
	ck_assert_ptr_null(hg_diff_find(&a, "latency.median"));
	ck_assert_int_eq(hg_diff_compare(&a, 1, &b, 1, &rows, &n), 0);
	for (i = 0; i < n; i++)
		ck_assert_msg(strncmp(rows[i].name, "latency.", 8), "%s", rows[i].name);
	x = row(rows, n, "thread0.latency.median");
	ck_assert_ptr_nonnull(x);
	ck_assert_str_eq(x->test, "mann-whitney");
	ck_assert_str_eq(hg_diff_verdict(x), "B higher");
	x = row(rows, n, "thread0.latency.p99");
	ck_assert_ptr_nonnull(x);
	ck_assert_str_eq(hg_diff_verdict(x), "too few samples");
	ck_assert_uint_eq(x->need, 299);
	ck_assert_uint_eq(x->have, 100);
	x = row(rows, n, "thread0.latency.p99.9");
	ck_assert_ptr_nonnull(x);
	ck_assert_str_eq(hg_diff_verdict(x), "too few samples");
	ck_assert_uint_eq(x->need, 2995);
	ck_assert(isnan(x->p) && isnan(x->lo));
	hg_diff_print(hg_test_text_open(&text), &(struct hg_diff_sides){ "a", "b", 1, 1, &a, &b },
		      rows, n);
	s = hg_test_text_close(&text);
	ck_assert_msg(strstr(s, "too few samples (100 on the smaller side, the test "
			     "needs 2995 a side)\n"), "%s", s);
	free(s);
	free(rows);
	hg_diff_trial_free(&a);
	hg_diff_trial_free(&b);
}
END_TEST

/*
 * diff --json is one JSON object: the writer once put its members at the top
 * level, without braces or commas. Parsed with json-c, its members checked.
 */
START_TEST(test_json_document)
{
	struct hg_trace *ta = gap_trace(5, 0), *tb = gap_trace(6, 150);
	struct hg_diff_trial a, b;
	struct hg_diff_row *rows;
	struct hg_diff_sides sides;
	struct hg_test_text text;
	struct json_object *doc, *m, *v;
	size_t n;
	char *s;

	ck_assert_int_eq(hg_diff_from_trace(ta, &a), 0);
	ck_assert_int_eq(hg_diff_from_trace(tb, &b), 0);
	hg_trace_free(ta);
	hg_trace_free(tb);
	ck_assert_int_eq(hg_diff_compare(&a, 1, &b, 1, &rows, &n), 0);
	sides = (struct hg_diff_sides){ "a.hgt", "b.hgt", 1, 1, &a, &b };
	ck_assert_int_eq(hg_diff_json(hg_test_text_open(&text), &sides, rows, n), 0);
	s = hg_test_text_close(&text);
	doc = json_tokener_parse(s);
	ck_assert_msg(doc && json_object_is_type(doc, json_type_object), "not an object: %.80s", s);
	ck_assert(json_object_object_get_ex(doc, "schema", &v));
	ck_assert_int_eq(json_object_get_int(v), HG_DIFF_SCHEMA);
	ck_assert(json_object_object_get_ex(doc, "b", &v));
	ck_assert_str_eq(json_object_get_string(v), "b.hgt");
	ck_assert(json_object_object_get_ex(doc, "metrics", &m));
	ck_assert_uint_eq(json_object_array_length(m), n);
	json_object_put(doc);
	free(s);
	free(rows);
	hg_diff_trial_free(&a);
	hg_diff_trial_free(&b);
}
END_TEST

/*
 * diff compares the runs' command lines, all but the program's path and the
 * output files' names: --cpu 0 against --cpu 1 once passed unseen
 */
static const struct {
	const char *a, *b;
	bool same;
} commands[] = {
	{ "hourglass -n 1 --cpu 0 -o a.hgt", "/usr/bin/hourglass -n 1 --cpu 0 -o b.hgt", true },
	{ "hourglass -n 1 --cpu 0", "hourglass -n 1 --cpu 1", false },
	{ "hourglass -n 1 --json=a.json -x", "hourglass -n 1 --json=b.json -x", true },
	{ "hourglass -n 1 --json a.json --prom a.prom", "hg -n 1 --json b --prom b", true },
	{ "hourglass -n 1 --output x -d 1s", "hourglass -n 1 --output y -d 2s", false },
	{ "hourglass -n 1 -o a.hgt", "hourglass -n 1", false },
	{ "hourglass -n 1", "hourglass -n 1 -x", false },
	{ "hourglass -n 1 -ox", "hourglass -n 1 -oy", false },	/* no option of ours */
	{ "hourglass  -n 1", "hourglass -n  1", true },
	{ NULL, NULL, true },
	{ "hourglass -n 1", NULL, false },
	{ "", "", true },
};

START_TEST(test_same_command)
{
	ck_assert_msg(hg_diff_same_command(commands[_i].a, commands[_i].b) == commands[_i].same,
		      "'%s' against '%s': want %s", commands[_i].a, commands[_i].b,
		      commands[_i].same ? "same" : "different");
	ck_assert(hg_diff_same_command(commands[_i].b, commands[_i].a) == commands[_i].same);
}
END_TEST

START_TEST(test_shift_found)
{
	/* 150 ns more in every gap of B: 0.15 us */
	struct hg_diff_row r = gap_median(1, 2, 150);

	ck_assert_str_eq(r.test, "mann-whitney");
	ck_assert_str_eq(hg_diff_verdict(&r), "B higher");
	ck_assert(r.p < 0.001);
	ck_assert_msg(r.lo < 0.15 && r.hi > 0.15, "interval %.3f .. %.3f", r.lo, r.hi);
	r = gap_median(3, 4, -150);
	ck_assert_str_eq(hg_diff_verdict(&r), "B lower");
}
END_TEST

START_TEST(test_no_shift)
{
	unsigned int same = 0, pair;

	for (pair = 0; pair < 200; pair++) {
		struct hg_diff_row r = gap_median(1000 + 2 * pair, 1001 + 2 * pair, 0);

		same += !strcmp(hg_diff_verdict(&r), "no significant difference");
	}
	ck_assert_msg(same >= 190, "no difference in %u of 200 pairs", same);
}
END_TEST

/* Trials built by hand: @n trials of value v[i] for "x" (a time). */
static void trials(struct hg_diff_trial *t, const double *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		memset(&t[i], 0, sizeof(t[i]));
		ck_assert_int_eq(hg_diff_add(&t[i], "x", v[i], HG_DK_TIME, HG_DS_VALUE, -1), 0);
	}
}

/* R's t.test(ts1, ts2) again (see check_stats): p 0.08356, interval -0.147 .. 2.147. */
START_TEST(test_welch_trials)
{
	static const double ts1[] = { 11, 9, 10, 11, 10, 12, 9, 11, 12, 9 };
	static const double ts2[] = { 11, 13, 10, 13, 12, 9, 11, 12, 12, 11 };
	struct hg_diff_trial a[10], b[10];
	struct hg_diff_row *rows;
	size_t n, i;

	trials(a, ts1, 10);
	trials(b, ts2, 10);
	ck_assert_int_eq(hg_diff_compare(a, 10, b, 10, &rows, &n), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(rows[0].test, "welch");
	ck_assert_double_eq_tol(rows[0].delta, 1.0, 1e-9);
	ck_assert_double_eq_tol(rows[0].p, 0.08356, 1e-5);
	ck_assert_double_eq_tol(rows[0].lo, -0.1469104, 1e-5);
	ck_assert_str_eq(hg_diff_verdict(&rows[0]), "no significant difference");
	free(rows);
	/* one trial on a side and no samples: nothing to test */
	ck_assert_int_eq(hg_diff_compare(a, 1, b, 10, &rows, &n), 0);
	ck_assert_str_eq(hg_diff_verdict(&rows[0]), "no test");
	free(rows);
	for (i = 0; i < 10; i++) {
		hg_diff_trial_free(&a[i]);
		hg_diff_trial_free(&b[i]);
	}
}
END_TEST

/*
 * Many metrics at once: a p below 0.05 alone is no discovery. Three tests:
 * "x" and "y" R's t.test(ts1, ts2) (p 0.08356 each), misses 0 of 4 jobs
 * against 4 of 4 (Fisher: 2 / C(8, 4) = 0.028571, once "B higher").
 * Benjamini-Hochberg, m = 3: 0.028571 * 3 / 1 = 0.0857, 0.08356 * 3 / 2 =
 * 0.1253, 0.08356 * 3 / 3 = 0.08356; from the top, each the smallest of
 * itself and those above: 0.08356 for all three. Nothing is significant.
 */
START_TEST(test_many_metrics_corrected)
{
	static const double ts1[] = { 11, 9, 10, 11, 10, 12, 9, 11, 12, 9 };
	static const double ts2[] = { 11, 13, 10, 13, 12, 9, 11, 12, 12, 11 };
	struct hg_diff_trial a[10], b[10];
	struct hg_diff_row *rows;
	const struct hg_diff_row *m;
	size_t n, i;

	memset(a, 0, sizeof(a));
	memset(b, 0, sizeof(b));
	for (i = 0; i < 10; i++) {
		ck_assert_int_eq(hg_diff_add(&a[i], "x", ts1[i], HG_DK_TIME, HG_DS_VALUE, -1), 0);
		ck_assert_int_eq(hg_diff_add(&a[i], "y", ts1[i], HG_DK_TIME, HG_DS_VALUE, -1), 0);
		ck_assert_int_eq(hg_diff_add(&a[i], "misses", 0, HG_DK_COUNT, HG_DS_VALUE, -1), 0);
		ck_assert_int_eq(hg_diff_add(&a[i], "jobs", i ? 0 : 4, HG_DK_COUNT, HG_DS_VALUE,
					     -1), 0);
		ck_assert_int_eq(hg_diff_add(&b[i], "x", ts2[i], HG_DK_TIME, HG_DS_VALUE, -1), 0);
		ck_assert_int_eq(hg_diff_add(&b[i], "y", ts2[i], HG_DK_TIME, HG_DS_VALUE, -1), 0);
		ck_assert_int_eq(hg_diff_add(&b[i], "misses", i ? 0 : 4, HG_DK_COUNT, HG_DS_VALUE,
					     -1), 0);
		ck_assert_int_eq(hg_diff_add(&b[i], "jobs", i ? 0 : 4, HG_DK_COUNT, HG_DS_VALUE,
					     -1), 0);
	}
	ck_assert_int_eq(hg_diff_compare(a, 10, b, 10, &rows, &n), 0);
	ck_assert_uint_eq(n, 3);
	m = row(rows, n, "misses");
	ck_assert_ptr_nonnull(m);
	ck_assert_str_eq(m->test, "fisher");
	ck_assert_double_eq_tol(m->p, 2.0 / 70, 1e-6);
	ck_assert_double_eq_tol(m->p_adj, 0.08356, 1e-5);
	ck_assert_str_eq(hg_diff_verdict(m), "no significant difference");
	for (i = 0; i < n; i++)
		ck_assert_double_eq_tol(rows[i].p_adj, 0.08356, 1e-5);
	free(rows);
	for (i = 0; i < 10; i++) {
		hg_diff_trial_free(&a[i]);
		hg_diff_trial_free(&b[i]);
	}
}
END_TEST

/* 3 of 1000 jobs missed against 40 of 1000: Fisher's p is far below 0.05. */
START_TEST(test_misses_fisher)
{
	struct hg_diff_trial a = { 0 }, b = { 0 };
	struct hg_diff_row *rows;
	size_t n;

	ck_assert_int_eq(hg_diff_add(&a, "misses", 3, HG_DK_COUNT, HG_DS_VALUE, -1), 0);
	ck_assert_int_eq(hg_diff_add(&a, "jobs", 1000, HG_DK_COUNT, HG_DS_VALUE, -1), 0);
	ck_assert_int_eq(hg_diff_add(&b, "misses", 40, HG_DK_COUNT, HG_DS_VALUE, -1), 0);
	ck_assert_int_eq(hg_diff_add(&b, "jobs", 1000, HG_DK_COUNT, HG_DS_VALUE, -1), 0);
	ck_assert_int_eq(hg_diff_compare(&a, 1, &b, 1, &rows, &n), 0);
	ck_assert_uint_eq(n, 1);	/* jobs is shown through misses */
	ck_assert_str_eq(rows[0].name, "misses");
	ck_assert_str_eq(rows[0].test, "fisher");
	ck_assert(rows[0].p < 1e-6);
	ck_assert_str_eq(hg_diff_verdict(&rows[0]), "B higher");
	free(rows);
	hg_diff_trial_free(&a);
	hg_diff_trial_free(&b);
}
END_TEST

START_TEST(test_summary_json)
{
	char path[512];
	struct hg_diff_trial t;
	const struct hg_diff_value *v;
	char err[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/s.json", hg_test_tmpdir());
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("{\"system\": {\"kernel_release\": \"6.1\", \"governor\": \"performance\"},\n"
	      " \"calibration\": {\"gap_threshold_ns\": 80},\n"
	      " \"threads\": [{\"id\": 0, \"share\": 0.5,\n"
	      "   \"gaps\": {\"count\": 7, \"median_ns\": 1500, \"p99_ns\": 9000,"
	      " \"p999_ns\": 9500, \"max_ns\": 12000},\n"
	      "   \"model\": {\"kind\": \"periodic\", \"hits\": 90, \"misses\": 10}}]}\n", f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(hg_diff_from_json(path, &t, err, sizeof(err)), 0);
	ck_assert_uint_eq(t.gap_threshold_ns, 80);
	ck_assert_str_eq(t.sys[0], "6.1");
	v = hg_diff_find(&t, "thread0.gap.median");
	ck_assert_ptr_nonnull(v);
	ck_assert_double_eq_tol(v->v, 1.5, 1e-12);
	ck_assert_int_eq(v->dist, -1);
	ck_assert_double_eq_tol(hg_diff_find(&t, "thread0.gap.p99.9")->v, 9.5, 1e-12);
	ck_assert_double_eq(hg_diff_find(&t, "thread0.misses")->v, 10);
	ck_assert_double_eq(hg_diff_find(&t, "thread0.jobs")->v, 100);
	ck_assert_double_eq_tol(hg_diff_find(&t, "thread0.share")->v, 50, 1e-12);
	hg_diff_trial_free(&t);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("{\"run\": {}}\n", f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(hg_diff_from_json(path, &t, err, sizeof(err)), -EINVAL);
	ck_assert_ptr_nonnull(strstr(err, "threads"));
}
END_TEST

/* A summary that cannot be read says why: the errno, or the kind of file. */
START_TEST(test_summary_json_cause)
{
	char *dir = hg_test_fresh_dir(), *missing = hg_test_path(dir, "missing.json"),
	     *loop = hg_test_path(dir, "loop.json"), *fifo = hg_test_path(dir, "fifo.json"),
	     *zero = hg_test_path(dir, "zero.json"), *text = hg_test_path(dir, "text.json"),
	     err[256] = "";
	struct hg_diff_trial t;

	ck_assert_int_eq(hg_diff_from_json(missing, &t, err, sizeof(err)), -ENOENT);
	ck_assert_str_eq(err, "No such file or directory");
	ck_assert_int_eq(symlink("loop.json", loop), 0);
	ck_assert_int_eq(hg_diff_from_json(loop, &t, err, sizeof(err)), -ELOOP);
	ck_assert_str_eq(err, "Too many levels of symbolic links");
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	ck_assert_int_eq(hg_diff_from_json(fifo, &t, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "is a FIFO, not a regular file");
	ck_assert_int_eq(symlink("/dev/zero", zero), 0);
	ck_assert_int_eq(hg_diff_from_json(zero, &t, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "is a character device, not a regular file");
	ck_assert_int_eq(hg_diff_from_json(dir, &t, err, sizeof(err)), -EISDIR);
	ck_assert_str_eq(err, "is a directory");
	hg_test_write_file(text, "{\"threads\": [", 12);
	ck_assert_int_eq(hg_diff_from_json(text, &t, err, sizeof(err)), -EINVAL);
	ck_assert_msg(!strncmp(err, "not a summary JSON file (not JSON: ", 35), "%s", err);
	unlink(missing);
	unlink(loop);
	unlink(fifo);
	unlink(zero);
	unlink(text);
	free(missing);
	free(loop);
	free(fifo);
	free(zero);
	free(text);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *diff_suite(void)
{
	Suite *s = suite_create("diff");
	TCase *tc = tcase_create("diff");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_shift_found);
	tcase_add_loop_test(tc, test_same_command, 0, sizeof(commands) / sizeof(commands[0]));
	tcase_add_test(tc, test_few_samples);
	tcase_add_test(tc, test_json_document);
	tcase_add_test(tc, test_no_shift);
	tcase_add_test(tc, test_welch_trials);
	tcase_add_test(tc, test_misses_fisher);
	tcase_add_test(tc, test_many_metrics_corrected);
	tcase_add_test(tc, test_summary_json);
	tcase_add_test(tc, test_summary_json_cause);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(diff_suite());
}
