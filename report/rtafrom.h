/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rtafrom.h - rta --from's report: where each value of a task built from
 * a run came from, and each task's bound beside the worst response the
 * run measured
 */
#ifndef HG_RTAFROM_H
#define HG_RTAFROM_H

#include <stdio.h>

#include "analysis/rta.h"
#include "analysis/taskset.h"
#include "analysis/tsfrom.h"
#include "report/json.h"

/*
 * hg_print_rtafrom - for the set @s built from a run (s->from; nothing
 * when NULL), with the results @r (and @ro with the overheads, or NULL):
 * "# rta: from <file>: thread <n>: C <ms> ms (measured: ...), T ..."
 * per task, the overheads' source, then "# rta: from <file>: thread <n>:
 * measured worst response <ms> ms (of <k>), bound <ms> ms: holds | ABOVE
 * THE BOUND by <ms> ms: the model is wrong for this run (...)", and the
 * threads left out with why.
 */
void hg_print_rtafrom(FILE *f, const struct hg_taskset *s, const struct hg_rta_result *r,
		      const struct hg_rta_result *ro);

/* hg_print_rtafrom_json - "from": the same, or null when s->from is NULL. */
void hg_print_rtafrom_json(struct hg_json *j, const struct hg_taskset *s,
			   const struct hg_rta_result *r, const struct hg_rta_result *ro);

/*
 * hg_rtafrom_wrong - how many tasks of @s responded in the run later than
 * their bound (@ro's when not NULL, else @r's): the model is wrong there.
 */
size_t hg_rtafrom_wrong(const struct hg_taskset *s, const struct hg_rta_result *r,
			const struct hg_rta_result *ro);

#endif /* HG_RTAFROM_H */
