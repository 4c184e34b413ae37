// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kslices.c - analysis/kernel/kslices.c: the kernel's events as slices to
 * draw, on a synthetic stream (1 cycle = 1 ns; the capture from 1000 to
 * 10000 on CPU 0; the thread's kernel id is 100)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/kernel/kslices.h"

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

/* ------------------------------------- the names of the tasks that ran first */

/* The reference: the first event of all that names @pid, by a walk of them all. */
static const char *walk_comm(const struct hg_kevents *k, uint32_t pid)
{
	uint64_t i;

	for (i = 0; i < k->n; i++)
		if (k->ev[i].a == pid && k->ev[i].name != HG_KEV_NO_NAME &&
		    (k->ev[i].type == HG_KEV_SWITCH || k->ev[i].type == HG_KEV_WAKEUP ||
		     k->ev[i].type == HG_KEV_MIGRATE))
			return hg_kevents_name(k, k->ev[i].name);
	return pid ? "?" : "swapper";
}

#define NCPU 300

struct first {
	const struct hg_kevents *k;
	int seen[NCPU];		/* the CPU's first task's slice met */
	unsigned int checked;
};

/* The slice of the task that ran from a CPU's start: named as the walk names it. */
static int first_task(const struct hg_kslice *s, void *arg)
{
	struct first *f = arg;
	const struct hg_kcpu *c = hg_kevents_cpu(f->k, s->cpu);
	const struct hg_kev *e = NULL;
	uint64_t i;

	ck_assert_ptr_nonnull(c);
	if (s->kind != HG_KC_TASK || s->start_cycles != c->begin_cycles || f->seen[s->cpu])
		return 0;
	f->seen[s->cpu] = 1;
	for (i = 0; i < f->k->n && !e; i++)	/* the first switch inside the capture */
		if (f->k->ev[i].cpu == s->cpu && f->k->ev[i].type == HG_KEV_SWITCH &&
		    f->k->ev[i].cycles >= c->begin_cycles && f->k->ev[i].cycles <= c->end_cycles)
			e = &f->k->ev[i];
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(s->pid, e->b);
	ck_assert_msg(!strcmp(s->name, walk_comm(f->k, e->b)), "CPU %u: pid %u named %s, want %s",
		      s->cpu, e->b, s->name, walk_comm(f->k, e->b));
	f->checked++;
	return 0;
}

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 33;
}

/*
 * Many CPUs (some with no event, some with no switch inside their capture),
 * the tasks that ran first named by any CPU's events, before or after
 * theirs, inside the capture or not, by switches, wake-ups and migrations
 * (and not by events of no name), pid 0 named or not, some pids never:
 * each named as a walk of all the events from the first names it.
 */
START_TEST(test_first_names)
{
	static const char *const names[] = { "a", "b", "kworker/0:1", "swapper/3", "sh" };
	static const uint8_t types[] = { HG_KEV_SWITCH, HG_KEV_WAKEUP, HG_KEV_MIGRATE,
					 HG_KEV_IRQ_ENTRY, HG_KEV_SWITCH };
	struct hg_trace *t = hg_test_trace(1, NULL, (const size_t[]){ 0 });
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct first f = { 0 };
	uint64_t x = 7;
	uint32_t c, j;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(k);
	t->threads[0].tid = TID;
	k->ncpus = NCPU;
	k->cpus = calloc(NCPU, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	for (c = 0; c < NCPU; c++) {
		uint32_t nev = c % 7 == 3 ? 0 : (uint32_t)(lcg(&x) % 12);

		k->cpus[c] = (struct hg_kcpu){ .cpu = c, .begin_cycles = 1000,
					       .end_cycles = 10000 };
		for (j = 0; j < nev; j++) {
			uint64_t r = lcg(&x);
			struct hg_kev e = { .cycles = 500 + j * 900, .cpu = (uint16_t)c,
					    .type = types[r % 5], .a = (uint32_t)(r >> 3) % 40,
					    .b = (uint32_t)(r >> 9) % 40 };

			e.name = (r >> 15) % 4 ? hg_kevents_intern(k, names[(r >> 17) % 5]) :
				HG_KEV_NO_NAME;
			ck_assert_int_eq(hg_kevents_add(k, &e), 0);
		}
	}
	t->kev = k;
	f.k = k;
	ck_assert_int_eq(hg_kslices(t, first_task, &f), 0);
	ck_assert_uint_gt(f.checked, NCPU / 3);
	hg_trace_free(t);
}
END_TEST

/* Every CPU a switch, the task it switches out named on the CPU after it (or not at all). */
START_TEST(test_first_names_many_cpus)
{
	struct hg_trace *t = hg_test_trace(1, NULL, (const size_t[]){ 0 });
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct first f = { 0 };
	uint32_t c;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(k);
	k->ncpus = NCPU;
	k->cpus = calloc(NCPU, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	for (c = 0; c < NCPU; c++) {
		struct hg_kev e = { .cycles = 2000, .cpu = (uint16_t)c, .type = HG_KEV_SWITCH,
				    .a = 1000 + c, .b = c ? 1000 + c - 1 : 5000 };
		char name[16];

		snprintf(name, sizeof(name), "t%u", c);
		e.name = hg_kevents_intern(k, name);
		k->cpus[c] = (struct hg_kcpu){ .cpu = c, .begin_cycles = 1000, .end_cycles = 10000 };
		ck_assert_int_eq(hg_kevents_add(k, &e), 0);
	}
	t->kev = k;
	f.k = k;
	ck_assert_int_eq(hg_kslices(t, first_task, &f), 0);
	ck_assert_uint_eq(f.checked, NCPU);
	hg_trace_free(t);
}
END_TEST

static Suite *kslices_suite(void)
{
	Suite *s = suite_create("kslices");
	TCase *tc = tcase_create("synthetic");

	tcase_add_test(tc, test_slices);
	tcase_add_test(tc, test_fixture);
	tcase_add_test(tc, test_first_names);
	tcase_add_test(tc, test_first_names_many_cpus);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kslices_suite());
}
