/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rtachain.h - the end-to-end bounds of a task set's cause-effect chains
 * in rta's reports (analysis/chain.h)
 */
#ifndef HG_RTACHAIN_H
#define HG_RTACHAIN_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis/rta.h"
#include "analysis/taskset.h"
#include "report/json.h"

/*
 * hg_print_rtachains - per chain of @s, from the results @r (by task
 * index; @ovh: they include the overheads): "rta: chain <name> tasks
 * <a>><b>... reaction <ms>ms data-age <ms>ms sampled" ("unbounded" for a
 * value without a bound), then "# rta: chain <name>: ..." saying the
 * formulas, their sums and what they rest on, or which task leaves the
 * chain without a bound and why. Nothing when @s has no chain.
 */
void hg_print_rtachains(FILE *f, const struct hg_taskset *s, const struct hg_rta_result *r,
			bool ovh);

/*
 * hg_print_rtachains_json - "chains": per chain {name, mode, tasks,
 * reaction {bound_ns, formula}, data_age {bound_ns, formula},
 * with_overheads, unbounded_by, why}, bound_ns null without a bound.
 */
void hg_print_rtachains_json(struct hg_json *j, const struct hg_taskset *s,
			     const struct hg_rta_result *r, bool ovh);

#endif /* HG_RTACHAIN_H */
