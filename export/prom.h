/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * prom.h - a run's figures as OpenMetrics text, for node_exporter's
 * textfile collector (--prom)
 *
 * Every metric is named hourglass_* and labelled thread, workload, policy
 * and cpu (the thread's number, workload, priority and CPUs as the
 * summary gives them). Per thread:
 *
 *   hourglass_gap_seconds          histogram of the gaps (cumulative
 *                                  _bucket{le=...} in 1-2-5 steps from
 *                                  1 us to 1 s, +Inf, _sum, _count)
 *   hourglass_received_seconds_total  CPU time received (counter)
 *   hourglass_records_dropped_total   records that found no room (counter)
 * LAT threads:
 *   hourglass_latency_seconds      histogram of the wake-up lateness
 *   hourglass_latency_max_seconds  the latest wake-up (gauge)
 * PERIODIC, PERIODIC_TABLE and CPU_PERIODIC threads:
 *   hourglass_deadline_hits_total, hourglass_deadline_misses_total (counters)
 * and for the run hourglass_elapsed_seconds (gauge). The text ends with
 * "# EOF". A bucket counts the values of the statistics' histogram buckets
 * that end at or below its bound (those buckets are 1/64 of a power of two
 * wide, so a value just below a bound may be counted in the next).
 */
#ifndef HG_PROM_H
#define HG_PROM_H

#include <stddef.h>
#include <stdio.h>

#include "trace/trace.h"

/*
 * hg_prom_print - @t as OpenMetrics text into @f
 * Returns 0, or -EIO when writing failed.
 */
int hg_prom_print(FILE *f, const struct hg_trace *t);

/*
 * hg_prom_write - the same into @path, atomically (temporary file and
 * rename), so the collector never reads half a file
 * Returns 0 or -errno with a one-line reason in @err.
 */
int hg_prom_write(const struct hg_trace *t, const char *path, char *err, size_t errlen);

#endif /* HG_PROM_H */
