/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kexplain.h - where the gap time went, per thread, and the worst gaps
 * taken apart (analysis/kattr.h), for explain; and the interrupts the
 * capture saw on each CPU beside those /proc/interrupts counted
 */
#ifndef HG_KEXPLAIN_H
#define HG_KEXPLAIN_H

#include <stdint.h>

#include "analysis/kattr.h"
#include "trace/trace.h"

#define HG_KEXPLAIN_ALL UINT32_MAX	/* every thread */

/* One cause over a thread's gaps. */
struct hg_kcause_sum {
	enum hg_kcause kind;
	char name[HG_KATTR_NAME_LEN];
	uint32_t pid;
	uint64_t count;		/* pieces (handler runs, task runs) */
	uint64_t cycles;
	uint64_t max_cycles;	/* the longest piece */
};

struct hg_kthread_sum {
	uint32_t thread;
	uint64_t gaps;
	uint64_t gap_cycles;
	uint64_t unexplained_cycles;
	uint32_t n, cap;
	struct hg_kcause_sum *c;	/* by total, largest first */
};

/* The interrupts of one CPU over the capture. */
struct hg_kcpu_irqs {
	uint32_t cpu;
	uint64_t captured;	/* entries of handlers, vectors, NMIs */
	uint64_t counted;	/* /proc/interrupts' increase over the run */
	int have_counted;	/* the run kept the counts */
};

struct hg_kexplain {
	uint32_t nthreads;
	struct hg_kthread_sum *th;	/* those asked for, in order */
	uint32_t nworst;
	struct hg_kgap *worst;		/* the longest gaps, longest first */
	uint32_t ncpus;
	struct hg_kcpu_irqs *cpus;
};

/*
 * hg_kexplain - the sums of @t's gaps (thread @thread, or HG_KEXPLAIN_ALL)
 * and its @worst longest gaps
 * Returns 0, -ENODATA (no kernel events in @t), -ENOMEM.
 */
int hg_kexplain(const struct hg_trace *t, uint32_t thread, uint32_t worst,
		struct hg_kexplain *x);

/* hg_kexplain_free - free what @x holds. */
void hg_kexplain_free(struct hg_kexplain *x);

#endif /* HG_KEXPLAIN_H */
