/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * calib.h - counter frequency, counter and loop costs, gap threshold
 *
 * The counter's frequency is measured against CLOCK_MONOTONIC_RAW in
 * windows of growing length until two estimates agree within 0.1 %. The
 * cost of one gap-loop iteration is measured with the real loop. Twice the
 * loop time, the paper's gap threshold, is the hiccup floor (see
 * HG_GAP_DEFAULT_NS for the default threshold above it), where the loop
 * time is the longer of the mean iteration and the 99.9th percentile
 * of single iterations in the quietest of 15 batches: on machines whose
 * counter reads vary in latency (virtual machines), twice the mean would
 * take that jitter for gaps. The 99.9th percentile of the quietest batch,
 * unlike the 99.99th, is the same from run to run on a loaded machine, and
 * the floor is rounded up to a coarse step, so that two runs of one
 * machine get the same floor more often.
 */
#ifndef HG_CALIB_H
#define HG_CALIB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct hg_calib {
	uint64_t tsc_hz;		/* counter ticks per second */
	uint32_t rounds;		/* estimates taken until two agreed */
	uint32_t agree_ppm;		/* how closely the last two agreed */
	uint32_t counter_read_cycles;	/* median cost of one reading */
	uint32_t bare_loop_mcycles;	/* bare counter loop, cycles x 1000 */
	uint32_t gap_loop_mcycles;	/* gap loop, cycles x 1000 */
	uint32_t iter_p999_cycles;	/* 99.9th percentile of one iteration */
	uint64_t gap_threshold_cycles;	/* the threshold in force */
	uint64_t gap_threshold_ns;
	uint64_t hiccup_cycles;		/* the hiccup floor: twice the loop time, at
					 * most the threshold (0: a trace older
					 * than the floor) */
	bool invariant;			/* constant_tsc and nonstop_tsc, and the
					 * kernel does not call it unstable */
	bool threshold_given;		/* set with -g, not derived */
	/*
	 * Not in the trace's RUN section: the run keeps them in its system
	 * snapshot (counter_step_cycles, counter_stated_hz), and reading a
	 * trace sets them from there (0 when the trace has none).
	 */
	uint32_t step_cycles;		/* the counter's resolution: its smallest step */
	uint64_t stated_hz;		/* the frequency it states (CNTFRQ_EL0), or 0 */
};

/*
 * The default gap threshold, unless twice a counter read is longer: 1 us.
 * A step of the gap loop is either an interruption (an interrupt, an NMI,
 * a switch, the hypervisor taking the CPU) or a hiccup of the processor
 * itself (a cache or TLB miss, a pipeline flush, a slow counter read). The
 * kernel's own events (--kernel) on a KVM guest explained none of the
 * steps shorter than 1 us and almost all longer ones that had an event in
 * them took 4 us or more; on bare metal an interrupt's entry and exit
 * alone take about a microsecond. Twice the loop time, the paper's
 * threshold, lies in the hiccups (30 to 300 ns on that guest, its 99.9th
 * percentile moving from one calibration to the next): there it is the
 * hiccup floor, and steps between the floor and the threshold are counted
 * as hiccups (count and time), as oslat and rtla hwnoise count theirs.
 * Only on a machine whose counter takes over 500 ns to read is the
 * threshold longer: twice the median read, which a loaded machine leaves
 * alone where it lifts the loop's tail.
 */
#define HG_GAP_DEFAULT_NS 1000ULL

/* Agreement two frequency estimates must reach, in parts per million. */
#define HG_CALIB_AGREE_PPM 1000u

/* hg_clock_ns - clock_gettime(@clk) in ns. */
uint64_t hg_clock_ns(clockid_t clk);

/*
 * hg_clock_pair - a reading of @clk and of the counter taken as close
 * together as can be: the best of several tries, the counter value being
 * the middle of the two readings around the clock's
 */
void hg_clock_pair(clockid_t clk, uint64_t *ns, uint64_t *cycles);

/*
 * hg_calib_hz - a frequency estimate from two (counter, ns) pairs
 * Returns ticks per second, rounded; 0 when @ns1 <= @ns0.
 */
uint64_t hg_calib_hz(uint64_t tsc0, uint64_t ns0, uint64_t tsc1, uint64_t ns1);

/* hg_calib_ppm - how far apart two estimates are, in ppm of the larger. */
uint32_t hg_calib_ppm(uint64_t a, uint64_t b);

/*
 * hg_calib_threshold - the default gap threshold: twice the loop time,
 * which is the longer of @loop_mcycles (mean, thousandths of a cycle,
 * rounded up) and @iter_p999 (cycles), rounded up to a multiple of an
 * eighth of its power of two (52 stays 52, 106 becomes 112); at least 2
 * cycles.
 */
uint64_t hg_calib_threshold(uint32_t loop_mcycles, uint32_t iter_p999);

/*
 * hg_calib_min_threshold - the smallest gap threshold a counter can tell:
 * two of its steps, so that the step from one value to the next is never
 * taken for a gap (@step_cycles 0 counts as 1)
 */
uint64_t hg_calib_min_threshold(uint32_t step_cycles);

/*
 * hg_calib_coarse - whether the counter is slower than the gap loop: it
 * moves in steps of more than one tick, or the loop reads one value more
 * than once (less than a tick per iteration; 0, not measured, is not).
 * Every gap and latency is then measured to one step, and the threshold is
 * at least two.
 */
bool hg_calib_coarse(const struct hg_calib *c);

/*
 * hg_calib_gap_threshold - the threshold in force, from @c's frequency,
 * loop times and step: @gap_ns in ticks (at least one), or when 0 the
 * default, HG_GAP_DEFAULT_NS or twice the median counter read
 * (hg_calib_threshold() of it) when that is longer; on a coarse counter
 * at least hg_calib_min_threshold(), so that it never rounds to a tick or
 * none.
 */
uint64_t hg_calib_gap_threshold(const struct hg_calib *c, uint64_t gap_ns);

/*
 * hg_calib_hiccup_floor - twice the loop time (hg_calib_threshold(), on a
 * coarse counter at least hg_calib_min_threshold()), at most the threshold
 * in force for @gap_ns (hg_calib_gap_threshold())
 */
uint64_t hg_calib_hiccup_floor(const struct hg_calib *c, uint64_t gap_ns);

/*
 * hg_calib_step - the counter's smallest step, from @reads successive
 * readings of @read (in @buf): 1 when the readings differ from one to the
 * next (the counter is finer than a read), else the smallest difference
 * between two readings that differ, or 0 when none do. A pure function of
 * the readings, tested with made-up ones.
 */
uint32_t hg_calib_step(const uint64_t *buf, size_t reads);

/*
 * hg_calib_frequency - measure the counter frequency
 * Fills tsc_hz, rounds and agree_ppm. Returns 0, -EIO when no two
 * estimates agreed within HG_CALIB_AGREE_PPM, or -ENODATA when the counter
 * did not advance over any of the sleeps (it stands still). At most
 * HG_CALIB_FREQ_MAX_NS of sleeps, whatever the counter does.
 */
int hg_calib_frequency(struct hg_calib *c);

/* What -ENODATA from hg_calib_frequency() means, for the error line. */
#define HG_CALIB_STILL_MSG "the counter did not advance over sleeps of 5 to 320 ms: " \
	"it stands still (the firmware or hypervisor does not run it)"

/* The sleeps hg_calib_frequency() takes at most: 5 ms doubling to 320 ms, 12 of them. */
#define HG_CALIB_FREQ_MAX_NS 2235000000ULL

/*
 * hg_calib_frequency_by - hg_calib_frequency() with its estimates from
 * @est: the frequency a counter showed over a sleep of @window_ns (0 when
 * it did not advance); the tests give made-up counters
 */
int hg_calib_frequency_by(struct hg_calib *c, uint64_t (*est)(void *arg, uint64_t window_ns),
			  void *arg);

/*
 * hg_calib_loops - measure the counter read, the bare loop and the gap loop
 * Fills counter_read_cycles, step_cycles, bare_loop_mcycles,
 * gap_loop_mcycles and iter_p999_cycles.
 * Returns 0 or -ENOMEM.
 */
int hg_calib_loops(struct hg_calib *c);

/*
 * hg_calib_step_p999 - the 99.9th percentile, in cycles, of single
 * iterations of a counter loop that also calls @step (NULL: nothing), in
 * the quietest of several batches: the longest an uninterrupted iteration
 * takes. A workload whose loop does work (CPU_SCAN) gets its own gap
 * threshold from it. Returns 0 or -ENOMEM.
 */
int hg_calib_step_p999(void (*step)(void *arg), void *arg, uint32_t *out);

/*
 * hg_calib_invariant - whether the counter runs at a constant rate in all
 * states: constant_tsc and nonstop_tsc in /proc/cpuinfo, and the kernel
 * does not say otherwise (trace/tscword.h: tsc=unstable, its log's
 * "Marking TSC unstable"); always true on arm64. Returns 1, 0, or -errno
 * when the file cannot be read.
 */
int hg_calib_invariant(void);

/*
 * hg_calibrate - all of the above, then the threshold
 * @gap_ns: the threshold to use, or 0 to derive it from the gap loop; on a
 *          coarse counter either is at least hg_calib_min_threshold()
 * Returns 0 or -errno.
 */
int hg_calibrate(struct hg_calib *c, uint64_t gap_ns);

#endif /* HG_CALIB_H */
