/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sysinfo.h - the system snapshot kept with every trace
 */
#ifndef HG_SYSINFO_H
#define HG_SYSINFO_H

#include <stddef.h>

#include "trace/trace.h"

/*
 * hg_sysinfo_snapshot - add what describes this machine to @t->sys:
 * kernel_release, kernel_version, preempt, cmdline, cpu_model, cpu_flags,
 * clocksource, governor, smt, rt_runtime_us, rt_period_us, cpus_online,
 * numa_nodes. Values that cannot be read are "unknown".
 * Returns 0 or -ENOMEM.
 */
int hg_sysinfo_snapshot(struct hg_trace *t);

/*
 * hg_sysinfo_interrupts - the interrupts of the @n CPUs in @cpu (as
 * hg_kstat_read() gives them), written to @buf as "cpu0 cpu1 ..." counts
 * separated by spaces: the snapshot's interrupts_before and _after.
 * Returns 0, or -ENOSPC when @len is too short.
 */
int hg_sysinfo_interrupts(const struct hg_cpu_noise *cpu, uint32_t n, char *buf, size_t len);

#endif /* HG_SYSINFO_H */
