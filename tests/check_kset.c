// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kset.c - svg/render_kset.c: the slices a timeline draws, made a
 * window at a time, are for any stretch those of the whole stream that
 * meet it, clipped, in drawing order (tasks by start, then interrupts by
 * start), however many windows the stretch spans; a window is asked again
 * from inside a drawing only when it holds the stretch
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "kslgen.h"
#include "svg/render_kset.h"

#define N 9000	/* events a CPU: 3 windows and more */

struct hit {
	struct hg_kslice s;
	uint64_t a, b;
};

struct hits {
	struct hit *v;
	size_t n, cap;
};

static void take(const struct hg_kslice *s, uint64_t a, uint64_t b, void *arg)
{
	struct hits *h = arg;

	ck_assert_int_eq(HG_GROW(h->v, h->cap, h->n + 1), 0);
	h->v[h->n++] = (struct hit){ .s = *s, .a = a, .b = b };
}

/* Not the thread's own runs, nor the idle task's: as the timeline draws. */
static int drawn(const struct hg_kslice *s, void *arg)
{
	(void)arg;
	return !(s->kind == HG_KC_TASK && (s->ours || !s->pid));
}

static int by_start(const void *pa, const void *pb)
{
	const struct hit *a = pa, *b = pb;

	return a->s.start_cycles < b->s.start_cycles ? -1 : a->s.start_cycles > b->s.start_cycles;
}

/* What the whole stream gives for [@from, @to) on @cpu, in drawing order. */
static void expect(const struct hg_trace *t, const struct kslgen_all *all, uint32_t cpu,
		   uint64_t from, uint64_t to, struct hits *h)
{
	int task;
	size_t k, first;

	for (task = 1; task >= 0; task--) {
		first = h->n;
		for (k = 0; k < all->n; k++) {
			const struct hg_kslice *s = &all->v[k];
			uint64_t a = hg_trace_ns(t, s->start_cycles), b = hg_trace_ns(t, s->end_cycles);

			if (s->cpu != cpu || (s->kind == HG_KC_TASK) != task || !drawn(s, NULL) ||
			    a >= to || b <= from)
				continue;
			take(s, a > from ? a : from, b < to ? b : to, h);
		}
		if (h->n > first)
			qsort(h->v + first, h->n - first, sizeof(*h->v), by_start);
	}
}

static void check_span(struct hg_kset *set, const struct hg_trace *t,
		       const struct kslgen_all *all, uint32_t cpu, uint64_t from, uint64_t to)
{
	struct hits got = { 0 }, want = { 0 };
	size_t k;

	ck_assert_int_eq(hg_kset_span(set, cpu, from, to, take, &got), 0);
	expect(t, all, cpu, from, to, &want);
	ck_assert_msg(got.n == want.n, "CPU %u [%" PRIu64 ", %" PRIu64 "): %zu slices, want %zu",
		      cpu, from, to, got.n, want.n);
	for (k = 0; k < got.n; k++) {
		ck_assert_msg(kslgen_same(&got.v[k].s, &want.v[k].s),
			      "slice %zu: %s at %" PRIu64 ", want %s at %" PRIu64, k, got.v[k].s.name,
			      got.v[k].s.start_cycles, want.v[k].s.name, want.v[k].s.start_cycles);
		ck_assert_uint_eq(got.v[k].a, want.v[k].a);
		ck_assert_uint_eq(got.v[k].b, want.v[k].b);
	}
	free(got.v);
	free(want.v);
}

START_TEST(test_spans)
{
	struct kslgen_all all;
	struct hg_trace *t = kslgen_trace(N, 3, &all);
	struct hg_kslice_marks *m = NULL;
	struct hg_kset set;
	uint64_t end = hg_trace_ns(t, t->kev->end_cycles), seed = 11;
	uint32_t cpu;
	int i;

	ck_assert_int_eq(hg_kslice_marks_build(t, &m), 0);
	ck_assert_int_eq(hg_kset_init(&set, t, m, drawn, NULL), 0);
	for (cpu = 0; cpu < 3; cpu++) {	/* CPU 2: none */
		check_span(&set, t, &all, cpu, 0, UINT64_MAX);	/* every window */
		for (i = 0; i < 200; i++) {	/* short ones, in time order and not */
			uint64_t from = kslgen_rand(&seed) % end;
			uint64_t len = i % 4 ? kslgen_rand(&seed) % 3000 :
				       kslgen_rand(&seed) % (end / 2);

			check_span(&set, t, &all, cpu, from, from + len);
		}
		check_span(&set, t, &all, cpu, end / 2, end / 2);	/* empty */
		check_span(&set, t, &all, cpu, end / 2, end / 3);	/* backwards */
	}
	hg_kset_free(&set);
	hg_kslice_marks_free(m);
	free(all.v);
	hg_trace_free(t);
}
END_TEST

/*
 * CPUs far apart, 2.5 cycles a ns (ns of several cycles), slices before
 * the run's start and of no length, one CPU whose NMI reaches back past a
 * mark (one window for all of it), CPUs asked that were not captured
 */
START_TEST(test_edges)
{
	static const uint32_t cpus[] = { 0, 3, 300, 65535 };
	static const uint32_t asked[] = { 0, 1, 3, 299, 300, 301, 65534, 65535, 65536, UINT32_MAX };
	struct kslgen_all all;
	struct hg_trace *t = kslgen_trace_on(N / 2, 8, cpus, 4, 2500000000ULL, &all);
	struct hg_kslice_marks *m = NULL;
	struct hg_kset set;
	uint64_t lo = hg_kevents_find(t->kev, 300, 0), end, seed = 3;
	struct hg_kev *e = &t->kev->ev[lo + HG_KSLICE_MARK_EVERY];
	size_t i, k;

	*e = (struct hg_kev){ .cycles = e->cycles, .cpu = 300, .type = HG_KEV_NMI,
			      .a = (uint32_t)((e->cycles - t->kev->ev[lo + 5].cycles) / 2),
			      .name = HG_KEV_NO_NAME };
	free(all.v);
	memset(&all, 0, sizeof(all));
	ck_assert_int_eq(hg_kslices(t, kslgen_keep, &all), 0);
	ck_assert_int_eq(hg_kslice_marks_build(t, &m), 0);
	ck_assert_uint_eq(hg_kslice_marks_count(m, 300), 2);
	ck_assert_uint_gt(hg_kslice_marks_count(m, 3), HG_KSET_STRIDE + 1);
	ck_assert_int_eq(hg_kset_init(&set, t, m, drawn, NULL), 0);
	end = hg_trace_ns(t, t->kev->end_cycles);
	for (i = 0; i < sizeof(asked) / sizeof(asked[0]); i++) {
		check_span(&set, t, &all, asked[i], 0, UINT64_MAX);
		check_span(&set, t, &all, asked[i], 0, 0);
		check_span(&set, t, &all, asked[i], UINT64_MAX - 1, UINT64_MAX);
		for (k = 0; k < 60; k++) {
			uint64_t from = kslgen_rand(&seed) % end;

			check_span(&set, t, &all, asked[i], from, from + kslgen_rand(&seed) % 2000);
		}
	}
	for (k = 0; k < all.n; k += 7) {	/* at every edge of some slices */
		const struct hg_kslice *s = &all.v[k];
		uint64_t a = hg_trace_ns(t, s->start_cycles), b = hg_trace_ns(t, s->end_cycles);

		check_span(&set, t, &all, s->cpu, a, b);
		check_span(&set, t, &all, s->cpu, a, a + 1);
		check_span(&set, t, &all, s->cpu, b > 0 ? b - 1 : 0, b);
		check_span(&set, t, &all, s->cpu, 0, a);
	}
	hg_kset_free(&set);
	hg_kslice_marks_free(m);
	free(all.v);
	hg_trace_free(t);
}
END_TEST

/* A window holds a stretch inside it, not one past its end, nor any before it is made. */
START_TEST(test_holds)
{
	struct kslgen_all all;
	struct hg_trace *t = kslgen_trace(N, 5, &all);
	struct hg_kslice_marks *m = NULL;
	struct hg_kset set;
	struct hits h = { 0 };
	uint64_t w1;

	ck_assert_int_eq(hg_kslice_marks_build(t, &m), 0);
	ck_assert_int_eq(hg_kset_init(&set, t, m, drawn, NULL), 0);
	w1 = hg_trace_ns(t, hg_kslice_mark_at(m, 0, HG_KSET_STRIDE));
	ck_assert_int_eq(hg_kset_holds(&set, 0, 0, 10), 0);
	ck_assert_int_eq(hg_kset_span(&set, 0, 0, 10, take, &h), 0);
	ck_assert_int_eq(hg_kset_holds(&set, 0, 5, w1 - 1), 1);
	ck_assert_int_eq(hg_kset_holds(&set, 0, 5, w1 + 1000), 0);
	ck_assert_int_eq(hg_kset_holds(&set, 1, 0, 10), 0);
	ck_assert_int_eq(hg_kset_holds(&set, 7, 0, 10), 0);
	free(h.v);
	hg_kset_free(&set);
	hg_kslice_marks_free(m);
	free(all.v);
	hg_trace_free(t);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("kset");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_spans);
	tcase_add_test(tc, test_edges);
	tcase_add_test(tc, test_holds);
	suite_add_tcase(s, tc);
	return hg_test_run(s);
}
