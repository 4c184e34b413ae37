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

/* hg_print_command - "# command: <the command line>", the header's first line. */
void hg_print_command(FILE *f, const struct hg_trace *t);

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
 * hg_print_summary - the comment lines ("# ...") of the whole output (-v,
 * dump): the run, the counter, the memory, the machine, then two tables
 * with one row per thread (a column empty in every row left out), the
 * threads' own gap thresholds, hiccups, failures, the kernel's counts and
 * the noise, and with --kernel the causes of the gaps
 */
void hg_print_summary(FILE *f, const struct hg_trace *t);

/*
 * hg_print_run - "# hourglass: <n> threads, -d <time>, started <UTC>, ran
 * <ms> ms", then what ended it otherwise: "# snapshot: ...", "# break:
 * ...", "# interrupted: ..." or "# ended: ..."
 */
void hg_print_run(FILE *f, const struct hg_trace *t);

/*
 * hg_print_machine - the machine in one line: "# system: kernel <release>
 * (<preemption> [<PREEMPT_DYNAMIC's mode>]), clocksource <cs>, rt throttling
 * <runtime>/<period> us | off[, <hypervisor>]", the hypervisor as the
 * audit found it (or the CPU's flag)
 */
void hg_print_machine(FILE *f, const struct hg_trace *t);

/*
 * hg_print_memory - "# memory: locked|not locked; trace <n> records
 * (<MiB>): <n> stored, <n> dropped"
 */
void hg_print_memory(FILE *f, const struct hg_trace *t);

/*
 * hg_print_ring - --forever: the flight recorder, and per thread from when
 * its trace is complete (its statistics cover the whole run all the same)
 */
void hg_print_ring(FILE *f, const struct hg_trace *t);

/*
 * hg_print_kevents - --kernel: "# kernel events: <n> on CPUs <list>
 * (<tracepoints>, clock <clock>), <n> lost"
 */
void hg_print_kevents(FILE *f, const struct hg_kevents *k);

/* hg_print_failures - "# thread <n> failed during the run: <why>" for each. */
void hg_print_failures(FILE *f, const struct hg_trace *t);

/*
 * hg_print_brief - what a run prints without -v, the answer first: the
 * command line, the trace lines and latency samples (unless -x), the run
 * (hg_print_run(), and what went wrong: a counter not invariant, records
 * dropped, failures), then per thread, in the threads' order, the line it
 * was run for (a CPU-bound thread's share and gaps, hg_print_answer(); a
 * timed model's, hg_print_model()), the LAT histogram and the prediction,
 * the loads, the kernel's events and
 * the causes of the gaps (--kernel), then one line each for the machine
 * (hg_print_machine()), the audit (hg_print_audit_brief()) and the noise
 * (hg_print_noise_brief()). The rest is in hg_print_trace(). Returns 0 or
 * -errno.
 */
int hg_print_brief(FILE *f, const struct hg_trace *t);

/*
 * hg_print_answer - a CPU-bound thread's line: "# thread <n>: <workload> at
 * <priority> on CPU[s] <list>: received <ms> ms of <ms> ms (<pct> %) in <n>
 * intervals; <n> gaps over <us> us: min <us> median <us> p99 <us> max <us>
 * us[; <work>]"; nothing for the timed models (hg_print_models() reports
 * them)
 */
void hg_print_answer(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th);

/*
 * hg_print_audit_brief - the audit in one line: "# audit: <n> checks of the
 * run's CPUs: <p> pass, <w> warn, <f> fail, <s> skip; worst: <VERDICT>
 * <id>: <found> (...)"; nothing for a trace without an audit
 */
void hg_print_audit_brief(FILE *f, const struct hg_trace *t);

/*
 * hg_print_noise_brief - the noise in one line: "# noise: quiet|not quiet:
 * other tasks up to <pct> % of CPU <c>, steal up to <pct> % (CPU <c>);
 * <n> interrupts, <n> softirqs on the <n> measured CPUs"; nothing for a file
 * without the kernel's counters
 */
void hg_print_noise_brief(FILE *f, const struct hg_trace *t);

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
 * hg_print_model - what one timed thread @th reports, as hg_print_models()
 * gives it (its lock waits too); nothing for a CPU-bound one
 */
void hg_print_model(FILE *f, const struct hg_trace *t, const struct hg_trace_thread *th);

/*
 * hg_print_lat_histogram_asked - the LAT histogram --histogram asked for, as
 * hg_print_models() ends with it; nothing without LAT threads or the option
 */
void hg_print_lat_histogram_asked(FILE *f, const struct hg_trace *t);

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
 * hg_print_trace_lines - the trace lines: hg_print_intervals(), then
 * hg_print_samples(); nothing for a trace with HG_TRACE_NO_INTERVALS.
 * Returns 0 or -errno.
 */
int hg_print_trace_lines(FILE *f, const struct hg_trace *t);

/*
 * hg_print_trace - the whole text output of a run (-v, and dump): the
 * header, intervals and latency samples unless HG_TRACE_NO_INTERVALS, then
 * the summary, the models' reports, the loads, every audit check, the
 * prediction and, with HG_TRACE_GAP_HIST, the gap histograms.
 * Returns 0 or -errno.
 */
int hg_print_trace(FILE *f, const struct hg_trace *t);

#endif /* HG_TEXT_H */
