/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sections.h - the payloads of the trace file's RUN and THREAD sections
 * (used by file.c only). Each put writes every field in a fixed order;
 * each get reads them back in the same order, and sets the cursor's bad
 * flag on anything out of range.
 */
#ifndef HG_SECTIONS_H
#define HG_SECTIONS_H

#include <stdint.h>

#include "trace/trace.h"
#include "trace/wire.h"

/* hg_sec_put_calib, hg_sec_get_calib - the calibration. */
void hg_sec_put_calib(struct hg_buf *b, const struct hg_calib *k);
void hg_sec_get_calib(struct hg_cur *c, struct hg_calib *k);

/* hg_sec_put_run, hg_sec_get_run - RUN: clocks, flags, options, command line. */
void hg_sec_put_run(struct hg_buf *b, const struct hg_trace *t);
void hg_sec_get_run(struct hg_cur *c, struct hg_trace *t, uint32_t *nthreads);

/* hg_sec_put_hist, hg_sec_get_hist - a histogram: totals, then its non-zero buckets. */
void hg_sec_put_hist(struct hg_buf *b, const struct hg_hist *h);
void hg_sec_get_hist(struct hg_cur *c, struct hg_hist *h);

/* hg_sec_put_thread, hg_sec_get_thread - THREAD: labels, parameters, statistics. */
void hg_sec_put_thread(struct hg_buf *b, const struct hg_trace_thread *th);
void hg_sec_get_thread(struct hg_cur *c, struct hg_trace_thread *th);

#endif /* HG_SECTIONS_H */
