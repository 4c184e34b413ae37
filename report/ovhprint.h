/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ovhprint.h - the overheads charged to each job (--overheads, --cs-cost:
 * analysis/sched/overheads.h) as rta, a run's prediction and their JSON
 * print them, with what they rest on: the files they come from, and which
 * of those were measured on a machine that was not quiet
 */
#ifndef HG_OVHPRINT_H
#define HG_OVHPRINT_H

#include <stdio.h>

#include "analysis/sched/overheads.h"
#include "report/json.h"

/*
 * hg_print_overheads - "# <tag>: overheads charged to each job: 2 switches
 * of <us> us [and a cache penalty of <us> us (...)]: C + <us> us (from ...
 * [; <files> measured on a machine that was not quiet: ...])"
 */
void hg_print_overheads(FILE *f, const char *tag, const struct hg_overheads *o);

/*
 * hg_print_overheads_json - "overheads": @o's costs (with "not_quiet": the
 * files measured on a machine that was not, "" none), or null for NULL
 */
void hg_print_overheads_json(struct hg_json *j, const struct hg_overheads *o);

#endif /* HG_OVHPRINT_H */
