// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_ctxref.c - analysis/gaps/ctx.h against the reference: on random traces
 * (threads free to move between CPUs, or each on one CPU; some gaps long
 * enough to be kept apart from the counted values) hg_ctx_analyse(), which
 * streams and counts, gives per class the count and every statistic that
 * hg_stats_compute() gives for the costs of hg_classify()'s gaps (the time
 * lines kept), and the same switches per thread
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/gaps/ctx.h"

#define R_THREADS 7
#define R_CPUS 3
#define R_SLOTS 3000
#define SLOT_NS 5000
#define LONG_SLOT_NS 3000000	/* more than HG_VCOUNT_DENSE cycles at 1 GHz */

static uint64_t lcg(uint64_t *state)
{
	*state = *state * 6364136223846793005ULL + 1442695040888963407ULL;
	return *state >> 33;
}

/*
 * In each slot (one in 50 long) each CPU runs a different thread, or none:
 * with @pinned CPU c only threads c, c + R_CPUS, ...; an interval ends
 * with a yield, a sleep or neither.
 */
static struct hg_trace *random_trace(uint64_t seed, bool pinned)
{
	static const size_t none[R_THREADS];
	static const unsigned int ends[] = { 0, 0, HG_REC_YIELD, HG_REC_SLEEP };
	struct hg_trace *t = hg_test_trace(R_THREADS, NULL, none);
	uint64_t state = seed, at = 0;
	size_t cap = R_SLOTS + 1, s;
	int last[R_THREADS];
	uint32_t i;

	ck_assert_ptr_nonnull(t);
	for (i = 0; i < R_THREADS; i++) {
		free(t->threads[i].recs);
		t->threads[i].recs = calloc(cap, sizeof(struct hg_record));
		ck_assert_ptr_nonnull(t->threads[i].recs);
		t->threads[i].stored = 0;
		last[i] = -1;
	}
	for (s = 0; s < R_SLOTS; s++) {
		uint64_t width = lcg(&state) % 50 ? SLOT_NS : LONG_SLOT_NS;
		uint32_t perm[R_THREADS], c, k;

		for (k = 0; k < R_THREADS; k++)
			perm[k] = k;
		for (k = R_THREADS - 1; k > 0; k--) {
			uint32_t j = (uint32_t)(lcg(&state) % (k + 1)), x = perm[k];

			perm[k] = perm[j];
			perm[j] = x;
		}
		for (c = 0; pinned && c < R_CPUS; c++) {
			uint32_t choices = (R_THREADS - c + R_CPUS - 1) / R_CPUS;

			perm[c] = c + R_CPUS * (uint32_t)(lcg(&state) % choices);
		}
		for (c = 0; c < R_CPUS; c++) {
			struct hg_trace_thread *th = &t->threads[perm[c]];
			uint64_t off = lcg(&state) % (width / 4), len = 100 + lcg(&state) % (width / 2);

			if (lcg(&state) % 5 == 0)
				continue;	/* idle */
			ck_assert_uint_eq(hg_record_encode(th->recs + th->stored, cap - th->stored,
							   1000 + at + off, len, c,
							   ends[lcg(&state) % 4]), 1);
			last[perm[c]] = (int)th->stored++;
		}
		at += width;
	}
	for (i = 0; i < R_THREADS; i++)
		if (last[i] >= 0)
			t->threads[i].recs[last[i]].flags |= HG_REC_LAST;
	return t;
}

struct ref {
	uint64_t *cost[HG_GAP_NCLASSES];
	size_t n[HG_GAP_NCLASSES];
	uint64_t inferred[2][R_THREADS];
};

static int collect(const struct hg_gap *g, void *arg)
{
	struct ref *r = arg;

	r->cost[g->cls][r->n[g->cls]++] = g->cost_cycles;
	if (g->cls == HG_GAP_VOLUNTARY || g->cls == HG_GAP_INVOLUNTARY)
		r->inferred[g->cls][g->thread]++;
	return 0;
}

static void check_against_reference(int seed, bool pinned)
{
	struct hg_trace *t = random_trace((uint64_t)seed * 7919 + 1, pinned);
	struct hg_ctx_report r;
	struct ref ref;
	size_t total = 0;
	int c, i;

	memset(&ref, 0, sizeof(ref));
	for (c = 0; c < HG_GAP_NCLASSES; c++) {
		ref.cost[c] = calloc(R_SLOTS * R_CPUS, sizeof(uint64_t));
		ck_assert_ptr_nonnull(ref.cost[c]);
	}
	ck_assert_int_eq(hg_classify(t, collect, &ref), 0);
	ck_assert_int_eq(hg_ctx_analyse(t, &r), 0);
	for (c = 0; c < HG_GAP_NCLASSES; c++) {
		struct hg_stats want;

		ck_assert_int_eq(hg_stats_compute(ref.cost[c], ref.n[c], &want), 0);
		ck_assert_uint_eq(r.n[c], ref.n[c]);
		ck_assert_msg(r.st[c].count == want.count && r.st[c].sum == want.sum &&
			      r.st[c].min == want.min && r.st[c].p1 == want.p1 &&
			      r.st[c].median == want.median && r.st[c].p90 == want.p90 &&
			      r.st[c].p99 == want.p99 && r.st[c].p999 == want.p999 &&
			      r.st[c].max == want.max && r.st[c].mean == want.mean,
			      "class %s: statistics differ from the reference", hg_gap_class_name(c));
		total += ref.n[c];
		free(ref.cost[c]);
	}
	ck_assert_uint_eq(r.nswitches, ref.n[HG_GAP_VOLUNTARY] + ref.n[HG_GAP_INVOLUNTARY]);
	for (i = 0; i < R_THREADS; i++) {
		ck_assert_uint_eq(r.inferred[0][i], ref.inferred[0][i]);
		ck_assert_uint_eq(r.inferred[1][i], ref.inferred[1][i]);
	}
	/* the trace has the classes that matter here, and costs kept apart */
	ck_assert_uint_gt(ref.n[HG_GAP_VOLUNTARY], 100);
	ck_assert_uint_gt(ref.n[HG_GAP_INVOLUNTARY], 100);
	ck_assert_uint_gt(ref.n[HG_GAP_FOREIGN], 0);
	ck_assert_uint_gt(r.st[HG_GAP_INVOLUNTARY].max, HG_VCOUNT_DENSE);
	if (pinned)
		ck_assert_uint_eq(ref.n[HG_GAP_MIGRATION], 0);
	else
		ck_assert_uint_gt(ref.n[HG_GAP_MIGRATION], 0);
	ck_assert_uint_gt(total, R_SLOTS);
	hg_ctx_free(&r);
	hg_trace_free(t);
}

START_TEST(test_free_threads)
{
	check_against_reference(_i, false);
}
END_TEST

START_TEST(test_pinned_threads)
{
	check_against_reference(_i, true);
}
END_TEST

static Suite *ctxref_suite(void)
{
	Suite *s = suite_create("ctxref");
	TCase *tc = tcase_create("reference");

	tcase_add_loop_test(tc, test_free_threads, 0, 6);
	tcase_add_loop_test(tc, test_pinned_threads, 0, 6);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(ctxref_suite());
}
