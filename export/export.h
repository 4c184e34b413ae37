/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * export.h - a saved trace in formats other tools read
 *
 * Three formats, every record of every thread:
 *
 * perfetto  Chrome trace-event JSON, which ui.perfetto.dev and
 *           chrome://tracing open: {"traceEvents":[...],
 *           "displayTimeUnit":"ns", "otherData":{...}}, one event a line.
 *           Process "hourglass threads" (pid 1) holds one track per thread,
 *           named "thread N: <workload> <priority>" (tid 3+N, sorted by
 *           N), with one complete event ("X", category "interval", named
 *           "cpu C") per interval of execution; args: cpu, ended_by
 *           (preempt, yield, sleep, or end for the thread's last).
 *           Jobs (PERIODIC) are async slices ("b"/"e", category "job",
 *           named "thread N: job", id "N.K" for the K-th job) from release
 *           to completion; args response_ns, deadline_miss. They are not
 *           complete events on the thread's track: after an overrun a job
 *           is released before the previous one is done and one interval
 *           runs both, so slices on one track would not nest; the viewers
 *           lay async slices of one name out in rows that do not overlap.
 *           A missed deadline is also an instant event ("i", "deadline
 *           miss") on the thread's track at the deadline. Latency samples
 *           (LAT) are a counter ("C") of the process, "thread N: lateness",
 *           with the lateness in ns at each requested wake-up. Frames and
 *           missed periods (CPU_PERIODIC) are instant events (category
 *           "frame", named "frame" or "period miss") on the thread's track
 *           at the frame's end or the period's end.
 *           Process "CPUs" (pid 2) holds one track per CPU that ran an
 *           interval, named "CPU C" (tid 3+T+C for T threads, sorted by
 *           C), with the same intervals named "thread N" (category "cpu";
 *           args thread, ended_by): the schedule as each CPU saw it.
 *           With the kernel's events (--kernel), each captured CPU also
 *           has the tracks "CPU C: interrupts" (tid of "CPU C" + 65536)
 *           and "CPU C: other tasks" (+ 131072), sorted after the CPU
 *           tracks, of complete events (category "kernel", args kind, and
 *           pid for a task): every interrupt context, nested as it ran
 *           ("irq 24:eth0", "softirq NET_RX", "timer local_timer", ...),
 *           and every run of a task not among the threads
 *           (analysis/kslices.h).
 *           Track ids are unique across both processes and never 0, 1 or 2:
 *           Perfetto names threads by tid alone, takes tid 0 for the idle
 *           task and gives an event without a tid its pid.
 *
 *           "otherData" holds schema, generator, clock, the run's metadata
 *           (meta.h, the same keys as export json's "run") and "system".
 *           Timestamps are CLOCK_MONOTONIC, from the counter/monotonic pair
 *           recorded at the run's start: ts (us, three decimals, so no ns is
 *           lost) = (start_monotonic_ns + (cycles - start_cycles) * 1e9 /
 *           tsc_hz) / 1000, in integer arithmetic (unsigned __int128),
 *           rounded to the nearest ns. They line up with perf (perf record
 *           -k mono) or trace-cmd (trace-cmd record -C mono)
 *           captures of the same run opened beside it. A duration is the
 *           difference of the two rounded ends, so ts + dur is the end.
 *           Readers parse the numbers as doubles: ns survive while the
 *           monotonic clock is below 2^41 us (25 days of uptime), and
 *           Perfetto, which truncates us * 1000 to whole ns, may show a
 *           time 1 ns early.
 *
 * csv       A header line, then one row per interval (pieces of a long
 *           interval are joined) or event record, thread by thread, each
 *           thread's rows in the order recorded. Columns:
 *             thread       the thread's number
 *             kind         interval, job, lat, frame or period_miss
 *             start_ns     start, ns from the run's common start (as the
 *                          trace lines; a time before it reads 0)
 *             end_ns       end, ns from the run's common start
 *             duration_ns  end_ns - start_ns
 *             cpu          the CPU: the one an interval ran on; the one
 *                          that recorded an event
 *             flags        yield, sleep, last (interval) or miss (job,
 *                          period_miss), joined by '|'; empty for none
 *             mono_ns      CLOCK_MONOTONIC at the start (as for perfetto)
 *             cycles       the counter value in the record: an interval's
 *                          start; a job's release, a lat sample's requested
 *                          wake-up; a frame's end, a missed period's end
 *             tid          the thread's kernel thread id; empty when the
 *                          trace did not keep it (an older file)
 *           The span of a row: interval: the execution; job: release to
 *           completion (the response time); lat: requested to actual
 *           wake-up (the lateness); frame: the frame time, ending when the
 *           frame was done; period_miss: the missed period. An event's value
 *           is stored in 32 bits of ns: a span longer than 4.29 s is cut
 *           there.
 *
 * json      {"schema":2, "generator", "run":{...}, "system":{...},
 *           "threads":[{"id", "workload", "priority", "cpus", "timer",
 *           "model", "period_ns", "deadline_ns", "records_stored",
 *           "records_dropped", "records":[{"kind", "start_ns", "end_ns",
 *           "cpu", "flags":[...]}]}]}, records as the csv rows; "run" and
 *           "system" are the run's metadata as in the summary (meta.h):
 *           command, duration_ns, elapsed_ns, tsc_hz, t0_cycles, the
 *           monotonic/counter pairs at start and end (start_monotonic_ns,
 *           start_cycles, end_monotonic_ns, end_cycles), start_realtime_ns,
 *           interrupted, ...; schemas/export.schema.json.
 *
 * prom      OpenMetrics text of the run's statistics (no records), as
 *           --prom writes it during a run: see prom.h.
 *
 * Event records of a type this version does not know are left out.
 */
#ifndef HG_EXPORT_H
#define HG_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdio.h>

#include "analysis/sched.h"
#include "trace/reccur.h"
#include "trace/trace.h"

/* Version of the json export's schema; raised when a key changes or goes. */
#define HG_EXPORT_SCHEMA 2

enum hg_export_format {
	HG_EXPORT_PERFETTO,
	HG_EXPORT_CSV,
	HG_EXPORT_JSON,
	HG_EXPORT_PROM,
};

/* The formats' names for messages: "perfetto, csv, json, prom". */
#define HG_EXPORT_FORMATS "perfetto, csv, json, prom"

enum hg_export_kind {
	HG_EXPORT_INTERVAL,
	HG_EXPORT_JOB,
	HG_EXPORT_LAT,
	HG_EXPORT_FRAME,
	HG_EXPORT_PERIOD_MISS,
};

/* One row of an export: an interval, reassembled, or an event. */
struct hg_export_item {
	unsigned int kind;	/* enum hg_export_kind */
	unsigned int cpu;
	unsigned int flags;	/* HG_REC_YIELD, _SLEEP, _LAST or HG_REC_MISS */
	uint64_t cycles;	/* the counter value in the record (see csv) */
	uint64_t value_ns;	/* events: the recorded value; intervals: 0 */
	uint64_t start_ns;	/* from the common start */
	uint64_t end_ns;
	uint64_t mono_ns;	/* CLOCK_MONOTONIC at the start ... */
	uint64_t mono_end_ns;	/* ... and at the end */
};

/*
 * hg_export_parse_format - the format named @name (exactly, lowercase)
 * Returns 0 with *@fmt set, or -EINVAL.
 */
int hg_export_parse_format(const char *name, enum hg_export_format *fmt);

/* hg_export_kind_name - "interval", "job", "lat", "frame", "period_miss". */
const char *hg_export_kind_name(unsigned int kind);

/*
 * hg_export_next - the row of @t starting at the next record of cursor @c
 * (reccur.h), which is advanced past the row's records (and past unknown
 * event types)
 * Returns 1 with *@it filled, 0 at the end, -EINVAL for records that do not
 * decode (a continued interval cut off or not joining up), -errno of a
 * failed read.
 */
int hg_export_next(const struct hg_trace *t, struct hg_reccur *c, struct hg_export_item *it);

/*
 * hg_export_check - decode every record of @t without writing anything
 * Returns 0 or -EINVAL.
 */
int hg_export_check(const struct hg_trace *t);

/*
 * hg_export - write @t to @f in format @fmt
 * The records are checked first: on -EINVAL nothing has been written.
 * Returns 0, -EINVAL for damaged records, -EIO when writing failed.
 */
int hg_export(FILE *f, const struct hg_trace *t, enum hg_export_format fmt);

/*
 * hg_export_sched - hg_export() with the kernel's switches @s (sched.h;
 * NULL: none): perfetto also puts the other tasks that ran inside the
 * workers' gaps on the CPU tracks, one complete event each (category
 * "other", named by the task, args "pid"), as ctx --sched attributes them
 * (attrib.h, which the caller has run once to check @s fits @t).
 */
int hg_export_sched(FILE *f, const struct hg_trace *t, enum hg_export_format fmt,
		    const struct hg_sched *s);

/* hg_export_takes_sched - whether format @fmt shows the kernel's switches. */
bool hg_export_takes_sched(enum hg_export_format fmt);

#endif /* HG_EXPORT_H */
