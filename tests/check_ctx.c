// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_ctx.c - analysis/gaps/ctx.h and "hourglass ctx": exact counts, rates
 * and statistics per gap class of a synthetic trace, histogram buckets
 * (given and automatic), the text report and the JSON parse, the command's
 * errors and outputs
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "hourglass/commands.h"
#include "report/ctx.h"
#include "util/timeval.h"

extern const struct hg_command hg_cmd_ctx;

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------- trace builder */

/* Times are ns (= cycles at 1 GHz) after t0 = 1000. */
#define T(x) (1000 + (uint64_t)(x))

enum { A, B, C, D };

struct tiv {
	uint32_t thread;
	uint64_t start;		/* after t0 */
	uint64_t len;
	unsigned int cpu;
	unsigned int flags;
};

/* A trace at 1 GHz holding @iv, in each thread's order. */
static struct hg_trace *build(uint32_t nthreads, const struct tiv *iv, size_t n)
{
	static const size_t none[8];
	struct hg_trace *t;
	uint32_t i;
	size_t k;

	ck_assert_uint_le(nthreads, N(none));
	t = hg_test_trace(nthreads, NULL, none);
	ck_assert_ptr_nonnull(t);
	for (i = 0; i < nthreads; i++) {
		struct hg_trace_thread *th = &t->threads[i];
		size_t need = 0, at = 0, last = n;

		for (k = 0; k < n; k++) {
			if (iv[k].thread == i) {
				need += hg_record_pieces(iv[k].len);
				last = k;
			}
		}
		free(th->recs);
		th->recs = calloc(need + 1, sizeof(*th->recs));
		ck_assert_ptr_nonnull(th->recs);
		for (k = 0; k < n; k++)
			if (iv[k].thread == i)
				at += hg_record_encode(th->recs + at, need - at, T(iv[k].start),
						       iv[k].len, iv[k].cpu,
						       iv[k].flags | (k == last ? HG_REC_LAST : 0));
		th->stored = at;
	}
	return t;
}

/*
 * The trace of every test: on CPU 0, A and B alternate (voluntary 10 and
 * 50 ns, involuntary 30 and 40 ns), A is interrupted (foreign, 20 ns) and
 * migrates to CPU 1 (100 ns); C on CPU 3 has an 800 ns gap that ends after
 * D (CPU 2) stopped recording: unknown. 7 gaps in a run of 1 ms.
 */
static const struct tiv ctx_iv[] = {
	{ A, 0, 100, 0, HG_REC_YIELD },	{ A, 230, 70, 0, 0 },	{ A, 450, 50, 0, 0 },
	{ A, 520, 80, 0, 0 },		{ A, 700, 100, 1, 0 },
	{ B, 110, 90, 0, 0 },		{ B, 340, 60, 0, HG_REC_SLEEP },
	{ B, 800, 40, 0, 0 },
	{ C, 0, 100, 3, 0 },		{ C, 900, 50, 3, 0 },
	{ D, 0, 850, 2, 0 },
};

static struct hg_trace *ctx_trace(void)
{
	struct hg_trace *t = build(4, ctx_iv, N(ctx_iv));

	t->threads[D].dropped = 1;
	return t;
}

/* count sum min p1 median p90 p99 p999 max, in cycles (= ns), and the mean */
struct want_stats {
	uint64_t v[9];
	double mean;
};

static const struct want_stats ctx_want[HG_GAP_NCLASSES] = {
	[HG_GAP_VOLUNTARY]   = { { 2, 60, 10, 10, 10, 50, 50, 50, 50 }, 30 },
	[HG_GAP_INVOLUNTARY] = { { 2, 70, 30, 30, 30, 40, 40, 40, 40 }, 35 },
	[HG_GAP_FOREIGN]     = { { 1, 20, 20, 20, 20, 20, 20, 20, 20 }, 20 },
	[HG_GAP_MIGRATION]   = { { 1, 100, 100, 100, 100, 100, 100, 100, 100 }, 100 },
	[HG_GAP_UNKNOWN]     = { { 1, 800, 800, 800, 800, 800, 800, 800, 800 }, 800 },
};

static const char *const json_keys[HG_GAP_NCLASSES] = {
	"voluntary_switch", "involuntary_switch", "foreign", "migration", "unclassified",
};

/* Expand a value of a counted multiset into an array (see switch_list). */
static int expand(uint64_t v, uint64_t count, void *arg)
{
	uint64_t **at = arg;

	while (count--)
		*(*at)++ = v;
	return 0;
}

/* The switch costs of @r as a sorted array, to free. */
static uint64_t *switch_list(const struct hg_ctx_report *r)
{
	uint64_t *v = malloc((r->nswitches + 1) * sizeof(*v)), *at = v;

	ck_assert_ptr_nonnull(v);
	ck_assert_int_eq(hg_vcount_each(&r->switches, expand, &at), 0);
	ck_assert_uint_eq((size_t)(at - v), r->nswitches);
	return v;
}

static void analyse(const struct hg_trace *t, struct hg_ctx_report *r)
{
	ck_assert_int_eq(hg_ctx_analyse(t, r), 0);
}

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

/* Field @field of class @c. */
static double class_field(struct json_object *doc, const char *c, const char *field)
{
	return hg_test_json_num(doc, "classes/%s/%s", c, field);
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

/* The line starting with @prefix, or NULL. */
static const char *line_of(const char *s, const char *prefix)
{
	size_t len = strlen(prefix);

	for (; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : NULL)
		if (!strncmp(s, prefix, len))
			return s;
	return NULL;
}

/* A class line: count, rate, then min p1 median mean p90 p99 p99.9 max (us). */
static void assert_class_line(const char *s, int c, const struct want_stats *w)
{
	const char *name = hg_gap_class_name(c), *l = line_of(s, name);
	unsigned long long count;
	double v[9];
	/* min p1 median mean p90 p99 p999 max, in the order of the columns */
	const double want[8] = { (double)w->v[2], (double)w->v[3], (double)w->v[4], w->mean,
				 (double)w->v[5], (double)w->v[6], (double)w->v[7],
				 (double)w->v[8] };
	int i;

	ck_assert_msg(l != NULL, "no line for %s in:\n%s", name, s);
	l += strlen(name);
	ck_assert_int_eq(sscanf(l, "%llu %lf %lf %lf %lf %lf %lf %lf %lf %lf", &count, &v[0],
				&v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8]), 10);
	ck_assert_uint_eq(count, w->v[0]);
	ck_assert_double_eq_tol(v[0], (double)w->v[0] * 1000, 1e-6);
	for (i = 0; i < 8; i++)
		ck_assert_msg(fabs(v[i + 1] - want[i] / 1000) < 1e-9, "%s column %d: %g, want %g",
			      name, i, v[i + 1], want[i] / 1000);
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
END_TEST

/* -------------------------------------------------------------- histogram */

/*
 * A report of switch costs only, which is all hg_ctx_histogram() reads;
 * ctx_bars() frees it.
 */
static void report_of(struct hg_ctx_report *r, uint64_t *v, size_t n, uint64_t hz)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < n; i++)
		ck_assert_int_eq(hg_vcount_add(&r->switches, v[i]), 0);
	ck_assert_int_eq(hg_vcount_sort(&r->switches), 0);
	r->nswitches = n;
	r->tsc_hz = hz;
}

/* A bucket as the text prints it: [lo, hi) us, hi infinite for the open one. */
struct bar {
	double lo, hi;
	uint64_t count;
};

/* The switches' buckets as bars: then the open one when it holds any; @r freed. */
static int ctx_bars(struct hg_ctx_report *r, uint64_t bucket_ns, uint64_t max_ns,
		    struct bar **bars, size_t *n)
{
	struct hg_bins b;
	size_t i;
	int ret;

	ret = hg_ctx_histogram(r, -1, bucket_ns, max_ns, &b);
	hg_ctx_free(r);
	if (ret) {
		hg_bins_free(&b);
		return ret;
	}
	*bars = calloc(b.n + 1, sizeof(**bars));
	ck_assert_ptr_nonnull(*bars);
	for (i = 0; i <= b.n; i++)
		(*bars)[i] = (struct bar){
			.lo = (double)hg_bins_low(&b, i) / 1000,
			.hi = i < b.n ? (double)hg_bins_end(&b, i) / 1000 : INFINITY,
			.count = b.count[i],
		};
	*n = b.count[b.n] ? b.n + 1 : b.n;
	hg_bins_free(&b);
	return 0;
}

struct hist_case {
	const char *name;
	uint64_t hz;
	uint64_t v[8];		/* switch costs in cycles, sorted */
	size_t nv;
	uint64_t bucket_ns, max_ns;
	size_t nbars;
	uint64_t counts[8];	/* of the first bars (all if nbars <= 8) */
	int open;		/* the last bar is the open one */
};

static const struct hist_case hist_cases[] = {
	{ "bucket 20 max 45", 1000000000, { 10, 30, 40, 50 }, 4, 20, 45,
	  3, { 1, 1, 2 }, 0 },
	{ "bucket 10 max 25", 1000000000, { 10, 30, 40, 50 }, 4, 10, 25,
	  4, { 0, 1, 0, 3 }, 1 },
	/* no max: up to the 99th percentile (50) */
	{ "bucket 10", 1000000000, { 10, 30, 40, 50 }, 4, 10, 0,
	  6, { 0, 1, 0, 1, 1, 1 }, 0 },
	/* no bucket: max / 50 = 20, and max is the last bucket's end */
	{ "max 1000", 1000000000, { 10, 30, 40, 50 }, 4, 0, 1000,
	  50, { 1, 1, 2, 0 }, 0 },
	/* 2 GHz: bucket edges at 20 and 40 cycles */
	{ "2 GHz", 2000000000, { 19, 20, 21, 39, 40 }, 5, 10, 15,
	  3, { 1, 3, 1 }, 1 },
	{ "no switches", 1000000000, { 0 }, 0, 10, 35, 4, { 0, 0, 0, 0 }, 0 },
	{ "all beyond", 1000000000, { 100, 200 }, 2, 10, 15, 3, { 0, 0, 2 }, 1 },
};

START_TEST(test_histogram_given)
{
	const struct hist_case *hc = &hist_cases[_i];
	uint64_t v[8], bucket;
	struct hg_ctx_report r;
	struct bar *bars;
	size_t n, i;

	memcpy(v, hc->v, sizeof(v));
	report_of(&r, v, hc->nv, hc->hz);
	ck_assert_int_eq(ctx_bars(&r, hc->bucket_ns, hc->max_ns, &bars, &n), 0);
	ck_assert_msg(n == hc->nbars, "%s: %zu bars, want %zu", hc->name, n, hc->nbars);
	bucket = hc->bucket_ns ? hc->bucket_ns : hc->max_ns / 50;
	for (i = 0; i < n; i++) {
		if (i < N(hc->counts))
			ck_assert_msg(bars[i].count == hc->counts[i],
				      "%s: bar %zu: %llu, want %llu", hc->name, i,
				      (unsigned long long)bars[i].count,
				      (unsigned long long)hc->counts[i]);
		ck_assert_double_eq_tol(bars[i].lo, (double)(i * bucket) / 1000, 1e-12);
		if (hc->open && i + 1 == n)
			ck_assert(isinf(bars[i].hi));
		else
			ck_assert_double_eq_tol(bars[i].hi, (double)((i + 1) * bucket) / 1000,
						1e-12);
	}
	free(bars);
}
END_TEST

/*
 * "--max <time>: end of the last bucket (more is counted in one)": with
 * buckets of 10 ns up to 30 ns, 35 ns is more than the maximum and must be
 * in the open bucket [0.030, inf), not in a bucket [0.030, 0.040).
 */
START_TEST(test_histogram_max_is_last_edge)
{
	uint64_t v[] = { 5, 15, 25, 35 };
	struct hg_ctx_report r;
	struct bar *bars;
	size_t n;

	report_of(&r, v, N(v), 1000000000);
	ck_assert_int_eq(ctx_bars(&r, 10, 30, &bars, &n), 0);
	ck_assert_uint_eq(n, 4);
	ck_assert_double_eq_tol(bars[2].hi, 0.030, 1e-12);
	ck_assert_double_eq_tol(bars[3].lo, 0.030, 1e-12);
	ck_assert_msg(isinf(bars[3].hi), "last bucket [%g, %g) us is not open", bars[3].lo,
		      bars[3].hi);
	ck_assert_uint_eq(bars[3].count, 1);
	free(bars);
}
END_TEST

/*
 * At a counter frequency that is not a whole number of GHz, a bucket holds
 * the costs from its lower edge converted to cycles (hg_ns_to_cycles) up to
 * its upper edge converted the same way: every cost from 0 to 3000 cycles,
 * one bucket at a time, at 3 GHz, 2.995 GHz, 1.5 MHz and 1 MHz.
 */
START_TEST(test_histogram_cycle_edges)
{
	static const uint64_t hzs[] = { 3000000000, 2995000000, 1500000, 1000000 };
	uint64_t hz = hzs[_i], *v, bucket_ns = hz >= 1000000000 ? 7 : 7000, c;
	struct hg_ctx_report r;
	struct bar *bars;
	size_t n, nv = 3000, i;

	v = malloc(nv * sizeof(*v));
	ck_assert_ptr_nonnull(v);
	for (c = 0; c < nv; c++) {
		v[0] = c;
		report_of(&r, v, 1, hz);
		ck_assert_int_eq(ctx_bars(&r, bucket_ns, 1000 * bucket_ns, &bars, &n), 0);
		for (i = 0; i < n && !bars[i].count; i++)
			;
		ck_assert_uint_lt(i, n);
		ck_assert_msg(hg_ns_to_cycles(i * bucket_ns, hz) <= c &&
			      c < hg_ns_to_cycles((i + 1) * bucket_ns, hz),
			      "%llu cycles at %llu Hz in bucket %zu", (unsigned long long)c,
			      (unsigned long long)hz, i);
		free(bars);
	}
	free(v);
}
END_TEST

static int is_125(uint64_t x)
{
	while (x >= 10 && x % 10 == 0)
		x /= 10;
	return x == 1 || x == 2 || x == 5;
}

/*
 * Automatic buckets: a 1-2-5 width, the first bar at 0, contiguous bars,
 * and every switch in exactly the bar its value falls in.
 */
static void check_auto(uint64_t *v, size_t nv, uint64_t want_bucket, size_t want_bars,
		       uint64_t want_open)
{
	struct hg_ctx_report r;
	struct bar *bars;
	uint64_t bucket, total = 0, *expect;
	size_t n, i;

	report_of(&r, v, nv, 1000000000);
	ck_assert_int_eq(ctx_bars(&r, 0, 0, &bars, &n), 0);
	ck_assert_uint_ge(n, 1);
	bucket = (uint64_t)llround(bars[0].hi * 1000);
	ck_assert_msg(is_125(bucket), "bucket %llu ns", (unsigned long long)bucket);
	ck_assert_uint_eq(bucket, want_bucket);
	ck_assert_uint_eq(n, want_bars);
	expect = calloc(n, sizeof(*expect));
	ck_assert_ptr_nonnull(expect);
	for (i = 0; i < nv; i++) {
		size_t k = (size_t)(v[i] / bucket);

		ck_assert_msg(k < n || isinf(bars[n - 1].hi), "%llu ns has no bar",
			      (unsigned long long)v[i]);
		expect[k < n ? k : n - 1]++;
	}
	for (i = 0; i < n; i++) {
		ck_assert_double_eq_tol(bars[i].lo, (double)(i * bucket) / 1000, 1e-12);
		if (i + 1 < n || !isinf(bars[i].hi))
			ck_assert_double_eq_tol(bars[i].hi, (double)((i + 1) * bucket) / 1000,
						1e-12);
		ck_assert_uint_eq(bars[i].count, expect[i]);
		total += bars[i].count;
	}
	ck_assert_uint_eq(total, nv);
	ck_assert_uint_eq(isinf(bars[n - 1].hi) ? bars[n - 1].count : 0, want_open);
	free(expect);
	free(bars);
}

/* 1..1000 ns: p99 = 990, 990 / 50 -> 20 ns, 50 bars up to 1000, 1000 beyond. */
START_TEST(test_histogram_auto_uniform)
{
	uint64_t v[1000];
	size_t i;

	for (i = 0; i < N(v); i++)
		v[i] = i + 1;
	check_auto(v, N(v), 20, 51, 1);
}
END_TEST

/* 60 of 10 ns, 40 of 10 us: 20 medians (200 ns) < p99: 5 ns, 40 overflow. */
START_TEST(test_histogram_auto_medians)
{
	uint64_t v[100];
	size_t i;

	for (i = 0; i < N(v); i++)
		v[i] = i < 60 ? 10 : 10000;
	check_auto(v, N(v), 5, 42, 40);
}
END_TEST

/* One switch of x ns: the width is the 1-2-5 step at or above x / 50. */
static const uint64_t auto_steps[][2] = {
	{ 1, 1 }, { 10, 1 }, { 50, 1 }, { 51, 1 }, { 100, 2 }, { 150, 5 }, { 250, 5 },
	{ 300, 10 }, { 1000, 20 }, { 5000, 100 }, { 7000, 200 }, { 20000, 500 },
	{ 1000000, 20000 }, { 3000000000ULL, 100000000 },
};

START_TEST(test_histogram_auto_step)
{
	uint64_t v[1] = { auto_steps[_i][0] };

	check_auto(v, 1, auto_steps[_i][1], (size_t)(v[0] / auto_steps[_i][1] + 1), 0);
}
END_TEST

START_TEST(test_histogram_auto_empty)
{
	struct hg_ctx_report r;
	struct bar *bars;
	size_t n, i;

	report_of(&r, NULL, 0, 1000000000);
	ck_assert_int_eq(ctx_bars(&r, 0, 0, &bars, &n), 0);
	ck_assert_uint_ge(n, 1);
	for (i = 0; i < n; i++)
		ck_assert_uint_eq(bars[i].count, 0);
	free(bars);
}
END_TEST

/* The histogram of the analysed trace counts its switches once each. */
START_TEST(test_histogram_of_trace)
{
	struct hg_trace *t = ctx_trace();
	struct hg_ctx_report r;

	uint64_t *sw;

	analyse(t, &r);
	sw = switch_list(&r);
	check_auto(sw, r.nswitches, 1, 51, 0);
	free(sw);
	hg_ctx_free(&r);
	hg_trace_free(t);
}
END_TEST

/* ---------------------------------------------------------------- command */

/* What the command printed. */
struct printed {
	char out[16384];
	char err[2048];
};

/* Run "hourglass ctx" with @args (NULL-terminated); returns its exit status. */
static int run_ctx(struct printed *p, const char *const *args)
{
	const char *argv[16] = { "ctx" };
	struct hg_test_out o;
	int argc = 1;

	while (argc < 15 && args[argc - 1]) {
		argv[argc] = args[argc - 1];
		argc++;
	}
	hg_test_cmd(&o, hg_cmd_ctx.main, argv);
	snprintf(p->out, sizeof(p->out), "%s", o.out);
	snprintf(p->err, sizeof(p->err), "%s", o.err);
	hg_test_out_free(&o);
	return o.status;
}

#define RUN(p, ...) run_ctx((p), (const char *const[]){ __VA_ARGS__, NULL })

static char paths[5][256];	/* one set per test process */
enum { P_TRACE, P_DAMAGED, P_TRUNCATED, P_EMPTY, P_MISSING };

/* The test files: a good trace, a few stray bytes, a cut trace, nothing. */
static void make_files(void)
{
	static const char *const names[] = { "run.hgt", "damaged.hgt", "cut.hgt",
					     "empty.hgt", "none.hgt" };
	struct hg_trace *t = ctx_trace();
	char err[256], *buf;
	size_t i, len;

	for (i = 0; i < N(names); i++)
		snprintf(paths[i], sizeof(paths[i]), "%s/%s", hg_test_tmpdir(), names[i]);
	ck_assert_msg(hg_trace_write(t, paths[P_TRACE], err, sizeof(err)) == 0, "%s", err);
	hg_trace_free(t);
	hg_test_write_file(paths[P_DAMAGED], "HGX\0\1\2junk", 10);
	hg_test_write_file(paths[P_EMPTY], "", 0);
	buf = hg_test_read_file(paths[P_TRACE], &len);
	hg_test_write_file(paths[P_TRUNCATED], buf, len / 2);
	free(buf);
	unlink(paths[P_MISSING]);
}

/* Bad input: exit status 2, one line on stderr, nothing on stdout. */
struct cmd_error {
	const char *args[5];	/* "@0".."@4": paths[] */
	const char *err;	/* part of the message */
};

static const struct cmd_error cmd_errors[] = {
	{ { NULL }, "hourglass: ctx: missing trace file (usage: hourglass ctx <file> [<options>])" },
	{ { "@4" }, "none.hgt: No such file or directory" },
	{ { "@1" }, "damaged.hgt: " },
	{ { "@2" }, "cut.hgt: " },
	{ { "@3" }, "empty.hgt: not an hourglass trace (empty file)" },
	{ { "@0", "--frob" }, "hourglass: ctx: unknown option '--frob' (see hourglass help ctx)" },
	{ { "-x", "@0" }, "unknown option '-x'" },
	{ { "@0", "@0" }, "unexpected argument '" },
	{ { "@0", "--bucket" }, "hourglass: ctx: --bucket: missing value" },
	{ { "@0", "--max" }, "hourglass: ctx: --max: missing value" },
	{ { "@0", "--svg" }, "hourglass: ctx: --svg: missing value" },
	{ { "@0", "--bucket", "0ns" }, "hourglass: ctx: --bucket 0ns: must be greater than zero" },
	{ { "@0", "--bucket", "0" }, "hourglass: ctx: --bucket 0: " },
	{ { "@0", "--max", "0us" }, "hourglass: ctx: --max 0us: must be greater than zero" },
	{ { "@0", "--bucket", "1.5" }, "hourglass: ctx: --bucket 1.5: " },
	{ { "@0", "--max", "fast" }, "hourglass: ctx: --max fast: " },
	/* the reason is hg_parse_time()'s, not "must be greater than zero" */
	{ { "@0", "--bucket", "5" },
	  "hourglass: ctx: --bucket 5: missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)" },
};

static const char *arg_of(const char *a)
{
	return a && a[0] == '@' ? paths[a[1] - '0'] : a;
}

START_TEST(test_cmd_errors)
{
	const struct cmd_error *ce = &cmd_errors[_i];
	const char *args[6] = { NULL };
	struct printed p;
	size_t i;

	make_files();
	for (i = 0; i < N(ce->args) && ce->args[i]; i++)
		args[i] = arg_of(ce->args[i]);
	ck_assert_int_eq(run_ctx(&p, args), 2);
	ck_assert_msg(strstr(p.err, ce->err) != NULL, "stderr: %s\nwant: %s", p.err, ce->err);
	ck_assert_msg(!strncmp(p.err, "hourglass: ctx: ", 16), "stderr: %s", p.err);
	ck_assert_msg(hg_test_lines(p.err) == 1 && p.err[strlen(p.err) - 1] == '\n',
		      "not one line: %s", p.err);
	ck_assert_str_eq(p.out, "");
}
END_TEST

START_TEST(test_cmd_text)
{
	struct printed p;
	int c;

	make_files();
	ck_assert_int_eq(RUN(&p, paths[P_TRACE], "--bucket", "20ns", "--max", "45ns"), 0);
	ck_assert_str_eq(p.err, "");
	for (c = 0; c < HG_GAP_NCLASSES; c++)
		assert_class_line(p.out, c, &ctx_want[c]);
	ck_assert_ptr_nonnull(strstr(p.out, "     0.040 -     0.060 us          2 ###"));
	/* the options may come first */
	ck_assert_int_eq(RUN(&p, "--max", "25ns", "--bucket", "10ns", paths[P_TRACE]), 0);
	ck_assert_ptr_nonnull(strstr(p.out, "     0.030 -       inf us          3 ###"));
	/* defaults */
	ck_assert_int_eq(RUN(&p, paths[P_TRACE]), 0);
	ck_assert_str_eq(p.err, "");
	assert_class_line(p.out, HG_GAP_VOLUNTARY, &ctx_want[HG_GAP_VOLUNTARY]);
}
END_TEST

START_TEST(test_cmd_json)
{
	struct json_object *doc;
	struct printed p;

	make_files();
	ck_assert_int_eq(RUN(&p, paths[P_TRACE], "--json"), 0);
	ck_assert_str_eq(p.err, "");
	doc = hg_test_json(p.out);
	ck_assert_double_eq(class_field(doc, "voluntary_switch", "count"), 2);
	ck_assert_double_eq(class_field(doc, "involuntary_switch", "count"), 2);
	ck_assert_double_eq(class_field(doc, "foreign", "count"), 1);
	ck_assert_double_eq(class_field(doc, "migration", "count"), 1);
	ck_assert_double_eq(class_field(doc, "unclassified", "count"), 1);
	ck_assert_double_eq(class_field(doc, "involuntary_switch", "max_ns"), 40);
	ck_assert_uint_eq(hg_test_json_u64(doc, "threads"), 4);
	json_object_put(doc);
}
END_TEST

START_TEST(test_cmd_svg)
{
	struct printed p;
	char svg[300], *s;
	size_t len;

	make_files();
	snprintf(svg, sizeof(svg), "%s/ctx.svg", hg_test_tmpdir());
	ck_assert_int_eq(RUN(&p, paths[P_TRACE], "--svg", svg, "--bucket", "10ns"), 0);
	ck_assert_str_eq(p.err, "");
	ck_assert_ptr_nonnull(line_of(p.out, "voluntary switch"));
	s = hg_test_read_file(svg, NULL);
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		s[--len] = '\0';
	ck_assert_msg(!strncmp(s, "<?xml", 5), "starts with %.20s", s);
	ck_assert_msg(len >= 6 && !strcmp(s + len - 6, "</svg>"), "ends with %s",
		      s + (len > 20 ? len - 20 : 0));
	ck_assert_ptr_nonnull(strstr(s, "4 switches"));
	free(s);
	/* with --json too */
	unlink(svg);
	ck_assert_int_eq(RUN(&p, "--json", paths[P_TRACE], "--svg", svg), 0);
	ck_assert(hg_test_json_valid(p.out));
	s = hg_test_read_file(svg, NULL);
	ck_assert(!strncmp(s, "<?xml", 5));
	free(s);
}
END_TEST

START_TEST(test_cmd_svg_unwritable)
{
	struct printed p;
	char svg[300];

	make_files();
	snprintf(svg, sizeof(svg), "%s/no/such/dir/ctx.svg", hg_test_tmpdir());
	/* checked before anything is printed, like every output path */
	ck_assert_int_eq(RUN(&p, paths[P_TRACE], "--svg", svg), 2);
	ck_assert_msg(hg_test_lines(p.err) == 1, "stderr: %s", p.err);
	ck_assert_ptr_nonnull(strstr(p.err, "hourglass: ctx: "));
	ck_assert_int_eq(access(svg, F_OK), -1);
}
END_TEST

/* Records that do not decode: exit status 1, "damaged records". */
START_TEST(test_cmd_damaged_records)
{
	struct hg_trace *t = ctx_trace();
	struct printed p;
	char err[256];

	make_files();
	t->threads[A].recs[t->threads[A].stored - 1].flags |= HG_REC_CONTINUED;
	ck_assert_int_eq(hg_trace_write(t, paths[P_TRACE], err, sizeof(err)), 0);
	hg_trace_free(t);
	ck_assert_int_eq(RUN(&p, paths[P_TRACE]), 1);
	ck_assert_ptr_nonnull(strstr(p.err, "run.hgt: damaged records\n"));
	ck_assert_int_eq(hg_test_lines(p.err), 1);
	ck_assert_str_eq(p.out, "");
}
END_TEST

START_TEST(test_cmd_help)
{
	struct printed p;

	ck_assert_int_eq(RUN(&p, "--help"), 0);
	ck_assert_str_eq(p.err, "");
	ck_assert_ptr_nonnull(strstr(p.out, "usage: hourglass ctx <file>"));
	ck_assert_int_eq(RUN(&p, "-h"), 0);
	ck_assert_ptr_nonnull(strstr(p.out, "--bucket <time>"));
	ck_assert_str_eq(hg_cmd_ctx.name, "ctx");
}
END_TEST

static Suite *ctx_suite(void)
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

	tc = tcase_create("histogram");
	tcase_add_loop_test(tc, test_histogram_given, 0, (int)N(hist_cases));
	tcase_add_test(tc, test_histogram_max_is_last_edge);
	tcase_add_loop_test(tc, test_histogram_cycle_edges, 0, 4);
	tcase_add_test(tc, test_histogram_auto_uniform);
	tcase_add_test(tc, test_histogram_auto_medians);
	tcase_add_loop_test(tc, test_histogram_auto_step, 0, (int)N(auto_steps));
	tcase_add_test(tc, test_histogram_auto_empty);
	tcase_add_test(tc, test_histogram_of_trace);
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

	tc = tcase_create("command");
	tcase_add_loop_test(tc, test_cmd_errors, 0, (int)N(cmd_errors));
	tcase_add_test(tc, test_cmd_text);
	tcase_add_test(tc, test_cmd_json);
	tcase_add_test(tc, test_cmd_svg);
	tcase_add_test(tc, test_cmd_svg_unwritable);
	tcase_add_test(tc, test_cmd_damaged_records);
	tcase_add_test(tc, test_cmd_help);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(ctx_suite());
}
