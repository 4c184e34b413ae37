/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * spin.h - the CPU-bound models' shared body: run the gap loop, optionally
 * scanning an array and optionally yielding after a budget of CPU time
 *
 * Inlined into each model's file, so that the loop is specialised: the CPU
 * model's loop has no scan step and no budget in it.
 */
#ifndef HG_SPIN_H
#define HG_SPIN_H

#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "trace/record.h"
#include "util/timeval.h"
#include "workloads/workload.h"

/* The array a scanning model walks, one cache line per loop iteration. */
struct hg_scan {
	uint64_t *a;
	size_t n;		/* words in the array */
	size_t i;		/* next word */
	uint64_t sink;		/* keeps the loads alive */
	uint64_t passes;	/* completed passes: the unit of work */
	size_t bytes;
};

#define HG_SCAN_STRIDE (64 / sizeof(uint64_t))

/* One step of the scan: load a cache line, count a pass at the end. */
static inline void hg_scan_step(void *arg)
{
	struct hg_scan *s = arg;

	s->sink += s->a[s->i];
	s->i += HG_SCAN_STRIDE;
	if (__builtin_expect(s->i >= s->n, 0)) {
		s->i = 0;
		s->passes++;
	}
}

/* hg_scan_setup - allocate and touch the array (ctx->priv). */
static inline int hg_scan_setup(struct hg_wl_ctx *ctx)
{
	struct hg_scan *s = calloc(1, sizeof(*s));
	size_t i;

	if (!s)
		return -ENOMEM;
	s->bytes = (size_t)ctx->p->scan_bytes;
	s->a = mmap(NULL, s->bytes, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (s->a == MAP_FAILED) {
		free(s);
		return -ENOMEM;
	}
	s->n = s->bytes / sizeof(uint64_t);
	for (i = 0; i < s->n; i++)
		s->a[i] = i;
	ctx->priv = s;
	return 0;
}

/* hg_scan_teardown - release the array. */
static inline void hg_scan_teardown(struct hg_wl_ctx *ctx)
{
	struct hg_scan *s = ctx->priv;

	if (!s)
		return;
	munmap(s->a, s->bytes);
	free(s);
	ctx->priv = NULL;
}

/*
 * hg_spin - run until stopped
 * @scan:  array to walk, or NULL (constant at each call site)
 * @yield: CPU time between yields in ns, or 0 for never
 */
static inline __attribute__((always_inline)) int
hg_spin(struct hg_wl_ctx *ctx, struct hg_scan *scan, uint64_t yield_ns)
{
	struct hg_tracer *tr = ctx->tr;
	uint64_t budget = yield_ns ? hg_ns_to_cycles(yield_ns, ctx->tsc_hz) : HG_NO_LIMIT;
	/* the run's threshold calibration stepped the scan before the start */
	uint64_t passes0 = scan ? scan->passes : 0;
	int ret;

	if (!budget)
		budget = 1;
	hg_tracer_set(tr, HG_NO_LIMIT, budget);
	for (;;) {
		if (scan)
			ret = hg_tracer_loop_work(tr, NULL, hg_scan_step, scan);
		else
			ret = hg_tracer_loop(tr);
		while (ret == HG_LOOP_BUDGET) {
			sched_yield();
			tr->stats->yields++;
			hg_tracer_set(tr, HG_NO_LIMIT, budget);
			ret = hg_tracer_block(tr, HG_REC_YIELD);
		}
		if (ret == HG_LOOP_STOP)
			break;
	}
	if (scan) {
		tr->stats->units = scan->passes - passes0;
		__asm__ __volatile__("" : : "r"(scan->sink) : "memory");
	}
	return 0;
}

#endif /* HG_SPIN_H */
