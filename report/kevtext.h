/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * kevtext.h - the kernel's events of a stretch of a run as text, one a
 * line, for --on-threshold trace
 */
#ifndef HG_KEVTEXT_H
#define HG_KEVTEXT_H

#include <stdint.h>
#include <stdio.h>

#include "trace/trace.h"

/*
 * hg_kev_text - the events of @t->kev from @from to @to (counter values),
 * those of CPU @cpu first, then the others CPU by CPU, each line: ms from
 * the start, CPU, the tracepoint, its fields; a line saying so when the
 * stretch holds none or the capture does not cover it
 * Returns the number of events written.
 */
uint64_t hg_kev_text(FILE *f, const struct hg_trace *t, uint64_t from, uint64_t to,
		     unsigned int cpu);

#endif /* HG_KEVTEXT_H */
