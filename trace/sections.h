/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sections.h - the payloads of the trace file's RUN and THREAD sections
 * (used by file.c only). Each put writes every field in a fixed order;
 * each get reads them back in the same order, and sets the cursor's bad
 * flag on anything out of range.
 */
#ifndef HG_SECTIONS_H
#define HG_SECTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "trace/trace.h"
#include "trace/wire.h"

/* hg_sec_put_calib, hg_sec_get_calib - the calibration. */
void hg_sec_put_calib(struct hg_buf *b, const struct hg_calib *k);
void hg_sec_get_calib(struct hg_cur *c, struct hg_calib *k);

/* The counter frequencies a run's RUN section may state. */
#define HG_SEC_TSC_HZ_MIN	1000000ULL		/* 1 MHz */
#define HG_SEC_TSC_HZ_MAX	100000000000ULL		/* 100 GHz */

/*
 * hg_sec_put_run, hg_sec_get_run - RUN: clocks, flags, options, command
 * line. A field the get finds out of range is named in @why (@len bytes,
 * "" for bytes that do not decode), with the cursor's bad flag set.
 */
void hg_sec_put_run(struct hg_buf *b, const struct hg_trace *t);
void hg_sec_get_run(struct hg_cur *c, struct hg_trace *t, uint32_t *nthreads, char *why,
		    size_t len);

/* hg_sec_put_hist, hg_sec_get_hist - a histogram: totals, then its non-zero buckets. */
void hg_sec_put_hist(struct hg_buf *b, const struct hg_hist *h);
void hg_sec_get_hist(struct hg_cur *c, struct hg_hist *h);

/* hg_sec_put_thread, hg_sec_get_thread - THREAD: labels, parameters, statistics. */
void hg_sec_put_thread(struct hg_buf *b, const struct hg_trace_thread *th);
void hg_sec_get_thread(struct hg_cur *c, struct hg_trace_thread *th);

#endif /* HG_SECTIONS_H */
