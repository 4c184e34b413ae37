/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * checks.h - the audit's checks, one struct each, for the table of
 * registry.c; each file holds the checks of one area
 */
#ifndef HG_AUDIT_CHECKS_H
#define HG_AUDIT_CHECKS_H

#include "audit/audit.h"

/* kernel.c */
extern const struct hg_audit_check hg_audit_preempt, hg_audit_rt_throttling,
	hg_audit_threadirqs, hg_audit_skew_tick, hg_audit_timer_migration,
	hg_audit_nmi_watchdog, hg_audit_tracing;
/* isolation.c */
extern const struct hg_audit_check hg_audit_isolcpus, hg_audit_nohz_full,
	hg_audit_rcu_nocbs, hg_audit_managed_irq;
/* irq.c */
extern const struct hg_audit_check hg_audit_irq_affinity, hg_audit_irqbalance;
/* power.c */
extern const struct hg_audit_check hg_audit_governor, hg_audit_boost,
	hg_audit_idle_states, hg_audit_dma_latency;
/* cputopo.c */
extern const struct hg_audit_check hg_audit_smt, hg_audit_clocksource, hg_audit_tsc,
	hg_audit_hypervisor, hg_audit_steal;
/* memory.c */
extern const struct hg_audit_check hg_audit_thp, hg_audit_swap, hg_audit_memlock;
/* tasks.c */
extern const struct hg_audit_check hg_audit_rt_tasks, hg_audit_prio99;

/*
 * hg_audit_find_task - the first process under the root's proc/ whose comm
 * is @comm: its pid, 0 when there is none, or -errno (irq.c)
 */
int hg_audit_find_task(const struct hg_audit_ctx *ctx, const char *comm);

#endif /* HG_AUDIT_CHECKS_H */
