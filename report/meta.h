/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * meta.h - what a run was, in every JSON document that describes one (the
 * summary, export json, export perfetto's otherData): one writer, one set
 * of key names
 */
#ifndef HG_META_H
#define HG_META_H

#include "report/json.h"
#include "trace/trace.h"

/*
 * hg_meta_run - the members of the "run" object: command, threads,
 * duration_ns, elapsed_ns, tsc_hz, t0_cycles, t0_monotonic_ns,
 * start_realtime_ns, start_monotonic_ns and start_cycles (the pair read
 * together at the start), end_monotonic_ns and end_cycles, interrupted,
 * signal, memory_locked, capacity_records, stored_records, dropped_records
 */
void hg_meta_run(struct hg_json *j, const struct hg_trace *t);

/*
 * hg_meta_system - the members of the "system" object: the snapshot's keys
 * in their order; a key ending in a unit (_us, _ns, _hz, _cycles) or
 * _count is a number (null when the value is not a whole number, such as
 * "unknown"), interrupts_* a per-CPU array of counts, any other key a
 * string
 */
void hg_meta_system(struct hg_json *j, const struct hg_trace *t);

/*
 * hg_meta_calib - the members of the "calibration" object: counter,
 * tsc_hz, invariant, rounds, agree_ppm, counter_read_cycles,
 * bare_loop_cycles, gap_loop_cycles, loop_ratio, iteration_p999_cycles,
 * gap_threshold_cycles, gap_threshold_ns, gap_threshold_source
 */
void hg_meta_calib(struct hg_json *j, const struct hg_calib *c, const char *counter);

/*
 * hg_meta_model_name - the name of enum hg_model @model in JSON: "cpu",
 * "periodic", "cpu_periodic", "lat", or "unknown"
 */
const char *hg_meta_model_name(uint32_t model);

#endif /* HG_META_H */
