// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * reserve.c - SCHED_DEADLINE reservations
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "run/reserve.h"
#include "util/timeval.h"

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6
#endif
#ifndef SCHED_FLAG_RECLAIM
#define SCHED_FLAG_RECLAIM 0x02
#endif

/* The kernel's struct sched_attr (sched_setattr(2)); glibc has no wrapper. */
struct hg_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
};

void hg_reserve_describe(enum hg_reserve kind, uint64_t budget_ns, uint64_t period_ns,
			 char *buf, size_t len)
{
	char b[32], p[32];

	snprintf(buf, len, "%s %s/%s (SCHED_DEADLINE, %s)",
		 kind == HG_RESERVE_HARD ? "-rh" : "-rs",
		 hg_format_time(budget_ns, b, sizeof(b)), hg_format_time(period_ns, p, sizeof(p)),
		 kind == HG_RESERVE_HARD ? "hard" : "soft");
}

int hg_reserve_apply(enum hg_reserve kind, uint64_t budget_ns, uint64_t period_ns,
		     char *err, size_t errlen)
{
	struct hg_sched_attr attr;
	char what[96];
	int e;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.sched_policy = SCHED_DEADLINE;
	attr.sched_flags = kind == HG_RESERVE_SOFT ? SCHED_FLAG_RECLAIM : 0;
	attr.sched_runtime = budget_ns;
	attr.sched_deadline = period_ns;
	attr.sched_period = period_ns;
	if (!syscall(SYS_sched_setattr, 0, &attr, 0))
		return 0;
	e = errno;
	hg_reserve_describe(kind, budget_ns, period_ns, what, sizeof(what));
	switch (e) {
	case EBUSY:
		snprintf(err, errlen, "%s: admission refused: the reservations would exceed the "
			 "SCHED_DEADLINE bandwidth (sched_rt_runtime_us of each CPU); lower the "
			 "budgets or lengthen the periods", what);
		break;
	case EPERM:
		snprintf(err, errlen, "%s: %s (needs CAP_SYS_NICE, run as root; the thread must "
			 "also be allowed on every CPU of its root domain)", what, strerror(e));
		break;
	case EINVAL:
		snprintf(err, errlen, "%s: refused: %s (the budget must be at least 1024ns and at "
			 "most the period; the period within the kernel's limits, by default "
			 "100us to 4.19s: /proc/sys/kernel/sched_deadline_period_{min,max}_us)",
			 what, strerror(e));
		break;
	case ENOSYS:
		snprintf(err, errlen, "%s: this kernel has no SCHED_DEADLINE (sched_setattr: %s)",
			 what, strerror(e));
		break;
	default:
		snprintf(err, errlen, "%s: sched_setattr: %s", what, strerror(e));
	}
	return -e;
}
