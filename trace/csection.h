/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * csection.h - the payload of the trace file's CHAINS section (version
 * 6, used by file.c only): a run's chains (--chain) and their jobs
 *
 *   u32 chains, each: string name, u32 mode, u32 wake, u32 stages, each
 *   stage: u32 thread, u64 dropped, u64 jobs, each job six u64 (seq,
 *   avail, release, start, done, cpu; trace/chains.h)
 */
#ifndef HG_CSECTION_H
#define HG_CSECTION_H

#include "trace/trace.h"
#include "trace/wire.h"

/* hg_sec_put_chains - append @t->chains to @b. */
void hg_sec_put_chains(struct hg_buf *b, const struct hg_trace *t);

/*
 * hg_sec_get_chains - read them into @t (its threads known): names,
 * modes, stages and threads checked, each job's times in order
 * Returns 0, -ENOMEM, or -EINVAL with @err set.
 */
int hg_sec_get_chains(struct hg_cur *c, struct hg_trace *t, char *err, size_t errlen);

#endif /* HG_CSECTION_H */
