/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rtaprint.h - reports of the schedulability analyses
 */
#ifndef HG_RTAPRINT_H
#define HG_RTAPRINT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/sched/blocking.h"
#include "analysis/sched/rta.h"
#include "analysis/sched/taskset.h"
#include "report/json.h"

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

/*
 * hg_rta_report_margin - hg_rta_report(), and with @margin how far the set
 * is from the edge (margin.h): "# rta: margin: every C may grow by <p> %
 * (critical scaling factor <l>, breakdown utilisation <u>; ...)" or "...
 * must shrink by <p> % ...", or "# rta: margin: none: <why>", and per task
 * "# rta: thread <n>: margin: C up to <ms> ms (now <ms> ms, ...), slack
 * <ms> ms"; in JSON "margin" (null without @margin) and each task's
 * max_c_ns. Returns as hg_rta_report() does.
 */
int hg_rta_report_margin(FILE *f, const struct hg_taskset *s, bool json, bool margin,
			 size_t *unschedulable);

/*
 * hg_print_blocking - one "# rta: thread <n>: blocking ..." line for
 * @b, the blocking from the locks @locks of the task of id @id: its
 * bound in ms and which, or why there is none; nothing for HG_BLOCK_NONE
 */
void hg_print_blocking(FILE *f, unsigned int id, const struct hg_block *b,
		       const struct hg_lock *locks);

/*
 * hg_json_blocking - a task's blocking as the JSON of rta and of the
 * summary's prediction write it: "b_ns" (@t's own B with the locks'
 * blocking @b added), "lock_blocking_ns" (@b's bound; both null where the
 * locks' blocking has no bound or is not covered), "blocking" (@b's kind)
 * and "unbounded" (whether @r, the task's result, has no bound)
 */
void hg_json_blocking(struct hg_json *j, const struct hg_rta_task *t, const struct hg_block *b,
		      const struct hg_rta_result *r);

/*
 * hg_print_kept_out - for the task of id @id and result @r on CPUs @cpus,
 * kept out by the thread that never blocks of id @hog_id, workload @label
 * and priority @prio (hog.h: hg_hog_apply()): "# <tag>thread <n>: no
 * bound: thread <h> (<label>, <prio>) never blocks and can run on its CPU
 * <list> at its priority or above", or "...: not covered: ..." when the
 * task has other CPUs. @tag: "" or e.g. "rta: ".
 */
void hg_print_kept_out(FILE *f, const char *tag, unsigned int id, const struct hg_rta_result *r,
		       const cpu_set_t *cpus, unsigned int hog_id, const char *label,
		       const char *prio);

#endif /* HG_RTAPRINT_H */
