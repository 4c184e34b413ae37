/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tschain.h - a run's chains (--chain, the trace's CHAINS section) as the
 * chains of the task set built from it (tsfrom.h), for their bounds
 */
#ifndef HG_TSCHAIN_H
#define HG_TSCHAIN_H

#include <stddef.h>

#include "analysis/sched/taskset.h"
#include "trace/trace.h"

/*
 * hg_tschain_add - the chains of @t into @s->chains (the tasks named by
 * their thread, rta.id), each in its mode; an event chain's later tasks
 * take the first's period (they are released at its pace). A chain with
 * a thread the set left out is left out. Returns 0, -ENOMEM, or -EINVAL
 * with the reason in @why when the chains cannot be built (then @s has
 * none).
 */
int hg_tschain_add(const struct hg_trace *t, struct hg_taskset *s, char *why, size_t whylen);

#endif /* HG_TSCHAIN_H */
