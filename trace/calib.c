// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * calib.c - measure the counter and the gap loop
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "trace/calib.h"
#include "trace/counter.h"
#include "util/timeval.h"
#include "trace/tracer.h"
#include "trace/tscword.h"

#define LOOP_ITERS	200000u
#define LOOP_TRIALS	7
#define READ_SAMPLES	2001
#define ITER_SAMPLES	400000u
#define ITER_BATCHES	15
#define FREQ_MAX_ROUNDS	12
#define STEP_READS	4096

uint64_t hg_calib_hz(uint64_t tsc0, uint64_t ns0, uint64_t tsc1, uint64_t ns1)
{
	unsigned __int128 v;

	if (ns1 <= ns0 || tsc1 <= tsc0)
		return 0;
	v = (unsigned __int128)(tsc1 - tsc0) * 1000000000ULL;
	return (uint64_t)((v + (ns1 - ns0) / 2) / (ns1 - ns0));
}

uint32_t hg_calib_ppm(uint64_t a, uint64_t b)
{
	uint64_t hi = a > b ? a : b, diff = a > b ? a - b : b - a;
	unsigned __int128 v;

	if (!hi)
		return 0;
	v = (unsigned __int128)diff * 1000000u / hi;
	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

uint64_t hg_calib_threshold(uint32_t loop_mcycles, uint32_t iter_p999)
{
	uint64_t loop = ((uint64_t)loop_mcycles + 999) / 1000, t, step = 1;

	if (iter_p999 > loop)
		loop = iter_p999;
	t = loop ? 2 * loop : 2;
	/* a coarse step, so that a cycle more or less gives the same threshold */
	while (step * 16 <= t)
		step *= 2;
	return (t + step - 1) / step * step;
}

uint64_t hg_calib_min_threshold(uint32_t step_cycles)
{
	return 2 * (uint64_t)(step_cycles ? step_cycles : 1);
}

bool hg_calib_coarse(const struct hg_calib *c)
{
	return c->step_cycles > 1 || (c->gap_loop_mcycles && c->gap_loop_mcycles < 1000);
}

uint32_t hg_calib_step(const uint64_t *buf, size_t reads)
{
	uint64_t step = UINT64_MAX;
	bool equal = false;
	size_t i;

	for (i = 1; i < reads; i++) {
		uint64_t d = buf[i] - buf[i - 1];

		if (!d)
			equal = true;
		else if (d < step && buf[i] > buf[i - 1])
			step = d;
	}
	if (!equal)
		return 1;	/* finer than a read: its step cannot be seen, and is one */
	if (step == UINT64_MAX)
		return 0;
	return step > UINT32_MAX ? UINT32_MAX : (uint32_t)step;
}

/* Successive readings, as fast as they come: the counter's resolution. */
static uint32_t counter_step(void)
{
	uint64_t *buf = malloc(STEP_READS * sizeof(*buf));
	uint32_t step;
	size_t i;

	if (!buf)
		return 1;
	for (i = 0; i < STEP_READS; i++)
		buf[i] = hg_counter_read();
	step = hg_calib_step(buf, STEP_READS);
	free(buf);
	return step ? step : 1;
}

/* Twice the loop time, and on a coarse counter at least two of its steps. */
static uint64_t loop_floor(const struct hg_calib *c)
{
	uint64_t t = hg_calib_threshold(c->gap_loop_mcycles, c->iter_p999_cycles);

	if (hg_calib_coarse(c) && t < hg_calib_min_threshold(c->step_cycles))
		t = hg_calib_min_threshold(c->step_cycles);
	return t;
}

uint64_t hg_calib_gap_threshold(const struct hg_calib *c, uint64_t gap_ns)
{
	uint64_t t;

	if (!gap_ns) {
		/* a median, unlike the loop's tail, holds still on a loaded machine */
		uint64_t reads = hg_calib_threshold(c->counter_read_cycles * 1000, 0);

		t = hg_ns_to_cycles(HG_GAP_DEFAULT_NS, c->tsc_hz);
		if (reads > t)
			t = reads;
	} else {
		t = hg_ns_to_cycles(gap_ns, c->tsc_hz);
	}
	if (!t)
		t = 1;
	/* a step of a coarse counter is no gap, whatever -g said */
	if (hg_calib_coarse(c) && t < hg_calib_min_threshold(c->step_cycles))
		t = hg_calib_min_threshold(c->step_cycles);
	return t;
}

uint64_t hg_calib_hiccup_floor(const struct hg_calib *c, uint64_t gap_ns)
{
	uint64_t floor = loop_floor(c), t = hg_calib_gap_threshold(c, gap_ns);

	return floor < t ? floor : t;
}

uint64_t hg_clock_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return hg_timespec_to_ns(&ts);
}

void hg_clock_pair(clockid_t clk, uint64_t *ns, uint64_t *cycles)
{
	uint64_t best = UINT64_MAX;
	int i;

	*ns = *cycles = 0;
	for (i = 0; i < 9; i++) {
		uint64_t t0 = hg_counter_read();
		uint64_t n = hg_clock_ns(clk);
		uint64_t t1 = hg_counter_read();

		if (t1 - t0 < best) {
			best = t1 - t0;
			*cycles = t0 + (t1 - t0) / 2;
			*ns = n;
		}
	}
}

static uint64_t estimate(void *arg, uint64_t window_ns)
{
	struct timespec ts = hg_ns_to_timespec(window_ns);
	uint64_t t0, n0, t1, n1;

	(void)arg;
	hg_clock_pair(CLOCK_MONOTONIC_RAW, &n0, &t0);
	nanosleep(&ts, NULL);
	hg_clock_pair(CLOCK_MONOTONIC_RAW, &n1, &t1);
	return hg_calib_hz(t0, n0, t1, n1);
}

int hg_calib_frequency_by(struct hg_calib *c, uint64_t (*est)(void *arg, uint64_t window_ns),
			  void *arg)
{
	uint64_t window = 5000000, prev = est(arg, window), cur;
	bool moved = prev != 0;
	uint32_t round;

	for (round = 2; round <= FREQ_MAX_ROUNDS; round++) {
		if (window < 200000000)
			window *= 2;
		cur = est(arg, window);
		moved |= cur != 0;
		c->agree_ppm = hg_calib_ppm(prev, cur);
		c->rounds = round;
		if (cur && c->agree_ppm <= HG_CALIB_AGREE_PPM) {
			c->tsc_hz = cur;
			return 0;
		}
		prev = cur;
	}
	return moved ? -EIO : -ENODATA;
}

int hg_calib_frequency(struct hg_calib *c)
{
	return hg_calib_frequency_by(c, estimate, NULL);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint32_t read_cost(void)
{
	uint64_t d[READ_SAMPLES];
	int i;

	for (i = 0; i < READ_SAMPLES; i++) {
		uint64_t a = hg_counter_read();
		uint64_t b = hg_counter_read();

		d[i] = b - a;
	}
	qsort(d, READ_SAMPLES, sizeof(d[0]), cmp_u64);
	return (uint32_t)d[READ_SAMPLES / 2];
}

/* The physical limit: a loop that does nothing but read the counter. */
static __attribute__((noinline)) uint64_t bare_loop(uint32_t iters)
{
	uint64_t t0 = hg_counter_read(), t = t0;
	uint32_t i;

	for (i = 0; i < iters; i++) {
		t = hg_counter_read();
		__asm__ __volatile__("" : : "r"(t));
	}
	return t - t0;
}

/* The real gap loop, run for a fixed number of cycles, iterations counted. */
static __attribute__((noinline)) uint64_t gap_loop(struct hg_tracer *tr, uint64_t cycles,
						   uint64_t *iters)
{
	uint64_t t0 = hg_counter_read();

	tr->end = t0 + cycles;
	hg_tracer_start(tr);
	hg_tracer_loop_work(tr, iters, NULL, NULL);
	return tr->last - t0;
}

int hg_calib_step_p999(void (*step)(void *arg), void *arg, uint32_t *out)
{
	struct hg_hist *h = malloc(sizeof(*h));
	uint64_t p[ITER_BATCHES];
	uint32_t i, b;

	if (!h)
		return -ENOMEM;
	for (b = 0; b < ITER_BATCHES; b++) {
		uint64_t last = hg_counter_read();

		hg_hist_init(h);
		for (i = 0; i < ITER_SAMPLES; i++) {
			uint64_t now = hg_counter_read();

			hg_hist_add(h, now - last);
			last = now;
			if (step)
				step(arg);
		}
		p[b] = hg_hist_percentile(h, 99.9);
	}
	/* interrupts lift a batch's percentile: the quietest batch is kept */
	qsort(p, ITER_BATCHES, sizeof(p[0]), cmp_u64);
	*out = p[0] > UINT32_MAX ? UINT32_MAX : (uint32_t)p[0];
	free(h);
	return 0;
}

static uint32_t mcycles(uint64_t cycles, uint64_t iters)
{
	uint64_t v = iters ? cycles * 1000 / iters : 0;

	return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

int hg_calib_loops(struct hg_calib *c)
{
	struct hg_arena none;		/* no pools: every record is dropped */
	struct hg_writer w;
	struct hg_tstats *st;
	struct hg_tracer tr;
	atomic_int stop;
	uint32_t best_bare = UINT32_MAX, best_gap = UINT32_MAX;
	int i;

	st = malloc(sizeof(*st));
	if (!st)
		return -ENOMEM;
	memset(&none, 0, sizeof(none));
	memset(&w, 0, sizeof(w));
	w.arena = &none;
	atomic_init(&stop, 0);
	c->counter_read_cycles = read_cost();
	c->step_cycles = counter_step();
	for (i = 0; i < LOOP_TRIALS; i++) {
		uint64_t cyc = bare_loop(LOOP_ITERS), iters = 0;
		uint32_t m = mcycles(cyc, LOOP_ITERS);

		if (m < best_bare)
			best_bare = m;
		hg_tstats_init(st);
		/* a threshold no gap reaches, so only the loop itself is timed */
		hg_tracer_init(&tr, &w, st, &stop, UINT64_MAX / 2, 0, cyc / 4 + 1);
		cyc = gap_loop(&tr, cyc, &iters);
		m = mcycles(cyc, iters);
		/* a trial kept off the CPU until its end went round no time: no figure */
		if (iters && m < best_gap)
			best_gap = m;
	}
	c->bare_loop_mcycles = best_bare;
	c->gap_loop_mcycles = best_gap == UINT32_MAX ? 0 : best_gap;
	free(st);
	return hg_calib_step_p999(NULL, NULL, &c->iter_p999_cycles);
}

int hg_calib_invariant(void)
{
#if defined(__x86_64__) || defined(__i386__)
	char line[8192], why[HG_TSC_WHY];
	int constant = 0, nonstop = 0;
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "flags", 5))
			continue;
		constant = strstr(line, " constant_tsc") != NULL;
		nonstop = strstr(line, " nonstop_tsc") != NULL;
		break;
	}
	fclose(f);
	/* the flags say what the TSC is built for; the kernel, what it saw it do */
	return constant && nonstop && hg_tsc_word_live(why, sizeof(why)) != HG_TSC_DISTRUSTED;
#else
	return 1;
#endif
}

int hg_calibrate(struct hg_calib *c, uint64_t gap_ns)
{
	int ret;

	memset(c, 0, sizeof(*c));
	ret = hg_calib_invariant();
	c->invariant = ret == 1;
	c->stated_hz = hg_counter_stated_hz();
	ret = hg_calib_frequency(c);
	if (ret)
		return ret;
	ret = hg_calib_loops(c);
	if (ret)
		return ret;
	c->threshold_given = gap_ns != 0;
	c->gap_threshold_cycles = hg_calib_gap_threshold(c, gap_ns);
	c->gap_threshold_ns = hg_cycles_to_ns(c->gap_threshold_cycles, c->tsc_hz);
	c->hiccup_cycles = hg_calib_hiccup_floor(c, gap_ns);
	return 0;
}
