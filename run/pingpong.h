/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pingpong.h - a second, independent switch cost: two threads pinned to
 * one CPU pass a byte back and forth through a pair of pipes
 *
 * Each round trip (write, the partner wakes, reads, writes back, the
 * measurer wakes) holds two context switches and four pipe system calls;
 * half of it, less one counter read, is the figure reported, as lmbench's
 * lat_ctx does. The sched_yield variant passes the CPU without a wake-up:
 * two threads yield to each other, and half the time between two returns
 * of one of them is a switch with one system call in it.
 */
#ifndef HG_PINGPONG_H
#define HG_PINGPONG_H

#include <stddef.h>
#include <stdint.h>

#include "analysis/gaps/pingfig.h"
#include "analysis/stats/stats.h"
#include "trace/calib.h"

/* Round trips timed by default, after as many again to warm up. */
#define HG_PINGPONG_ROUNDS 20000u

/*
 * hg_pingpong_summarise - statistics of @n round trips @rt_cycles: each
 * halved after subtracting @read_cycles, in ns at @tsc_hz
 * @median, @mean: filled (95 % intervals, each a seeded percentile
 *                 bootstrap: the same data give the same interval, and
 *                 it never reaches below the shortest switch, where a
 *                 Student t interval about a mean skewed by one long
 *                 preemption reaches below zero)
 * Returns 0, -EINVAL when @n is 0, or -ENOMEM.
 */
int hg_pingpong_summarise(const uint64_t *rt_cycles, size_t n, uint64_t read_cycles,
			  uint64_t tsc_hz, struct hg_ci *median, struct hg_ci *mean);

/*
 * hg_pingpong_measure - time @rounds pipe and sched_yield round trips of
 * two threads pinned to @cpu, with the counter of @c
 * Returns 0, -EINVAL (@cpu not allowed, @rounds 0) or another -errno of
 * the threads, pipes or memory.
 */
int hg_pingpong_measure(unsigned int cpu, size_t rounds, const struct hg_calib *c,
			struct hg_pingpong *pp);

#endif /* HG_PINGPONG_H */
