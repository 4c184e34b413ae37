/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * trace.h - a finished run, in memory
 *
 * A run builds one of these when it ends; hg_trace_read() builds the same
 * from a saved file. Everything after the run (text, JSON, analyses) reads
 * only this, so a saved file gives exactly what the run gave.
 */
#ifndef HG_TRACE_H
#define HG_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/calib.h"
#include "trace/chains.h"
#include "trace/kevents.h"
#include "trace/locks.h"
#include "trace/record.h"
#include "trace/tstats.h"
#include "trace/worst.h"

/*
 * Version 2 appends to version 1's payloads: the thread's kernel id and CPU
 * time at the end of THREAD, the process id and the per-CPU kernel
 * counters at the end of RUN.
 * Version 1 files still read: those fields are then unknown (0).
 * Version 3 may hold a KEVENTS section (the kernel's events, --kernel).
 * Version 4 adds a LOCKS section (the locks and each thread's sections,
 * --cs); a run without locks is still written as version 3, so its file
 * reads with the builds before it.
 * Version 5 adds an OVER section (--on-threshold continue: the count of
 * events past the threshold and the worst kept); a run without it is
 * written as version 3 or 4, as before.
 */
#define HG_TRACE_VERSION 3
#define HG_TRACE_VERSION_MAX 6	/* the newest this build reads (and writes with CHAINS) */
#define HG_MAX_NOISE_CPUS 4096
#define HG_NO_RT_PRIO INT32_MIN
#define HG_MAX_HISTOGRAM_BUCKETS 1000000u	/* --histogram <max_us> at most */
#define HG_LABEL_LEN 64

enum {
	HG_TRACE_INTERRUPTED = 1 << 0,	/* ended early by a signal */
	HG_TRACE_MEMLOCKED   = 1 << 1,	/* mlockall() succeeded */
	HG_TRACE_RAW_CYCLES  = 1 << 2,	/* -c: trace lines carry cycle values */
	HG_TRACE_NO_INTERVALS = 1 << 3,	/* -x: no trace lines */
	HG_TRACE_FAILED      = 1 << 4,	/* a thread failed during the run */
	HG_TRACE_GAP_HIST    = 1 << 5,	/* -gh: print the gap histograms */
	HG_TRACE_RING        = 1 << 6,	/* --forever: a flight recorder's newest records */
	HG_TRACE_SNAPSHOT    = 1 << 7,	/* SIGUSR1: taken while the run went on */
	HG_TRACE_BREAK       = 1 << 8,	/* --break stopped the run */
	HG_TRACE_KEVENTS     = 1 << 9,	/* --kernel: a KEVENTS section follows (v3) */
	HG_TRACE_LOCKS       = 1 << 10,	/* --cs: a LOCKS section follows (v4) */
	HG_TRACE_OVER        = 1 << 11,	/* --on-threshold continue: an OVER section (v5) */
	HG_TRACE_CHAINS      = 1 << 12,	/* --chain: a CHAINS section (v6) */
};

/* What a thread's model reports beside its intervals. */
enum hg_model {
	HG_MODEL_SPIN = 0,	/* CPU-bound models: intervals and gaps only */
	HG_MODEL_PERIODIC,	/* jobs with deadlines: PERIODIC, PERIODIC_TABLE */
	HG_MODEL_CPU_PERIODIC,	/* frames in periods */
	HG_MODEL_LAT,		/* wake-up lateness samples */
};

/* A thread's CPU reservation (SCHED_DEADLINE), as the trace stores it. */
enum hg_reserve {
	HG_RESERVE_NONE = 0,
	HG_RESERVE_HARD,	/* -rh: throttled at the budget */
	HG_RESERVE_SOFT,	/* -rs: SCHED_FLAG_RECLAIM, may run past it */
};

/*
 * Where a trace read as a stream (tstream.h) has its threads' records: in
 * its file, read on demand. Its threads' @recs are NULL; a reader takes
 * them through a cursor (reccur.h), which reads both kinds of trace.
 */
struct hg_recfile {
	/* thread @i's records from its @at-th, @n of them, into @buf; 0 or -errno */
	int (*read)(void *priv, uint32_t i, uint64_t at, struct hg_record *buf, size_t n);
	void *priv;
	size_t chunk;		/* records a cursor reads at once; 0: HG_RECCUR_CHUNK */
};

struct hg_trace_thread {
	uint32_t id;
	char workload[HG_LABEL_LEN];	/* e.g. "CPU_SCAN 256KB" */
	char priority[HG_LABEL_LEN];	/* e.g. "RTHIGH (SCHED_FIFO 90)" */
	char cpus[HG_LABEL_LEN];	/* e.g. "0-1", "all" */
	char timer[HG_LABEL_LEN];	/* empty when the workload has none */
	char unit[HG_LABEL_LEN];	/* what stats.units counts, or empty */
	int32_t error;			/* 0 or -errno of a failure in the run */
	uint32_t model;			/* enum hg_model */
	uint64_t period_ns;		/* timed models: T */
	uint64_t deadline_ns;		/* PERIODIC: D */
	uint64_t timer_res_ns;		/* resolution of its timer */
	/* for the analysis after the run (jobs models) */
	int32_t rt_prio;		/* SCHED_FIFO/RR priority, or HG_NO_RT_PRIO */
	uint64_t wcet_ns;		/* C: the model's or --wcet; 0: not jobs */
	uint64_t jitter_ns;		/* --jitter */
	uint64_t blocking_ns;		/* --blocking */
	uint32_t ncs;			/* --cs: sections of each job (LOCKS section) */
	struct hg_cs cs[HG_MAX_CS];
	uint32_t reserve;		/* enum hg_reserve */
	uint64_t reserve_budget_ns;
	uint64_t reserve_period_ns;
	uint64_t gap_threshold_cycles;
	uint64_t hiccup_cycles;		/* its hiccup floor (0: none counted, older file) */
	uint64_t begin_cycles;		/* planned start (after -s) */
	uint64_t end_cycles;		/* planned end (-f or -d) */
	uint64_t vcsw;			/* voluntary context switches (getrusage) */
	uint64_t ivcsw;			/* involuntary context switches */
	uint64_t stored;		/* records stored */
	uint64_t dropped;		/* records that found no room */
	uint32_t tid;			/* kernel thread id; 0: unknown (older file) */
	uint64_t kernel_cpu_ns;		/* CLOCK_THREAD_CPUTIME_ID over its window
					 * (valid when @tid is) */
	struct hg_tstats stats;
	/* a flight recorder (--forever) keeps each thread's newest records */
	uint64_t overwritten;		/* records written over by newer ones */
	uint64_t complete_since_cycles;	/* start of the oldest one kept, when any was */
	struct hg_record *recs;		/* @stored records, in order; NULL: in @rfile */
	bool recs_borrowed;		/* they lie in the trace's file mapping */
	const struct hg_recfile *rfile;	/* a stream's trace's (its own), else NULL */
};

/*
 * What the kernel counted on one CPU over the run (deltas from just before
 * the start to just after the end; see hg_trace.noise_window_ns).
 */
struct hg_cpu_noise {
	uint32_t cpu;
	uint64_t busy_ns;	/* /proc/stat user nice system irq softirq */
	uint64_t steal_ns;	/* /proc/stat steal */
	uint64_t irqs;		/* /proc/interrupts, summed over sources */
	uint64_t softirqs;	/* /proc/softirqs, summed over kinds */
	uint64_t idle_ns;	/* /proc/stat idle iowait: busy, steal and idle
				   are the time the counters saw pass */
};

struct hg_kv {
	char *key;
	char *value;
};

struct hg_trace {
	uint32_t version;
	uint32_t flags;			/* HG_TRACE_* */
	int32_t signal;			/* signal that ended the run, or 0 */
	struct hg_calib calib;
	uint64_t t0_cycles;		/* the common start */
	uint64_t stop_cycles;		/* when the stop flag was raised */
	uint64_t duration_ns;		/* requested duration (-d) */
	uint64_t mono_start_ns;		/* CLOCK_MONOTONIC at t0 ... */
	uint64_t mono_start_cycles;	/* ... and the counter read with it */
	uint64_t mono_end_ns;
	uint64_t mono_end_cycles;
	uint64_t realtime_start_ns;	/* CLOCK_REALTIME at t0 */
	uint64_t capacity;		/* records the arena held */
	uint32_t histogram_us;		/* --histogram: LAT buckets of 1 us, 0: none */
	uint32_t nthresholds;		/* LAT: lateness thresholds counted */
	uint64_t thresholds_ns[HG_MAX_THRESHOLDS];
	char *cmdline;			/* the command line, words joined by spaces */
	size_t nsys;
	struct hg_kv *sys;		/* system snapshot */
	size_t cap_sys;			/* room in sys (util/grow.h) */
	uint32_t nthreads;
	struct hg_trace_thread *threads;
	uint32_t pid;			/* the run's process id; 0: unknown */
	uint64_t noise_window_ns;	/* CLOCK_MONOTONIC between the readings */
	uint32_t nnoise;		/* CPUs in @noise; 0: not measured */
	bool noise_idle;		/* their idle_ns read (not in older files) */
	struct hg_cpu_noise *noise;
	/* --break: what stopped the run (version 2) */
	uint32_t break_kind;		/* enum hg_break_kind, 0: none */
	uint32_t break_thread;
	uint32_t break_cpu;
	uint32_t break_marked;		/* 1: kernel trace marked and stopped */
	uint64_t break_at_cycles;
	uint64_t break_value;		/* a gap in cycles, else ns */
	uint64_t break_threshold_ns;
	struct hg_over *over;		/* --on-threshold continue (OVER), or NULL */
	struct hg_chainset *chains;	/* --chain: the chains and their jobs (CHAINS), or NULL */
	struct hg_kevents *kev;		/* --kernel: the kernel's events, or NULL */
	uint32_t nlocks;		/* --cs: the locks (LOCKS section), 0: none */
	struct hg_lock locks[HG_MAX_LOCKS];
	struct hg_recfile rfile;	/* a stream's: its records' reader, else none */
	void *map;			/* the file hg_trace_read() mapped, or NULL */
	size_t maplen;
};

/* hg_trace_alloc - an empty trace for @nthreads threads, or NULL. */
struct hg_trace *hg_trace_alloc(uint32_t nthreads);

/* hg_trace_free - free @t and everything it owns; NULL is fine. */
void hg_trace_free(struct hg_trace *t);

/*
 * hg_trace_add_sys - append a key/value to the system snapshot (copied)
 * Returns 0 or -ENOMEM.
 */
int hg_trace_add_sys(struct hg_trace *t, const char *key, const char *value);

/* hg_trace_sys - the value of @key in the snapshot, or NULL. */
const char *hg_trace_sys(const struct hg_trace *t, const char *key);

/*
 * hg_trace_add_counter - the counter's step and stated frequency from
 * @t->calib into the snapshot (counter_step_cycles, counter_stated_hz when
 * the counter states one): the RUN section's calibration has no field for
 * them. Returns 0 or -ENOMEM.
 */
int hg_trace_add_counter(struct hg_trace *t);

/*
 * hg_trace_counter_from_sys - the other way, for a trace read from a file:
 * @t->calib's step_cycles and stated_hz from the snapshot (0 when absent or
 * not a number).
 */
void hg_trace_counter_from_sys(struct hg_trace *t);

/* hg_trace_ns - nanoseconds from the common start to counter value @c. */
uint64_t hg_trace_ns(const struct hg_trace *t, uint64_t c);

/*
 * hg_trace_mono_ns - CLOCK_MONOTONIC at counter value @cycles, from the
 * pair recorded at the run's start, rounded to the nearest ns (0 if it
 * would be negative)
 */
uint64_t hg_trace_mono_ns(const struct hg_trace *t, uint64_t cycles);

/*
 * hg_trace_mono_cycles - the counter value at CLOCK_MONOTONIC @ns, from the
 * same pair (0 if it would be negative): where another tool's times fall
 */
uint64_t hg_trace_mono_cycles(const struct hg_trace *t, uint64_t ns);

/*
 * hg_trace_write - write @t to @path atomically (temporary file + rename)
 * @err: a one-line reason on failure
 * Returns 0 or -errno; on failure nothing is left at @path.
 */
int hg_trace_write(const struct hg_trace *t, const char *path, char *err, size_t errlen);

/*
 * hg_trace_read - read a trace file, checking every length and the checksum;
 * the file is mapped, and its records are used where they lie (read-only)
 * @err: a one-line reason on failure ("truncated", "bad checksum", ...)
 * Returns 0 with *@out set, or -errno (-EINVAL for a damaged file).
 */
int hg_trace_read(const char *path, struct hg_trace **out, char *err, size_t errlen);

/*
 * hg_trace_decode - the same as hg_trace_read() from a buffer in memory
 */
int hg_trace_decode(const uint8_t *buf, size_t len, struct hg_trace **out,
		    char *err, size_t errlen);

#endif /* HG_TRACE_H */
