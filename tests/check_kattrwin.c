// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kattrwin.c - analysis/kernel/kattr.c's lines held a window at a
 * time: a line of many events cut forward, backward and across windows
 * gives the parts worked out by hand, and the task named by the first
 * switch holds the time before it in every window, even one made again
 * long after that switch was replayed
 */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/kernel/kattr.h"

#define TID 4242
#define OTHER 77
#define PERIODS 12288		/* three windows of WINDOW_MIN events and more */
#define SWITCH_AT 3000		/* the period whose end has the first switch */

/*
 * CPU 0, one period a microsecond at 1 GHz: irq 5 from +100 to +300 of
 * each; at the end of period SWITCH_AT (+900) a switch from OTHER into the
 * thread. Before it the task was not known: OTHER's by the first switch.
 */
static struct hg_trace *line_trace(void)
{
	static const uint64_t iv0[][2] = { { 1000, 10 } };
	const uint64_t (*const iv[])[2] = { iv0 };
	const size_t nv[] = { 1 };
	struct hg_trace *t = hg_test_trace(1, iv, nv);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	uint32_t name, i;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(k);
	t->threads[0].tid = TID;
	k->ncpus = 1;
	k->cpus = calloc(1, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->cpus[0] = (struct hg_kcpu){ .cpu = 0, .begin_cycles = 0,
				       .end_cycles = 1000ULL * PERIODS };
	name = hg_kevents_intern(k, "eth");
	for (i = 0; i < PERIODS; i++) {
		struct hg_kev in = { .cycles = 1000ULL * i + 100, .type = HG_KEV_IRQ_ENTRY,
				     .a = 5, .name = name };
		struct hg_kev out = { .cycles = 1000ULL * i + 300, .type = HG_KEV_IRQ_EXIT, .a = 5 };

		ck_assert_int_eq(hg_kevents_add(k, &in), 0);
		ck_assert_int_eq(hg_kevents_add(k, &out), 0);
		if (i == SWITCH_AT) {
			struct hg_kev sw = { .cycles = 1000ULL * i + 900, .type = HG_KEV_SWITCH,
					     .a = TID, .b = OTHER,
					     .name = hg_kevents_intern(k, "hg/0") };

			ck_assert_int_eq(hg_kevents_add(k, &sw), 0);
		}
	}
	t->kev = k;
	return t;
}

/* The cycles of @g's parts of @kind (and @pid, for a task). */
static uint64_t cycles_of(const struct hg_kgap *g, enum hg_kcause kind, uint32_t pid)
{
	uint64_t sum = 0;
	uint32_t i;

	for (i = 0; i < g->nparts; i++)
		if (g->parts[i].kind == kind && (kind != HG_KC_TASK || g->parts[i].pid == pid))
			sum += g->parts[i].cycles;
	return sum;
}

/*
 * Periods [@i, @j) cut as a window of the thread: 200 cycles of irq each;
 * the other 800 OTHER's before the switch (from +900 of period SWITCH_AT),
 * the thread's own after it: the kernel's (its pieces are short, and
 * events lie in the window) up to 64 pieces, unexplained past them
 */
static void check_periods(const struct hg_kattr *a, uint32_t i, uint32_t j)
{
	uint64_t x = 1000ULL * i, y = 1000ULL * j, sw = 1000ULL * SWITCH_AT + 900;
	uint64_t other = 0, own = 0, at;
	struct hg_kgap g;

	for (at = x; at < y; at += 1000) {
		uint64_t lo = at + 300, hi = at + 1100;	/* the task's time, +300 to +1100 */

		other += lo < sw ? (hi < sw ? hi : sw) - lo : 0;
		own += hi > sw ? hi - (lo > sw ? lo : sw) : 0;
	}
	/* the task time summed is [x + 300, y + 100): [x, x + 100) in, [y, y + 100) out */
	if (x < sw)
		other += 100;
	else
		own += 100;
	if (y < sw)
		other -= 100;
	else
		own -= 100;
	memset(&g, 0, sizeof(g));
	hg_kattr_window(a, TID, 0, x, 0, y, &g);
	ck_assert_uint_eq(cycles_of(&g, HG_KC_IRQ, 0), 200ULL * (j - i));
	ck_assert_msg(cycles_of(&g, HG_KC_TASK, OTHER) == other, "[%u, %u): OTHER %llu, want %llu",
		      i, j, (unsigned long long)cycles_of(&g, HG_KC_TASK, OTHER),
		      (unsigned long long)other);
	/* the own pieces past 64 are summed as unexplained */
	ck_assert_uint_eq(cycles_of(&g, HG_KC_KERNEL, 0) + cycles_of(&g, HG_KC_UNEXPLAINED, 0), own);
	if (j - i < 32)
		ck_assert_uint_eq(cycles_of(&g, HG_KC_KERNEL, 0), own);
	ck_assert_int_eq(hg_kattr_status(a), 0);
}

/* Short cuts forward, then backward, then one across every window. */
START_TEST(test_windows_any_order)
{
	struct hg_trace *t = line_trace();
	struct hg_kattr *a;
	uint32_t i;

	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	for (i = 0; i + 7 <= PERIODS; i += 997)
		check_periods(a, i, i + 7);
	for (i = PERIODS - 7; i >= 1499; i -= 1499)
		check_periods(a, i, i + 7);
	check_periods(a, 10, PERIODS - 10);
	check_periods(a, 0, 5);		/* before the switch, after a window past it */
	check_periods(a, SWITCH_AT - 2, SWITCH_AT + 3);	/* across it */
	hg_kattr_free(a);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("kattrwin");
	TCase *tc = tcase_create("windows");

	tcase_add_test(tc, test_windows_any_order);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
