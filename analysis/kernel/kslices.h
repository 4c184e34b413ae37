/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kslices.h - every slice of a trace's kernel events (kslreplay.h), in
 * one pass: for export, which writes each as it comes
 */
#ifndef HG_KSLICES_H
#define HG_KSLICES_H

#include "analysis/kernel/kslreplay.h"
#include "trace/trace.h"

/*
 * hg_kslices - every slice of @t's kernel events to @fn, CPU by CPU, each
 * when it ends (so inner slices before those holding them); one pass over
 * the events per CPU, and one more to name the tasks that ran first
 * Returns 0, -ENODATA when @t has no kernel events, -ENOMEM, or what @fn
 * returned when not 0.
 */
int hg_kslices(const struct hg_trace *t, hg_kslice_fn fn, void *arg);

#endif /* HG_KSLICES_H */
