/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * reserve.h - CPU reservations with SCHED_DEADLINE (-rh, -rs)
 *
 * A reservation gives the thread runtime = budget and deadline = period =
 * period. A hard one (-rh) is throttled once its budget is spent in a
 * period; a soft one (-rs) carries SCHED_FLAG_RECLAIM and may use the
 * bandwidth other reservations leave (GRUB). It replaces the thread's -p.
 */
#ifndef HG_RESERVE_H
#define HG_RESERVE_H

#include <stddef.h>
#include <stdint.h>

#include "run/config.h"

/*
 * hg_reserve_apply - make the calling thread a SCHED_DEADLINE reservation
 * On failure writes a reason and what to change to @err: admission refused
 * (EBUSY), missing privilege (EPERM), a kernel without SCHED_DEADLINE.
 * Returns 0 or -errno.
 */
int hg_reserve_apply(enum hg_reserve kind, uint64_t budget_ns, uint64_t period_ns,
		     char *err, size_t errlen);

/*
 * hg_reserve_describe - "-rh 3ms/8ms (SCHED_DEADLINE, hard)"
 */
void hg_reserve_describe(enum hg_reserve kind, uint64_t budget_ns, uint64_t period_ns,
			 char *buf, size_t len);

#endif /* HG_RESERVE_H */
