/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * priority.h - the paper's priority names and explicit policies
 *
 *   IDLE                       SCHED_IDLE
 *   LOW NORMAL HIGH HIGHEST    SCHED_OTHER, nice 10, 0, -10, -20
 *   RTLOW RTMED RTHIGH         SCHED_FIFO 10, 50, 90
 *   FIFO:<1-98> RR:<1-98>      SCHED_FIFO / SCHED_RR at that priority (99 is
 *                              the run's clock thread's, HG_PRIO_MAIN_RT)
 *   OTHER:<-20..19>            SCHED_OTHER at that nice value
 *   BATCH                      SCHED_BATCH, nice 0
 */
#ifndef HG_PRIORITY_H
#define HG_PRIORITY_H

#include <stdbool.h>
#include <stddef.h>

struct hg_prio {
	const char *name;	/* the class as written: "RTHIGH", "FIFO", ... */
	int policy;		/* SCHED_* */
	int value;		/* rt priority, or nice value */
};

/* Priority of the thread that runs the clock while RT workers spin. */
#define HG_PRIO_MAIN_RT 99

/*
 * hg_prio_parse - parse a priority as written after -p
 * On failure writes a reason listing the choices to @err.
 * Returns 0, -EINVAL or -ERANGE.
 */
int hg_prio_parse(const char *s, struct hg_prio *p, char *err, size_t errlen);

/* hg_prio_default - NORMAL. */
struct hg_prio hg_prio_default(void);

/* hg_prio_is_rt - SCHED_FIFO or SCHED_RR. */
bool hg_prio_is_rt(const struct hg_prio *p);

/*
 * hg_prio_describe - "RTHIGH (SCHED_FIFO 90)", "LOW (SCHED_OTHER nice 10)"
 */
void hg_prio_describe(const struct hg_prio *p, char *buf, size_t len);

/*
 * hg_prio_apply - give the calling thread @p
 * On failure writes a reason naming the privilege needed to @err.
 * Returns 0 or -errno.
 */
int hg_prio_apply(const struct hg_prio *p, char *err, size_t errlen);

#endif /* HG_PRIORITY_H */
