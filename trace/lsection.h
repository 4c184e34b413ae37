/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * lsection.h - the payload of the trace file's LOCKS section (version 4,
 * used by file.c only): the run's locks and each thread's sections
 *
 *   u32 locks, each: string name, u32 protocol, u32 ceiling (int32),
 *   u32 threads (the trace's number), each: u32 sections, each: u32 lock,
 *   u64 amount in ns
 */
#ifndef HG_LSECTION_H
#define HG_LSECTION_H

#include "trace/trace.h"
#include "trace/wire.h"

/* hg_sec_put_locks - append @t's locks and sections to @b. */
void hg_sec_put_locks(struct hg_buf *b, const struct hg_trace *t);

/*
 * hg_sec_get_locks - read them into @t (its threads allocated); every
 * count and lock number is checked. Returns 0, or -EINVAL with @err set.
 */
int hg_sec_get_locks(struct hg_cur *c, struct hg_trace *t, char *err, size_t errlen);

#endif /* HG_LSECTION_H */
