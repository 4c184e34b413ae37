/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sysinfo.h - the system snapshot kept with every trace
 */
#ifndef HG_SYSINFO_H
#define HG_SYSINFO_H

#include <stddef.h>

#include "../trace/trace.h"

/*
 * hg_sysinfo_snapshot - add what describes this machine to @t->sys:
 * kernel_release, kernel_version, preempt, cmdline, cpu_model, cpu_flags,
 * clocksource, governor, smt, rt_runtime_us, rt_period_us, cpus_online,
 * numa_nodes. Values that cannot be read are "unknown".
 * Returns 0 or -ENOMEM.
 */
int hg_sysinfo_snapshot(struct hg_trace *t);

/*
 * hg_sysinfo_interrupts - interrupts taken so far by each CPU, summed over
 * /proc/interrupts, written as "cpu0 cpu1 ..." counts separated by spaces.
 * Returns 0 or -errno.
 */
int hg_sysinfo_interrupts(char *buf, size_t len);

#endif /* HG_SYSINFO_H */
