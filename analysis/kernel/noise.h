/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * noise.h - the kernel's own counts beside ours: per thread the kernel's
 * CPU time against the received time, per CPU what else ran there
 */
#ifndef HG_NOISE_H
#define HG_NOISE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "trace/trace.h"

/* Other tasks or steal above this share of a CPU: the CPU was not quiet. */
#define HG_NOISE_QUIET_PCT 1.0

/* One CPU the threads ran on, over the run. */
struct hg_noise_cpu {
	uint32_t cpu;
	uint64_t ours_ns;	/* the threads' kernel CPU time spent on it */
	uint64_t other_ns;	/* the CPU's busy time minus ours */
	uint64_t steal_ns;
	uint64_t irqs;
	uint64_t softirqs;
	uint64_t counted_ns;	/* the CPU's time as its counters saw it pass:
				   busy + idle + steal (the window in older
				   files) */
	double other_pct;	/* of @counted_ns: never above 100 */
	double steal_pct;
	bool quiet;
};

struct hg_noise {
	uint64_t window_ns;	/* between the kernel's two readings */
	uint32_t n;
	struct hg_noise_cpu *cpu;
	bool quiet;		/* every CPU in @cpu */
};

/*
 * hg_noise_compute - @nz from @t's kernel counters: the CPUs on which the
 * threads received time and those on which a thread without intervals (a
 * LAT thread) recorded its events, its wake-ups (every measured CPU when
 * no thread has either), in @t->noise's order. A thread's kernel CPU time
 * is shared out over the CPUs in proportion to its received time on each
 * (its received time where the kernel's is unknown), a thread without
 * intervals in proportion to its events there; other tasks' time is the CPU's busy time
 * (user, nice, system, irq, softirq in /proc/stat, counted in ticks)
 * minus that; the shares are of the CPU's time as the same counters saw
 * it pass (counted_ns), so that none passes 100 %. Returns 0, -ENODATA when @t holds no kernel counters (an
 * older file), -EINVAL for records that do not decode, -ENOMEM.
 */
int hg_noise_compute(const struct hg_trace *t, struct hg_noise *nz);

/*
 * The threads' received cycles on each CPU of a trace's kernel counters,
 * gathered from the records as they are read (hg_noise_recv_add()), for
 * hg_noise_compute_recv(): the same as hg_noise_compute() when the records
 * are not in memory.
 */
struct hg_noise_recv {
	const struct hg_trace *t;
	uint64_t *on;		/* per thread, per CPU of @t->noise */
	uint64_t *total;	/* per thread */
	uint64_t *evon;		/* per thread, per CPU of @t->noise: its event
				   records there (a LAT thread's wake-ups) */
	uint32_t *piece_cpu;	/* per thread: an interval's CPU while its pieces go, */
	uint64_t *piece_end;	/* where its next piece starts */
	uint8_t *piece;		/* per thread: the last record was a continued piece */
	int bad;		/* a continued piece without its rest */
};

/* hg_noise_recv_init - @rv empty, for @t. Returns 0 or -ENOMEM. */
int hg_noise_recv_init(struct hg_noise_recv *rv, const struct hg_trace *t);

/* hg_noise_recv_clear - thread @i's counts emptied: its records come again. */
void hg_noise_recv_clear(struct hg_noise_recv *rv, uint32_t i);

/* hg_noise_recv_add - count @n more records of thread @i, in order. */
void hg_noise_recv_add(struct hg_noise_recv *rv, uint32_t i, const struct hg_record *recs,
		       size_t n);

/*
 * hg_noise_compute_recv - hg_noise_compute() from the counts @rv gathered
 * of every record; -EINVAL when a record did not decode
 */
int hg_noise_compute_recv(const struct hg_noise_recv *rv, struct hg_noise *nz);

/* hg_noise_recv_free - release @rv. */
void hg_noise_recv_free(struct hg_noise_recv *rv);

/* hg_noise_free - free what @nz holds. */
void hg_noise_free(struct hg_noise *nz);

#endif /* HG_NOISE_H */
