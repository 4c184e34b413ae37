// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_merge.c - analysis/stats/merge.h: random sorted runs, many of equal keys,
 * some empty, come out in the order of a stable sort by key and run; a
 * run that is done never wins over a live key of UINT64_MAX; one run and
 * none at all
 */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/stats/merge.h"

#define MAX_RUNS 40
#define MAX_LEN 50

struct item {
	uint64_t key;
	uint32_t run;
};

static int by_key_then_run(const void *x, const void *y)
{
	const struct item *a = x, *b = y;

	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return a->run < b->run ? -1 : a->run > b->run;
}

static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Merge @nruns runs of @len[i] keys at @runs[i]: each item in @out. */
static size_t merge_all(uint32_t nruns, uint64_t runs[][MAX_LEN], const size_t *len,
			struct item *out)
{
	uint64_t first[MAX_RUNS];
	unsigned char live[MAX_RUNS];
	size_t pos[MAX_RUNS] = { 0 }, total = 0, n;
	struct hg_merge m = { 0 };
	uint32_t i, w;

	for (i = 0; i < nruns; i++) {
		live[i] = len[i] != 0;
		first[i] = len[i] ? runs[i][0] : 0;
		total += len[i];
	}
	ck_assert_int_eq(hg_merge_init(&m, nruns, first, live), 0);
	w = hg_merge_top(&m);
	for (n = 0; n < total; n++) {
		size_t k = pos[w]++;
		int more;

		ck_assert_uint_lt(w, nruns);
		ck_assert_uint_lt(k, len[w]);
		out[n] = (struct item){ runs[w][k], w };
		more = k + 1 < len[w];
		w = hg_merge_set(&m, w, more ? runs[w][k + 1] : 0, more);
	}
	hg_merge_free(&m);
	return total;
}

START_TEST(test_random_runs)
{
	static uint64_t runs[MAX_RUNS][MAX_LEN];
	static struct item got[MAX_RUNS * MAX_LEN], want[MAX_RUNS * MAX_LEN];
	uint64_t seed = 0x9e3779b97f4a7c15ULL + (uint64_t)_i * 7919;
	/* the first 16 rounds: 1 to 8 runs, the ring's sizes, twice each */
	uint32_t nruns = _i < 16 ? 1 + (uint32_t)_i % HG_MERGE_RING :
			 1 + (uint32_t)(next_rand(&seed) % MAX_RUNS), i;
	/* few distinct keys in some rounds: many ties between runs */
	uint64_t step = _i % 2 ? 3 : 1000;
	size_t len[MAX_RUNS], n = 0, k, got_n;

	for (i = 0; i < nruns; i++) {
		uint64_t v = next_rand(&seed) % step;

		len[i] = next_rand(&seed) % 4 ? next_rand(&seed) % MAX_LEN : 0;
		for (k = 0; k < len[i]; k++) {
			v += next_rand(&seed) % step;
			runs[i][k] = v;
			want[n++] = (struct item){ v, i };
		}
	}
	qsort(want, n, sizeof(want[0]), by_key_then_run);
	got_n = merge_all(nruns, runs, len, got);
	ck_assert_uint_eq(got_n, n);
	for (k = 0; k < n; k++)
		ck_assert_msg(got[k].key == want[k].key && got[k].run == want[k].run,
			      "item %zu: key %llu of run %u, want key %llu of run %u", k,
			      (unsigned long long)got[k].key, got[k].run,
			      (unsigned long long)want[k].key, want[k].run);
}
END_TEST

START_TEST(test_largest_key_beats_done)
{
	static uint64_t runs[3][MAX_LEN] = { { 5 }, { 1, UINT64_MAX, UINT64_MAX }, { 7 } };
	static const size_t len[3] = { 1, 3, 1 };
	struct item got[5];

	ck_assert_uint_eq(merge_all(3, runs, len, got), 5);
	ck_assert_uint_eq(got[0].run, 1);
	ck_assert_uint_eq(got[1].run, 0);
	ck_assert_uint_eq(got[2].run, 2);
	ck_assert_uint_eq(got[3].run, 1);
	ck_assert_uint_eq(got[4].run, 1);
	ck_assert_uint_eq(got[4].key, UINT64_MAX);
}
END_TEST

START_TEST(test_one_run_and_none)
{
	static uint64_t runs[1][MAX_LEN] = { { 2, 2, 9 } };
	static const size_t len[1] = { 3 };
	struct hg_merge m = { 0 };
	struct item got[3];

	ck_assert_uint_eq(merge_all(1, runs, len, got), 3);
	ck_assert_uint_eq(got[2].key, 9);
	ck_assert_int_eq(hg_merge_init(&m, 0, NULL, NULL), 0);
	ck_assert_uint_eq(m.nring, 0);
	hg_merge_free(&m);
	hg_merge_free(&m);	/* twice: left empty */
}
END_TEST

static Suite *merge_suite(void)
{
	Suite *s = suite_create("merge");
	TCase *tc = tcase_create("merge");

	tcase_add_loop_test(tc, test_random_runs, 0, 48);
	tcase_add_test(tc, test_largest_key_beats_done);
	tcase_add_test(tc, test_one_run_and_none);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(merge_suite());
}
