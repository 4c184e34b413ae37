// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kwin.c - analysis/kernel/kwin.c: LAT wake-ups and deadline misses taken
 * apart by synthetic kernel event streams (1 cycle = 1 ns; the thread's
 * kernel id is 100; each expected part worked out by hand beside it),
 * explain's worst windows of each kind, --at and --break's window, and the
 * committed capture of a real run
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/kernel/kexplain.h"
#include "analysis/kernel/kwin.h"
#include "report/explain.h"
#include "trace/brk.h"
#include "trace/record.h"

#define TID 100
#define MAXEV 12
#define MAXPART 8
#define DELAY "interrupt delay (expiry to handler)"

struct ev {
	uint64_t at;
	uint8_t type;
	uint32_t a, b;
	const char *name;
};

struct part {
	enum hg_kcause kind;
	const char *name;
	uint64_t cycles;
};

/* A LAT sample asked for at 2000 ns, on CPU 0, late by @late ns. */
static const struct lcase {
	const char *what;
	uint64_t late;
	uint64_t begin, end;	/* the capture */
	struct ev ev[MAXEV];
	struct part want[MAXPART];
} lat_cases[] = {
	{ "idle until the timer, its handler, a softirq, the thread", 3000, 1000, 10000, {
		{ 1500, HG_KEV_SWITCH, 0, 50, "swapper/0" },
		{ 2400, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 2500, HG_KEV_HRTIMER_ENTRY, 0, 0, "hrtimer_wakeup" },
		{ 2600, HG_KEV_HRTIMER_EXIT, 0, 0, NULL },
		{ 2700, HG_KEV_VEC_EXIT, 236, 0, "local_timer" },
		{ 2700, HG_KEV_SOFTIRQ_ENTRY, 1, 0, NULL },
		{ 3000, HG_KEV_SOFTIRQ_EXIT, 1, 0, NULL },
		{ 3000, HG_KEV_SWITCH, TID, 0, "hg/0" } },
	  { /* 2000-2400: the idle task, the interrupt not yet in */
		{ HG_KC_TIMER, DELAY, 400 },
		{ HG_KC_TIMER, "local_timer", 200 },	/* 2400-2500, 2600-2700 */
		{ HG_KC_TIMER, "hrtimer_wakeup", 100 },
		{ HG_KC_SOFTIRQ, "TIMER", 300 },
		{ HG_KC_KERNEL, "entry, exit, switch", 2000 } } },	/* 3000-5000 */
	{ "a task switch inside the window: a kworker ran before the thread", 3000, 1000, 10000, {
		{ 1500, HG_KEV_SWITCH, 0, 50, "swapper/0" },
		{ 2400, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 2500, HG_KEV_HRTIMER_ENTRY, 0, 0, "hrtimer_wakeup" },
		{ 2600, HG_KEV_HRTIMER_EXIT, 0, 0, NULL },
		{ 2700, HG_KEV_VEC_EXIT, 236, 0, "local_timer" },
		{ 2700, HG_KEV_SWITCH, 7, 0, "kworker/0:1" },
		{ 3500, HG_KEV_SWITCH, TID, 7, "hg/0" } },
	  { { HG_KC_TIMER, DELAY, 400 },
		{ HG_KC_TIMER, "local_timer", 200 },
		{ HG_KC_TIMER, "hrtimer_wakeup", 100 },
		{ HG_KC_TASK, "kworker/0:1", 800 },
		{ HG_KC_KERNEL, "entry, exit, switch", 1500 } } },
	{ "nested interrupts: a device's in the delay, the tick's callback beside ours", 3000,
	  1000, 10000, {
		{ 1500, HG_KEV_SWITCH, 0, 50, "swapper/0" },
		{ 2100, HG_KEV_IRQ_ENTRY, 24, 0, "eth0" },
		{ 2300, HG_KEV_IRQ_EXIT, 24, 0, NULL },
		{ 2400, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 2450, HG_KEV_HRTIMER_ENTRY, 0, 0, "tick_nohz_handler" },
		{ 2500, HG_KEV_HRTIMER_EXIT, 0, 0, NULL },
		{ 2500, HG_KEV_HRTIMER_ENTRY, 0, 0, "hrtimer_wakeup" },
		{ 2600, HG_KEV_HRTIMER_EXIT, 0, 0, NULL },
		{ 2700, HG_KEV_VEC_EXIT, 236, 0, "local_timer" },
		{ 3000, HG_KEV_SWITCH, TID, 0, "hg/0" } },
	  { /* the delay is the time to the local timer's entry, less eth0's */
		{ HG_KC_TIMER, DELAY, 200 },
		{ HG_KC_IRQ, "24:eth0", 200 },
		{ HG_KC_TIMER, "local_timer", 150 },
		{ HG_KC_TIMER, "tick_nohz_handler", 50 },
		{ HG_KC_TIMER, "hrtimer_wakeup", 100 },
		{ HG_KC_TASK, "swapper/0", 300 },	/* 2700-3000: idle after the handler */
		{ HG_KC_KERNEL, "entry, exit, switch", 2000 } } },
	{ "a softirq after a device's interrupt, both before the thread", 3000, 1000, 10000, {
		{ 1500, HG_KEV_SWITCH, 0, 50, "swapper/0" },
		{ 2400, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 2500, HG_KEV_HRTIMER_ENTRY, 0, 0, "hrtimer_wakeup" },
		{ 2600, HG_KEV_HRTIMER_EXIT, 0, 0, NULL },
		{ 2700, HG_KEV_VEC_EXIT, 236, 0, "local_timer" },
		{ 2700, HG_KEV_IRQ_ENTRY, 24, 0, "eth0" },
		{ 2800, HG_KEV_IRQ_EXIT, 24, 0, NULL },
		{ 2800, HG_KEV_SOFTIRQ_ENTRY, 3, 0, NULL },
		{ 3000, HG_KEV_SOFTIRQ_EXIT, 3, 0, NULL },
		{ 3000, HG_KEV_SWITCH, TID, 0, "hg/0" } },
	  { { HG_KC_TIMER, DELAY, 400 },
		{ HG_KC_TIMER, "local_timer", 200 },
		{ HG_KC_TIMER, "hrtimer_wakeup", 100 },
		{ HG_KC_IRQ, "24:eth0", 100 },
		{ HG_KC_SOFTIRQ, "NET_RX", 200 },
		{ HG_KC_KERNEL, "entry, exit, switch", 2000 } } },
	{ "events lost in the delay", 3000, 1000, 10000, {
		{ 1500, HG_KEV_SWITCH, 0, 50, "swapper/0" },
		{ 2200, HG_KEV_LOST, 5, 0, NULL },
		{ 2400, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 2500, HG_KEV_HRTIMER_ENTRY, 0, 0, "hrtimer_wakeup" },
		{ 2600, HG_KEV_HRTIMER_EXIT, 0, 0, NULL },
		{ 2700, HG_KEV_VEC_EXIT, 236, 0, "local_timer" },
		{ 3000, HG_KEV_SWITCH, TID, 0, "hg/0" } },
	  { /* 1500-2200 is not known: its part in the window stays so */
		{ HG_KC_UNEXPLAINED, "events lost", 200 },
		{ HG_KC_TIMER, DELAY, 200 },
		{ HG_KC_TIMER, "local_timer", 200 },
		{ HG_KC_TIMER, "hrtimer_wakeup", 100 },
		{ HG_KC_TASK, "swapper/0", 300 },
		{ HG_KC_KERNEL, "entry, exit, switch", 2000 } } },
	{ "a window past the capture's end", 3000, 1000, 4000, {
		{ 1500, HG_KEV_SWITCH, 0, 50, "swapper/0" },
		{ 2400, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
		{ 2500, HG_KEV_HRTIMER_ENTRY, 0, 0, "hrtimer_wakeup" },
		{ 2600, HG_KEV_HRTIMER_EXIT, 0, 0, NULL },
		{ 2700, HG_KEV_VEC_EXIT, 236, 0, "local_timer" },
		{ 3000, HG_KEV_SWITCH, TID, 0, "hg/0" } },
	  { { HG_KC_TIMER, DELAY, 400 },
		{ HG_KC_TIMER, "local_timer", 200 },
		{ HG_KC_TIMER, "hrtimer_wakeup", 100 },
		{ HG_KC_TASK, "swapper/0", 300 },
		{ HG_KC_KERNEL, "entry, exit, switch", 1000 },	/* 3000-4000 */
		{ HG_KC_UNEXPLAINED, "outside the capture", 1000 } } },
	{ "a window before the capture's start, no timer event in it", 3000, 2500, 10000, {
		{ 3000, HG_KEV_SWITCH, TID, 0, "hg/0" } },
	  { /* 2500-3000 the task the switch names as before: the delay */
		{ HG_KC_UNEXPLAINED, "outside the capture", 500 },
		{ HG_KC_TASK, "?", 500 },
		{ HG_KC_KERNEL, "entry, exit, switch", 2000 } } },
};

static void add_events(struct hg_trace *t, const struct ev *ev, uint64_t begin, uint64_t end)
{
	struct hg_kevents *k = calloc(1, sizeof(*k));
	size_t i;

	ck_assert_ptr_nonnull(k);
	k->start_cycles = begin;
	k->end_cycles = end;
	k->ncpus = 1;
	k->cpus = calloc(1, sizeof(*k->cpus));
	ck_assert_ptr_nonnull(k->cpus);
	k->cpus[0] = (struct hg_kcpu){ .cpu = 0, .begin_cycles = begin, .end_cycles = end };
	for (i = 0; i < MAXEV && ev[i].type; i++) {
		struct hg_kev r = { .cycles = ev[i].at, .type = ev[i].type, .a = ev[i].a,
				    .b = ev[i].b, .name = HG_KEV_NO_NAME };

		if (ev[i].name)
			r.name = hg_kevents_intern(k, ev[i].name);
		ck_assert_int_eq(hg_kevents_add(k, &r), 0);
	}
	hg_kevents_sort(k);
	t->kev = k;
}

/* Append an event record to thread 0. */
static void add_record(struct hg_trace *t, unsigned int type, uint64_t at, uint32_t ns,
		       unsigned int extra)
{
	struct hg_trace_thread *th = &t->threads[0];
	struct hg_record *r = realloc(th->recs, (th->stored + 1) * sizeof(*r));

	ck_assert_ptr_nonnull(r);
	th->recs = r;
	r[th->stored++] = (struct hg_record){ .start_cycles = at, .len_cycles = ns,
					      .flags = hg_event_flags(type, extra) };
}

static struct hg_trace *trace_with(const uint64_t (*iv)[2], size_t n)
{
	const uint64_t (*const ivs[])[2] = { iv };
	const size_t ns[] = { n };
	struct hg_trace *t = hg_test_trace(1, ivs, ns);

	ck_assert_ptr_nonnull(t);
	t->threads[0].tid = TID;
	return t;
}

static void check_parts(const char *what, const struct hg_kgap *g, const struct part *want)
{
	uint64_t sum = 0;
	uint32_t i, j, nwant = 0;

	for (i = 0; i < g->nparts; i++)
		sum += g->parts[i].cycles;
	ck_assert_msg(sum == g->len_cycles, "%s: parts add up to %llu of %llu", what,
		      (unsigned long long)sum, (unsigned long long)g->len_cycles);
	for (j = 0; j < MAXPART && want[j].name; j++, nwant++) {
		const struct hg_kpart *p = NULL;

		for (i = 0; i < g->nparts && !p; i++)
			if (g->parts[i].kind == want[j].kind && !strcmp(g->parts[i].name, want[j].name))
				p = &g->parts[i];
		ck_assert_msg(p != NULL, "%s: no %s %s", what, hg_kcause_name(want[j].kind),
			      want[j].name);
		ck_assert_msg(p->cycles == want[j].cycles, "%s: %s: %llu, want %llu", what,
			      want[j].name, (unsigned long long)p->cycles,
			      (unsigned long long)want[j].cycles);
		ck_assert_msg(p->count > 0, "%s: %s counted 0 times", what, want[j].name);
	}
	ck_assert_msg(g->nparts == nwant, "%s: %u parts, want %u", what, g->nparts, nwant);
	for (i = 1; i < g->nparts; i++)
		ck_assert_uint_ge(g->parts[i - 1].cycles, g->parts[i].cycles);
}

struct one {
	unsigned int n;
	struct hg_kwin w;
};

static int keep(const struct hg_kwin *w, void *arg)
{
	struct one *o = arg;

	o->n++;
	o->w = *w;
	return 0;
}

START_TEST(test_latency)
{
	const struct lcase *c = &lat_cases[_i];
	struct hg_trace *t = trace_with(NULL, 0);
	struct hg_kattr *a = NULL;
	struct hg_kexplain x;
	struct one o = { 0 };
	struct hg_kgap g;

	t->threads[0].model = HG_MODEL_LAT;
	add_record(t, HG_EV_LAT, 2000, (uint32_t)c->late, 0);
	add_events(t, c->ev, c->begin, c->end);
	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	ck_assert_int_eq(hg_kwin_each(t, HG_KW_ANY_THREAD, HG_KW_ALL, keep, &o), 0);
	ck_assert_uint_eq(o.n, 1);
	ck_assert_int_eq(o.w.kind, HG_KW_LATENCY);
	ck_assert_uint_eq(o.w.at_cycles, 2000);
	ck_assert_uint_eq(o.w.len_cycles, c->late);
	ck_assert_uint_eq(o.w.value_ns, c->late);
	hg_kwin_cut(t, a, &o.w, &g);
	ck_assert_uint_eq(g.at_cycles, 2000);
	check_parts(c->what, &g, c->want);
	/* explain of a thread with no gap: no causes to sort, its wake-up the worst */
	ck_assert_int_eq(hg_kexplain(t, HG_KEXPLAIN_ALL, 1, &x), 0);
	ck_assert_uint_eq(x.th[0].gaps, 0);
	ck_assert_uint_eq(x.th[0].n, 0);
	ck_assert_uint_eq(x.nworst, 1);
	ck_assert_int_eq(x.wins[0].kind, HG_KW_LATENCY);
	hg_kexplain_free(&x);
	hg_kattr_free(a);
	hg_trace_free(t);
}
END_TEST

/*
 * A PERIODIC job released at 2000 with its deadline at 6000, done at
 * 7000: it ran 3000-4000 and 6000-7000; a kworker preempted it at 4000.
 */
static const uint64_t job_iv[][2] = { { 3000, 1000 }, { 6000, 1000 } };
static const struct ev job_ev[] = {
	{ 4000, HG_KEV_SWITCH, 7, TID, "kworker/0:1" },
	{ 5000, HG_KEV_VEC_ENTRY, 236, 0, "local_timer" },
	{ 5300, HG_KEV_VEC_EXIT, 236, 0, "local_timer" },
	{ 6000, HG_KEV_SWITCH, TID, 7, "hg/0" },
	{ 0 },
};

static struct hg_trace *job_trace(void)
{
	struct hg_trace *t = trace_with(job_iv, 2);

	t->threads[0].model = HG_MODEL_PERIODIC;
	t->threads[0].period_ns = 4000;
	t->threads[0].deadline_ns = 4000;
	add_record(t, HG_EV_JOB, 2000, 5000, HG_REC_MISS);
	add_events(t, job_ev, 1000, 10000);
	return t;
}

START_TEST(test_miss)
{
	static const struct part want[] = {
		{ HG_KC_TASK, "hg/0, own run", 2000 },
		{ HG_KC_TASK, "kworker/0:1", 1700 },
		{ HG_KC_TIMER, "local_timer", 300 },
		/* 2000-3000: the wake-up, no event in it */
		{ HG_KC_UNEXPLAINED, "no kernel event", 1000 },
		{ 0 },
	};
	struct hg_trace *t = job_trace();
	struct hg_kattr *a = NULL;
	struct one o = { 0 };
	struct hg_kgap g;

	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	ck_assert_int_eq(hg_kwin_each(t, 0, 1u << HG_KW_MISS, keep, &o), 0);
	ck_assert_uint_eq(o.n, 1);
	ck_assert_int_eq(o.w.kind, HG_KW_MISS);
	ck_assert_uint_eq(o.w.len_cycles, 5000);
	ck_assert_uint_eq(o.w.value_ns, 1000);	/* past the deadline by */
	hg_kwin_cut(t, a, &o.w, &g);
	check_parts("a missed job", &g, want);
	ck_assert_uint_eq(g.parts[0].count, 2);	/* its two runs */
	ck_assert_uint_eq(g.parts[0].pid, TID);
	/* the gap 4000-6000 is a window of its own */
	o.n = 0;
	ck_assert_int_eq(hg_kwin_each(t, 0, 1u << HG_KW_GAP, keep, &o), 0);
	ck_assert_uint_eq(o.n, 1);
	ck_assert_uint_eq(o.w.at_cycles, 4000);
	hg_kattr_free(a);
	hg_trace_free(t);
}
END_TEST

/* A CPU_PERIODIC period with no frame done: the period before its end. */
START_TEST(test_period_miss)
{
	struct hg_trace *t = trace_with(job_iv, 2);
	struct one o = { 0 };

	t->threads[0].model = HG_MODEL_CPU_PERIODIC;
	t->threads[0].period_ns = 5000;
	add_record(t, HG_EV_PERIOD, 7000, 5000, HG_REC_MISS);
	ck_assert_int_eq(hg_kwin_each(t, HG_KW_ANY_THREAD, 1u << HG_KW_MISS, keep, &o), 0);
	ck_assert_uint_eq(o.n, 1);
	ck_assert_uint_eq(o.w.at_cycles, 2000);
	ck_assert_uint_eq(o.w.len_cycles, 5000);
	ck_assert_uint_eq(o.w.value_ns, 5000);
	/* a period ending before a whole period of the counter: from 0 */
	t->threads[0].recs[t->threads[0].stored - 1].start_cycles = 3000;
	o.n = 0;
	ck_assert_int_eq(hg_kwin_each(t, HG_KW_ANY_THREAD, 1u << HG_KW_MISS, keep, &o), 0);
	ck_assert_uint_eq(o.w.at_cycles, 0);
	ck_assert_uint_eq(o.w.len_cycles, 3000);
	ck_assert_str_eq(hg_kwin_name(HG_KW_MISS), "miss");
	ck_assert_str_eq(hg_kwin_name(HG_KW_NKINDS), "?");
	hg_trace_free(t);
}
END_TEST

/* --at: the window holding the time, else the nearest; none: -ENOENT */
START_TEST(test_nearest)
{
	struct hg_trace *t = job_trace();
	struct hg_kwin w;

	ck_assert_int_eq(hg_kwin_nearest(t, 0, HG_KW_ALL, 4500, &w), 0);
	ck_assert_int_eq(w.kind, HG_KW_GAP);	/* inside both: the shorter, the gap */
	ck_assert_int_eq(hg_kwin_nearest(t, 0, HG_KW_ALL, 2500, &w), 0);
	ck_assert_int_eq(w.kind, HG_KW_MISS);
	ck_assert_int_eq(hg_kwin_nearest(t, 0, 1u << HG_KW_GAP, 100000, &w), 0);
	ck_assert_uint_eq(w.at_cycles, 4000);
	ck_assert_int_eq(hg_kwin_nearest(t, 0, 1u << HG_KW_LATENCY, 4500, &w), -ENOENT);
	hg_trace_free(t);
}
END_TEST

/* explain: the worst of each kind, --at, the --break window, and their JSON */
START_TEST(test_explain)
{
	struct hg_trace *t = job_trace();
	struct hg_kexplain_opts o = { .thread = HG_KEXPLAIN_ALL, .worst = 5, .have_at = 1,
				      .at_cycles = 2500 };
	struct hg_kexplain x;
	struct hg_test_text out;
	struct json_object *doc;
	char *text;

	t->flags |= HG_TRACE_BREAK;
	t->break_kind = HG_BREAK_GAP;
	t->break_thread = 0;
	t->break_at_cycles = 4000;
	t->break_value = 2000;
	ck_assert_int_eq(hg_kexplain_with(t, &o, &x), 0);
	ck_assert_uint_eq(x.nworst, 2);		/* a gap, then a miss */
	ck_assert_int_eq(x.wins[0].kind, HG_KW_GAP);
	ck_assert_int_eq(x.wins[1].kind, HG_KW_MISS);
	ck_assert(x.have_at);
	ck_assert_int_eq(x.at_win.kind, HG_KW_MISS);
	ck_assert(x.have_break);
	ck_assert_int_eq(x.break_win.kind, HG_KW_GAP);
	ck_assert_uint_eq(x.brk.len_cycles, 2000);
	hg_test_text_open(&out);
	ck_assert_int_eq(hg_explain_json(out.f, t, &x), 0);
	text = hg_test_text_close(&out);
	doc = hg_test_json(text);
	ck_assert_str_eq(hg_test_json_str(doc, "events/0/kind"), "gap");
	ck_assert_str_eq(hg_test_json_str(doc, "events/1/kind"), "miss");
	ck_assert_uint_eq(hg_test_json_u64(doc, "events/1/length_ns"), 5000);
	ck_assert_uint_eq(hg_test_json_u64(doc, "events/1/value_ns"), 1000);
	ck_assert_str_eq(hg_test_json_str(doc, "at/kind"), "miss");
	ck_assert_str_eq(hg_test_json_str(doc, "break/kind"), "gap");
	json_object_put(doc);
	free(text);
	hg_test_text_open(&out);
	ck_assert_int_eq(hg_explain_print(out.f, t, &x), 0);
	text = hg_test_text_close(&out);
	ck_assert_ptr_nonnull(strstr(text, "# the 1 deadline miss by most"));
	ck_assert_ptr_nonnull(strstr(text, "# break: thread 0, CPU 0, at "));
	ck_assert_ptr_nonnull(strstr(text, "# at: thread 0, CPU 0, window from "));
	free(text);
	hg_kexplain_free(&x);
	/* --thread of another thread: no break window */
	o.thread = 1;
	ck_assert_int_eq(hg_kexplain_with(t, &o, &x), 0);
	ck_assert(!x.have_break);
	ck_assert(!x.have_at);
	hg_kexplain_free(&x);
	hg_trace_free(t);
}
END_TEST

struct total {
	unsigned int n, bad;
	const struct hg_trace *t;
	const struct hg_kattr *a;
};

static int add_up(const struct hg_kwin *w, void *arg)
{
	struct total *s = arg;
	struct hg_kgap g;
	uint64_t sum = 0;
	uint32_t i;

	hg_kwin_cut(s->t, s->a, w, &g);
	for (i = 0; i < g.nparts; i++)
		sum += g.parts[i].cycles;
	s->n++;
	s->bad += sum != w->len_cycles;
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
	s.t = t;
	s.a = a;
	ck_assert_int_eq(hg_kwin_each(t, HG_KW_ANY_THREAD, HG_KW_ALL, add_up, &s), 0);
	ck_assert_uint_gt(s.n, 0);
	ck_assert_uint_eq(s.bad, 0);
	hg_kattr_free(a);
	hg_trace_free(t);
}
END_TEST

/* The gaps, in the order found: thread, start, length. */
struct gaplist {
	uint64_t v[4096][3];
	size_t n;
};

static int list_gap(const struct hg_kgap *g, void *arg)
{
	struct gaplist *l = arg;

	ck_assert_uint_lt(l->n, 4096);
	l->v[l->n][0] = g->thread;
	l->v[l->n][1] = g->at_cycles;
	l->v[l->n++][2] = g->len_cycles;
	return 0;
}

static int list_win(const struct hg_kwin *w, void *arg)
{
	struct hg_kgap g = { .thread = w->thread, .at_cycles = w->at_cycles,
			     .len_cycles = w->len_cycles };

	return w->kind == HG_KW_GAP ? list_gap(&g, arg) : 0;
}

/*
 * The windows' gaps are the attribution's (one gap finder): the same, in the
 * same order, on the committed --kernel traces; and none after a sleep of the
 * thread's own.
 */
START_TEST(test_same_gaps)
{
	static const char *const files[] = { "tests/fixtures/kernel.hgt",
					     "tests/fixtures/kthrottle.hgt",
					     "tests/fixtures/knonpreempt.hgt" };
	struct gaplist *x = calloc(1, sizeof(*x)), *y = calloc(1, sizeof(*y));
	struct hg_trace *t = NULL;
	struct hg_kattr *a = NULL;
	char err[256] = "";

	ck_assert_ptr_nonnull(x);
	ck_assert_ptr_nonnull(y);
	ck_assert_msg(hg_trace_read(files[_i], &t, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(hg_kattr_build(t, &a), 0);
	ck_assert_int_eq(hg_kattr_each(t, a, list_gap, x), 0);
	ck_assert_int_eq(hg_kwin_each(t, HG_KW_ANY_THREAD, HG_KW_ALL, list_win, y), 0);
	ck_assert_uint_eq(x->n, y->n);
	ck_assert_int_eq(memcmp(x->v, y->v, x->n * sizeof(x->v[0])), 0);
	if (_i == 2)	/* a LAT thread: it sleeps between its samples, no gap */
		ck_assert_uint_eq(x->n, 0);
	else
		ck_assert_uint_gt(x->n, 0);
	hg_kattr_free(a);
	hg_trace_free(t);
	free(x);
	free(y);
}
END_TEST

static Suite *kwin_suite(void)
{
	Suite *s = suite_create("kwin");
	TCase *tc = tcase_create("synthetic");

	tcase_add_loop_test(tc, test_latency, 0, (int)(sizeof(lat_cases) / sizeof(lat_cases[0])));
	tcase_add_test(tc, test_miss);
	tcase_add_test(tc, test_period_miss);
	tcase_add_test(tc, test_nearest);
	tcase_add_test(tc, test_explain);
	suite_add_tcase(s, tc);
	tc = tcase_create("capture");
	tcase_add_test(tc, test_fixture);
	tcase_add_loop_test(tc, test_same_gaps, 0, 3);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kwin_suite());
}
