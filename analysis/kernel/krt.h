/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * krt.h - how long real-time tasks held each CPU (--kernel), for the
 * diagnosis of rt-throttling: the run's own SCHED_FIFO/RR threads by their
 * intervals (exact, and right where the kernel did not report a switch
 * back into them), other tasks by the kernel's switches to a task of a
 * real-time priority, up to the next switch on that CPU
 */
#ifndef HG_KRT_H
#define HG_KRT_H

#include <stdint.h>

#include "trace/trace.h"

struct hg_krt;

/*
 * hg_krt_build - the real-time stretches of every CPU of @t (its kernel
 * events' CPUs, and its threads')
 * Returns 0 with *@out set, or -ENOMEM.
 */
int hg_krt_build(const struct hg_trace *t, struct hg_krt **out);

/*
 * hg_krt_cycles - the time in [@from, @to) in which a real-time task held
 * CPU @cpu; 0 for a CPU without any
 */
uint64_t hg_krt_cycles(const struct hg_krt *r, uint32_t cpu, uint64_t from, uint64_t to);

/* hg_krt_free - free @r; NULL is fine. */
void hg_krt_free(struct hg_krt *r);

#endif /* HG_KRT_H */
