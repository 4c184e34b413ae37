// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * registry.c - the table of the audit's checks, in the order they are
 * reported: the kernel, isolation, interrupts, power, the CPUs, memory,
 * the other tasks
 */
#include <stddef.h>

#include "audit/checks.h"

const struct hg_audit_check *const hg_audit_checks[] = {
	&hg_audit_preempt,
	&hg_audit_rt_throttling,
	&hg_audit_threadirqs,
	&hg_audit_skew_tick,
	&hg_audit_isolcpus,
	&hg_audit_nohz_full,
	&hg_audit_rcu_nocbs,
	&hg_audit_managed_irq,
	&hg_audit_irq_affinity,
	&hg_audit_irqbalance,
	&hg_audit_governor,
	&hg_audit_boost,
	&hg_audit_idle_states,
	&hg_audit_dma_latency,
	&hg_audit_smt,
	&hg_audit_clocksource,
	&hg_audit_tsc,
	&hg_audit_timer_migration,
	&hg_audit_thp,
	&hg_audit_swap,
	&hg_audit_memlock,
	&hg_audit_rt_tasks,
	&hg_audit_prio99,
	&hg_audit_nmi_watchdog,
	&hg_audit_hypervisor,
	&hg_audit_steal,
	&hg_audit_tracing,
	NULL,
};
