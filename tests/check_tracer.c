// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_tracer.c - trace/tracer.h: the slow path driven with made-up readings
 *
 * The gap loop stores its previous reading in tr->last and calls
 * hg_tracer_event() with the new one; step() does the same with readings
 * chosen by the test, offsets from the start of the first interval (a real
 * counter value). Only the real-loop test reads the counter for its data,
 * and it asserts structure, never timing.
 */
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "helpers.h"
#include "trace/tracer.h"

#define GAP		1000u		/* threshold of most tests */
#define FAR		(1ULL << 40)	/* end of the run, from the start */
#define NO_CHECK	(1ULL << 40)	/* stop flag checks out of the way */
#define MAXREC		65536

struct fx {
	struct hg_arena a;
	struct hg_writer w;
	struct hg_tstats st;
	atomic_int stop;
	struct hg_tracer tr;
	uint64_t s0;			/* start of the first interval */
	uint64_t fake;			/* what the slow path reads as the counter */
	unsigned long reads;		/* of stuck_clock() */
	struct hg_record rec[MAXREC];	/* collected records */
	size_t nrec;
};

static uint64_t fake_clock(void *arg)
{
	return ((struct fx *)arg)->fake;
}

static struct fx *fx_new(uint64_t capacity, uint64_t gap, uint64_t end_after,
			 uint64_t check)
{
	static const int node = -1;
	static const unsigned int weight = 1;
	struct fx *f = calloc(1, sizeof(*f));
	uint64_t base;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(hg_arena_init(&f->a, capacity, 1, &node, &weight, 1), 0);
	ck_assert_int_eq(hg_writer_init(&f->w, &f->a, 0), 0);
	hg_tstats_init(&f->st);
	atomic_init(&f->stop, 0);
	/* read after the arena is faulted in: the end is @end_after from the start */
	base = hg_counter_read();
	hg_tracer_init(&f->tr, &f->w, &f->st, &f->stop, gap, base + end_after, check);
	hg_tracer_start(&f->tr);
	f->s0 = f->tr.start;
	/*
	 * the end counts from the first interval's start, not from @base: a
	 * thread preempted between the two (a loaded machine) must not find
	 * its end already near
	 */
	if (f->tr.limit == f->tr.end)
		f->tr.limit = f->s0 + end_after;
	f->tr.end = f->s0 + end_after;
	/* from here the slow path reads the reading the test gives it */
	f->fake = f->tr.last;
	f->tr.clock = fake_clock;
	f->tr.clock_arg = f;
	ck_assert(f->tr.running);
	ck_assert_uint_ge(f->s0, base);
	return f;
}

/* For the tests that give the slow path real readings. */
static struct fx *fx_real(struct fx *f)
{
	f->tr.clock = NULL;
	return f;
}

static void fx_free(struct fx *f)
{
	hg_writer_free(&f->w);
	hg_arena_free(&f->a);
	free(f);
}

/* One trip through the slow path: the loop read @prev, then @now (offsets). */
static int step(struct fx *f, uint64_t prev, uint64_t now)
{
	f->tr.last = f->s0 + prev;
	f->fake = f->s0 + now;
	return hg_tracer_event(&f->tr, f->s0 + now);
}

/* Offset of the thread's end. */
static uint64_t end_off(const struct fx *f)
{
	return f->tr.end - f->s0;
}

static void collect(struct fx *f)
{
	ck_assert_uint_le(f->w.stored, MAXREC);
	f->nrec = hg_writer_collect(&f->w, f->rec);
	ck_assert_uint_eq(f->nrec, f->w.stored);
}

/* Record @k is [start, start + len) (offsets) with @flags. */
static void assert_rec(const struct fx *f, size_t k, uint64_t start, uint64_t len,
		       unsigned int flags)
{
	ck_assert_uint_lt(k, f->nrec);
	ck_assert_msg(f->rec[k].start_cycles == f->s0 + start,
		      "record %zu starts at +%llu, want +%llu", k,
		      (unsigned long long)(f->rec[k].start_cycles - f->s0),
		      (unsigned long long)start);
	ck_assert_uint_eq(f->rec[k].len_cycles, len);
	ck_assert_uint_eq(f->rec[k].flags, flags);
}

/* Statistics hold exactly these intervals and gaps; span = received + gaps. */
static void assert_stats(const struct fx *f, uint64_t intervals, uint64_t received,
			 uint64_t last, uint64_t gaps_sum)
{
	const struct hg_tstats *st = &f->st;

	ck_assert_uint_eq(st->intervals, intervals);
	ck_assert_uint_eq(st->received_cycles, received);
	ck_assert_uint_eq(st->first_cycles, f->s0);
	ck_assert_uint_eq(st->last_cycles, f->s0 + last);
	ck_assert_uint_eq(st->gaps.count, intervals ? intervals - 1 : 0);
	ck_assert_uint_eq(st->gaps.sum, gaps_sum);
	ck_assert_uint_eq(hg_tstats_span(st), received + gaps_sum);
}

/* /proc/cpuinfo's flags of the first CPU name rdtscp: 1, 0, or -1 unreadable. */
static int cpuinfo_has_rdtscp(void)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[8192];
	int found = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "flags", 5)) {
			found = strstr(line, " rdtscp") != NULL;
			break;
		}
	fclose(f);
	return found;
}

/*
 * The CPU of an interval is the CPU the thread runs on, also on a virtual
 * CPU without rdtscp (which executes it, its TSC_AUX holding no CPU): the
 * counter asks CPUID once and falls back to getcpu().
 */
START_TEST(test_counter_cpu)
{
	int flag = cpuinfo_has_rdtscp();
	bool aux = hg_counter_cpu_aux();
	cpu_set_t one, old;
	unsigned int cpu = ~0u;
	int c = sched_getcpu();

#if defined(__x86_64__) || defined(__i386__)
	if (flag >= 0)
		ck_assert_int_eq(aux, flag);
#else
	ck_assert(!aux);
	(void)flag;
#endif
	ck_assert_int_ge(c, 0);
	ck_assert_int_eq(sched_getaffinity(0, sizeof(old), &old), 0);
	CPU_ZERO(&one);
	CPU_SET(c, &one);
	ck_assert_int_eq(sched_setaffinity(0, sizeof(one), &one), 0);
	hg_counter_read_cpu(false, &cpu);
	ck_assert_uint_eq(cpu, (unsigned int)c);
	if (aux) {
		hg_counter_read_cpu(true, &cpu);
		ck_assert_uint_eq(cpu, (unsigned int)c);
	}
	ck_assert_int_eq(sched_setaffinity(0, sizeof(old), &old), 0);
}
END_TEST

/*
 * A counter that stands still, read by a thread waiting for the common
 * start: the main thread raises the stop flag (here, at the 1000th read).
 */
static uint64_t stuck_clock(void *arg)
{
	struct fx *f = arg;

	if (++f->reads == 1000)
		atomic_store(&f->stop, 1);
	return f->fake;
}

/*
 * Waiting for the start on the counter's time line ends with the stop flag
 * when the counter does not get there: one that stands still, or one set
 * back below the start (an emulator's counter follows the wall clock), so
 * a run that is stopping never waits for it (the run's signals are held
 * while it joins its threads: nothing else could end it).
 */
START_TEST(test_wait_stops)
{
	struct fx *f = fx_new(1024, GAP, FAR, NO_CHECK);

	f->tr.clock = stuck_clock;
	ck_assert_int_eq(hg_tracer_wait(&f->tr, f->fake + 1), HG_LOOP_STOP);
	ck_assert_uint_eq(f->reads, 1000);
	/* set back far below the start: the flag still ends the wait at once */
	f->fake -= 1000000;
	ck_assert_int_eq(hg_tracer_wait(&f->tr, f->fake + 1000000), HG_LOOP_STOP);
	ck_assert_uint_eq(f->reads, 1001);
	fx_free(f);
}
END_TEST

/* The start reached: no wait, and no look at the flag. */
START_TEST(test_wait_reached)
{
	struct fx *f = fx_new(1024, GAP, FAR, NO_CHECK);

	f->tr.clock = stuck_clock;
	ck_assert_int_eq(hg_tracer_wait(&f->tr, f->fake), 0);
	ck_assert_int_eq(hg_tracer_wait(&f->tr, f->fake - 1), 0);
	ck_assert_uint_eq(f->reads, 2);
	fx_free(fx_real(f));
}
END_TEST

START_TEST(test_gap_opens_interval)
{
	struct fx *f = fx_new(1024, GAP, FAR, NO_CHECK);

	ck_assert_int_eq(step(f, 5000, 6500), 0);	/* a gap of 1500 */
	ck_assert_uint_eq(f->tr.start, f->s0 + 6500);
	ck_assert(f->tr.running);
	ck_assert(f->tr.gap_pending);	/* counted with the next interval */
	ck_assert_uint_eq(f->tr.pending_gap, 1500);
	ck_assert_uint_eq(f->st.intervals, 1);
	ck_assert_uint_eq(f->st.gaps.count, 0);
	ck_assert_uint_eq(f->w.stored, 1);

	ck_assert_int_eq(step(f, 7000, 7000 + GAP), 0);	/* the threshold is no gap */
	ck_assert_uint_eq(f->tr.start, f->s0 + 6500);
	ck_assert_uint_eq(f->w.stored, 1);

	ck_assert_int_eq(step(f, 8000, 8000 + GAP + 1), 0);
	ck_assert_uint_eq(f->tr.start, f->s0 + 9001);
	ck_assert_uint_eq(f->st.gaps.count, 1);
	ck_assert_uint_eq(f->st.gaps.min, 1500);
	ck_assert_uint_eq(f->tr.pending_gap, GAP + 1);

	collect(f);
	ck_assert_uint_eq(f->nrec, 2);
	assert_rec(f, 0, 0, 5000, 0);
	assert_rec(f, 1, 6500, 1500, 0);
	ck_assert_int_lt(f->rec[0].cpu, sysconf(_SC_NPROCESSORS_CONF));	/* a real CPU */
	fx_free(f);
}
END_TEST

/*
 * Steps over the hiccup floor and up to the threshold are counted as
 * hiccups, inside the interval; longer ones are gaps; a floor above the
 * threshold is the threshold (none counted).
 */
START_TEST(test_hiccups)
{
	struct fx *f = fx_new(1024, GAP, FAR, NO_CHECK);

	ck_assert_uint_eq(f->tr.hiccup_cycles, GAP);	/* none counted unless asked */
	hg_tracer_hiccups(&f->tr, 100);
	ck_assert_uint_eq(f->tr.hiccup_cycles, 100);
	ck_assert_int_eq(step(f, 1000, 1100), 0);	/* the floor is no hiccup */
	ck_assert_int_eq(step(f, 2000, 2101), 0);	/* 101: one */
	ck_assert_int_eq(step(f, 3000, 3000 + GAP), 0);	/* the threshold: one */
	ck_assert_uint_eq(f->st.hiccups, 2);
	ck_assert_uint_eq(f->st.hiccup_cycles, 101 + GAP);
	ck_assert_uint_eq(f->tr.start, f->s0);		/* the interval goes on */
	ck_assert_uint_eq(f->w.stored, 0);
	ck_assert_int_eq(step(f, 5000, 5000 + GAP + 1), 0);	/* a gap, no hiccup */
	ck_assert_uint_eq(f->st.hiccups, 2);
	ck_assert_uint_eq(f->w.stored, 1);
	hg_tracer_hiccups(&f->tr, 10 * GAP);
	ck_assert_uint_eq(f->tr.hiccup_cycles, GAP);
	fx_free(f);
}
END_TEST

START_TEST(test_stats_exact)
{
	/*
	 * the end lies 10^8 cycles after the fixture read the counter: far enough
	 * that a busy machine's stall before the tracer starts (its CPUID) cannot
	 * bring it before the intervals below, near enough for one record
	 */
	struct fx *f = fx_new(1024, GAP, 100000000, NO_CHECK);
	uint64_t end;

	end = end_off(f);
	ck_assert_int_eq(step(f, 5000, 6500), 0);
	ck_assert_int_eq(step(f, 8500, 9501), 0);
	ck_assert_int_eq(step(f, 10000, 11000), 0);
	ck_assert_int_eq(step(f, 20000, 20500), 0);
	ck_assert_int_eq(step(f, end - 1, end - 1), 0);
	ck_assert_int_eq(step(f, end - 10, end), HG_LOOP_STOP);
	hg_tracer_finish(&f->tr);
	ck_assert(!f->tr.running);

	assert_stats(f, 3, 5000 + 2000 + (end - 9501), end, 1500 + 1001);
	ck_assert_uint_eq(f->st.gaps.min, 1001);
	ck_assert_uint_eq(f->st.gaps.max, 1500);
	collect(f);
	ck_assert_uint_eq(f->nrec, 3);
	assert_rec(f, 0, 0, 5000, 0);
	assert_rec(f, 1, 6500, 2000, 0);
	assert_rec(f, 2, 9501, end - 9501, HG_REC_LAST);
	fx_free(f);
}
END_TEST

START_TEST(test_stop_flag)
{
	struct fx *f = fx_new(1024, GAP, FAR, NO_CHECK);

	ck_assert_int_eq(step(f, 100, 200), 0);
	atomic_store(&f->stop, 1);
	ck_assert_int_eq(step(f, 300, 400), HG_LOOP_STOP);
	ck_assert_uint_eq(f->tr.last, f->s0 + 400);	/* finish ends here */
	hg_tracer_finish(&f->tr);
	assert_stats(f, 1, 400, 400, 0);
	fx_free(f);
}
END_TEST

START_TEST(test_check_limit)
{
	struct fx *f = fx_new(1024, GAP, FAR, 5000);

	/* with nothing else due, the loop looks at the stop flag every 5000 */
	ck_assert_int_eq(step(f, 100, 200), 0);
	ck_assert_uint_eq(f->tr.limit, f->s0 + 200 + 5000);
	ck_assert_int_eq(step(f, 5100, 5200), 0);
	ck_assert_uint_eq(f->tr.limit, f->s0 + 5200 + 5000);
	ck_assert_uint_eq(f->st.intervals, 0);
	fx_free(f);
}
END_TEST

START_TEST(test_deadline)
{
	struct fx *f = fx_new(1024, GAP, FAR, NO_CHECK);

	f->tr.last = f->s0 + 10;
	hg_tracer_set(&f->tr, f->s0 + 50000, HG_NO_LIMIT);
	ck_assert_uint_eq(f->tr.limit, f->s0 + 50000);
	ck_assert_int_eq(step(f, 20000, 30000), 0);		/* a gap */
	ck_assert_uint_eq(f->tr.limit, f->s0 + 50000);
	ck_assert_int_eq(step(f, 49990, 49999), 0);
	ck_assert_int_eq(step(f, 49999, 50000), HG_LOOP_DEADLINE);
	ck_assert(f->tr.running);		/* the interval stays open */

	/* a gap that runs past the deadline is recorded, then reported */
	hg_tracer_set(&f->tr, f->s0 + 60000, HG_NO_LIMIT);
	ck_assert_int_eq(step(f, 55000, 70000), HG_LOOP_DEADLINE);
	ck_assert_uint_eq(f->tr.start, f->s0 + 70000);
	ck_assert_uint_eq(f->st.intervals, 2);
	ck_assert_uint_eq(f->st.gaps.sum, 10000);
	fx_free(f);
}
END_TEST

START_TEST(test_budget)
{
	struct fx *f = fx_new(1024, GAP, FAR, NO_CHECK);

	/* 10000 cycles to receive from the last reading at +1000 */
	f->tr.last = f->s0 + 1000;
	hg_tracer_set(&f->tr, HG_NO_LIMIT, 10000);
	ck_assert_uint_eq(f->tr.limit, f->s0 + 11000);
	/* 3000 received, then a gap: 7000 left, counted from +9000 */
	ck_assert_int_eq(step(f, 4000, 9000), 0);
	ck_assert_uint_eq(f->tr.limit, f->s0 + 16000);
	ck_assert_int_eq(step(f, 15990, 15999), 0);
	ck_assert_int_eq(step(f, 15999, 16000), HG_LOOP_BUDGET);
	ck_assert_uint_eq(f->st.received_cycles + (16000 - 9000) - 1000, 10000);

	/* no budget: no limit from it */
	hg_tracer_set(&f->tr, HG_NO_LIMIT, HG_NO_LIMIT);
	ck_assert_int_eq(step(f, 1000000, 1000001), 0);
	fx_free(f);
}
END_TEST

/* When several limits have passed, stop wins over deadline over budget. */
START_TEST(test_limit_order)
{
	static const struct {
		int stop, deadline, budget;
		int want;
	} cases[] = {
		{ 1, 1, 1, HG_LOOP_STOP },
		{ 0, 1, 1, HG_LOOP_DEADLINE },
		{ 0, 0, 1, HG_LOOP_BUDGET },
		{ 0, 0, 0, 0 },
	};
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fx *f = fx_new(16, GAP, FAR, NO_CHECK);

		f->tr.last = f->s0;
		hg_tracer_set(&f->tr, cases[i].deadline ? f->s0 + 100 : HG_NO_LIMIT,
			      cases[i].budget ? 100 : HG_NO_LIMIT);
		atomic_store(&f->stop, cases[i].stop);
		ck_assert_msg(step(f, 199, 200) == cases[i].want, "case %u", i);
		fx_free(f);
	}
}
END_TEST

/* Kept off the CPU inside the slow path: that is a gap too, not execution. */
START_TEST(test_slow_path_preempted)
{
	struct fx *f = fx_new(16, GAP, FAR, 500);

	/* the limit (a look at the stop flag) at +600, and the slow path then
	 * took until +9000 to get back to the loop */
	f->tr.last = f->s0 + 599;
	f->fake = f->s0 + 9000;
	ck_assert_int_eq(hg_tracer_event(&f->tr, f->s0 + 600), 0);
	ck_assert_uint_eq(f->st.intervals, 1);
	ck_assert_uint_eq(f->tr.start, f->s0 + 9000);
	ck_assert_uint_eq(f->tr.last, f->s0 + 9000);
	ck_assert_uint_eq(f->tr.pending_gap, 8400);
	/* a quick slow path is execution: no gap */
	f->tr.last = f->s0 + 9599;
	f->fake = f->s0 + 9700;
	ck_assert_int_eq(hg_tracer_event(&f->tr, f->s0 + 9600), 0);
	ck_assert_uint_eq(f->st.intervals, 1);
	ck_assert_uint_eq(f->tr.start, f->s0 + 9000);
	/*
	 * a slow counter (54 MHz): the allowance in its ticks, 27 for 500 ns; a
	 * slow path of GAP + 100 ticks (1.9 us more than the threshold) was kept
	 * off the CPU, where 1024 ticks (19 us) would have called it execution
	 */
	hg_tracer_slow_path(&f->tr, 27);
	f->tr.last = f->s0 + 10199;
	f->fake = f->s0 + 10200 + GAP + 100;
	ck_assert_int_eq(hg_tracer_event(&f->tr, f->s0 + 10200), 0);
	ck_assert_uint_eq(f->st.intervals, 2);
	ck_assert_uint_eq(f->tr.start, f->s0 + 10200 + GAP + 100);
	fx_free(f);
}
END_TEST

START_TEST(test_block_gap)
{
	static const unsigned int flags[] = { HG_REC_YIELD, HG_REC_SLEEP };
	struct fx *f = fx_new(16, 500, FAR, NO_CHECK);

	/*
	 * the thread read the counter at +100, then gave the CPU away; it reads
	 * +100000 when it is back (the injected clock: no timing involved)
	 */
	f->tr.last = f->s0 + 100;
	f->fake = f->s0 + 100000;
	ck_assert_int_eq(hg_tracer_block(&f->tr, flags[_i]), 0);
	ck_assert_uint_eq(f->tr.start, f->s0 + 100000);
	ck_assert_uint_eq(f->tr.pending_gap, 100000 - 100);
	collect(f);
	ck_assert_uint_eq(f->nrec, 1);
	assert_rec(f, 0, 0, 100, flags[_i]);
	fx_free(f);
}
END_TEST

START_TEST(test_block_no_gap)
{
	struct fx *f = fx_new(16, UINT64_MAX / 2, FAR, NO_CHECK);

	/* back 60 cycles later: far below the threshold */
	f->tr.last = f->s0 + 40;
	f->fake = f->s0 + 100;
	ck_assert_int_eq(hg_tracer_block(&f->tr, HG_REC_YIELD), 0);
	ck_assert_uint_eq(f->tr.start, f->s0);
	ck_assert_uint_eq(f->st.intervals, 0);
	ck_assert_uint_eq(f->w.stored, 0);
	fx_free(f);
}
END_TEST

START_TEST(test_block_deadline)
{
	struct fx *f = fx_new(16, 500, FAR, NO_CHECK);

	f->tr.last = f->s0 + 100;
	f->fake = f->s0 + 100000;
	hg_tracer_set(&f->tr, f->s0 + 1000, HG_NO_LIMIT);
	ck_assert_int_eq(hg_tracer_block(&f->tr, HG_REC_SLEEP), HG_LOOP_DEADLINE);
	ck_assert_uint_eq(f->st.intervals, 1);
	fx_free(f);
}
END_TEST

START_TEST(test_finish_drops_empty)
{
	struct fx *f = fx_new(16, GAP, FAR, NO_CHECK);
	uint64_t end = end_off(f);

	ck_assert_int_eq(step(f, 5000, 7000), 0);
	/* a gap that runs into the end opens an interval with nothing in it */
	ck_assert_int_eq(step(f, 9000, end + 5), HG_LOOP_STOP);
	ck_assert_uint_eq(f->st.intervals, 2);
	hg_tracer_finish(&f->tr);
	ck_assert(!f->tr.running);
	assert_stats(f, 2, 5000 + 2000, 9000, 2000);	/* the last gap is left out */
	collect(f);
	ck_assert_uint_eq(f->nrec, 2);
	assert_rec(f, 1, 7000, 2000, 0);
	hg_tracer_finish(&f->tr);			/* twice is harmless */
	ck_assert_uint_eq(f->st.intervals, 2);
	fx_free(f);
}
END_TEST

START_TEST(test_finish_first_interval_kept)
{
	struct fx *f = fx_new(16, GAP, FAR, NO_CHECK);

	/* stopped before any time passed: the one interval is still the run */
	atomic_store(&f->stop, 1);
	ck_assert_int_eq(step(f, 0, 0), HG_LOOP_STOP);
	hg_tracer_finish(&f->tr);
	assert_stats(f, 1, 0, 0, 0);
	collect(f);
	assert_rec(f, 0, 0, 0, HG_REC_LAST);
	fx_free(f);
}
END_TEST

START_TEST(test_long_interval)
{
	const uint64_t len = 5000000000ULL;	/* more than one record holds */
	struct fx *f = fx_new(16, GAP, FAR, NO_CHECK);
	struct hg_interval iv;
	size_t pos = 0;

	ck_assert_int_eq(step(f, len, len + 2000), 0);
	ck_assert_uint_eq(f->st.intervals, 1);
	ck_assert_uint_eq(f->st.received_cycles, len);
	collect(f);
	ck_assert_uint_eq(f->nrec, 2);
	assert_rec(f, 0, 0, HG_REC_MAX_LEN, HG_REC_CONTINUED);
	assert_rec(f, 1, HG_REC_MAX_LEN, len - HG_REC_MAX_LEN, 0);
	ck_assert_int_eq(hg_record_decode(f->rec, f->nrec, &pos, &iv), 1);
	ck_assert_uint_eq(iv.start_cycles, f->s0);
	ck_assert_uint_eq(iv.len_cycles, len);
	ck_assert_uint_eq(iv.flags, 0);
	fx_free(f);
}
END_TEST

START_TEST(test_full_arena)
{
	const uint64_t long_len = 3 * (uint64_t)HG_REC_MAX_LEN;	/* 3 records */
	struct fx *f = fx_new(4, GAP, FAR, NO_CHECK);
	uint64_t at = 0, received = 0, k;

	ck_assert_uint_eq(f->a.capacity, 4);
	for (k = 0; k < 10; k++) {
		uint64_t len = k == 6 ? long_len : 100 + k;

		ck_assert_int_eq(step(f, at + len, at + len + 2000), 0);
		received += len;
		at += len + 2000;
	}
	atomic_store(&f->stop, 1);
	ck_assert_int_eq(step(f, at + 50, at + 50), HG_LOOP_STOP);
	hg_tracer_finish(&f->tr);
	received += 50;

	/* every interval counted; 11 intervals took 13 records, 4 found room */
	assert_stats(f, 11, received, at + 50, 10 * 2000);
	ck_assert_uint_eq(f->w.stored, 4);
	ck_assert_uint_eq(f->w.dropped, 13 - 4);
	collect(f);
	for (k = 0, at = 0; k < 4; k++) {
		assert_rec(f, k, at, 100 + k, 0);
		at += 100 + k + 2000;
	}
	fx_free(f);
}
END_TEST

/* The real loop, a few million cycles: only its structure is asserted. */
START_TEST(test_real_loop)
{
	struct fx *f = fx_real(fx_new(MAXREC, GAP, 5000000, 100000));
	const struct hg_tstats *st = &f->st;
	struct hg_interval iv, prev = { 0 };
	uint64_t n = 0, received = 0, gaps = 0;
	size_t pos = 0;

	ck_assert_int_eq(hg_tracer_loop(&f->tr), HG_LOOP_STOP);
	ck_assert_uint_ge(f->tr.last, f->tr.end);
	hg_tracer_finish(&f->tr);

	ck_assert_uint_ge(st->intervals, 1);
	ck_assert_uint_eq(st->gaps.count, st->intervals - 1);
	ck_assert_uint_eq(st->received_cycles + st->gaps.sum, hg_tstats_span(st));
	if (st->gaps.count)
		ck_assert_uint_gt(st->gaps.min, GAP);
	ck_assert_uint_eq(f->w.dropped, 0);

	collect(f);
	while (hg_record_decode(f->rec, f->nrec, &pos, &iv) == 1) {
		if (n) {
			uint64_t gap = iv.start_cycles - (prev.start_cycles + prev.len_cycles);

			ck_assert_uint_eq(prev.flags, 0);	/* ended by a gap */
			ck_assert_uint_gt(gap, GAP);
			gaps += gap;
		} else {
			ck_assert_uint_eq(iv.start_cycles, st->first_cycles);
		}
		received += iv.len_cycles;
		prev = iv;
		n++;
	}
	ck_assert_uint_eq(pos, f->nrec);
	ck_assert_uint_eq(n, st->intervals);
	ck_assert_uint_eq(received, st->received_cycles);
	ck_assert_uint_eq(gaps, st->gaps.sum);
	ck_assert_uint_eq(prev.start_cycles + prev.len_cycles, st->last_cycles);
	ck_assert(prev.flags == HG_REC_LAST || prev.flags == 0);
	fx_free(f);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("tracer");
	TCase *tc = tcase_create("gaps");

	tcase_add_test(tc, test_counter_cpu);
	tcase_add_test(tc, test_gap_opens_interval);
	tcase_add_test(tc, test_hiccups);
	tcase_add_test(tc, test_stats_exact);
	tcase_add_test(tc, test_long_interval);
	tcase_add_test(tc, test_full_arena);
	suite_add_tcase(s, tc);

	tc = tcase_create("limits");
	tcase_add_test(tc, test_stop_flag);
	tcase_add_test(tc, test_wait_stops);
	tcase_add_test(tc, test_wait_reached);
	tcase_add_test(tc, test_check_limit);
	tcase_add_test(tc, test_deadline);
	tcase_add_test(tc, test_budget);
	tcase_add_test(tc, test_limit_order);
	suite_add_tcase(s, tc);

	tc = tcase_create("block");
	tcase_add_test(tc, test_slow_path_preempted);
	tcase_add_loop_test(tc, test_block_gap, 0, 2);
	tcase_add_test(tc, test_block_no_gap);
	tcase_add_test(tc, test_block_deadline);
	suite_add_tcase(s, tc);

	tc = tcase_create("finish");
	tcase_add_test(tc, test_finish_drops_empty);
	tcase_add_test(tc, test_finish_first_interval_kept);
	suite_add_tcase(s, tc);

	tc = tcase_create("loop");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_real_loop);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
