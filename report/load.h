/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * load.h - the loads of a run (--load) as the report shows them: read back
 * from the trace's system snapshot (load_<i>_<field> keys, run/load.h)
 */
#ifndef HG_REPORT_LOAD_H
#define HG_REPORT_LOAD_H

#include <stdbool.h>
#include <stdio.h>

#include "report/json.h"
#include "trace/trace.h"

/*
 * hg_print_loads - one line per load: "# load <profile> on CPUs <list>:
 * <throughput> <unit> over <s> s (<what>): <command>" (and "# load
 * <profile> ended before the run did: <how>" after one that did), then
 * "# loads contained <how>" (their cgroup, or hourglass as subreaper) when
 * the trace says it; nothing without loads
 */
void hg_print_loads(FILE *f, const struct hg_trace *t);

/*
 * hg_json_loads - the member "load": [{"profile", "command", "cpus",
 * "throughput" (a number, null when unknown), "unit", "seconds", and when
 * known "ended_early", "contained"}]; nothing for a run without loads
 */
void hg_json_loads(struct hg_json *j, const struct hg_trace *t);

/* hg_is_load_key - whether system snapshot key @key is one of a load's. */
bool hg_is_load_key(const char *key);

#endif /* HG_REPORT_LOAD_H */
