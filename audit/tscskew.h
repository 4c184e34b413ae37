/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tscskew.h - whether two CPUs' counters agree, measured: a thread on each
 * hands a turn back and forth, each reading its counter just after it
 * sees the turn come, and compares it with the reading the other took just
 * before giving it. The reading after is later in time, so on agreeing
 * counters the difference is never negative; how far below zero it goes
 * is how far the counters disagree at least. (The kernel's own check at
 * boot, check_tsc_warp(), looks for the same: time going backwards from
 * one CPU to another.)
 */
#ifndef HG_AUDIT_TSCSKEW_H
#define HG_AUDIT_TSCSKEW_H

#include <stdint.h>

#include "audit/audit.h"

/*
 * struct hg_skew - CPU @b's counter against CPU @a's
 * @rounds: hand-overs each way (up to 5000, fewer when the time ran out)
 * @ab:     the least of (b's reading after) - (a's reading before), in
 *          counter ticks: b's counter less a's is below it
 * @ba:     the same from b to a: a's counter less b's is below it
 * @hz:     the counter's rate over the measurement, against CLOCK_MONOTONIC
 *          (0: not measurable), to say the ticks in time
 * So b's offset from a lies between -@ba and +@ab; a negative @ab or @ba
 * proves the counters disagree by at least its size.
 */
struct hg_skew {
	unsigned int a, b;
	uint32_t rounds;
	int64_t ab, ba;
	uint64_t hz;
};

/*
 * hg_tsc_skew - measure CPU @b's counter against CPU @a's (struct
 * hg_audit_ctx's skew on the live machine). Returns 0, -EINVAL (a CPU not
 * allowed to this process), -ETIMEDOUT when the two threads could not take
 * 100 turns each within 500 ms (a CPU kept busy by other tasks), or
 * another -errno of starting them.
 */
int hg_tsc_skew(unsigned int a, unsigned int b, struct hg_skew *out);

#endif /* HG_AUDIT_TSCSKEW_H */
