// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_worst.c - trace/worst.h: the worst K events past the threshold,
 * in constant memory, each thread adding to its own table while the
 * others add to theirs, merged once they stopped
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

#include "helpers.h"
#include "trace/worst.h"

#define NTHREADS 4
#define PER_THREAD 200000u
#define KEEP 50u

static struct hg_worst *tables;

/*
 * Thread @arg adds PER_THREAD events to its table; event i of thread k
 * has the value i * NTHREADS + k + 1, so that the values 1 to NTHREADS *
 * PER_THREAD are each added once, the threads' interleaved.
 */
static void *adder(void *arg)
{
	unsigned int k = (unsigned int)(uintptr_t)arg, i;

	for (i = 0; i < PER_THREAD; i++) {
		struct hg_worst_ev e = {
			.kind = 1, .thread = k, .cpu = k, .at_cycles = i,
			.value_ns = (uint64_t)i * NTHREADS + k + 1,
		};

		hg_worst_add(&tables[k], &e);
	}
	return NULL;
}

/*
 * Four threads at once, each on its table (one cache line apart): every
 * event counted, and the K merged are the K largest values, NTHREADS *
 * PER_THREAD down to that less K - 1, each with the thread and the time
 * it was added with.
 */
START_TEST(test_concurrent)
{
	pthread_t th[NTHREADS];
	struct hg_worst_ev out[KEEP];
	uint64_t top = (uint64_t)NTHREADS * PER_THREAD, count;
	unsigned int k, i;

	tables = hg_worst_alloc(NTHREADS, KEEP);
	ck_assert_ptr_nonnull(tables);
	ck_assert_uint_eq((uintptr_t)&tables[1] % 64, 0);
	for (k = 0; k < NTHREADS; k++)
		ck_assert_int_eq(pthread_create(&th[k], NULL, adder, (void *)(uintptr_t)k), 0);
	for (k = 0; k < NTHREADS; k++)
		pthread_join(th[k], NULL);
	ck_assert_int_eq(hg_worst_merge(tables, NTHREADS, KEEP, out, &count), KEEP);
	ck_assert_uint_eq(count, top);
	for (i = 0; i < KEEP; i++) {
		uint64_t v = top - i;

		ck_assert_uint_eq(out[i].value_ns, v);
		ck_assert_uint_eq(out[i].thread, (v - 1) % NTHREADS);
		ck_assert_uint_eq(out[i].at_cycles, (v - 1) / NTHREADS);
	}
	hg_worst_free(tables, NTHREADS);
}
END_TEST

/* Fewer events than K: all kept, the worst first; equal values: the earlier first. */
START_TEST(test_not_full)
{
	static const uint64_t v[] = { 5, 9, 7, 9, 1 };
	struct hg_worst_ev out[10];
	struct hg_worst *w = hg_worst_alloc(1, 10);
	uint64_t count;
	unsigned int i;

	ck_assert_ptr_nonnull(w);
	for (i = 0; i < 5; i++)
		hg_worst_add(w, &(struct hg_worst_ev){ .value_ns = v[i], .at_cycles = i });
	ck_assert_int_eq(hg_worst_merge(w, 1, 10, out, &count), 5);
	ck_assert_uint_eq(count, 5);
	ck_assert_uint_eq(out[0].value_ns, 9);
	ck_assert_uint_eq(out[0].at_cycles, 1);
	ck_assert_uint_eq(out[1].value_ns, 9);
	ck_assert_uint_eq(out[1].at_cycles, 3);
	ck_assert_uint_eq(out[2].value_ns, 7);
	ck_assert_uint_eq(out[4].value_ns, 1);
	hg_worst_free(w, 1);
}
END_TEST

/*
 * Full: an event no worse than the least kept is counted and dropped (of
 * equal values the earlier stays); a worse one replaces the least.
 */
START_TEST(test_full)
{
	struct hg_worst_ev out[3];
	struct hg_worst *w = hg_worst_alloc(1, 3);
	uint64_t count;

	ck_assert_ptr_nonnull(w);
	hg_worst_add(w, &(struct hg_worst_ev){ .value_ns = 10, .at_cycles = 1 });
	hg_worst_add(w, &(struct hg_worst_ev){ .value_ns = 20, .at_cycles = 2 });
	hg_worst_add(w, &(struct hg_worst_ev){ .value_ns = 30, .at_cycles = 3 });
	hg_worst_add(w, &(struct hg_worst_ev){ .value_ns = 10, .at_cycles = 4 });
	hg_worst_add(w, &(struct hg_worst_ev){ .value_ns = 5, .at_cycles = 5 });
	ck_assert_int_eq(hg_worst_merge(w, 1, 3, out, &count), 3);
	ck_assert_uint_eq(out[2].value_ns, 10);
	ck_assert_uint_eq(out[2].at_cycles, 1);
	hg_worst_add(w, &(struct hg_worst_ev){ .value_ns = 25, .at_cycles = 6 });
	ck_assert_int_eq(hg_worst_merge(w, 1, 3, out, &count), 3);
	ck_assert_uint_eq(out[0].value_ns, 30);
	ck_assert_uint_eq(out[1].value_ns, 25);
	ck_assert_uint_eq(out[2].value_ns, 20);
	ck_assert_uint_eq(count, 6);
	hg_worst_free(w, 1);
}
END_TEST

/* The merge keeps K of all the tables, not K of each. */
START_TEST(test_merge_keeps_k)
{
	struct hg_worst_ev out[2];
	struct hg_worst *w = hg_worst_alloc(2, 2);
	uint64_t count;

	ck_assert_ptr_nonnull(w);
	hg_worst_add(&w[0], &(struct hg_worst_ev){ .value_ns = 1 });
	hg_worst_add(&w[0], &(struct hg_worst_ev){ .value_ns = 4 });
	hg_worst_add(&w[1], &(struct hg_worst_ev){ .value_ns = 3 });
	hg_worst_add(&w[1], &(struct hg_worst_ev){ .value_ns = 2 });
	ck_assert_int_eq(hg_worst_merge(w, 2, 2, out, &count), 2);
	ck_assert_uint_eq(count, 4);
	ck_assert_uint_eq(out[0].value_ns, 4);
	ck_assert_uint_eq(out[1].value_ns, 3);
	hg_worst_free(w, 2);
}
END_TEST

/* K out of range, or no table, is refused; NULL frees. */
START_TEST(test_bounds)
{
	struct hg_worst *w;

	ck_assert_ptr_null(hg_worst_alloc(1, 0));
	ck_assert_ptr_null(hg_worst_alloc(1, HG_WORST_MAX + 1));
	ck_assert_ptr_null(hg_worst_alloc(0, 5));
	hg_worst_free(NULL, 3);
	w = hg_worst_alloc(2, HG_WORST_MAX);
	ck_assert_ptr_nonnull(w);
	ck_assert_uint_eq(w[1].keep, HG_WORST_MAX);
	hg_worst_free(w, 2);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("worst");
	TCase *tc = tcase_create("worst");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_concurrent);
	tcase_add_test(tc, test_not_full);
	tcase_add_test(tc, test_full);
	tcase_add_test(tc, test_merge_keeps_k);
	tcase_add_test(tc, test_bounds);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
