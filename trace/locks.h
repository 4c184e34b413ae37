/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * locks.h - the locks a run's threads share and the sections each job
 * runs under them, as the options, the run, the trace and the analyses
 * all know them
 *
 * A lock has a name and a POSIX protocol (pthread_mutexattr_setprotocol:
 * PTHREAD_PRIO_NONE, _INHERIT, _PROTECT with the ceiling at the highest
 * priority among its users). A thread's job runs its sections one after
 * another, in the order given, out of its amount of CPU time: each takes
 * its lock, receives its amount of CPU time and releases it; the rest of
 * the amount follows. The time a job waits for a lock is an HG_EV_LOCK
 * event of the trace, the lock's number in the record's flags.
 */
#ifndef HG_LOCKS_H
#define HG_LOCKS_H

#include <stddef.h>
#include <stdint.h>

#define HG_MAX_LOCKS	8	/* locks of a run (their number fits HG_EV_LOCK's 3 bits) */
#define HG_MAX_CS	8	/* sections of one thread's job */
#define HG_LOCK_NAME_LEN 32	/* with its terminating NUL */

enum hg_lock_protocol {
	HG_LOCK_INHERIT = 0,	/* PTHREAD_PRIO_INHERIT (the default) */
	HG_LOCK_NONE,		/* PTHREAD_PRIO_NONE */
	HG_LOCK_PROTECT,	/* PTHREAD_PRIO_PROTECT, immediate priority ceiling */
};

/* One lock. */
struct hg_lock {
	char name[HG_LOCK_NAME_LEN];
	uint32_t protocol;	/* enum hg_lock_protocol */
	int32_t ceiling;	/* PROTECT: the highest SCHED_FIFO/RR priority of its users */
};

/* One section of a job: @ns of CPU time holding lock number @lock. */
struct hg_cs {
	uint32_t lock;
	uint64_t ns;
};

/* hg_lock_protocol_name - "inherit", "none" or "protect" ("?" out of range). */
const char *hg_lock_protocol_name(unsigned int p);

/* hg_lock_protocol_parse - "none", "inherit", "protect" (any case). Returns 0 or -EINVAL. */
int hg_lock_protocol_parse(const char *s, uint32_t *p);

/*
 * hg_lock_name_ok - a lock name: 1 to HG_LOCK_NAME_LEN - 1 characters of
 * letters, digits, '_', '-' and '.'. Returns 1 when it is one.
 */
int hg_lock_name_ok(const char *s);

/*
 * hg_cs_uses - whether one of the first @n sections of @cs (at most
 * HG_MAX_CS) holds lock @lock. Returns 1 or 0.
 */
int hg_cs_uses(const struct hg_cs *cs, size_t n, uint32_t lock);

/* hg_cs_total - the sum of @n sections' amounts (saturated). */
uint64_t hg_cs_total(const struct hg_cs *cs, size_t n);

#endif /* HG_LOCKS_H */
