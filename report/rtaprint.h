/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rtaprint.h - reports of the schedulability analyses
 */
#ifndef HG_RTAPRINT_H
#define HG_RTAPRINT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/rta.h"

/* A task set with the words that name its tasks. */
struct hg_taskset {
	size_t n;
	struct hg_rta_task *task;
	char (*label)[64];		/* e.g. "PERIODIC 3ms 8ms" */
	char (*prio)[64];		/* e.g. "RTMED (SCHED_FIFO 50)", or "-" */
	/* reservations (SCHED_DEADLINE): budget and period, 0 when none */
	uint64_t *resv_budget_ns;
	uint64_t *resv_period_ns;
	/* the admission limit: CPUs of the root domain x rt_runtime / rt_period */
	unsigned int cpus;
	uint64_t rt_runtime_us;
	uint64_t rt_period_us;
};

/* hg_taskset_alloc - room for @n tasks, zeroed. Returns 0 or -ENOMEM. */
int hg_taskset_alloc(struct hg_taskset *s, size_t n);

/* hg_taskset_free - release it. */
void hg_taskset_free(struct hg_taskset *s);

/* Version of rta --json's schema (schemas/rta.schema.json). */
#define HG_RTA_SCHEMA 2

/*
 * hg_rta_response_str - a response as the reports write it: ms with three
 * decimals ("29.000"), ">=<ms>" when the walk stopped at a job already
 * late, "unbounded" or "undecided". Returns @buf.
 */
char *hg_rta_response_str(const struct hg_rta_result *r, char *buf, size_t len);

/*
 * hg_rta_report - analyse @s and print: one tagged line per task,
 * "rta: thread <n> response <R> deadline <D> schedulable|unschedulable"
 * (ms, three decimals), then a table with the order used and the
 * utilisation, then the EDF analyses (bandwidth against the admission
 * limit for reservations; processor demand). With @json, one JSON object
 * instead.
 * @unschedulable: when not NULL, set to the number of tasks whose
 *                 fixed-priority verdict is unschedulable
 * Returns 0, or -errno (-EINVAL for a task with C or T of 0).
 */
int hg_rta_report(FILE *f, const struct hg_taskset *s, bool json, size_t *unschedulable);

#endif /* HG_RTAPRINT_H */
