/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * text.h - the run's text output, from a trace alone
 *
 * The same functions print the output at the end of a run and for
 * "hourglass dump", so the two are the same byte for byte.
 */
#ifndef HG_TEXT_H
#define HG_TEXT_H

#include <stdio.h>

#include "trace/trace.h"

/*
 * hg_print_header - the lines the output starts with, so that it says what
 * ran where: "# command: <the command line>", then "# system <key>: <value>"
 * for each entry of the system snapshot in its order (kernel, boot command
 * line, CPU, clocksource, RT throttling, interrupt counts per CPU before and
 * after, ...). Strings hold no control characters (trace.h).
 */
void hg_print_header(FILE *f, const struct hg_trace *t);

/*
 * hg_print_intervals - one line per interval, all threads merged in time
 * order: "tid start_ms end_ms duration_ms gap_ms", times from the common
 * start with six decimals; the gap is the paper's (section 5.1): this
 * interval's start minus the end of the previous interval on the same CPU,
 * of any thread (on one CPU: minus the previous line's end), so it holds
 * the switch between two threads; the first interval on a CPU gets its
 * start minus the run's start, and an interval that starts before the
 * previous one on its CPU ends gets 0. With HG_TRACE_RAW_CYCLES, the start and end
 * counter values follow. Returns 0 or -errno (-EINVAL for records that do
 * not decode).
 */
int hg_print_intervals(FILE *f, const struct hg_trace *t);

/*
 * hg_print_summary - the comment lines ("# ...") a person reads: the run,
 * the counter, the memory, then a table with one row per thread
 */
void hg_print_summary(FILE *f, const struct hg_trace *t);

/*
 * hg_tick_unit - what one step of the counter named @counter is called
 * where a person reads it: "cycles" for the TSC (and a trace that does
 * not name its counter, which was one), "ticks" for any other (an arm64
 * generic timer at 54 MHz does not count the processor's cycles)
 */
const char *hg_tick_unit(const char *counter);

/*
 * hg_print_calib - the calibration as the summary gives it
 * @counter: name of the counter ("tsc")
 */
void hg_print_calib(FILE *f, const struct hg_calib *c, const char *counter);

/*
 * hg_print_samples - "latlate: <us>" for each latency sample of the LAT
 * threads, thread by thread, in order. Returns 0 or -errno.
 */
int hg_print_samples(FILE *f, const struct hg_trace *t);

/*
 * hg_print_models - what the timed models report, after the summary:
 * "thread <n>: missed <m> deadlines, hit <h>" and response times for
 * PERIODIC, frames for CPU_PERIODIC, lateness statistics and threshold
 * counts for LAT, then the LAT histogram (--histogram) in cyclictest's -h
 * layout
 */
void hg_print_models(FILE *f, const struct hg_trace *t);

/*
 * hg_print_lat - the report of one LAT thread @th, as hg_print_models()
 * gives it: "# thread <n>: LAT ..., wake-ups at now + T: <count> samples;
 * lateness us min ... max ..." (start + k*T for LAT <T> GRID: which clock
 * ran) and "# thread <n>: samples later than <threshold>: <count>, ..."
 */
void hg_print_lat(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th);

/* Version of lat --json's schema (schemas/lat.schema.json). */
#define HG_LAT_SCHEMA 1

/*
 * hg_lat_json - the figures of hg_print_lat() and, with @nb buckets (0:
 * none), of hg_print_lat_histogram() for every LAT thread of @t as one
 * JSON document (schemas/lat.schema.json). Returns 0, -ENOMEM or -EIO.
 */
int hg_lat_json(FILE *f, const struct hg_trace *t, uint32_t nb);

/*
 * hg_print_lat_histogram - the LAT samples of every LAT thread in @nb
 * buckets of 1 us, in cyclictest's -h layout: "# Histogram", one line per
 * bucket with a column per LAT thread, then totals, min, avg and max
 * latencies and overflows (samples of @nb us or more) per thread. Prints
 * nothing when there is no LAT thread or memory runs out.
 */
void hg_print_lat_histogram(FILE *f, const struct hg_trace *t, uint32_t nb);

/*
 * hg_print_lockwait - for thread @th with lock sections (--cs): its jobs
 * blocked, the longest and 99th-percentile wait of a job for its locks,
 * then one line a section with its lock, protocol and longest wait
 */
void hg_print_lockwait(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th);

/*
 * hg_print_prediction - after a run with PERIODIC threads: the
 * response-time analysis of the run's own task set (C, T, D, priorities,
 * --jitter, --blocking) beside the measured maximum and 99th percentile
 * of the response times and the misses, and whether the prediction held;
 * then the analysis again with the release jitter measured in the run.
 * For each reservation (-rh, -rs): the CPU time received per period
 * against the budget (min, mean, max), the periods that used the whole
 * budget (throttled), the missed deadlines.
 */
void hg_print_prediction(FILE *f, const struct hg_trace *t);

/*
 * hg_print_gap_histograms - -gh: for each thread, the percentiles 50 to
 * 99.999 of its gaps and a histogram of them in power-of-two buckets of ns
 */
void hg_print_gap_histograms(FILE *f, const struct hg_trace *t);

/*
 * hg_print_trace - the whole text output of a run: the header, intervals and latency
 * samples unless HG_TRACE_NO_INTERVALS, then the summary, the models'
 * reports and, with HG_TRACE_GAP_HIST, the gap histograms.
 * Returns 0 or -errno.
 */
int hg_print_trace(FILE *f, const struct hg_trace *t);

#endif /* HG_TEXT_H */
