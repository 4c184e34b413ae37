/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kexplain.h - where the gap time went, per thread, and the worst gaps
 * taken apart (analysis/kernel/kattr.h), for explain; and the interrupts the
 * capture saw on each CPU beside those /proc/interrupts counted
 */
#ifndef HG_KEXPLAIN_H
#define HG_KEXPLAIN_H

#include <stdint.h>

#include "analysis/kernel/kattr.h"
#include "analysis/kernel/kdiag.h"
#include "analysis/kernel/kthrot.h"
#include "analysis/kernel/kwin.h"
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
	uint64_t charged_cycles;	/* of the gaps, the thread's own (hg_kgap) */
	uint64_t handler_cycles;	/* of those, handlers on its time */
	uint64_t latencies;		/* LAT wake-ups taken apart */
	uint64_t latency_cycles;
	struct hg_kmech_sum gap_mech[HG_MECH_N];	/* over its gaps */
	struct hg_kmech_sum lat_mech[HG_MECH_N];	/* over its wake-ups */
	uint32_t n, cap;
	struct hg_kcause_sum *c;	/* by total, largest first */
};

/*
 * The time the host took from one CPU's threads: measured (the threads'
 * own time in their gaps with no kernel event), beside what the kernel's
 * accounting implies (the CPU time it charged them, less the time they
 * received, less the rest of their own time the events explain)
 */
struct hg_khost {
	uint32_t cpu;
	uint32_t threads;		/* pinned there, never asleep */
	uint64_t hidden_cycles;
	uint64_t watched_cycles;	/* their received and gap time */
	int have_implied;		/* every one's CPU time is known */
	int64_t implied_cycles;		/* the handlers on their time charged to them */
	uint64_t handler_cycles;	/* those handlers: the implied time is that
					 * much more where the kernel accounts
					 * interrupt time apart */
	int have_steal;			/* the run read the CPU's steal time */
	uint64_t steal_ns;		/* /proc/stat's steal over the run */
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
	struct hg_kgap *worst;		/* the worst windows taken apart: the longest
					 * gaps, the latest wake-ups, the misses by
					 * most past the deadline, worst first */
	struct hg_kwin *wins;		/* the same windows, in the same order */
	struct hg_kdiag *diag;		/* their mechanisms, in the same order */
	struct hg_kdiag_ctx ctx;	/* the machine's limits the diagnosis used */
	uint32_t nhost;
	struct hg_khost *host;		/* by CPU */
	uint32_t ncpus;
	struct hg_kcpu_irqs *cpus;
	struct hg_kthrot thr;		/* the gaps rt-throttling led, per CPU */
	int have_at;			/* --at: the window at or nearest the time */
	struct hg_kwin at_win;
	struct hg_kgap at;
	struct hg_kdiag at_diag;
	int have_break;			/* --break stopped the run: the window that
					 * crossed the threshold (of the threads asked for) */
	struct hg_kwin break_win;
	struct hg_kgap brk;
	struct hg_kdiag brk_diag;
};

/* What to explain. */
struct hg_kexplain_opts {
	uint32_t thread;	/* HG_KEXPLAIN_ALL: every thread */
	uint32_t worst;		/* windows kept of each kind present */
	int have_at;
	uint64_t at_cycles;	/* with @have_at: on the trace's counter */
};

/*
 * hg_kexplain - the sums of @t's gaps (thread @thread, or HG_KEXPLAIN_ALL)
 * and its @worst longest gaps, latest wake-ups and worst misses
 * Returns 0, -ENODATA (no kernel events in @t), -ENOMEM.
 */
int hg_kexplain(const struct hg_trace *t, uint32_t thread, uint32_t worst,
		struct hg_kexplain *x);

/*
 * hg_kexplain_with - hg_kexplain() with @o: also the window at or nearest
 * @o->at_cycles (x->have_at: 0 when the threads have none)
 * Returns as hg_kexplain().
 */
int hg_kexplain_with(const struct hg_trace *t, const struct hg_kexplain_opts *o,
		     struct hg_kexplain *x);

/* hg_kexplain_free - free what @x holds. */
void hg_kexplain_free(struct hg_kexplain *x);

#endif /* HG_KEXPLAIN_H */
