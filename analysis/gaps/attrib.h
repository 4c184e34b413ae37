/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * attrib.h - every gap attributed from the kernel's own context switches
 *
 * The trace's classification (classify.h) says what ran next on a gap's
 * CPU among the traced threads; the kernel's sched_switch events (those
 * of trace/kevents.h: a --kernel capture's own, or perf script text read
 * by analysis/kernel/ksched.h) say what ran there in fact. Matched to the workers
 * by thread id, the switches on the gap's CPU between the end of A's
 * interval and the next start on that CPU make the gap
 *   - a voluntary or involuntary switch: A -> B in one switch, nothing
 *     else ran (voluntary when A's interval ended with a yield or sleep);
 *   - an indirect switch: A -> other tasks -> B; left out of the
 *     switch-cost statistics, the other tasks named;
 *   - a foreign task: A -> other tasks -> A, named;
 *   - foreign other: A resumed with no switch at all (an interrupt, the
 *     kernel, the hypervisor);
 *   - a migration: A resumed on another CPU (as the trace says);
 *   - unclassified: the trace could not tell, or the kernel's switches do
 *     not fit it (none for a switch, or not starting with A or not ending
 *     with the thread that ran next).
 * The CPU idle task (pid 0) counts as another task: the CPU was idle.
 */
#ifndef HG_ATTRIB_H
#define HG_ATTRIB_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis/gaps/classify.h"
#include "trace/kevents.h"
#include "trace/recsrc.h"
#include "trace/trace.h"

enum hg_sched_class {
	HG_SC_VOLUNTARY,	/* the same positions as HG_GAP_VOLUNTARY ... */
	HG_SC_INVOLUNTARY,	/* ... and HG_GAP_INVOLUNTARY: the switch costs */
	HG_SC_INDIRECT,
	HG_SC_FOREIGN_TASK,
	HG_SC_FOREIGN_OTHER,
	HG_SC_MIGRATION,
	HG_SC_UNKNOWN,
	HG_SC_NCLASSES,
};

/*
 * hg_sched_class_name - "voluntary switch", "involuntary switch",
 * "indirect switch", "foreign task", "foreign other", "migration",
 * "unclassified" (with '_' for ' ', the JSON keys)
 */
const char *hg_sched_class_name(enum hg_sched_class c);

/* A gap with its attribution. */
struct hg_sched_gap {
	enum hg_sched_class cls;
	struct hg_gap gap;	/* the trace's view: thread, CPU, time, cost */
	uint32_t switches;	/* the kernel's switches inside it */
};

/* Another task's run inside a worker's gap (indirect switch, foreign task). */
struct hg_sched_run {
	uint32_t cpu;
	uint32_t pid;
	const char *comm;
	uint64_t start_cycles;	/* on the trace's counter */
	uint64_t end_cycles;
};

/* What the kernel's events say on their own, over the run. */
struct hg_sched_totals {
	uint64_t switches;		/* events inside the run */
	uint64_t from_workers_to_others;/* a worker switched out for another task */
	uint64_t between_workers;	/* a worker switched out for another worker */
	uint64_t gaps;			/* the trace's gaps ... */
	uint64_t agree;			/* ... that the kernel's switches class
					 * as the trace did (a switch of the
					 * same kind, foreign as foreign task
					 * or other, migration, unclassified) */
	uint64_t outside_gaps;		/* events of a worker in none of its
					 * switch or foreign gaps (in a
					 * migration, or misplaced in time) */
};

/* The kernel's events an attribution takes their switches from. */
struct hg_attrib_in {
	const struct hg_kevents *k;
	uint64_t resolution_ns;	/* of their times: 1000 for perf's default
				 * microseconds, 1 for --ns or a capture */
	bool own;		/* the trace's own capture (--kernel): of this
				 * run, so taken even with no switch of its
				 * threads (a thread never switched out) */
};

typedef int (*hg_sched_gap_fn)(const struct hg_sched_gap *g, void *arg);
typedef int (*hg_sched_run_fn)(const struct hg_sched_run *r, void *arg);

/*
 * hg_attribute - attribute every gap of @t from the switches of @in:
 * @gap_fn once per gap, @run_fn (may be NULL) once per other task's run
 * inside a gap; @tot the kernel's own counts (may be NULL). Each CPU's
 * gaps are handed over in the order of their start, those on its line
 * (switches and foreign activity) as no switch can fall in them any more,
 * the CPUs' interleaved as the classifier finds them; the runs in the
 * order of @in's events (CPU by CPU, each by time): the first CPU's with
 * its gaps, the others' after every gap. @t's records are read twice
 * whatever the number of CPUs (once to find the lines whose gaps come out
 * of time order, a damaged trace, once to attribute); @in's events once,
 * a window a CPU at a time (another tool's once in order before, for its
 * checks), and those of the runs of all CPUs but the first once more.
 * Only the gaps a switch waits for are held (all of a CPU's when its
 * records give them out of time order), with a window of each CPU's
 * events and, with @run_fn, a bit an event. The switches taken are those
 * inside the run, from the clock pair at its start to its end on the
 * trace's counter (for another tool's text, the end placed through the
 * pair at the start, as its events are); a switch belongs to a gap when
 * it lies between its ends, give or take @in's resolution and 2 us.
 * @err: a one-line reason for the errors that are the input's
 * Returns 0; -ENODATA when @t has no thread ids (written before they were
 * kept); -ESRCH when no switch of @in names a worker's thread id (a
 * capture of another run; never for the trace's own); -ENOMEM; -EINVAL
 * for damaged records; or what a callback returned when not 0.
 */
int hg_attribute(const struct hg_trace *t, const struct hg_attrib_in *in, hg_sched_gap_fn gap_fn,
		 hg_sched_run_fn run_fn, void *arg, struct hg_sched_totals *tot,
		 char *err, size_t errlen);

/*
 * hg_attribute_src - hg_attribute() with @t's records read through @src
 * (recsrc.h): a tap that sees them, or another source of them. Returns
 * what hg_attribute() returns, or -errno of @src.
 */
int hg_attribute_src(const struct hg_trace *t, const struct hg_recsrc *src,
		     const struct hg_attrib_in *in, hg_sched_gap_fn gap_fn,
		     hg_sched_run_fn run_fn, void *arg, struct hg_sched_totals *tot,
		     char *err, size_t errlen);

/*
 * hg_attrib_check - whether hg_attribute() can attribute @t's gaps from
 * @in: its errors that are the input's, with no gap handed over (@t's
 * records read once). Returns what hg_attribute() returns with callbacks
 * that return 0.
 */
int hg_attrib_check(const struct hg_trace *t, const struct hg_attrib_in *in, char *err,
		    size_t errlen);

#endif /* HG_ATTRIB_H */
