// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kattr.c - analysis/kernel/kattr.c: gaps taken apart by synthetic kernel
 * event streams, each expected part worked out by hand beside it (1 cycle
 * = 1 ns; the thread's interval ends at 2000 and the next starts at 5000
 * unless said; its kernel id is 100; the kernel's own time is capped at
 * 5000 ns a piece), and the committed capture of a real run, whose parts
 * must add up to each gap
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/kernel/kattr.h"
#include "analysis/kernel/kexplain.h"
#include "analysis/kernel/ksched.h"
#include "report/explain.h"

#define TID 100
#define MAXEV 8
#define MAXPART 6

struct ev {
	uint64_t at;
	uint16_t cpu;
	uint8_t type;
	uint32_t a, b;
	const char *name;
};

struct part {
	enum hg_kcause kind;
	const char *name;
	uint64_t cycles;
	uint32_t count;
};

static const struct kcase {
	const char *what;
	uint64_t next_start;	/* the second interval's start */
	uint16_t next_cpu;
	uint64_t begin, end;	/* the capture, on each CPU */
	struct ev ev[MAXEV];
	struct part want[MAXPART];
} cases[] = {
	{ "nested interrupts: a device's inside the local timer's, an hrtimer callback", 5000, 0,
	  1000, 10000, {
		{ 2100, 0, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 2300, 0, HG_KEV_HRTIMER_ENTRY, 0, 0, "tick_nohz_handler" },
		{ 2800, 0, HG_KEV_HRTIMER_EXIT, 0, 0, NULL },
		{ 3000, 0, HG_KEV_IRQ_ENTRY, 24, 0, "eth0" },
		{ 3500, 0, HG_KEV_IRQ_EXIT, 24, 0, NULL },
		{ 4000, 0, HG_KEV_VEC_EXIT, 236, 0, "local_timer" } },
	  { /* 2000-2100 and 4000-5000 */
		{ HG_KC_KERNEL, "entry, exit, switch", 1100, 2 },
		/* 2100-2300, 2800-3000, 3500-4000: one entry */
		{ HG_KC_TIMER, "local_timer", 900, 1 },
		{ HG_KC_TIMER, "tick_nohz_handler", 500, 1 },
		{ HG_KC_IRQ, "24:eth0", 500, 1 } } },
	{ "a softirq after an interrupt", 5000, 0, 1000, 10000, {
		{ 2200, 0, HG_KEV_IRQ_ENTRY, 11, 0, "virtio0" },
		{ 2400, 0, HG_KEV_IRQ_EXIT, 11, 0, NULL },
		{ 2450, 0, HG_KEV_SOFTIRQ_ENTRY, 3, 0, NULL },
		{ 3450, 0, HG_KEV_SOFTIRQ_EXIT, 3, 0, NULL } },
	  { { HG_KC_KERNEL, "entry, exit, switch", 200 + 50 + 1550, 3 },
		{ HG_KC_IRQ, "11:virtio0", 200, 1 },
		{ HG_KC_SOFTIRQ, "NET_RX", 1000, 1 } } },
	{ "a task switch inside the gap", 5000, 0, 1000, 10000, {
		{ 2100, 0, HG_KEV_SWITCH, 7, TID, "kworker/0:1" },
		{ 4500, 0, HG_KEV_SWITCH, TID, 7, "hg/0" } },
	  { { HG_KC_TASK, "kworker/0:1", 2400, 1 },
		/* 2000-2100 before the first switch was ours: the switch says so */
		{ HG_KC_KERNEL, "entry, exit, switch", 100 + 500, 2 } } },
	{ "a switch into the thread not reported: the idle task left at the switch out", 5000, 0,
	  1000, 10000, {
		{ 1200, 0, HG_KEV_SWITCH, 0, TID, "swapper/0" },
		{ 2100, 0, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 2300, 0, HG_KEV_VEC_EXIT, 236, 0, "local_timer" } },
	  { /* the thread ran at 2000: swapper's stretch since 1200 is its own */
		{ HG_KC_KERNEL, "entry, exit, switch", 100 + 2700, 2 },
		{ HG_KC_TIMER, "local_timer", 200, 1 } } },
	{ "events lost", 5000, 0, 1000, 10000, {
		{ 2500, 0, HG_KEV_LOST, 3, 0, NULL },
		{ 3000, 0, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 3200, 0, HG_KEV_VEC_EXIT, 236, 0, "local_timer" } },
	  { /* nothing known from the capture's start to the loss */
		{ HG_KC_UNEXPLAINED, "events lost", 500, 1 },
		{ HG_KC_KERNEL, "entry, exit, switch", 500 + 1800, 2 },
		{ HG_KC_TIMER, "local_timer", 200, 1 } } },
	{ "events lost inside a handler: it is not taken to go on", 5000, 0, 1000, 10000, {
		{ 2100, 0, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 2500, 0, HG_KEV_LOST, 0, 0, NULL } },
	  { /* 2100-2500 lost; from 2500 the thread's own, not the timer's */
		{ HG_KC_KERNEL, "entry, exit, switch", 100 + 2500, 2 },
		{ HG_KC_UNEXPLAINED, "events lost", 400, 1 } } },
	{ "a gap at the capture's start and end", 5000, 0, 2500, 4500, {
		{ 3000, 0, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 3100, 0, HG_KEV_VEC_EXIT, 236, 0, "local_timer" } },
	  { { HG_KC_UNEXPLAINED, "outside the capture", 500 + 500, 2 },
		{ HG_KC_KERNEL, "entry, exit, switch", 500 + 1400, 2 },
		{ HG_KC_TIMER, "local_timer", 100, 1 } } },
	{ "a migration: out on CPU 0, in on CPU 1 after another task", 5000, 1, 1000, 10000, {
		{ 2300, 0, HG_KEV_SWITCH, 0, TID, "swapper/0" },
		{ 1500, 1, HG_KEV_SWITCH, 50, 0, "bash" },
		{ 4800, 1, HG_KEV_SWITCH, TID, 50, "hg/0" } },
	  { /* 2000-2300 on CPU 0, then CPU 1: bash to 4800, ours to 5000 */
		/* bash ran already: one run inside the gap all the same */
		{ HG_KC_TASK, "bash", 2500, 1 },
		{ HG_KC_KERNEL, "entry, exit, switch", 300 + 200, 2 } } },
	{ "no event in the gap", 5000, 0, 1000, 10000, {
		{ 1500, 0, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 1600, 0, HG_KEV_VEC_EXIT, 236, 0, "local_timer" } },
	  { { HG_KC_UNEXPLAINED, "no kernel event", 3000, 1 } } },
	{ "the kernel's time capped: the rest of a long piece unexplained", 20000, 0, 1000, 30000, {
		{ 2100, 0, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 2200, 0, HG_KEV_VEC_EXIT, 236, 0, "local_timer" } },
	  { /* 2200-20000 is 17800: 5000 kernel, 12800 unexplained */
		{ HG_KC_UNEXPLAINED, "between the events", 12800, 1 },
		{ HG_KC_KERNEL, "entry, exit, switch", 100 + 5000, 2 },
		{ HG_KC_TIMER, "local_timer", 100, 1 } } },
	{ "an NMI: its handler's length back from its event", 5000, 0, 1000, 10000, {
		{ 3000, 0, HG_KEV_NMI, 400, 0, "perf_event_nmi_handler" } },
	  { { HG_KC_KERNEL, "entry, exit, switch", 600 + 2000, 2 },
		{ HG_KC_NMI, "perf_event_nmi_handler", 400, 1 } } },
};

static struct hg_trace *case_trace(const struct kcase *c)
{
	static const uint64_t iv0[][2] = { { 1000, 1000 }, { 5000, 1000 } };
	const uint64_t (*const iv[])[2] = { iv0 };
	const size_t n[] = { 2 };
	struct hg_trace *t = hg_test_trace(1, iv, n);
	struct hg_kevents *k = calloc(1, sizeof(*k));
	size_t i;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(k);
	t->threads[0].tid = TID;
	t->threads[0].recs[1].start_cycles = c->next_start;
	t->threads[0].recs[1].cpu = c->next_cpu;
	k->start_cycles = c->begin;
	k->end_cycles = c->end;
	k->ncpus = 2;
	k->cpus = calloc(2, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	for (i = 0; i < 2; i++)
		k->cpus[i] = (struct hg_kcpu){ .cpu = (uint32_t)i, .begin_cycles = c->begin,
					       .end_cycles = c->end };
	for (i = 0; i < MAXEV && c->ev[i].type; i++) {
		const struct ev *e = &c->ev[i];
		struct hg_kev r = { .cycles = e->at, .cpu = e->cpu, .type = e->type, .a = e->a,
				    .b = e->b, .name = HG_KEV_NO_NAME };

		if (e->name)
			r.name = hg_kevents_intern(k, e->name);
		ck_assert_int_eq(hg_kevents_add(k, &r), 0);
	}
	hg_kevents_sort(k);
	t->kev = k;
	return t;
}

struct seen {
	unsigned int gaps;
	struct hg_kgap g;
};

static int keep(const struct hg_kgap *g, void *arg)
{
	struct seen *s = arg;

	s->gaps++;
	s->g = *g;
	return 0;
}

START_TEST(test_cases)
{
	const struct kcase *c = &cases[_i];
	struct hg_trace *t = case_trace(c);
	struct hg_kattr *a = NULL;
	struct seen s = { 0 };
	uint64_t sum = 0;
	uint32_t i, j, nwant = 0;

	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	ck_assert_int_eq(hg_kattr_each(t, a, keep, &s), 0);
	ck_assert_uint_eq(s.gaps, 1);
	ck_assert_uint_eq(s.g.len_cycles, c->next_start - 2000);
	for (i = 0; i < s.g.nparts; i++)
		sum += s.g.parts[i].cycles;
	ck_assert_msg(sum == s.g.len_cycles, "%s: parts add up to %llu of %llu", c->what,
		      (unsigned long long)sum, (unsigned long long)s.g.len_cycles);
	for (j = 0; j < MAXPART && c->want[j].name; j++, nwant++) {
		const struct part *w = &c->want[j];
		const struct hg_kpart *p = NULL;

		for (i = 0; i < s.g.nparts && !p; i++)
			if (s.g.parts[i].kind == w->kind && !strcmp(s.g.parts[i].name, w->name))
				p = &s.g.parts[i];
		ck_assert_msg(p != NULL, "%s: no %s %s", c->what, hg_kcause_name(w->kind), w->name);
		ck_assert_msg(p->cycles == w->cycles, "%s: %s %s: %llu, want %llu", c->what,
			      w->name, hg_kcause_name(w->kind), (unsigned long long)p->cycles,
			      (unsigned long long)w->cycles);
		ck_assert_msg(p->count == w->count, "%s: %s: count %u, want %u", c->what, w->name,
			      p->count, w->count);
	}
	ck_assert_msg(s.g.nparts == nwant, "%s: %u parts, want %u", c->what, s.g.nparts, nwant);
	/* the largest first */
	for (i = 1; i < s.g.nparts; i++)
		ck_assert_uint_ge(s.g.parts[i - 1].cycles, s.g.parts[i].cycles);
	hg_kattr_free(a);
	hg_trace_free(t);
}
END_TEST

/*
 * An NMI's length comes in ns: on a counter of 2 GHz its 400 ns are 800
 * ticks back from its event (they were taken as 400 ticks).
 */
START_TEST(test_nmi_ns)
{
	static const struct kcase c = { "an NMI on a 2 GHz counter", 5000, 0, 1000, 10000, {
		{ 3000, 0, HG_KEV_NMI, 400, 0, "perf_event_nmi_handler" } }, { { 0 } } };
	struct hg_trace *t = case_trace(&c);
	struct hg_kattr *a = NULL;
	struct seen s = { 0 };
	uint32_t i, found = 0;

	t->calib.tsc_hz = 2000000000ULL;
	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	ck_assert_int_eq(hg_kattr_each(t, a, keep, &s), 0);
	ck_assert_uint_eq(s.gaps, 1);
	for (i = 0; i < s.g.nparts; i++)
		if (s.g.parts[i].kind == HG_KC_NMI) {
			ck_assert_uint_eq(s.g.parts[i].cycles, 800);
			found++;
		}
	ck_assert_uint_eq(found, 1);
	hg_kattr_free(a);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_no_events)
{
	static const uint64_t iv0[][2] = { { 1000, 1000 } };
	const uint64_t (*const iv[])[2] = { iv0 };
	const size_t n[] = { 1 };
	struct hg_trace *t = hg_test_trace(1, iv, n);
	struct hg_kattr *a = NULL;

	ck_assert_int_eq(hg_kattr_build(t, &a), -ENODATA);
	ck_assert_ptr_null(a);
	ck_assert_str_eq(hg_kcause_name(HG_KC_UNEXPLAINED), "unexplained");
	ck_assert_str_eq(hg_kcause_name(HG_KC_NKINDS), "?");
	hg_trace_free(t);
}
END_TEST

struct total {
	unsigned int gaps, bad;
	uint64_t irq_like;
};

static int add_up(const struct hg_kgap *g, void *arg)
{
	struct total *s = arg;
	uint64_t sum = 0;
	uint32_t i;

	for (i = 0; i < g->nparts; i++) {
		sum += g->parts[i].cycles;
		if (g->parts[i].kind == HG_KC_TIMER)
			s->irq_like++;
	}
	s->gaps++;
	s->bad += sum != g->len_cycles;
	return 0;
}

START_TEST(test_fixture)
{
	struct hg_trace *t = NULL;
	struct hg_kattr *a = NULL;
	struct total s = { 0 };
	char err[256] = "";

	ck_assert_msg(hg_trace_read("tests/fixtures/kernel.hgt", &t, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	ck_assert_int_eq(hg_kattr_each(t, a, add_up, &s), 0);
	ck_assert_uint_gt(s.gaps, 0);
	ck_assert_uint_eq(s.bad, 0);
	/* the local timer ticked inside some of the gaps */
	ck_assert_uint_gt(s.irq_like, 0);
	hg_kattr_free(a);
	hg_trace_free(t);
}
END_TEST

/* explain's sums of the first case: one gap, its causes, two interrupts on CPU 0 */
START_TEST(test_explain)
{
	struct hg_trace *t = case_trace(&cases[0]);
	struct hg_kexplain x;
	struct hg_test_text out;
	struct json_object *doc;
	char *text;
	uint64_t sum = 0;
	uint32_t i;

	ck_assert_int_eq(hg_kexplain(t, HG_KEXPLAIN_ALL, 5, &x), 0);
	ck_assert_uint_eq(x.nthreads, 1);
	ck_assert_uint_eq(x.th[0].gaps, 1);
	ck_assert_uint_eq(x.th[0].gap_cycles, 3000);
	ck_assert_uint_eq(x.th[0].unexplained_cycles, 0);
	for (i = 0; i < x.th[0].n; i++)
		sum += x.th[0].c[i].cycles;
	ck_assert_uint_eq(sum, 3000);
	/* the kernel's 1100 first, then the local timer's 900 */
	ck_assert_int_eq(x.th[0].c[0].kind, HG_KC_KERNEL);
	ck_assert_int_eq(x.th[0].c[1].kind, HG_KC_TIMER);
	ck_assert_uint_eq(x.nworst, 1);
	ck_assert_uint_eq(x.worst[0].len_cycles, 3000);
	/* the local timer's and eth0's entries on CPU 0; nothing on CPU 1 */
	ck_assert_uint_eq(x.ncpus, 2);
	ck_assert_uint_eq(x.cpus[0].captured, 2);
	ck_assert_uint_eq(x.cpus[1].captured, 0);
	hg_test_text_open(&out);
	ck_assert_int_eq(hg_explain_json(out.f, t, &x), 0);
	text = hg_test_text_close(&out);
	doc = hg_test_json(text);
	ck_assert_uint_eq(hg_test_json_u64(doc, "threads/0/gap_ns"), 3000);
	ck_assert_str_eq(hg_test_json_str(doc, "threads/0/causes/0/kind"), "kernel");
	ck_assert_uint_eq(hg_test_json_u64(doc, "events/0/length_ns"), 3000);
	ck_assert_str_eq(hg_test_json_str(doc, "kernel_capture/clock"), "counter");
	json_object_put(doc);
	free(text);
	/* one thread asked for, no gaps kept */
	hg_kexplain_free(&x);
	ck_assert_int_eq(hg_kexplain(t, 0, 0, &x), 0);
	ck_assert_uint_eq(x.nworst, 0);
	hg_kexplain_free(&x);
	hg_trace_free(t);
}
END_TEST

/* -------------------------- the CPUs' lines and switches found by bisection */

#define CAP_END 100000ULL	/* every CPU captured from 1000 to here */

static struct hg_trace *bare_trace(struct hg_kevents *k, uint32_t ncpus)
{
	struct hg_trace *t = hg_test_trace(1, NULL, (const size_t[]){ 0 });

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(k);
	t->threads[0].tid = TID;
	k->ncpus = ncpus;
	k->cpus = calloc(ncpus ? ncpus : 1, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->start_cycles = 1000;
	k->end_cycles = CAP_END;
	t->kev = k;
	return t;
}

static void put(struct hg_kevents *k, uint64_t at, uint16_t cpu, uint8_t type, uint32_t a,
		uint32_t b, const char *name)
{
	struct hg_kev e = { .cycles = at, .cpu = cpu, .type = type, .a = a, .b = b,
			    .name = name ? hg_kevents_intern(k, name) : HG_KEV_NO_NAME };

	ck_assert_int_eq(hg_kevents_add(k, &e), 0);
}

static uint64_t part_cycles(const struct hg_kgap *g, enum hg_kcause kind, const char *name)
{
	uint32_t i;

	for (i = 0; i < g->nparts; i++)
		if (g->parts[i].kind == kind && !strcmp(g->parts[i].name, name))
			return g->parts[i].cycles;
	return 0;
}

/* The reference: the thread's first switch out of CPU 0 in [@x, @y), by a walk of all events. */
static uint64_t walk_switch_out(const struct hg_kevents *k, uint64_t x, uint64_t y)
{
	uint64_t i;

	for (i = 0; i < k->n; i++)
		if (k->ev[i].cpu == 0 && k->ev[i].cycles >= x && k->ev[i].cycles < y &&
		    k->ev[i].type == HG_KEV_SWITCH && k->ev[i].b == TID)
			return k->ev[i].cycles;
	return x;
}

static uint64_t lcg(uint64_t *x)
{
	*x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
	return *x >> 33;
}

/* One gap from CPU 0 to CPU 1 (task b1 all along): b1's part is from the switch out on. */
static void check_split(const struct hg_kattr *a, const struct hg_kevents *k, uint64_t from,
			uint64_t to)
{
	struct hg_kgap g;
	uint64_t split = walk_switch_out(k, from, to);

	hg_kattr_gap(a, TID, 0, from, 1, to, &g);
	ck_assert_msg(part_cycles(&g, HG_KC_TASK, "b1") == to - split,
		      "[%llu, %llu): b1 %llu, want %llu", (unsigned long long)from,
		      (unsigned long long)to,
		      (unsigned long long)part_cycles(&g, HG_KC_TASK, "b1"),
		      (unsigned long long)(to - split));
	hg_kattr_gap(a, TID, 5, from, 1, to, &g);	/* from a CPU not captured */
	ck_assert_uint_eq(part_cycles(&g, HG_KC_TASK, "b1"), to - from);
	hg_kattr_gap(a, TID, 2, from, 1, to, &g);	/* from a CPU of no event */
	ck_assert_uint_eq(part_cycles(&g, HG_KC_TASK, "b1"), to - from);
	hg_kattr_gap(a, TID, 0, from, 6, to, &g);	/* to a CPU not captured */
	ck_assert_uint_eq(part_cycles(&g, HG_KC_UNEXPLAINED, "CPU not captured"), to - split);
}

/*
 * Gaps that change CPU: the thread's switch out of the first found from
 * the gap's start, as a walk of every event finds it: gaps before the
 * first event, after the last, starting or ending exactly on one, with
 * several switches at one time, and at random
 */
START_TEST(test_switch_out)
{
	static const uint64_t at[] = { 1000, 1999, 2000, 2001, 2999, 3000, 3001, 5000, 5001,
				       7999, 8000, 8001, 95000, 95001, CAP_END - 1 };
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct hg_trace *t = bare_trace(k, 3);
	struct hg_kattr *a = NULL;
	uint64_t x = 3, tm;
	size_t i, j;

	for (i = 0; i < 3; i++)
		k->cpus[i] = (struct hg_kcpu){ .cpu = (uint32_t)i, .begin_cycles = 1000,
					       .end_cycles = CAP_END };
	put(k, 2000, 0, HG_KEV_SWITCH, 7, TID, "k");
	put(k, 3000, 0, HG_KEV_SWITCH, TID, 7, "hg/0");
	put(k, 3000, 0, HG_KEV_IRQ_ENTRY, 24, 0, "eth0");
	put(k, 3500, 0, HG_KEV_IRQ_EXIT, 24, 0, NULL);
	put(k, 5000, 0, HG_KEV_SWITCH, 7, TID, "k");	/* out, in and out at once */
	put(k, 5000, 0, HG_KEV_SWITCH, TID, 7, "hg/0");
	put(k, 5000, 0, HG_KEV_SWITCH, 8, TID, "k8");
	put(k, 8000, 0, HG_KEV_SWITCH, TID, 8, "hg/0");
	for (tm = 10000; tm < 95000; tm += 1 + lcg(&x) % 700) {
		uint64_t r = lcg(&x);

		if (r % 3 == 0)
			put(k, tm, 0, HG_KEV_SWITCH, 7, r % 2 ? TID : 9, "k");
		else if (r % 3 == 1)
			put(k, tm, 0, HG_KEV_SWITCH, TID, 7, "hg/0");
		else
			put(k, tm, 0, HG_KEV_VEC_ENTRY, 236, 0, "local_timer");
	}
	put(k, 1000, 1, HG_KEV_SWITCH, 200, 300, "b1");	/* at the capture's start */
	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	for (i = 0; i < sizeof(at) / sizeof(at[0]); i++)
		for (j = 0; j < sizeof(at) / sizeof(at[0]); j++)
			if (at[i] < at[j])
				check_split(a, k, at[i], at[j]);
	for (i = 0; i < 3000; i++) {
		uint64_t from = 1000 + lcg(&x) % (CAP_END - 1000);
		uint64_t to = from + 1 + lcg(&x) % 3000;

		check_split(a, k, from, to < CAP_END ? to : CAP_END);
	}
	hg_kattr_free(a);
	hg_trace_free(t);
}
END_TEST

#define NCPUS_EVEN 2048

/*
 * Many CPUs, every other one captured, each held by a task of its own
 * from the start; no CPU at all: a gap resuming on a CPU is cut on its
 * line, or is all "CPU not captured", as a walk of the CPUs finds it
 */
START_TEST(test_many_cpus)
{
	struct hg_kevents *k = calloc(1, sizeof(*k));
	struct hg_trace *t = bare_trace(k, NCPUS_EVEN);
	struct hg_kattr *a = NULL;
	struct hg_kgap g;
	uint32_t c, i;

	for (c = 0; c < NCPUS_EVEN; c++) {
		char name[16];

		snprintf(name, sizeof(name), "t%u", 2 * c);
		k->cpus[c] = (struct hg_kcpu){ .cpu = 2 * c, .begin_cycles = 1000,
					       .end_cycles = CAP_END };
		put(k, 1000, (uint16_t)(2 * c), HG_KEV_SWITCH, 10000 + 2 * c, 1, name);
	}
	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	for (c = 0; c < 2 * NCPUS_EVEN + 100; c++) {
		int captured = 0;
		char name[16];

		for (i = 0; i < k->ncpus; i++)	/* the reference */
			captured |= k->cpus[i].cpu == c;
		snprintf(name, sizeof(name), "t%u", c);
		hg_kattr_gap(a, TID, c + 1, 2000, c, 3000, &g);
		ck_assert_uint_eq(g.nparts, 1);
		ck_assert_uint_eq(part_cycles(&g, captured ? HG_KC_TASK : HG_KC_UNEXPLAINED,
					      captured ? name : "CPU not captured"), 1000);
	}
	hg_kattr_free(a);
	hg_trace_free(t);
	k = calloc(1, sizeof(*k));
	t = bare_trace(k, 0);	/* no CPU captured */
	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	hg_kattr_gap(a, TID, 0, 2000, 1, 3000, &g);
	ck_assert_uint_eq(part_cycles(&g, HG_KC_UNEXPLAINED, "CPU not captured"), 1000);
	hg_kattr_free(a);
	hg_trace_free(t);
}
END_TEST

#define PERF_LINES 3000
#define PERF_CPUS 1500

/*
 * perf script text (analysis/kernel/ksched.h) of many CPUs, in no order, each
 * named twice: each CPU captured once, the CPUs in order, as a sort of
 * those named finds them; and the attribution takes the gaps apart on them
 */
START_TEST(test_perf_many_cpus)
{
	static const uint64_t iv0[][2] = { { 0, 1000 }, { 5000, 1000 } };
	const uint64_t (*const iv[])[2] = { iv0 };
	struct hg_trace *t = hg_test_trace(1, iv, (const size_t[]){ 2 });
	static bool named[PERF_CPUS];
	struct hg_kevents *k = NULL;
	struct hg_ksched_info info;
	struct hg_kattr *a = NULL;
	struct hg_kgap g;
	char *text = malloc(PERF_LINES * 200), err[256] = "";
	size_t len = 0;
	uint32_t i, c, n = 0;

	ck_assert_ptr_nonnull(t);
	ck_assert_ptr_nonnull(text);
	t->threads[0].tid = TID;
	t->mono_start_ns = 1000000000ULL;
	t->mono_start_cycles = 0;
	t->mono_end_ns = 1000010000ULL;
	t->mono_end_cycles = 10000;
	memset(named, 0, sizeof(named));
	for (i = 0; i < PERF_LINES; i++) {
		c = (i * 7919 + 13) % PERF_CPUS;
		named[c] = true;
		len += (size_t)sprintf(text + len, "hg/0 100 [%03u] 1.%09u: sched:sched_switch: "
				       "prev_comm=hg/0 prev_pid=100 prev_prio=9 prev_state=R ==> "
				       "next_comm=a next_pid=7 next_prio=120\n", c, 1000 + i);
	}
	ck_assert_msg(hg_ksched_parse(t, text, len, &k, &info, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(k->n, PERF_LINES);
	for (c = 0; c < PERF_CPUS; c++)
		if (named[c]) {
			ck_assert_uint_lt(n, k->ncpus);
			ck_assert_uint_eq(k->cpus[n].cpu, c);
			ck_assert_uint_eq(k->cpus[n].begin_cycles, 1000);
			ck_assert_uint_eq(k->cpus[n].end_cycles, 1000 + PERF_LINES - 1);
			n++;
		}
	ck_assert_uint_eq(k->ncpus, n);
	ck_assert_uint_eq(n, PERF_CPUS);
	t->kev = k;
	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	hg_kattr_gap(a, TID, 0, 1000, 1, 3000, &g);	/* CPU 0, then 1 */
	ck_assert_uint_gt(g.nparts, 0);
	hg_kattr_free(a);
	free(text);
	hg_trace_free(t);
}
END_TEST

static Suite *kattr_suite(void)
{
	Suite *s = suite_create("kattr");
	TCase *tc = tcase_create("synthetic");

	tcase_add_loop_test(tc, test_cases, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(tc, test_nmi_ns);
	tcase_add_test(tc, test_no_events);
	tcase_add_test(tc, test_explain);
	tcase_add_test(tc, test_switch_out);
	tcase_add_test(tc, test_many_cpus);
	tcase_add_test(tc, test_perf_many_cpus);
	suite_add_tcase(s, tc);
	tc = tcase_create("capture");
	tcase_add_test(tc, test_fixture);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kattr_suite());
}
