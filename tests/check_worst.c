// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_worst.c - trace/worst.h: the worst K events past the threshold,
 * kept in constant memory while threads add at once
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

#include "helpers.h"
#include "trace/worst.h"

#define NTHREADS 4
#define PER_THREAD 200000u
#define KEEP 50u

static struct hg_worst table;

/*
 * Thread @arg adds PER_THREAD events; event i of thread k has the value
 * i * NTHREADS + k + 1, so that the values 1 to NTHREADS * PER_THREAD are
 * each added once, in an order that interleaves the threads.
 */
static void *adder(void *arg)
{
	unsigned int k = (unsigned int)(uintptr_t)arg, i;

	for (i = 0; i < PER_THREAD; i++) {
		struct hg_worst_ev e = {
			.kind = 1, .thread = k, .cpu = k, .at_cycles = i,
			.value_ns = (uint64_t)i * NTHREADS + k + 1,
		};

		hg_worst_add(&table, &e);
	}
	return NULL;
}

/*
 * Four threads at once: every event counted, and the K kept are the K
 * largest values, NTHREADS * PER_THREAD down to that less K - 1, each
 * with the thread and time it was added with.
 */
START_TEST(test_concurrent)
{
	pthread_t th[NTHREADS];
	struct hg_worst_ev out[KEEP];
	uint64_t top = (uint64_t)NTHREADS * PER_THREAD;
	unsigned int k, i;

	ck_assert_int_eq(hg_worst_init(&table, KEEP), 0);
	for (k = 0; k < NTHREADS; k++)
		ck_assert_int_eq(pthread_create(&th[k], NULL, adder, (void *)(uintptr_t)k), 0);
	for (k = 0; k < NTHREADS; k++)
		pthread_join(th[k], NULL);
	ck_assert_uint_eq(atomic_load(&table.count), top);
	ck_assert_uint_eq(hg_worst_sorted(&table, out), KEEP);
	for (i = 0; i < KEEP; i++) {
		uint64_t v = top - i;

		ck_assert_uint_eq(out[i].value_ns, v);
		ck_assert_uint_eq(out[i].thread, (v - 1) % NTHREADS);
		ck_assert_uint_eq(out[i].at_cycles, (v - 1) / NTHREADS);
	}
	hg_worst_free(&table);
}
END_TEST

/* Fewer events than K: all kept, the worst first; equal values: the earlier first. */
START_TEST(test_not_full)
{
	static const uint64_t v[] = { 5, 9, 7, 9, 1 };
	struct hg_worst_ev out[10];
	struct hg_worst w;
	unsigned int i;

	ck_assert_int_eq(hg_worst_init(&w, 10), 0);
	for (i = 0; i < 5; i++)
		hg_worst_add(&w, &(struct hg_worst_ev){ .value_ns = v[i], .at_cycles = i });
	ck_assert_uint_eq(hg_worst_sorted(&w, out), 5);
	ck_assert_uint_eq(out[0].value_ns, 9);
	ck_assert_uint_eq(out[0].at_cycles, 1);
	ck_assert_uint_eq(out[1].value_ns, 9);
	ck_assert_uint_eq(out[1].at_cycles, 3);
	ck_assert_uint_eq(out[2].value_ns, 7);
	ck_assert_uint_eq(out[4].value_ns, 1);
	hg_worst_free(&w);
}
END_TEST

/*
 * Full: an event no worse than the least kept is counted and dropped (of
 * equal values the earlier stays); a worse one replaces the least.
 */
START_TEST(test_full)
{
	struct hg_worst_ev out[3];
	struct hg_worst w;

	ck_assert_int_eq(hg_worst_init(&w, 3), 0);
	hg_worst_add(&w, &(struct hg_worst_ev){ .value_ns = 10, .at_cycles = 1 });
	hg_worst_add(&w, &(struct hg_worst_ev){ .value_ns = 20, .at_cycles = 2 });
	hg_worst_add(&w, &(struct hg_worst_ev){ .value_ns = 30, .at_cycles = 3 });
	hg_worst_add(&w, &(struct hg_worst_ev){ .value_ns = 10, .at_cycles = 4 });
	hg_worst_add(&w, &(struct hg_worst_ev){ .value_ns = 5, .at_cycles = 5 });
	ck_assert_uint_eq(hg_worst_sorted(&w, out), 3);
	ck_assert_uint_eq(out[2].value_ns, 10);
	ck_assert_uint_eq(out[2].at_cycles, 1);
	hg_worst_add(&w, &(struct hg_worst_ev){ .value_ns = 25, .at_cycles = 6 });
	ck_assert_uint_eq(hg_worst_sorted(&w, out), 3);
	ck_assert_uint_eq(out[0].value_ns, 30);
	ck_assert_uint_eq(out[1].value_ns, 25);
	ck_assert_uint_eq(out[2].value_ns, 20);
	ck_assert_uint_eq(atomic_load(&w.count), 6);
	hg_worst_free(&w);
}
END_TEST

/* K out of range is refused; a table never set up frees. */
START_TEST(test_bounds)
{
	struct hg_worst w;

	ck_assert_int_eq(hg_worst_init(&w, 0), -EINVAL);
	ck_assert_int_eq(hg_worst_init(&w, HG_WORST_MAX + 1), -EINVAL);
	hg_worst_free(&w);
	ck_assert_int_eq(hg_worst_init(&w, HG_WORST_MAX), 0);
	ck_assert_uint_eq(w.keep, HG_WORST_MAX);
	hg_worst_free(&w);
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
	tcase_add_test(tc, test_bounds);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
