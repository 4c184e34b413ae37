/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * noise.h - the kernel's counts beside ours (analysis/kernel/noise.h), as text and JSON
 */
#ifndef HG_REPORT_NOISE_H
#define HG_REPORT_NOISE_H

#include <stdio.h>

#include "analysis/kernel/noise.h"
#include "trace/trace.h"

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
 * not quiet: ..." with the warning that the gaps and latencies measured
 * may include other tasks' run time. Prints nothing for a file without
 * the kernel's counters.
 */
void hg_print_noise(FILE *f, const struct hg_trace *t);

/*
 * hg_print_noise_of - the same for @nz, computed already, as ctx gives it:
 * its warning is that switch costs may include other tasks' run time
 */
void hg_print_noise_of(FILE *f, const struct hg_noise *nz);

struct hg_json;

/*
 * hg_noise_json - the "noise" member of a JSON object: per CPU the threads
 * ran on, what else ran there, and whether each CPU was quiet; nothing for
 * a file without the kernel's counters
 */
void hg_noise_json(struct hg_json *j, const struct hg_trace *t);

/* hg_noise_json_of - the same for @nz, computed already. */
void hg_noise_json_of(struct hg_json *j, const struct hg_noise *nz);

#endif /* HG_REPORT_NOISE_H */
