/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tracer.h - the gap loop (paper figure 2) and its slow path
 *
 * A thread's tracer holds its current interval. hg_tracer_loop() spins on
 * the cycle counter; when two readings are further apart than the gap
 * threshold, the interval so far is recorded and a new one starts. The loop
 * does nothing else per iteration but one comparison against a limit: the
 * earliest of the thread's end, the caller's deadline, the point where the
 * caller's budget of received CPU time runs out, and the next check of the
 * stop flag. Everything else happens out of line, in hg_tracer_event().
 */
#ifndef HG_TRACER_H
#define HG_TRACER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "trace/arena.h"
#include "trace/brk.h"
#include "trace/counter.h"
#include "trace/tstats.h"

/* Why hg_tracer_loop() returned. */
enum hg_loop_result {
	HG_LOOP_STOP = 1,	/* the stop flag was raised or the thread's end passed */
	HG_LOOP_DEADLINE,	/* the caller's deadline passed */
	HG_LOOP_BUDGET,		/* the caller's budget of CPU time was received */
};

#define HG_NO_LIMIT UINT64_MAX

struct hg_tracer {
	/* read per iteration */
	uint64_t hiccup_cycles;	/* a larger step leaves the loop: a hiccup or a gap */
	uint64_t last;		/* previous counter reading */
	uint64_t limit;		/* next counter value at which to look up */
	/* read per gap */
	uint64_t gap_cycles;	/* threshold: a larger step is a gap */
	uint64_t start;		/* start of the current interval */
	unsigned int cpu;	/* CPU of the current interval */
	uint64_t end;		/* counter value at which the thread stops */
	uint64_t deadline;	/* caller's deadline, HG_NO_LIMIT for none */
	uint64_t budget;	/* CPU time still to receive, at @start */
	uint64_t check_cycles;	/* longest time between looks at @stop */
	uint64_t slow_cycles;	/* the longest the slow path takes on the CPU */
	const atomic_int *stop;
	struct hg_writer *writer;
	struct hg_tstats *stats;
	uint64_t (*clock)(void *arg);	/* the slow path's counter; NULL: the real one */
	void *clock_arg;
	struct hg_break *brk;	/* --break, or NULL */
	unsigned int id;	/* the thread's number, for --break */
	uint64_t pending_gap;	/* the gap before the open interval ... */
	bool gap_pending;	/* ... counted once that interval is recorded */
	bool running;		/* an interval is open */
	bool cpu_aux;		/* the counter says the CPU (hg_counter_cpu_aux) */
};

/*
 * hg_tracer_init - set up a tracer; nothing is timed yet
 * @gap_cycles:   gap threshold
 * @end:          counter value at which the thread's run ends
 * @check_cycles: how often to look at @stop when no gap comes
 */
void hg_tracer_init(struct hg_tracer *tr, struct hg_writer *w,
		    struct hg_tstats *st, const atomic_int *stop,
		    uint64_t gap_cycles, uint64_t end, uint64_t check_cycles);

/*
 * hg_tracer_wait - spin until the counter reaches @until, or the stop flag
 * Returns 0, or HG_LOOP_STOP when the flag was raised first. The flag is
 * looked at on every reading: a counter that does not get there (another
 * CPU's that lags, one set back, one that stands still) never keeps a run
 * that is stopping waiting.
 */
int hg_tracer_wait(const struct hg_tracer *tr, uint64_t until);

/*
 * hg_tracer_hiccups - count the steps longer than @floor cycles but not
 * longer than the gap threshold as hiccups (the processor's, not
 * interruptions: hg_tstats' hiccups and hiccup_cycles) instead of letting
 * them pass unseen; they stay part of the interval. A @floor at or above
 * the threshold counts none, which is how hg_tracer_init() leaves it.
 */
void hg_tracer_hiccups(struct hg_tracer *tr, uint64_t floor);

/*
 * The longest the slow path takes when the thread keeps its CPU (a few
 * hundred cycles of a GHz processor); longer, and the thread was kept off
 * the CPU in it. In time, HG_SLOW_PATH_NS, for hg_tracer_slow_path(): the
 * same 500 ns are 1,000 ticks of a 2 GHz counter and 27 of a 54 MHz one.
 * HG_SLOW_PATH_CYCLES is what hg_tracer_init() takes when no time is given.
 */
#define HG_SLOW_PATH_NS 500u
#define HG_SLOW_PATH_CYCLES 1024u

/* hg_tracer_slow_path - the slow path's allowance in the counter's ticks (at least 1). */
void hg_tracer_slow_path(struct hg_tracer *tr, uint64_t cycles);

/* hg_tracer_start - open the first interval now. */
void hg_tracer_start(struct hg_tracer *tr);

/*
 * hg_tracer_set - set the caller's deadline and budget for the next loop
 * @deadline: counter value, or HG_NO_LIMIT
 * @budget:   CPU time to receive from now on, in cycles, or HG_NO_LIMIT
 */
void hg_tracer_set(struct hg_tracer *tr, uint64_t deadline, uint64_t budget);

/*
 * hg_tracer_event - the slow path: a gap, a hiccup or the limit was seen at @now
 * Returns 0 to go on looping, or an hg_loop_result.
 */
int hg_tracer_event(struct hg_tracer *tr, uint64_t now);

/*
 * hg_tracer_block - account for a call that may give up the CPU
 * @flags: HG_REC_YIELD or HG_REC_SLEEP: how the interval ends if it does
 *
 * Called right after sched_yield() or a sleep: when the CPU was given away
 * for longer than the threshold, the interval before the call is recorded
 * with @flags and a new one starts. Set the next budget or deadline with
 * hg_tracer_set() before calling it. Returns 0 to go on, or an
 * hg_loop_result as hg_tracer_loop() would.
 */
int hg_tracer_block(struct hg_tracer *tr, unsigned int flags);

/*
 * hg_tracer_finish - record the open interval, ending at the last reading
 * or at the thread's end, whichever is first. An interval that holds no
 * time (opened by a gap that ran into the end), or that starts at or after
 * the end (the thread got the CPU only then), is left out, and so is the
 * gap before it.
 */
void hg_tracer_finish(struct hg_tracer *tr);

/*
 * hg_tracer_loop - the gap loop
 * @iters: when not NULL, counts iterations (calibration only; the compiler
 *         drops the count when the caller passes a constant NULL)
 * @work:  when not NULL, called once per iteration (inlined when constant)
 * @arg:   for @work
 */
static inline __attribute__((always_inline)) int
hg_tracer_loop_work(struct hg_tracer *tr, uint64_t *iters,
		    void (*work)(void *), void *arg)
{
	uint64_t gap = tr->hiccup_cycles, last = tr->last, limit = tr->limit;
	uint64_t n = 0;
	int ret;

	for (;;) {
		uint64_t now = hg_counter_read();

		if (__builtin_expect((now - last > gap) | (now >= limit), 0)) {
			tr->last = last;
			ret = hg_tracer_event(tr, now);
			if (ret)
				break;
			last = tr->last;
			limit = tr->limit;
			continue;
		}
		last = now;
		if (work)
			work(arg);
		if (iters)
			n++;
	}
	if (iters)
		*iters += n;
	return ret;
}

/* hg_tracer_loop - the gap loop with no work in it (CPU workloads). */
static inline int hg_tracer_loop(struct hg_tracer *tr)
{
	return hg_tracer_loop_work(tr, NULL, NULL, NULL);
}

#endif /* HG_TRACER_H */
