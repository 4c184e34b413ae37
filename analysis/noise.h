/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * noise.h - the kernel's own counts beside ours: per thread the kernel's
 * CPU time against the received time, per CPU what else ran there
 */
#ifndef HG_NOISE_H
#define HG_NOISE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "trace/trace.h"

/* Other tasks or steal above this share of a CPU: the CPU was not quiet. */
#define HG_NOISE_QUIET_PCT 1.0

/* One CPU the threads ran on, over the run. */
struct hg_noise_cpu {
	uint32_t cpu;
	uint64_t ours_ns;	/* the threads' kernel CPU time spent on it */
	uint64_t other_ns;	/* the CPU's busy time minus ours */
	uint64_t steal_ns;
	uint64_t irqs;
	uint64_t softirqs;
	double other_pct;	/* of the window */
	double steal_pct;
	bool quiet;
};

struct hg_noise {
	uint64_t window_ns;	/* between the kernel's two readings */
	uint32_t n;
	struct hg_noise_cpu *cpu;
	bool quiet;		/* every CPU in @cpu */
};

/*
 * hg_noise_compute - @nz from @t's kernel counters: the CPUs on which the
 * threads received time (every measured CPU when no thread has intervals),
 * in @t->noise's order. A thread's kernel CPU time is shared out over the
 * CPUs in proportion to its received time on each (its received time
 * where the kernel's is unknown); other tasks' time is the CPU's busy time
 * (user, nice, system, irq, softirq in /proc/stat, counted in ticks)
 * minus that. Returns 0, -ENODATA when @t holds no kernel counters (an
 * older file), -EINVAL for records that do not decode, -ENOMEM.
 */
int hg_noise_compute(const struct hg_trace *t, struct hg_noise *nz);

/* hg_noise_free - free what @nz holds. */
void hg_noise_free(struct hg_noise *nz);

#endif /* HG_NOISE_H */
