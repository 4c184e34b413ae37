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

#include "../trace/trace.h"

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

/*
 * hg_print_kernel - after the summary: per thread with a known kernel id
 * "# kernel: thread <n> hg/<n> tid <tid>: received <ms> ms, kernel CPU
 * time <ms> ms, difference <+ms> ms (<+pct> %)"; then hg_print_noise().
 * Prints nothing for a file without them.
 */
void hg_print_kernel(FILE *f, const struct hg_trace *t);

/*
 * hg_print_noise - per CPU of hg_noise_compute() "# noise: CPU <c>: other
 * tasks <ms> ms (<pct> %), steal <ms> ms (<pct> %), <n> interrupts, <n>
 * softirqs: quiet|not quiet" and a verdict "# noise: quiet" or "# noise:
 * not quiet: ..." with the warning that switch costs may include other
 * tasks' run time. Prints nothing for a file without the kernel's counters.
 */
void hg_print_noise(FILE *f, const struct hg_trace *t);

struct hg_json;

/*
 * hg_noise_json - the "noise" member of a JSON object: per CPU the threads
 * ran on, what else ran there, and whether each CPU was quiet; nothing for
 * a file without the kernel's counters
 */
void hg_noise_json(struct hg_json *j, const struct hg_trace *t);

#endif /* HG_NOISE_H */
