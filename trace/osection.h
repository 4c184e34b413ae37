/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * osection.h - the payload of the trace file's OVER section (version 5,
 * used by file.c only): what --on-threshold continue kept
 *
 *   u64 threshold in ns, u32 --break-on bits, u32 K, u32 actions
 *   (enum hg_over_action), u64 events past the threshold, u64 acted
 *   on, u32 kept, each: u32 kind, u32 thread, u32 CPU, u64 at (counter),
 *   u64 value in ns; the worst first
 */
#ifndef HG_OSECTION_H
#define HG_OSECTION_H

#include "trace/trace.h"
#include "trace/wire.h"

/* hg_sec_put_over - append @t->over to @b. */
void hg_sec_put_over(struct hg_buf *b, const struct hg_trace *t);

/*
 * hg_sec_get_over - read it into @t (its threads known); every count,
 * kind and thread is checked
 * Returns 0, -ENOMEM, or -EINVAL with @err set.
 */
int hg_sec_get_over(struct hg_cur *c, struct hg_trace *t, char *err, size_t errlen);

#endif /* HG_OSECTION_H */
