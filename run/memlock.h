/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memlock.h - what a run keeps in memory, and no more: the pages a thread
 * will touch are touched before the start, then locked
 *
 * mlockall(MCL_CURRENT) alone would make every mapped page resident: each
 * thread's whole stack and the buckets of histograms its model never
 * writes (three of them, 30 KB each, per thread). Here the program's and
 * its libraries' loaded segments are locked whole, as before; everything
 * else (heap, stacks, the trace's statistics) is locked as it is touched
 * (MCL_ONFAULT), and each measuring thread touches beforehand what it will
 * use: its statistics' histograms and a fixed depth of its stack.
 */
#ifndef HG_MEMLOCK_H
#define HG_MEMLOCK_H

#include <stdbool.h>

#include "trace/tstats.h"

/* The stack depth a measuring thread touches before the start (bytes). */
#define HG_STACK_PREFAULT	(16 * 1024)

/*
 * hg_memlock_prefault - called by a measuring thread before the start:
 * touch @HG_STACK_PREFAULT bytes of its stack below the caller's frame, the
 * gap histogram of @st when @gaps, the events' and jitter histograms when
 * @events. The histograms' contents are unchanged.
 */
void hg_memlock_prefault(struct hg_tstats *st, bool gaps, bool events);

/*
 * hg_memlock_all - lock what is resident now and what is touched later,
 * and the loaded segments of the program and its libraries whole
 * Returns 0 or -errno (of mlockall: -EPERM without CAP_IPC_LOCK, -ENOMEM
 * when RLIMIT_MEMLOCK is too small).
 */
int hg_memlock_all(void);

#endif /* HG_MEMLOCK_H */
