/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * global.h - response-time analysis of global fixed-priority scheduling
 * on m identical CPUs, every task free on all of them
 *
 * Bertogna and Cirinei, "Response-Time Analysis for Globally Scheduled
 * Symmetric Multiprocessor Platforms", RTSS 2007, section 4 (fixed
 * priorities): task k is kept from running only while all m CPUs run
 * tasks of higher priority, and a task i of higher priority runs at most
 *
 *     W_i(L) = N_i(L) C_i + min(C_i, L + R_i - C_i - N_i(L) T_i),
 *     N_i(L) = floor((L + R_i - C_i) / T_i)
 *
 * in any window of L (its last job as late as its response R_i allows,
 * the first at the window's start, the jobs between T_i apart); of that,
 * at most R_k - C_k + 1 counts against k. So
 *
 *     R_k = C_k + B_k + floor(sum over i of min(W_i(R_k), R_k - C_k + 1) / m)
 *
 * its least solution, iterated from C_k + B_k, the response being J_k +
 * R_k; R_i is from the arrival of i's job (J_i included), within which
 * the job runs. The test
 * is sufficient, not exact: a response is an upper bound. It holds for
 * D <= T, and only while every task above k meets its deadline (R_i is
 * then a bound on each of its jobs). With no more tasks than CPUs each
 * task runs as if alone (a job always finds a CPU free: the other tasks run
 * one job each at most), and has its exact response of one CPU instead.
 */
#ifndef HG_GLOBAL_H
#define HG_GLOBAL_H

#include <stddef.h>

#include "analysis/sched/rta.h"

/*
 * hg_rta_global - the test above for @n tasks on @m CPUs (@m >= 1; with
 * @m = 1 it is a sufficient uniprocessor test, looser than hg_rta_fp()).
 * @res: per task, in the order of @ts: the response with bound
 *       HG_RTA_UPPER and schedulable; HG_RTA_UNDECIDED (not schedulable)
 *       when the iteration passes the deadline (the test cannot show it
 *       schedulable), when a task above misses its deadline, or when the
 *       task's D exceeds its T.
 * @order: how the priority order was chosen (may be NULL)
 * Returns 0, -EINVAL for a task with C or T of 0 or @m of 0, or -ENOMEM.
 */
int hg_rta_global(const struct hg_rta_task *ts, size_t n, unsigned int m,
		  struct hg_rta_result *res, enum hg_rta_order *order);

#endif /* HG_GLOBAL_H */
