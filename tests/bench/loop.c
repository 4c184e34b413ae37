// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * loop.c - benchmark: the gap loop against the physical limit, and the cost
 * of writing a record
 *
 * Measured side by side in one run, interleaved A B A B, medians of the
 * trials:
 *   bare   a loop that only reads the counter (the physical limit)
 *   gap    the real gap loop (trace/tracer.h), no gap crossing its threshold
 *   ratio  gap / bare: target 1.10 or lower
 *   put    hg_writer_put() of one record into a pre-faulted arena
 *   event  the whole slow path of one gap: close, record, statistics, reopen
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/arena.h"
#include "trace/calib.h"
#include "trace/counter.h"
#include "trace/tracer.h"

#define TRIALS		21
#define LOOP_ITERS	2000000u
#define PUTS		200000u
#define EVENTS		100000u

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return v[n / 2];
}

static __attribute__((noinline)) double bare(void)
{
	uint64_t t0 = hg_counter_read(), t = t0;
	uint32_t i;

	for (i = 0; i < LOOP_ITERS; i++) {
		t = hg_counter_read();
		__asm__ __volatile__("" : : "r"(t));
	}
	return (double)(t - t0) / LOOP_ITERS;
}

static __attribute__((noinline)) double gap_loop(struct hg_tracer *tr, uint64_t cycles)
{
	uint64_t iters = 0, t0 = hg_counter_read();

	tr->end = t0 + cycles;
	hg_tracer_start(tr);
	hg_tracer_loop_work(tr, &iters, NULL, NULL);
	return iters ? (double)(tr->last - t0) / (double)iters : 0;
}

static double put(struct hg_arena *a)
{
	struct hg_writer w;
	struct hg_record r = { 1, 2, 3, 0 };
	uint64_t t0, t1;
	uint32_t i;

	if (hg_writer_init(&w, a, 0))
		return 0;
	atomic_store(&a->pool[0].next, 0);
	t0 = hg_counter_read();
	for (i = 0; i < PUTS; i++) {
		r.start_cycles = i;
		hg_writer_put(&w, &r);
	}
	t1 = hg_counter_read();
	hg_writer_free(&w);
	return (double)(t1 - t0) / PUTS;
}

static double event(struct hg_arena *a, struct hg_tstats *st, atomic_int *stop)
{
	struct hg_writer w;
	struct hg_tracer tr;
	uint64_t t0, t1;
	uint32_t i;

	if (hg_writer_init(&w, a, 0))
		return 0;
	atomic_store(&a->pool[0].next, 0);
	hg_tstats_init(st);
	hg_tracer_init(&tr, &w, st, stop, 10, UINT64_MAX, UINT64_MAX / 4);
	hg_tracer_start(&tr);
	t0 = hg_counter_read();
	for (i = 0; i < EVENTS; i++) {
		uint64_t now = hg_counter_read();

		/* a gap of 20 cycles, just above the threshold, ended at now */
		tr.last = now - 20 > tr.start ? now - 20 : tr.start;
		hg_tracer_event(&tr, now);
	}
	t1 = hg_counter_read();
	hg_writer_free(&w);
	return (double)(t1 - t0) / EVENTS;
}

int main(void)
{
	double b[TRIALS], g[TRIALS], p[TRIALS], e[TRIALS], r[TRIALS];
	struct hg_arena arena;
	struct hg_tstats *st = malloc(sizeof(*st)), *lst = malloc(sizeof(*lst));
	struct hg_arena none;
	struct hg_writer nw;
	struct hg_tracer tr;
	atomic_int stop;
	int node = -1;
	unsigned int weight = 1;
	int i;

	if (!st || !lst || hg_arena_init(&arena, PUTS + EVENTS * 2, 1, &node, &weight, 1)) {
		fprintf(stderr, "loop: cannot allocate\n");
		free(st);
		free(lst);
		return 1;
	}
	memset(&none, 0, sizeof(none));
	memset(&nw, 0, sizeof(nw));
	nw.arena = &none;
	atomic_init(&stop, 0);
	for (i = 0; i < TRIALS; i++) {
		double cycles;

		b[i] = bare();
		cycles = b[i] * LOOP_ITERS;
		hg_tstats_init(lst);
		hg_tracer_init(&tr, &nw, lst, &stop, UINT64_MAX / 2, 0, (uint64_t)cycles / 4 + 1);
		g[i] = gap_loop(&tr, (uint64_t)cycles);
		r[i] = g[i] / b[i];
		p[i] = put(&arena);
		e[i] = event(&arena, st, &stop);
	}
	printf("%-34s %12s\n", "loop benchmark (cycles, median of 21)", "value");
	printf("%-34s %12.2f\n", "bare counter loop / iteration", median(b, TRIALS));
	printf("%-34s %12.2f\n", "gap loop / iteration", median(g, TRIALS));
	printf("%-34s %12.3f   (target <= 1.10)\n", "ratio gap / bare", median(r, TRIALS));
	printf("%-34s %12.2f\n", "write one record (hg_writer_put)", median(p, TRIALS));
	printf("%-34s %12.2f\n", "one gap's slow path (record+stats)", median(e, TRIALS));
	hg_arena_free(&arena);
	free(st);
	free(lst);
	return 0;
}
