/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * chainsetup.h - a run's chains set up (--chain): each stage's output and
 * place, given to its thread's job loop, and the records of its jobs in
 * the trace
 */
#ifndef HG_RUN_CHAINSETUP_H
#define HG_RUN_CHAINSETUP_H

#include <stddef.h>

#include "run/runint.h"

/*
 * hg_run_chains_init - for each chain of r->cfg: the trace's records
 * (t->chains, room for every job the run can release, touched now), each
 * stage's output, and each thread's struct hg_wl_chain in its workload's
 * context. Nothing without a chain. Returns 0, or -errno with the reason
 * in @err.
 */
int hg_run_chains_init(struct run *r, struct hg_trace *t, char *err, size_t errlen);

/* hg_run_chains_free - release the outputs (the records stay with the trace). */
void hg_run_chains_free(struct run *r);

#endif /* HG_RUN_CHAINSETUP_H */
