// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * receive.c - benchmark: how exactly a PERIODIC job receives its C
 *
 * PERIODIC runs each job through the environment's receive(): the gap loop
 * with a budget of C. This asks for C again and again and reports the CPU
 * time actually received per job against C (the overshoot is the part of
 * one loop iteration and of the slow path that lands past the budget).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "trace/calib.h"
#include "util/timeval.h"
#include "workloads/workload.h"

#define JOBS 2000

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void one(struct hg_wl_ctx *ctx, uint64_t c_ns)
{
	uint64_t over[JOBS], got;
	int i;

	for (i = 0; i < JOBS; i++) {
		ctx->env->receive(ctx, c_ns, HG_NO_LIMIT, &got);
		over[i] = got > c_ns ? got - c_ns : 0;
	}
	qsort(over, JOBS, sizeof(over[0]), cmp_u64);
	char c[32];

	printf("%-8s %8d %14" PRIu64 " %14" PRIu64 " %14" PRIu64 " %12.6f\n",
	       hg_format_time(c_ns, c, sizeof(c)), JOBS, over[JOBS / 2], over[JOBS * 99 / 100], over[JOBS - 1],
	       /* NOLINTNEXTLINE(bugprone-integer-division): an index, not the ratio */
	       (double)(c_ns + over[JOBS / 2]) / (double)c_ns);
}

int main(void)
{
	struct hg_calib cal;
	struct hg_arena arena;
	struct hg_writer w;
	struct hg_tstats *st = malloc(sizeof(*st));
	struct hg_tracer tr;
	struct hg_wl_ctx ctx;
	atomic_int stop;
	int node = -1;
	unsigned int weight = 1;

	if (!st || hg_calibrate(&cal, 0) ||
	    hg_arena_init(&arena, 1 << 20, 1, &node, &weight, 1) ||
	    hg_writer_init(&w, &arena, 0)) {
		fprintf(stderr, "receive: cannot set up\n");
		free(st);
		return 1;
	}
	atomic_init(&stop, 0);
	hg_tstats_init(st);
	hg_tracer_init(&tr, &w, st, &stop, cal.gap_threshold_cycles, UINT64_MAX,
		       hg_ns_to_cycles(1000000, cal.tsc_hz));
	hg_tracer_start(&tr);
	memset(&ctx, 0, sizeof(ctx));
	ctx.tr = &tr;
	ctx.tsc_hz = cal.tsc_hz;
	ctx.env = &hg_wl_env_real;
	ctx.stats = st;
	printf("received beyond the requested C per job, ns (gap threshold %" PRIu64 " ns)\n",
	       cal.gap_threshold_ns);
	printf("%-8s %8s %14s %14s %14s %12s\n", "C", "jobs", "median_over", "p99_over",
	       "max_over", "median_ratio");
	one(&ctx, 10000);
	one(&ctx, 100000);
	one(&ctx, 1000000);
	hg_writer_free(&w);
	hg_arena_free(&arena);
	free(st);
	return 0;
}
