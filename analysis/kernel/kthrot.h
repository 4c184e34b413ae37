/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kthrot.h - the time rt-throttling took from each CPU's real-time threads
 * (the gaps the diagnosis, analysis/kernel/kdiag.h, gives to rt-throttling
 * first), beside what the limit implies: the kernel keeps a reservation
 * for the lower classes in every period, so a CPU hog at a real-time
 * priority is stopped once a period for that long.
 *
 * The reservation is the fair class's server's where the run read it (the
 * snapshot's fair_server, "<cpu>:<runtime_ns>:<period_ns> ..."; Linux 6.12
 * and later, whose server replaced the real-time limit), else what the two
 * sysctls leave: sched_rt_period_us - sched_rt_runtime_us of each
 * sched_rt_period_us (the fair server's default is the same).
 *
 * A CPU's throttled gaps are gathered in stretches: those that start
 * within half a period of the stretch's first (the stops come a period
 * apart); the throttled time of a stretch
 * is the gaps' time of the thread that lost the most in it (two threads
 * stopped together count once).
 */
#ifndef HG_KTHROT_H
#define HG_KTHROT_H

#include <stdint.h>

#include "trace/trace.h"

/* Where the reservation of a CPU came from. */
enum hg_kthrot_from {
	HG_KTHROT_NONE,		/* no limit known: nothing implied */
	HG_KTHROT_SYSCTLS,	/* sched_rt_period_us - sched_rt_runtime_us */
	HG_KTHROT_FAIR_SERVER,	/* /sys/kernel/debug/sched/fair_server/cpu<n> */
};

struct hg_kthrot_cpu {
	uint32_t cpu;
	uint32_t stretches;		/* periods in which it throttled */
	uint64_t cycles;		/* the throttled time measured */
	/*
	 * Of those, the stretches that began within one period of the run's
	 * start, and their time: the other classes may have spent part of
	 * that period's reservation before the run, so these are measured
	 * but not weighed against the limit.
	 */
	uint32_t first;
	uint64_t first_cycles;
	uint64_t max_cycles;		/* the longest stretch */
	enum hg_kthrot_from from;
	uint64_t reserve_cycles;	/* the lower classes' time a period */
	uint64_t period_cycles;
};

/* A throttled gap, as the diagnosis found it. */
struct hg_kthrot_gap {
	uint32_t cpu;
	uint32_t thread;
	uint64_t at_cycles;
	uint64_t len_cycles;
};

struct hg_kthrot {
	size_t ngaps, capgaps;
	struct hg_kthrot_gap *gaps;	/* as added */
	size_t ncpus, capcpus;
	struct hg_kthrot_cpu *cpus;	/* by CPU, after hg_kthrot_done() */
};

/* hg_kthrot_add - note a gap of thread @thread on @cpu; 0 or -ENOMEM. */
int hg_kthrot_add(struct hg_kthrot *k, uint32_t cpu, uint32_t thread, uint64_t at,
		  uint64_t len);

/*
 * hg_kthrot_done - the stretches of every CPU of the gaps added, with the
 * reservation of @t's snapshot; 0 or -ENOMEM
 */
int hg_kthrot_done(struct hg_kthrot *k, const struct hg_trace *t);

/*
 * hg_kthrot_implied - what the limit implies for @c: its stretches after
 * the run's first period x its reservation
 */
uint64_t hg_kthrot_implied(const struct hg_kthrot_cpu *c);

/*
 * hg_kthrot_deviation - the measured time of @c after the run's first
 * period less the implied, as a share of the implied (-0.024: 2.4 %
 * short); 0 when nothing is implied
 */
double hg_kthrot_deviation(const struct hg_kthrot_cpu *c);

/* hg_kthrot_agrees - whether @c's measured time is within 10 % of the implied. */
int hg_kthrot_agrees(const struct hg_kthrot_cpu *c);

/*
 * hg_kthrot_within - whether @c's measured time is short of the implied by
 * more than 10 % while no stretch is longer than the reservation by more
 * than 10 %: the reservation is what the other classes may take, and they
 * take less when they have less to run (or move to another CPU)
 */
int hg_kthrot_within(const struct hg_kthrot_cpu *c);

/* hg_kthrot_free - free what @k holds. */
void hg_kthrot_free(struct hg_kthrot *k);

#endif /* HG_KTHROT_H */
