/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ctxtest.h - shared by the tests of ctx (check_ctx.c, check_ctx_hist.c,
 * check_ctx_cmd.c): a trace builder at 1 GHz, the trace of every gap class
 * and its expected statistics, the switch costs of a report, a class's
 * line of the text report and its JSON fields
 */
#ifndef HG_TEST_CTXTEST_H
#define HG_TEST_CTXTEST_H

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
static inline struct hg_trace *build(uint32_t nthreads, const struct tiv *iv, size_t n)
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

static inline struct hg_trace *ctx_trace(void)
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
static inline int expand(uint64_t v, uint64_t count, void *arg)
{
	uint64_t **at = arg;

	while (count--)
		*(*at)++ = v;
	return 0;
}

/* The switch costs of @r as a sorted array, to free. */
static inline uint64_t *switch_list(const struct hg_ctx_report *r)
{
	uint64_t *v = malloc((r->nswitches + 1) * sizeof(*v)), *at = v;

	ck_assert_ptr_nonnull(v);
	ck_assert_int_eq(hg_vcount_each(&r->switches, expand, &at), 0);
	ck_assert_uint_eq((size_t)(at - v), r->nswitches);
	return v;
}

static inline void analyse(const struct hg_trace *t, struct hg_ctx_report *r)
{
	ck_assert_int_eq(hg_ctx_analyse(t, r), 0);
}

/* Field @field of class @c. */
static inline double class_field(struct json_object *doc, const char *c, const char *field)
{
	return hg_test_json_num(doc, "classes/%s/%s", c, field);
}

/* The line starting with @prefix, or NULL. */
static inline const char *line_of(const char *s, const char *prefix)
{
	size_t len = strlen(prefix);

	for (; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : NULL)
		if (!strncmp(s, prefix, len))
			return s;
	return NULL;
}

/* A class line: count, rate, then min p1 median mean p90 p99 p99.9 max (us). */
static inline void assert_class_line(const char *s, int c, const struct want_stats *w)
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

#endif /* HG_TEST_CTXTEST_H */
