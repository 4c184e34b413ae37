/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chainbound.h - the bounds of a run's chains, beside what it measured
 * (chainrun.h): the run's task set as the prediction after the run has it
 * (predict.h: the options' C, T, D and priorities), with its chains
 * (tschain.h), its fixed-priority analysis with the locks, then the event
 * chains' holistic bounds (holistic.h) and the sampled chains' (chain.h)
 */
#ifndef HG_CHAINBOUND_H
#define HG_CHAINBOUND_H

#include "analysis/sched/chain.h"
#include "trace/trace.h"

/*
 * hg_chainrun_bounds - the bounds of each chain of @t (t->chains->n, in
 * their order) into @b. A chain without a bound has UINT64_MAX and a
 * reason in b->why (a thread the analysis leaves out, a task without an
 * upper bound). Returns 0 or -ENOMEM.
 */
int hg_chainrun_bounds(const struct hg_trace *t, struct hg_chain_bound *b);

#endif /* HG_CHAINBOUND_H */
