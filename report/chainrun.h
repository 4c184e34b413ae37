/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chainrun.h - a run's chains (--chain) in its text and JSON: what was
 * measured (analysis/sched/chainrun.h) beside the bounds of the run's
 * task set (analysis/sched/chainbound.h)
 */
#ifndef HG_REPORT_CHAINRUN_H
#define HG_REPORT_CHAINRUN_H

#include <stdio.h>

#include "report/json.h"
#include "trace/trace.h"

/*
 * hg_print_chains_brief - one line a chain: "chain <name> <a>><b>...
 * (<mode>): reaction ms median M p99 P max X, bound B held; data age ...;
 * N inputs". Nothing without chains.
 */
void hg_print_chains_brief(FILE *f, const struct hg_trace *t);

/*
 * hg_print_chains - the same line, then per chain what it rests on, the
 * bounds' formulas, histograms of the reaction times and data ages, each
 * hop's delay and where its time went, and the chain's time summed over
 * the hops, and each thread's deadline misses with what they include
 * (-v and dump)
 */
void hg_print_chains(FILE *f, const struct hg_trace *t);

/*
 * hg_json_chains - "chains": per chain {name, mode, wake, threads,
 * inputs, unread, dropped, reaction, data_age (each {count, min_ns,
 * median_ns, p99_ns, max_ns, bound_ns, held}), bound_why, hops[]};
 * nothing without chains
 */
void hg_json_chains(struct hg_json *j, const struct hg_trace *t);

#endif /* HG_REPORT_CHAINRUN_H */
