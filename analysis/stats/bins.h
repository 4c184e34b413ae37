/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bins.h - a thread's values in fixed buckets (trace/hist.h): the lateness
 * of a LAT thread's samples in linear buckets of microseconds, its gaps in
 * power-of-two buckets of nanoseconds. The text reports, the pictures and
 * the JSON take their buckets from here.
 */
#ifndef HG_BINS_H
#define HG_BINS_H

#include <stddef.h>
#include <stdint.h>

#include "trace/hist.h"
#include "trace/trace.h"

/* Power-of-two gap buckets: 0-1 ns up to [2^63, 2^64) ns. */
#define HG_GAP_OCTAVES 64

/*
 * hg_lat_bins - the lateness (us, truncated) of the stored samples of LAT
 * thread @th in @n buckets of @width_us from @first_us, beyond them in the
 * overflow bucket (cyclictest -h: @first_us 0, @width_us 1)
 * Returns 0, -EINVAL or -ENOMEM. Free @b with hg_bins_free() either way.
 */
int hg_lat_bins(const struct hg_trace_thread *th, uint64_t first_us, uint64_t width_us,
		size_t n, struct hg_bins *b);

/*
 * hg_lat_overflow_cycles - where LAT thread @th's stored samples of @limit_us
 * or more (cyclictest -h's overflows) lie: the number of each among the
 * thread's stored samples, from 0 (cyclictest's "cycle number"), the first
 * @max of them into @cycles
 * Returns how many stored samples are of @limit_us or more.
 */
uint64_t hg_lat_overflow_cycles(const struct hg_trace_thread *th, uint64_t limit_us,
				uint64_t *cycles, size_t max);

/*
 * hg_for_each_lat_sample - call @fn with the lateness (ns) of every stored
 * sample of every LAT thread of @t, thread by thread, in order
 */
void hg_for_each_lat_sample(const struct hg_trace *t, void (*fn)(void *arg, uint64_t ns),
			    void *arg);

/*
 * hg_lat_range_us - the smallest and largest lateness (us, truncated) of
 * the stored samples of every LAT thread of @t
 * Returns the number of samples; @min_us and @max_us are left alone when 0.
 */
uint64_t hg_lat_range_us(const struct hg_trace *t, uint64_t *min_us, uint64_t *max_us);

/*
 * hg_gap_bins - the gaps of thread @th (its streaming histogram, so every
 * gap of the run, stored or not) in HG_GAP_OCTAVES power-of-two buckets of
 * ns: each bucket of the streaming histogram goes to the octave of its
 * lowest value (the buckets of -gh)
 * Returns 0 or -ENOMEM. Free @b with hg_bins_free() either way.
 */
int hg_gap_bins(const struct hg_trace *t, const struct hg_trace_thread *th,
		struct hg_bins *b);

#endif /* HG_BINS_H */
