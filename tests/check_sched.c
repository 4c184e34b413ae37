// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_sched.c - analysis/gaps/attrib.c (every gap attributed from the
 * switches of the kernel's events, trace/kevents.h), the switches of perf
 * script text (analysis/kernel/ksched.c, read from a file by hourglass/perfin.c)
 * and of a --kernel capture: a synthetic trace with switches worked out by
 * hand, the input errors, the committed capture of a real run
 * (tests/fixtures/sched-yield.*) and the --kernel traces
 * (tests/fixtures/kthrottle.hgt, knonpreempt.hgt)
 */
#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "helpers.h"
#include "analysis/gaps/attrib.h"
#include "analysis/gaps/ctx.h"
#include "analysis/kernel/ksched.h"
#include "hourglass/cmdutil.h"
#include "hourglass/perfin.h"

#define FIXTURE_TXT "tests/fixtures/sched-yield.txt"
#define FIXTURE_HGT "tests/fixtures/sched-yield.hgt"
#define FIXTURE_KTHROTTLE "tests/fixtures/kthrottle.hgt"
#define FIXTURE_KNONPREEMPT "tests/fixtures/knonpreempt.hgt"

/* ------------------------------------------------------------------ reader */

static const char perf_text[] =
	"# ========\n"
	"# captured on: Tue Nov 24 05:19:00 2026\n"
	"            hg/0 11980 [000]  1650.035046736: sched:sched_switch: prev_comm=hg/0 "
	"prev_pid=11980 prev_prio=120 prev_state=S ==> next_comm=Web Content next_pid=7 "
	"next_prio=120\n"
	"            perf 10461 [001]  1650.035052066: sched:sched_stat_runtime: comm=perf "
	"pid=10461 runtime=11657 [ns]\n"
	"\n"
	"     Web Content     7/7     [001]  1650.000001: sched:sched_switch: "
	"prev_comm=Web Content prev_pid=7 prev_prio=120 prev_state=R+ ==> next_comm=swapper/1 "
	"next_pid=0 next_prio=120\n"
	"     migration/0    18 [000]  1649.5: sched:sched_switch: prev_comm=migration/0 "
	"prev_pid=18 prev_prio=0 prev_state=S ==> next_comm=hg/0 next_pid=11980 next_prio=0";

/* A run of thread 11980 around the text's times (1649 s to 1651 s), 1 cycle a ns. */
static struct hg_trace *text_trace(void)
{
	static const uint64_t iv0[][2] = { { 1000, 1000 } };
	const uint64_t (*const iv[])[2] = { iv0 };
	const size_t n[] = { 1 };
	struct hg_trace *t = hg_test_trace(1, iv, n);

	ck_assert_ptr_nonnull(t);
	t->threads[0].tid = 11980;
	t->mono_start_ns = 1649000000000ULL;
	t->mono_start_cycles = 0;
	t->mono_end_ns = 1651000000000ULL;
	t->mono_end_cycles = 2000000000ULL;
	return t;
}

/* The switches attrib.c reads, as the perf text reader leaves them. */
START_TEST(test_parse)
{
	struct hg_trace *t = text_trace();
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;
	char err[256] = "";

	ck_assert_msg(hg_ksched_parse(t, perf_text, strlen(perf_text), &k, &info, err,
				      sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(k->n, 3);
	/* sorted by CPU, then time; next pid in a, prev pid in b, next comm named */
	ck_assert_uint_eq(k->ev[0].cpu, 0);
	ck_assert_uint_eq(k->ev[0].type, HG_KEV_SWITCH);
	ck_assert_uint_eq(k->ev[0].cycles, 500000000ULL);
	ck_assert_uint_eq(k->ev[0].b, 18);
	ck_assert_uint_eq(k->ev[0].a, 11980);
	ck_assert_int_eq(k->ev[0].flags & HG_KEV_PREV_RUNNABLE, 0);
	ck_assert_uint_eq(k->ev[1].cycles, 1035046736ULL);
	ck_assert_str_eq(hg_kevents_name(k, k->ev[1].name), "Web Content");
	ck_assert_uint_eq(k->ev[1].a, 7);
	ck_assert_uint_eq(k->ev[2].cpu, 1);
	ck_assert_uint_eq(k->ev[2].cycles, 1000001000ULL);
	ck_assert_uint_eq(k->ev[2].b, 7);
	ck_assert_int_ne(k->ev[2].flags & HG_KEV_PREV_RUNNABLE, 0);
	ck_assert_str_eq(hg_kevents_name(k, k->ev[2].name), "swapper/1");
	/* the coarsest line decides: "1649.5" is to a tenth of a second */
	ck_assert_uint_eq(info.resolution_ns, 100000000ULL);
	ck_assert_uint_eq(info.lines, 4);
	ck_assert_uint_eq(info.used, 3);
	hg_kevents_free(k);
	hg_trace_free(t);
}
END_TEST

static const struct {
	const char *text;
	const char *msg;
} bad_text[] = {
	{ "", "no event line" },
	{ "hourglass: trace written to y.hgt\n# thread 0\n", "no event line" },
	{ "ok\nx 1 [0] 1650.0: sched:sched_switch: prev_comm=x prev_state=S ==> next_comm=y "
	  "next_pid=2\n", "line 2: sched:sched_switch: no prev_pid=" },
	{ "x 1 [0] 1650.0: sched:sched_switch: prev_comm=x prev_pid=1 prev_state=S ==> "
	  "next_comm=y\n", "line 1: sched:sched_switch: no prev_pid=" },
};

START_TEST(test_parse_bad)
{
	struct hg_trace *t = text_trace();
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;
	char err[256] = "";
	const char *text = bad_text[_i].text;

	ck_assert_int_eq(hg_ksched_parse(t, text, strlen(text), &k, &info, err, sizeof(err)),
			 -EINVAL);
	ck_assert_msg(!strncmp(err, bad_text[_i].msg, strlen(bad_text[_i].msg)),
		      "case %d: '%s', want '%s...'", _i, err, bad_text[_i].msg);
	ck_assert_ptr_null(k);
	hg_trace_free(t);
}
END_TEST

/* ------------------------------------------------------------- attribution */

/* Times in us: cycles after t0 = 1000 at 1 GHz; CLOCK_MONOTONIC 5 s at t0. */
#define US 1000
#define T(x) (1000 + (uint64_t)(x) * US)
#define MONO(x) (5000000000ULL + (uint64_t)(x) * US)
#define TID_A 101
#define TID_B 102

/*
 * In us. On CPU 0: A [0,100) yields to B [110,200); B is preempted, and A runs
 * again [300,400), [500,600), [700,800); B's last interval is [1000,1050).
 * The trace: A's gap 100-300 is a voluntary switch to B (10); B's gap
 * 200-1000 an involuntary switch to A (100); A's gaps 400-500 and 600-700
 * foreign (100 each). The kernel: A -> B at 105 (direct: voluntary); B ->
 * kworker (pid 7) at 205, kworker -> A at 290 (indirect, kworker ran
 * 85); A -> idle at 410, idle -> A at 490 (foreign task, idle ran 80); nothing between 600 and 700 (foreign other); B -> A at 150, inside
 * B's interval: misplaced, in no gap. On CPU 1, two other tasks.
 */
static struct hg_trace *sched_trace(void)
{
	static const uint64_t a[][2] = { { T(0), 100 * US }, { T(300), 100 * US },
					 { T(500), 100 * US }, { T(700), 100 * US } };
	static const uint64_t b[][2] = { { T(110), 90 * US }, { T(1000), 50 * US } };
	const uint64_t (*const iv[])[2] = { a, b };
	const size_t n[] = { 4, 2 };
	struct hg_trace *t = hg_test_trace(2, iv, n);

	ck_assert_ptr_nonnull(t);
	t->threads[0].recs[0].flags |= HG_REC_YIELD;
	t->threads[0].tid = TID_A;
	t->threads[1].tid = TID_B;
	t->mono_start_ns = MONO(0);
	t->mono_start_cycles = T(0);
	t->mono_end_ns = MONO(1000);
	t->mono_end_cycles = T(1000);
	return t;
}

/*
 * A switch of the table: on CPU @c at @x us, pid @p (named @pc, which the
 * events do not keep) to pid @nx (@nc).
 */
struct sw {
	uint32_t cpu;
	uint64_t us;
	uint32_t prev, next;
	const char *next_comm;
};

#define SW(c, x, p, pc, nx, nc) { .cpu = c, .us = x, .prev = p, .next = nx, .next_comm = nc }

static const struct sw sched_sw[] = {
	SW(0, 105, TID_A, "hg/0", TID_B, "hg/1"),
	SW(0, 150, TID_B, "hg/1", TID_A, "hg/0"),
	SW(0, 205, TID_B, "hg/1", 7, "kworker/0:1"),
	SW(0, 290, 7, "kworker/0:1", TID_A, "hg/0"),
	SW(0, 410, TID_A, "hg/0", 0, "swapper/0"),
	SW(0, 490, 0, "swapper/0", TID_A, "hg/0"),
	SW(1, 300, 9, "cc1", 10, "as"),
};

/*
 * The kernel's events of @n switches @sw (by CPU, then time) for @t, with a
 * wake-up before each: the attribution takes only the switches
 */
static struct hg_kevents *kevents_of(const struct hg_trace *t, const struct sw *sw, size_t n)
{
	struct hg_kevents *k = calloc(1, sizeof(*k));
	size_t i;

	ck_assert_ptr_nonnull(k);
	for (i = 0; i < n; i++) {
		uint64_t at = hg_trace_mono_cycles(t, MONO(sw[i].us));
		struct hg_kev w = { .cycles = at, .cpu = (uint16_t)sw[i].cpu,
				    .type = HG_KEV_WAKEUP, .a = sw[i].next, .b = sw[i].cpu,
				    .name = hg_kevents_intern(k, sw[i].next_comm) };
		struct hg_kev e = { .cycles = at, .cpu = (uint16_t)sw[i].cpu,
				    .type = HG_KEV_SWITCH, .a = sw[i].next, .b = sw[i].prev,
				    .name = hg_kevents_intern(k, sw[i].next_comm) };

		ck_assert_int_eq(hg_kevents_add(k, &w), 0);
		ck_assert_int_eq(hg_kevents_add(k, &e), 0);
	}
	return k;
}

/* Those of a text (resolution 1 ns), or a capture of the run's own. */
static struct hg_attrib_in in_of(const struct hg_kevents *k, bool own)
{
	return (struct hg_attrib_in){ .k = k, .resolution_ns = 1, .own = own };
}

struct seen {
	size_t n[HG_SC_NCLASSES];
	uint64_t cost[HG_SC_NCLASSES];
	struct hg_sched_run run[4];
	size_t nrun;
};

static int seen_gap(const struct hg_sched_gap *g, void *arg)
{
	struct seen *s = arg;

	s->n[g->cls]++;
	s->cost[g->cls] += g->gap.cost_cycles;
	return 0;
}

static int seen_run(const struct hg_sched_run *r, void *arg)
{
	struct seen *s = arg;

	ck_assert_uint_lt(s->nrun, 4);
	s->run[s->nrun++] = *r;
	return 0;
}

START_TEST(test_attribute)
{
	struct hg_trace *t = sched_trace();
	struct hg_kevents *k = kevents_of(t, sched_sw, sizeof(sched_sw) / sizeof(sched_sw[0]));
	struct hg_attrib_in in = in_of(k, false);
	struct hg_sched_totals tot;
	struct seen got;
	char err[256] = "";

	memset(&got, 0, sizeof(got));
	ck_assert_msg(hg_attribute(t, &in, seen_gap, seen_run, &got, &tot, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_uint_eq(got.n[HG_SC_VOLUNTARY], 1);
	ck_assert_uint_eq(got.cost[HG_SC_VOLUNTARY], 10 * US);
	ck_assert_uint_eq(got.n[HG_SC_INVOLUNTARY], 0);
	ck_assert_uint_eq(got.n[HG_SC_INDIRECT], 1);
	ck_assert_uint_eq(got.cost[HG_SC_INDIRECT], 100 * US);
	ck_assert_uint_eq(got.n[HG_SC_FOREIGN_TASK], 1);
	ck_assert_uint_eq(got.n[HG_SC_FOREIGN_OTHER], 1);
	ck_assert_uint_eq(got.n[HG_SC_MIGRATION], 0);
	ck_assert_uint_eq(got.n[HG_SC_UNKNOWN], 0);
	ck_assert_uint_eq(got.nrun, 2);
	ck_assert_uint_eq(got.run[0].pid + got.run[1].pid, 7);	/* kworker and idle */
	ck_assert_uint_eq((got.run[0].end_cycles - got.run[0].start_cycles) +
			  (got.run[1].end_cycles - got.run[1].start_cycles), (85 + 80) * US);
	/* named by the switch into them */
	ck_assert_str_eq(got.run[0].pid == 7 ? got.run[0].comm : got.run[1].comm, "kworker/0:1");
	ck_assert_uint_eq(tot.switches, 7);
	ck_assert_uint_eq(tot.from_workers_to_others, 2);
	ck_assert_uint_eq(tot.between_workers, 2);
	ck_assert_uint_eq(tot.outside_gaps, 1);
	/* all but B's switch, which the kernel shows to be indirect */
	ck_assert_uint_eq(tot.gaps, 4);
	ck_assert_uint_eq(tot.agree, 3);
	hg_kevents_free(k);
	hg_trace_free(t);
}
END_TEST

/* A kernel that saw no switch where the trace has one: unclassified. */
START_TEST(test_attribute_missing_switch)
{
	struct hg_trace *t = sched_trace();
	struct hg_kevents *k = kevents_of(t, sched_sw + 2, 5);	/* without A -> B at 105 */
	struct hg_attrib_in in = in_of(k, false);
	struct seen got;
	char err[256] = "";

	memset(&got, 0, sizeof(got));
	ck_assert_int_eq(hg_attribute(t, &in, seen_gap, NULL, &got, NULL, err, sizeof(err)), 0);
	ck_assert_uint_eq(got.n[HG_SC_VOLUNTARY], 0);
	ck_assert_uint_eq(got.n[HG_SC_UNKNOWN], 1);
	ck_assert_uint_eq(got.n[HG_SC_INDIRECT], 1);
	hg_kevents_free(k);
	hg_trace_free(t);
}
END_TEST

START_TEST(test_attribute_errors)
{
	static const struct sw late[] = { SW(0, 2000, TID_A, "hg/0", 7, "x") };
	static const struct sw others[] = { SW(0, 205, 70, "a", 71, "b") };
	struct hg_trace *t = sched_trace();
	struct hg_kevents *k = kevents_of(t, sched_sw, sizeof(sched_sw) / sizeof(sched_sw[0]));
	struct hg_kevents *l = kevents_of(t, late, 1), *o = kevents_of(t, others, 1);
	struct hg_attrib_in in = in_of(k, false), li = in_of(l, false), oi = in_of(o, false);
	struct seen got;
	char err[256] = "";

	/* a switch after the run's end is not the run's */
	ck_assert_int_eq(hg_attribute(t, &li, seen_gap, NULL, &got, NULL, err, sizeof(err)),
			 -ESRCH);
	ck_assert_ptr_nonnull(strstr(err, "no switch of the run's threads"));
	ck_assert_int_eq(hg_attribute(t, &oi, seen_gap, NULL, &got, NULL, err, sizeof(err)),
			 -ESRCH);
	ck_assert_ptr_nonnull(strstr(err, "no switch of the run's threads"));
	t->threads[1].tid = 0;
	ck_assert_int_eq(hg_attribute(t, &in, seen_gap, NULL, &got, NULL, err, sizeof(err)),
			 -ENODATA);
	ck_assert_ptr_nonnull(strstr(err, "no thread ids"));
	hg_kevents_free(k);
	hg_kevents_free(l);
	hg_kevents_free(o);
	hg_trace_free(t);
}
END_TEST

/*
 * A long run for the stream: thread i on CPU i, @n intervals of 90 us
 * every 100 us; in every third gap a kworker (pid 7) ran from 3 to 7 us
 * into it, each switch after a wake-up: more events than a few of the
 * cache's blocks (HG_KEVCACHE_BLOCK).
 */
#define STREAM_N 60000
#define STREAM_CPUS 16
#define STREAM_TID(i) (TID_A + (uint32_t)(i))

static struct hg_trace *stream_trace(uint32_t ncpus, uint32_t n)
{
	uint64_t (*iv)[2] = calloc(n, sizeof(*iv));
	const uint64_t (*ivs[STREAM_CPUS])[2];
	size_t nv[STREAM_CPUS];
	struct hg_trace *t;
	uint32_t i, j;

	ck_assert_ptr_nonnull(iv);
	ck_assert_uint_le(ncpus, STREAM_CPUS);
	for (j = 0; j < n; j++) {
		iv[j][0] = T(100 * (uint64_t)j);
		iv[j][1] = 90 * US;
	}
	for (i = 0; i < ncpus; i++) {
		ivs[i] = (const uint64_t (*)[2])iv;
		nv[i] = n;
	}
	t = hg_test_trace(ncpus, ivs, nv);
	ck_assert_ptr_nonnull(t);
	free(iv);
	for (i = 0; i < ncpus; i++) {
		t->threads[i].tid = STREAM_TID(i);
		for (j = 0; j < n; j++)
			t->threads[i].recs[j].cpu = (uint16_t)i;
	}
	t->mono_start_ns = MONO(0);
	t->mono_start_cycles = T(0);
	t->mono_end_ns = MONO(100 * (uint64_t)n);
	t->mono_end_cycles = T(100 * (uint64_t)n);
	return t;
}

static struct hg_kevents *stream_events(uint32_t ncpus, uint32_t n)
{
	struct hg_kevents *k = calloc(1, sizeof(*k));
	uint32_t cpu, j, x;

	ck_assert_ptr_nonnull(k);
	for (cpu = 0; cpu < ncpus; cpu++) {
		uint32_t tid = STREAM_TID(cpu);

		for (j = 0; j + 1 < n; j += 3) {
			for (x = 0; x < 2; x++) {
				uint64_t at = T(100 * (uint64_t)j + 93 + 4 * x);
				struct hg_kev w = { .cycles = at, .cpu = (uint16_t)cpu,
						    .type = HG_KEV_WAKEUP, .a = x ? tid : 7 };
				struct hg_kev e = { .cycles = at, .cpu = (uint16_t)cpu,
						    .type = HG_KEV_SWITCH, .a = x ? tid : 7,
						    .b = x ? 7 : tid,
						    .name = hg_kevents_intern(k, x ? "hg" : "kworker") };

				ck_assert_int_eq(hg_kevents_add(k, &w), 0);
				ck_assert_int_eq(hg_kevents_add(k, &e), 0);
			}
		}
	}
	return k;
}

/* What the stream handed over, and the heap in use at most meanwhile. */
struct stream_seen {
	struct seen s;
	uint64_t at[STREAM_CPUS];	/* per CPU: the last gap's start */
	unsigned int run_cpu;
	uint64_t run_at;	/* the last run's */
	bool in_order;
	size_t runs, heap0, heap;
	uint64_t run_cycles;
};

static void stream_heap(struct stream_seen *s)
{
	size_t now = mallinfo2().uordblks;

	if (now > s->heap)
		s->heap = now;
}

static int stream_gap(const struct hg_sched_gap *g, void *arg)
{
	struct stream_seen *s = arg;

	/* each CPU's in time order */
	ck_assert_uint_lt(g->gap.cpu, STREAM_CPUS);
	s->in_order &= g->gap.at_cycles >= s->at[g->gap.cpu];
	s->at[g->gap.cpu] = g->gap.at_cycles;
	stream_heap(s);
	return seen_gap(g, &s->s);
}

static int stream_run(const struct hg_sched_run *r, void *arg)
{
	struct stream_seen *s = arg;

	ck_assert_uint_eq(r->pid, 7);
	ck_assert_str_eq(r->comm, "kworker");
	/* CPU by CPU, each in time order */
	s->in_order &= r->cpu > s->run_cpu || (r->cpu == s->run_cpu && r->start_cycles >= s->run_at);
	s->run_cpu = r->cpu;
	s->run_at = r->start_cycles;
	s->runs++;
	s->run_cycles += r->end_cycles - r->start_cycles;
	return 0;
}

static int stream_read(void *priv, uint64_t at, struct hg_kev *buf, size_t n)
{
	const struct hg_kevents *from = priv;

	memcpy(buf, from->ev + at, n * sizeof(*buf));
	return 0;
}

/*
 * Every gap of a long run handed over, each CPU's in time order, the other
 * tasks' runs CPU by CPU in time order, the switches read through
 * the cache as well as held, with no more than a window of the gaps held
 */
START_TEST(test_attribute_stream)
{
	struct hg_trace *t = stream_trace(2, STREAM_N);
	struct hg_kevents *held = stream_events(2, STREAM_N);
	struct hg_kevents *rd = calloc(1, sizeof(*rd));
	struct hg_kevsrc src = { .read = stream_read, .priv = held };
	struct hg_kevents *ks[] = { held, rd };
	char err[256] = "";
	int i;

	ck_assert_ptr_nonnull(rd);
	ck_assert_uint_gt(held->n, 4 * HG_KEVCACHE_BLOCK);
	rd->n = held->n;
	rd->names = held->names;	/* shared: freed with @held's */
	ck_assert_int_eq(hg_kevents_attach(rd, &src), 0);
	for (i = 0; i < 2; i++) {
		struct hg_attrib_in in = in_of(ks[i], true);
		struct stream_seen s = { .in_order = true };
		struct hg_sched_totals tot;

		s.heap0 = s.heap = mallinfo2().uordblks;
		ck_assert_msg(hg_attribute(t, &in, stream_gap, stream_run, &s, &tot, err,
					   sizeof(err)) == 0, "%s", err);
		ck_assert(s.in_order);
		ck_assert_uint_eq(tot.gaps, 2 * (STREAM_N - 1));
		ck_assert_uint_eq(s.s.n[HG_SC_FOREIGN_TASK], 2 * ((STREAM_N - 1 + 2) / 3));
		ck_assert_uint_eq(s.s.n[HG_SC_FOREIGN_TASK] + s.s.n[HG_SC_FOREIGN_OTHER],
				  2 * (STREAM_N - 1));
		ck_assert_uint_eq(s.runs, s.s.n[HG_SC_FOREIGN_TASK]);
		ck_assert_uint_eq(s.run_cycles, s.runs * 4 * US);
		ck_assert_uint_eq(tot.switches, 2 * s.runs);
		ck_assert_uint_eq(tot.outside_gaps, 0);
		/*
		 * a window, not every gap: 2.4 MB of the classifier's lines and chunks, where
		 * all the gaps held and the switches copied were 7.7 MB more
		 * (mallinfo2() may not see a sanitizer's heap)
		 */
		ck_assert_uint_lt(s.heap - s.heap0, 4 * 1024 * 1024);
	}
	memset(&rd->names, 0, sizeof(rd->names));
	hg_kevents_free(rd);
	hg_kevents_free(held);
	hg_trace_free(t);
}
END_TEST

/* The records a tap saw, and the times a thread was read again from its first. */
struct reads {
	uint64_t recs, rewinds;
};

static void reads_seen(void *arg, uint32_t i __attribute__((unused)),
		       const struct hg_record *recs __attribute__((unused)), size_t n)
{
	((struct reads *)arg)->recs += n;
}

static void reads_rewound(void *arg, uint32_t i __attribute__((unused)))
{
	((struct reads *)arg)->rewinds++;
}

/*
 * A run on STREAM_CPUS CPUs attributed with its records read twice (the
 * census, then the attribution), not once a CPU: every gap and run
 * handed over as on two CPUs, each CPU's gaps in time order, the runs CPU
 * by CPU in time order; the switches counted as the lines read them (the
 * trace's own) or before (another tool's)
 */
START_TEST(test_attribute_passes)
{
	const uint32_t n = 3000;
	struct hg_trace *t = stream_trace(STREAM_CPUS, n);
	struct hg_kevents *k = stream_events(STREAM_CPUS, n);
	struct hg_attrib_in in = in_of(k, _i == 0);	/* the trace's own, then a text's */
	struct stream_seen s = { .in_order = true };
	struct reads rd = { 0, 0 };
	struct hg_rectap tap = { .seen = reads_seen, .rewound = reads_rewound, .arg = &rd };
	struct hg_sched_totals tot;
	struct hg_recmem m;
	struct hg_recsrc src;
	char err[256] = "";

	ck_assert_int_eq(hg_recmem_init(&m, &tap.inner, t, 512), 0);
	hg_rectap_src(&tap, &src);
	ck_assert_msg(hg_attribute_src(t, &src, &in, stream_gap, stream_run, &s, &tot, err,
				       sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(rd.recs, 2ULL * STREAM_CPUS * n);
	ck_assert_uint_eq(rd.rewinds, 2ULL * STREAM_CPUS);
	ck_assert(s.in_order);
	ck_assert_uint_eq(s.run_cpu, STREAM_CPUS - 1);
	ck_assert_uint_eq(tot.gaps, STREAM_CPUS * (n - 1ULL));
	ck_assert_uint_eq(s.s.n[HG_SC_FOREIGN_TASK], STREAM_CPUS * ((n - 1ULL + 2) / 3));
	ck_assert_uint_eq(s.runs, s.s.n[HG_SC_FOREIGN_TASK]);
	ck_assert_uint_eq(s.run_cycles, s.runs * 4 * US);
	ck_assert_uint_eq(tot.switches, 2 * s.runs);
	ck_assert_uint_eq(tot.outside_gaps, 0);
	hg_recmem_free(&m);
	hg_kevents_free(k);
	hg_trace_free(t);
}
END_TEST

/*
 * The trace's own capture is of this run: taken even when no switch names a
 * worker (a thread never switched out), its gaps then foreign other or
 * unclassified.
 */
START_TEST(test_attribute_own)
{
	static const struct sw others[] = { SW(1, 205, 70, "a", 71, "b") };
	struct hg_trace *t = sched_trace();
	struct hg_kevents *o = kevents_of(t, others, 1);
	struct hg_attrib_in oi = in_of(o, true);
	struct hg_sched_totals tot;
	struct seen got;
	char err[256] = "";

	memset(&got, 0, sizeof(got));
	ck_assert_msg(hg_attribute(t, &oi, seen_gap, NULL, &got, &tot, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_uint_eq(tot.switches, 1);
	ck_assert_uint_eq(got.n[HG_SC_FOREIGN_OTHER], 2);
	ck_assert_uint_eq(got.n[HG_SC_UNKNOWN], 2);
	hg_kevents_free(o);
	hg_trace_free(t);
}
END_TEST

/*
 * The committed capture: "perf record -e sched:sched_switch -k
 * CLOCK_MONOTONIC -a" around "hourglass -d 500ms -n 3 -a -w CPU_YIELD 0.9ms
 * --cpu 0 -x -o sched-yield.hgt" on a busy machine. Every gap gets one
 * class; the gaps with other tasks in them and the direct switches agree
 * with the kernel's own counts within 5 %.
 */
/* A task's name from the text reaches terminals tamed. */
START_TEST(test_parse_tamed)
{
	static const char text[] = "hg/0 1 [000] 1650.000000: sched:sched_switch: "
		"prev_comm=a\033[2Jb prev_pid=11980 prev_prio=120 prev_state=R ==> "
		"next_comm=c\007 next_pid=2 next_prio=120\n";
	struct hg_trace *t = text_trace();
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;
	char err[256] = "";

	ck_assert_msg(hg_ksched_parse(t, text, strlen(text), &k, &info, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_uint_eq(k->n, 1);
	ck_assert_str_eq(hg_kevents_name(k, k->ev[0].name), "c?");
	hg_kevents_free(k);
	hg_trace_free(t);
}
END_TEST

/* What is no regular file, or too large to hold, is refused before a read, with why. */
START_TEST(test_read_refused)
{
	char *dir = hg_test_fresh_dir(), *fifo = hg_test_path(dir, "fifo"),
	     *big = hg_test_path(dir, "big.txt"), err[256] = "";
	struct hg_trace *t = text_trace();
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;

	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	ck_assert_int_eq(hg_perfin_read(t, fifo, &k, &info, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "is a FIFO, not a regular file");
	ck_assert_int_eq(hg_perfin_read(t, "/dev/zero", &k, &info, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "is a character device, not a regular file");
	ck_assert_int_eq(hg_perfin_read(t, dir, &k, &info, err, sizeof(err)), -EISDIR);
	ck_assert_str_eq(err, "is a directory");
	ck_assert_int_eq(hg_perfin_read(t, "/nonexistent/x", &k, &info, err, sizeof(err)),
			 -ENOENT);
	ck_assert_str_eq(err, "No such file or directory");
	hg_test_write_file(big, "x", 1);
	ck_assert_int_eq(truncate(big, (off_t)HG_KSCHED_MAX_BYTES + 1), 0);	/* sparse */
	ck_assert_int_eq(hg_perfin_read(t, big, &k, &info, err, sizeof(err)), -EFBIG);
	ck_assert_str_eq(err, "larger than 256 MiB");
	ck_assert_ptr_null(k);
	free(fifo);
	free(big);
	hg_trace_free(t);
	hg_test_drop_dir(dir);
}
END_TEST

/* A line too long is refused at its number; a line's end is not a name's. */
START_TEST(test_read_limits)
{
	static const char ev[] = "a 1 [0] 1650.000001: sched:sched_switch: prev_comm=a "
				 "prev_pid=11980 prev_state=R ==> next_comm=b next_pid=2\n";
	char *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "long.txt"), err[256] = "";
	struct hg_trace *t = text_trace();
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;
	unsigned int i;
	FILE *f;

	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(ev, f);
	for (i = 0; i < HG_KSCHED_MAX_LINE + 1; i++)
		fputc('x', f);
	fputs("\n", f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(hg_perfin_read(t, path, &k, &info, err, sizeof(err)), -E2BIG);
	ck_assert_str_eq(err, "line 2: longer than 65536 bytes, the most read");
	ck_assert_ptr_null(k);

	hg_test_write_file(path, ev, strlen(ev));
	ck_assert_msg(hg_perfin_read(t, path, &k, &info, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(k->n, 1);
	ck_assert_str_eq(hg_kevents_name(k, k->ev[0].name), "b");
	ck_assert_str_eq(info.source, path);
	hg_kevents_free(k);
	free(path);
	hg_trace_free(t);
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_fixture)
{
	struct hg_trace *t = NULL;
	struct hg_ctx_report plain, r;
	struct hg_ksched_info info;
	struct hg_kevents *k = NULL;
	struct hg_attrib_in in;
	char err[256] = "";
	uint64_t seen, direct, total = 0;
	int c;

	ck_assert_msg(hg_trace_read(FIXTURE_HGT, &t, err, sizeof(err)) == 0, "%s", err);
	ck_assert_msg(hg_perfin_read(t, FIXTURE_TXT, &k, &info, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(info.resolution_ns, 1);
	in = (struct hg_attrib_in){ .k = k, .resolution_ns = info.resolution_ns };
	ck_assert_int_eq(hg_ctx_analyse(t, &plain), 0);
	ck_assert_msg(hg_ctx_analyse_sched(t, &in, &r, err, sizeof(err)) == 0, "%s", err);
	for (c = 0; c < HG_SC_NCLASSES; c++)
		total += r.n[c];
	ck_assert_uint_eq(total, plain.n[HG_GAP_VOLUNTARY] + plain.n[HG_GAP_INVOLUNTARY] +
			  plain.n[HG_GAP_FOREIGN] + plain.n[HG_GAP_MIGRATION] +
			  plain.n[HG_GAP_UNKNOWN]);
	seen = r.n[HG_SC_INDIRECT] + r.n[HG_SC_FOREIGN_TASK];
	direct = r.n[HG_SC_VOLUNTARY] + r.n[HG_SC_INVOLUNTARY];
	ck_assert_uint_gt(r.kernel.from_workers_to_others, 0);
	ck_assert_uint_le(seen * 100, r.kernel.from_workers_to_others * 105);
	ck_assert_uint_ge(seen * 100, r.kernel.from_workers_to_others * 95);
	ck_assert_uint_le(direct * 100, r.kernel.between_workers * 105);
	ck_assert_uint_ge(direct * 100, r.kernel.between_workers * 95);
	ck_assert_uint_gt(r.nothers, 0);
	ck_assert_uint_ge(r.others[0].total_cycles, r.others[r.nothers - 1].total_cycles);
	hg_ctx_free(&plain);
	hg_ctx_free(&r);
	hg_kevents_free(k);
	hg_trace_free(t);
}
END_TEST

/* What hg_cmd_kev_source() printed, in @buf. */
static void source_line(const struct hg_trace *t, const struct hg_ksched_info *info, char *buf,
			size_t len)
{
	FILE *f = tmpfile();

	ck_assert_ptr_nonnull(f);
	hg_cmd_kev_source(f, "# ", t, info);
	rewind(f);
	ck_assert_ptr_nonnull(fgets(buf, (int)len, f));
	fclose(f);
}

/*
 * A --kernel trace's own switches class its gaps with no --sched: every gap
 * gets a class of the kernel's, the switches are the capture's, and the
 * source is named.
 */
START_TEST(test_kernel_fixture)
{
	static const char *const files[] = { FIXTURE_KTHROTTLE, FIXTURE_KNONPREEMPT };
	struct hg_trace *t = NULL;
	struct hg_ctx_report plain, r;
	struct hg_ksched_info info;
	struct hg_kevents *own = (struct hg_kevents *)1;
	struct hg_attrib_in in;
	char err[256] = "", line[512];
	uint64_t total = 0;
	int c;

	ck_assert_msg(hg_trace_read(files[_i], &t, err, sizeof(err)) == 0, "%s", err);
	ck_assert_ptr_nonnull(t->kev);
	ck_assert_int_eq(hg_cmd_attrib_in("ctx", files[_i], NULL, t, &in, &own, &info), 0);
	ck_assert_ptr_null(own);
	ck_assert_ptr_eq(in.k, t->kev);
	ck_assert(in.own);
	ck_assert_int_eq(hg_ctx_analyse(t, &plain), 0);
	ck_assert_msg(hg_ctx_analyse_sched(t, &in, &r, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(r.nclasses, HG_SC_NCLASSES);
	for (c = 0; c < HG_SC_NCLASSES; c++)
		total += r.n[c];
	ck_assert_uint_eq(total, plain.n[HG_GAP_VOLUNTARY] + plain.n[HG_GAP_INVOLUNTARY] +
			  plain.n[HG_GAP_FOREIGN] + plain.n[HG_GAP_MIGRATION] +
			  plain.n[HG_GAP_UNKNOWN]);
	ck_assert_uint_gt(r.kernel.switches, 0);
	ck_assert_uint_eq(r.kernel.gaps, total);
	/* kthrottle: gaps with another task in them, named by the capture (the LAT
	 * thread of knonpreempt sleeps between its samples: no gap) */
	if (_i == 0) {
		ck_assert_uint_gt(r.n[HG_SC_FOREIGN_TASK] + r.n[HG_SC_INDIRECT], 0);
		ck_assert_uint_gt(r.nothers, 0);
	}
	source_line(t, NULL, line, sizeof(line));
	ck_assert_str_eq(line, "# kernel events: from the capture (--kernel)\n");
	hg_ctx_free(&plain);
	hg_ctx_free(&r);
	hg_trace_free(t);
}
END_TEST

/* --sched given for a trace with its own events takes precedence, and says so. */
START_TEST(test_sched_precedence)
{
	struct hg_trace *t = NULL;
	struct hg_ksched_info info, ti;
	struct hg_kevents *own = NULL, *k = NULL;
	struct hg_attrib_in in;
	char err[256] = "", line[1024];

	ck_assert_msg(hg_trace_read(FIXTURE_HGT, &t, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(hg_cmd_attrib_in("ctx", FIXTURE_HGT, NULL, t, &in, &own, &info), 0);
	ck_assert_ptr_null(in.k);	/* neither: the trace's own classes */
	source_line(t, NULL, line, sizeof(line));
	/* as if captured: the text's events as the trace's own */
	ck_assert_int_eq(hg_perfin_read(t, FIXTURE_TXT, &k, &ti, err, sizeof(err)), 0);
	t->kev = k;
	ck_assert_int_eq(hg_cmd_attrib_in("ctx", FIXTURE_HGT, FIXTURE_TXT, t, &in, &own, &info), 0);
	ck_assert_ptr_nonnull(own);
	ck_assert_ptr_eq(in.k, own);
	ck_assert(!in.own);
	ck_assert_uint_eq(in.resolution_ns, 1);
	source_line(t, &info, line, sizeof(line));
	ck_assert_msg(!strncmp(line, "# kernel events: from perf script text " FIXTURE_TXT ": ",
			       strlen("# kernel events: from perf script text " FIXTURE_TXT ": ")),
		      "%s", line);
	ck_assert_ptr_nonnull(strstr(line, "; --sched takes precedence over the trace's own "
				     "(--kernel)\n"));
	hg_kevents_free(own);
	hg_trace_free(t);
}
END_TEST

static Suite *sched_suite(void)
{
	Suite *s = suite_create("sched");
	TCase *tc = tcase_create("perf script");

	tcase_add_test(tc, test_parse);
	tcase_add_loop_test(tc, test_parse_bad, 0, (int)(sizeof(bad_text) / sizeof(bad_text[0])));
	suite_add_tcase(s, tc);
	tc = tcase_create("attribution");
	tcase_add_test(tc, test_attribute);
	tcase_add_test(tc, test_attribute_missing_switch);
	tcase_add_test(tc, test_attribute_errors);
	tcase_add_test(tc, test_attribute_own);
	tcase_add_test(tc, test_attribute_stream);
	tcase_add_loop_test(tc, test_attribute_passes, 0, 2);
	tcase_add_test(tc, test_fixture);
	tcase_add_loop_test(tc, test_kernel_fixture, 0, 2);
	tcase_add_test(tc, test_sched_precedence);
	tcase_add_test(tc, test_read_refused);
	tcase_add_test(tc, test_parse_tamed);
	tcase_add_test(tc, test_read_limits);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(sched_suite());
}
