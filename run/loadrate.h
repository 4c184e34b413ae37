/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * loadrate.h - a load's throughput, read from what its tool printed:
 * stress-ng's metrics, hackbench's times, iperf3's intervals
 */
#ifndef HG_LOADRATE_H
#define HG_LOADRATE_H

#include <stdint.h>

/*
 * hg_rate_stressng - the bogo operations per second of wall time of every
 * stressor, summed: stress-ng --metrics-brief's "metrc:" (or older "info:")
 * lines "<stressor> <bogo ops> <real time s> ...", printed when it ends or
 * is interrupted. Returns 0 with *@rate, or -ENODATA when @text has none.
 */
int hg_rate_stressng(const char *text, double *rate);

/*
 * hg_rate_hackbench - the messages per second of the hackbench runs that
 * finished: each "Time: <s>" line is one run of @msgs_per_run messages.
 * Returns 0 with *@rate, or -ENODATA when no run finished.
 */
int hg_rate_hackbench(const char *text, uint64_t msgs_per_run, double *rate);

/*
 * hg_rate_iperf3 - the mean bit rate in Mbit/s of iperf3 -f m's interval
 * lines "[  5]   0.00-0.50   sec   320 MBytes  5447 Mbits/sec ...",
 * weighted by their lengths (the sender and receiver totals left out).
 * Returns 0 with *@rate, or -ENODATA when no interval was printed.
 */
int hg_rate_iperf3(const char *text, double *rate);

#endif /* HG_LOADRATE_H */
