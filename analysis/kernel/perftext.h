/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * perftext.h - what the readers of perf script text share (sched.h: the
 * switches; ksched.h: every event of the kernel's the attribution takes)
 */
#ifndef HG_PERFTEXT_H
#define HG_PERFTEXT_H

#include <stdint.h>

/*
 * hg_perf_number - the decimal number at @p (before @end), of at most 19
 * digits, into *@v, and how many digits it has into *@digits (may be NULL)
 * Returns the text after it, or NULL when there is none or it is longer.
 */
const char *hg_perf_number(const char *p, const char *end, uint64_t *v, int *digits);

#endif /* HG_PERFTEXT_H */
