/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * status.h - the live status line of a run on a terminal
 *
 * Refreshed about once a second by the main thread from what the threads
 * have counted (never by a measuring thread): the time so far and in all,
 * and per thread what matters for its model. Formatted here from plain
 * numbers, so that the line can be tested without a run.
 */
#ifndef HG_STATUS_H
#define HG_STATUS_H

#include <stddef.h>
#include <stdint.h>

/* One thread, over the time since the previous line and the whole run. */
struct hg_status_thread {
	unsigned int model;	/* enum hg_model */
	uint64_t window_ns;	/* time since the previous line */
	uint64_t received_ns;	/* CPU time received in it */
	uint64_t gaps;		/* gaps in it */
	uint64_t lat_ns;	/* LAT: mean lateness of its samples in it */
	uint64_t lat_samples;	/* LAT: samples in it (0: no lat_ns) */
	uint64_t lat_max_ns;	/* LAT: the latest wake-up of the run */
	uint64_t hits;		/* PERIODIC, CPU_PERIODIC: of the run */
	uint64_t misses;
};

/*
 * hg_status_format - the line, without a line end: "12s/60s" (or
 * "12s/forever"), then per thread "<n>: " and for CPU-bound models the
 * share received and gaps per second ("98.5% 120 gaps/s"), for LAT the
 * current and largest lateness ("lat 12.3us max 45.1us"), for jobs models
 * hits and misses ("1200 hit 3 miss"); threads that do not fit in @width
 * columns are counted at the end ("+3 more")
 * @total_ns: the run's length, 0 for --forever
 * Returns the length of the line (less than @len, at most @width).
 */
size_t hg_status_format(char *buf, size_t len, unsigned int width, uint64_t elapsed_ns,
			uint64_t total_ns, const struct hg_status_thread *th, unsigned int n);

/* hg_status_clock - "12s", "4m05s", "2h04m05s": whole seconds of @ns. */
char *hg_status_clock(uint64_t ns, char *buf, size_t len);

#endif /* HG_STATUS_H */
