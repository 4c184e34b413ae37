// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kslmarks.c - analysis/kernel/kslmarks.c: the slices of a stretch
 * made again from the marks are those of the whole stream that meet it,
 * field for field; the windows between consecutive marks give each slice
 * once (in the window it opens in); a CPU whose events reach back past a
 * mark keeps only two
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "kslgen.h"

#define N 5000	/* events a CPU: 5 marks and more */


/* The index of @s in @all (->carried aside), checking it is there once. */
static size_t find(const struct kslgen_all *all, const struct hg_kslice *s)
{
	size_t i, at = SIZE_MAX;

	for (i = 0; i < all->n; i++)
		if (kslgen_same(&all->v[i], s)) {
			ck_assert_msg(at == SIZE_MAX, "a slice twice in the whole stream");
			at = i;
		}
	ck_assert_msg(at != SIZE_MAX, "slice %s %" PRIu64 "-%" PRIu64 " of CPU %u not in the stream",
		      s->name, s->start_cycles, s->end_cycles, s->cpu);
	return at;
}

/* Marks @i to @j of CPU @cpu: every slice meeting them, once, carried as it should be. */
static void check_between(const struct hg_kslice_marks *m, const struct kslgen_all *all,
			  uint32_t cpu, size_t i, size_t j)
{
	struct kslgen_all got = { 0 };
	uint64_t a = hg_kslice_mark_at(m, cpu, i), b = hg_kslice_mark_at(m, cpu, j);
	char *seen = calloc(all->n + 1, 1);
	size_t k;

	ck_assert_ptr_nonnull(seen);
	ck_assert_int_eq(hg_kslices_between(m, cpu, i, j, kslgen_keep, &got), 0);
	for (k = 0; k < got.n; k++) {
		const struct hg_kslice *s = &got.v[k];
		size_t x = find(all, s);

		ck_assert_uint_eq(s->cpu, cpu);
		ck_assert_msg(!seen[x], "slice %s at %" PRIu64 " given twice", s->name,
			      s->start_cycles);
		seen[x] = 1;
		ck_assert_msg(s->end_cycles >= a && s->start_cycles <= b,
			      "slice %" PRIu64 "-%" PRIu64 " outside marks %" PRIu64 "-%" PRIu64,
			      s->start_cycles, s->end_cycles, a, b);
		if (s->carried)
			ck_assert_uint_le(s->start_cycles, a);
		else if (i)
			ck_assert_uint_ge(s->start_cycles, a);
		ck_assert_int_eq(s->carried && !i, 0);
	}
	for (k = 0; k < all->n; k++)	/* none missing */
		ck_assert_msg(seen[k] || all->v[k].cpu != cpu || all->v[k].end_cycles <= a ||
			      all->v[k].start_cycles >= b,
			      "slice %s %" PRIu64 "-%" PRIu64 " meets marks %zu-%zu, not given",
			      all->v[k].name, all->v[k].start_cycles, all->v[k].end_cycles, i, j);
	free(seen);
	free(got.v);
}

START_TEST(test_between)
{
	struct kslgen_all all;
	struct hg_trace *t = kslgen_trace(N, 42, &all);
	struct hg_kslice_marks *m = NULL;
	uint32_t cpu;

	ck_assert_uint_gt(all.n, 2 * N / 4);
	ck_assert_int_eq(hg_kslice_marks_build(t, &m), 0);
	for (cpu = 0; cpu < 2; cpu++) {
		size_t n = hg_kslice_marks_count(m, cpu), i;

		/* one every HG_KSLICE_MARK_EVERY events, and the end */
		ck_assert_uint_eq(n, (N + HG_KSLICE_MARK_EVERY - 1) / HG_KSLICE_MARK_EVERY + 1);
		for (i = 1; i < n; i++)
			ck_assert_uint_ge(hg_kslice_mark_at(m, cpu, i),
					  hg_kslice_mark_at(m, cpu, i - 1));
		for (i = 0; i + 1 < n; i++) {
			check_between(m, &all, cpu, i, i + 1);
			check_between(m, &all, cpu, i, n - 1);
			check_between(m, &all, cpu, 0, i + 1);
		}
	}
	ck_assert_uint_eq(hg_kslice_marks_count(m, 2), 0);
	hg_kslice_marks_free(m);
	free(all.v);
	hg_trace_free(t);
}
END_TEST

/* The windows of consecutive marks, each slice from the one it opens in: the stream. */
START_TEST(test_windows_partition)
{
	struct kslgen_all all, got = { 0 };
	struct hg_trace *t = kslgen_trace(N, 7, &all);
	struct hg_kslice_marks *m = NULL;
	size_t k, x;
	uint32_t cpu;

	ck_assert_int_eq(hg_kslice_marks_build(t, &m), 0);
	for (cpu = 0; cpu < 2; cpu++) {
		size_t n = hg_kslice_marks_count(m, cpu), i;

		for (i = 0; i + 1 < n; i++) {
			struct kslgen_all w = { 0 };

			ck_assert_int_eq(hg_kslices_between(m, cpu, i, i + 1, kslgen_keep, &w), 0);
			for (k = 0; k < w.n; k++)
				if (!w.v[k].carried)
					kslgen_keep(&w.v[k], &got);
			free(w.v);
		}
	}
	ck_assert_uint_eq(got.n, all.n);
	for (k = 0; k < got.n; k++) {	/* each once: the counts agree and each is found */
		x = find(&all, &got.v[k]);
		ck_assert_uint_lt(x, all.n);
	}
	hg_kslice_marks_free(m);
	free(got.v);
	free(all.v);
	hg_trace_free(t);
}
END_TEST

/* An NMI reaching back past the mark before it: the CPU keeps its two ends only. */
START_TEST(test_unsound)
{
	struct kslgen_all all, got = { 0 };
	struct hg_trace *t = kslgen_trace(N, 9, &all);
	struct hg_kslice_marks *m = NULL;
	struct hg_kev *e;
	uint64_t i, lo;

	free(all.v);
	lo = hg_kevents_find(t->kev, 1, 0);	/* CPU 1's event just after its first mark */
	e = &t->kev->ev[lo + HG_KSLICE_MARK_EVERY];
	*e = (struct hg_kev){ .cycles = e->cycles, .cpu = 1, .type = HG_KEV_NMI,
			      .a = (uint32_t)(e->cycles - t->kev->ev[lo + 10].cycles),
			      .name = HG_KEV_NO_NAME };
	memset(&all, 0, sizeof(all));
	ck_assert_int_eq(hg_kslices(t, kslgen_keep, &all), 0);
	ck_assert_int_eq(hg_kslice_marks_build(t, &m), 0);
	ck_assert_uint_eq(hg_kslice_marks_count(m, 1), 2);
	ck_assert_uint_gt(hg_kslice_marks_count(m, 0), 2);
	ck_assert_int_eq(hg_kslices_between(m, 1, 0, 1, kslgen_keep, &got), 0);
	for (i = 0; i < got.n; i++)
		ck_assert_uint_eq(got.v[i].carried, 0);
	for (i = 0; i < all.n; i++)
		if (all.v[i].cpu == 1)
			ck_assert_uint_lt(find(&got, &all.v[i]), got.n);
	hg_kslice_marks_free(m);
	free(got.v);
	free(all.v);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_errors)
{
	struct kslgen_all all;
	struct hg_trace *t = kslgen_trace(10, 1, &all);
	struct hg_kslice_marks *m = NULL;
	struct hg_kevents *k = t->kev;

	ck_assert_int_eq(hg_kslice_marks_build(t, &m), 0);
	ck_assert_uint_eq(hg_kslice_marks_count(m, 0), 2);
	ck_assert_int_eq(hg_kslices_between(m, 0, 1, 1, kslgen_keep, &all), -EINVAL);
	ck_assert_int_eq(hg_kslices_between(m, 0, 0, 2, kslgen_keep, &all), -EINVAL);
	ck_assert_int_eq(hg_kslices_between(m, 5, 0, 1, kslgen_keep, &all), -EINVAL);
	hg_kslice_marks_free(m);
	hg_kslice_marks_free(NULL);
	t->kev = NULL;
	ck_assert_int_eq(hg_kslice_marks_build(t, &m), -ENODATA);
	t->kev = k;
	free(all.v);
	hg_trace_free(t);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("kslmarks");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_between);
	tcase_add_test(tc, test_windows_partition);
	tcase_add_test(tc, test_unsound);
	tcase_add_test(tc, test_errors);
	suite_add_tcase(s, tc);
	return hg_test_run(s);
}
