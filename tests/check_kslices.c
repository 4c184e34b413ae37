// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kslices.c - analysis/kslices.c: the kernel's events as slices to
 * draw, on a synthetic stream (1 cycle = 1 ns; the capture from 1000 to
 * 10000 on CPU 0; the thread's kernel id is 100)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/kslices.h"

#define TID 100
#define MAXS 16

struct got {
	unsigned int n;
	struct hg_kslice s[MAXS];
};

static int keep(const struct hg_kslice *s, void *arg)
{
	struct got *g = arg;

	ck_assert_uint_lt(g->n, MAXS);
	g->s[g->n++] = *s;
	return 0;
}

static void add(struct hg_kevents *k, uint64_t at, uint8_t type, uint32_t a, uint32_t b,
		const char *name)
{
	struct hg_kev e = { .cycles = at, .cpu = 0, .type = type, .a = a, .b = b,
			    .name = name ? hg_kevents_intern(k, name) : HG_KEV_NO_NAME };

	ck_assert_int_eq(hg_kevents_add(k, &e), 0);
}

static const struct want {
	enum hg_kcause kind;
	const char *name;
	uint64_t start, end;
	uint32_t depth, pid;
	int ours;
} want[] = {
	/* each when it ends: inner first */
	{ HG_KC_TASK, "hg/0", 1000, 1500, 0, TID, 1 },	/* named by a later switch in */
	{ HG_KC_TIMER, "tick_nohz_handler", 2100, 2200, 1, 0, 0 },
	{ HG_KC_IRQ, "24:eth0", 2300, 2400, 1, 0, 0 },	/* ended by the loss ... */
	{ HG_KC_TIMER, "local_timer", 2000, 2400, 0, 0, 0 },	/* ... with its holder */
	{ HG_KC_NMI, "perf_event_nmi_handler", 2900, 3000, 0, 0, 0 },
	{ HG_KC_TASK, "kworker/0:1", 1500, 4000, 0, 7, 0 },
	{ HG_KC_IPI, "reschedule", 4100, 4200, 0, 0, 0 },
	{ HG_KC_SOFTIRQ, "NET_RX", 9000, 10000, 0, 0, 0 },	/* open at the end */
	{ HG_KC_TASK, "hg/0", 4000, 10000, 0, TID, 1 },
};

START_TEST(test_slices)
{
	static const uint64_t iv0[][2] = { { 1000, 1000 }, { 5000, 1000 } };
	const uint64_t (*const iv[])[2] = { iv0 };
	const size_t n[] = { 2 };
	struct hg_trace *t = hg_test_trace(1, iv, n);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct got g = { 0 };
	unsigned int i;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(k);
	ck_assert_int_eq(hg_kslices(t, keep, &g), -ENODATA);
	t->threads[0].tid = TID;
	k->ncpus = 1;
	k->cpus = calloc(1, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->cpus[0] = (struct hg_kcpu){ .cpu = 0, .begin_cycles = 1000, .end_cycles = 10000 };
	add(k, 500, HG_KEV_IRQ_ENTRY, 1, 0, "before");	/* before the capture: skipped */
	add(k, 1500, HG_KEV_SWITCH, 7, TID, "kworker/0:1");
	add(k, 1800, HG_KEV_IRQ_EXIT, 9, 0, NULL);	/* an exit with no entry */
	add(k, 2000, HG_KEV_VEC_ENTRY, 236, 0, "local_timer");
	add(k, 2100, HG_KEV_HRTIMER_ENTRY, 0, 0, "tick_nohz_handler");
	add(k, 2200, HG_KEV_HRTIMER_EXIT, 0, 0, NULL);
	add(k, 2300, HG_KEV_IRQ_ENTRY, 24, 0, "eth0");
	add(k, 2400, HG_KEV_LOST, 0, 0, NULL);
	add(k, 3000, HG_KEV_NMI, 100, 0, "perf_event_nmi_handler");
	add(k, 4000, HG_KEV_SWITCH, TID, 7, "hg/0");
	add(k, 4100, HG_KEV_VEC_ENTRY, 253, 0, "reschedule");
	add(k, 4200, HG_KEV_VEC_EXIT, 253, 0, "reschedule");
	add(k, 9000, HG_KEV_SOFTIRQ_ENTRY, 3, 0, NULL);
	t->kev = k;
	ck_assert_int_eq(hg_kslices(t, keep, &g), 0);
	ck_assert_uint_eq(g.n, sizeof(want) / sizeof(want[0]));
	for (i = 0; i < g.n; i++) {
		const struct want *w = &want[i];
		const struct hg_kslice *s = &g.s[i];

		ck_assert_msg(s->kind == w->kind && !strcmp(s->name, w->name),
			      "slice %u: %s %s, want %s %s", i, hg_kcause_name(s->kind), s->name,
			      hg_kcause_name(w->kind), w->name);
		ck_assert_uint_eq(s->start_cycles, w->start);
		ck_assert_uint_eq(s->end_cycles, w->end);
		ck_assert_uint_eq(s->depth, w->depth);
		ck_assert_uint_eq(s->cpu, 0);
		if (w->kind == HG_KC_TASK) {
			ck_assert_uint_eq(s->pid, w->pid);
			ck_assert_int_eq(s->ours, w->ours);
		}
	}
	hg_trace_free(t);
}
END_TEST

struct bounds {
	const struct hg_kevents *k;
	unsigned int n, timers, tasks;
};

static int within(const struct hg_kslice *s, void *arg)
{
	struct bounds *b = arg;
	const struct hg_kcpu *c = hg_kevents_cpu(b->k, s->cpu);

	ck_assert_ptr_nonnull(c);
	ck_assert_uint_le(s->start_cycles, s->end_cycles);
	ck_assert_uint_ge(s->end_cycles, c->begin_cycles);
	ck_assert_uint_le(s->end_cycles, c->end_cycles);
	b->n++;
	b->timers += s->kind == HG_KC_TIMER;
	b->tasks += s->kind == HG_KC_TASK;
	return 0;
}

/* The committed capture: slices within it, timers and tasks among them. */
START_TEST(test_fixture)
{
	struct hg_trace *t = NULL;
	struct bounds b = { 0 };
	char err[256];

	ck_assert_msg(hg_trace_read("tests/fixtures/kernel.hgt", &t, err, sizeof(err)) == 0,
		      "%s", err);
	b.k = t->kev;
	ck_assert_int_eq(hg_kslices(t, within, &b), 0);
	ck_assert_uint_gt(b.timers, 0);
	ck_assert_uint_gt(b.tasks, 0);
	hg_trace_free(t);
}
END_TEST

static Suite *kslices_suite(void)
{
	Suite *s = suite_create("kslices");
	TCase *tc = tcase_create("synthetic");

	tcase_add_test(tc, test_slices);
	tcase_add_test(tc, test_fixture);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kslices_suite());
}
