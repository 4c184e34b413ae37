/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kstat.h - the kernel's per-CPU counters read around a run: CPU time
 * (/proc/stat), interrupts (/proc/interrupts), softirqs (/proc/softirqs)
 *
 * The parsers take the files' text, so tests feed them any text; only
 * hg_kstat_read() opens files.
 */
#ifndef HG_KSTAT_H
#define HG_KSTAT_H

#include <stddef.h>
#include <stdint.h>

#include "trace/trace.h"

/* The counters of every CPU at one moment: totals since boot. */
struct hg_kstat {
	uint32_t n;
	struct hg_cpu_noise *cpu;	/* by /proc/stat's order of "cpuN" lines */
};

/*
 * hg_kstat_parse_stat - the "cpuN" lines of /proc/stat @text: per CPU
 * busy (user nice system irq softirq), steal and idle (idle iowait) time,
 * converted from @ticks_per_s (sysconf(_SC_CLK_TCK)) to ns; the "cpu" total line is
 * skipped. Fills @k (irqs and softirqs 0). Returns 0, -EINVAL for text
 * without a cpuN line or with a cpuN line of fewer than eight numbers,
 * -E2BIG for more than HG_MAX_NOISE_CPUS CPUs, -ENOMEM.
 */
int hg_kstat_parse_stat(const char *text, long ticks_per_s, struct hg_kstat *k);

/*
 * hg_kstat_parse_counts - the table of /proc/interrupts or /proc/softirqs
 * @text (a header "CPU0 CPU1 ...", then rows "NAME: n n ... [what]"):
 * each column's sum is added to @k's CPU of that number, in @softirqs
 * or, when false, in irqs. Rows with fewer numbers (MIS, ERR) count for
 * the columns they have. CPUs not in @k are ignored. Returns 0, or
 * -EINVAL for text without a CPU header.
 */
int hg_kstat_parse_counts(const char *text, struct hg_kstat *k, int softirqs);

/*
 * hg_kstat_read - read the three files into @k (freed with
 * hg_kstat_free()). Returns 0 or -errno; /proc/interrupts or
 * /proc/softirqs missing leaves their counts 0.
 */
int hg_kstat_read(struct hg_kstat *k);

/*
 * hg_kstat_delta - @after minus @before, CPU by CPU (CPUs in both), into a
 * new array @out of @n entries (what hg_trace.noise holds); counters that
 * went backwards give 0. Returns 0 or -ENOMEM.
 */
int hg_kstat_delta(const struct hg_kstat *before, const struct hg_kstat *after,
		   struct hg_cpu_noise **out, uint32_t *n);

/* hg_kstat_free - free what @k holds. */
void hg_kstat_free(struct hg_kstat *k);

#endif /* HG_KSTAT_H */
