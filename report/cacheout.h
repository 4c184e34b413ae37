/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cacheout.h - cachecost's results as a table, CSV and JSON
 */
#ifndef HG_CACHEOUT_H
#define HG_CACHEOUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "analysis/gaps/cachecost.h"

/* What the experiment was, for the header of every output. */
struct hg_cache_run {
	const char *workload;	/* "CPU_SCAN" or "CPU_SCAN_YIELD ... 100us" */
	unsigned int threads;	/* N */
	unsigned int cpu;
	uint64_t duration_ns;	/* of one trial */
	const char *rule;	/* how trials were stopped, in words */
	const char *command;	/* the command line */
};

/*
 * hg_cache_print - the table: one line per size (median penalty and its
 * interval, the mean, pairs, switches/s, passes/s of 1 and N threads, the
 * paper's formula), then a line per size for what needs saying: no
 * measurable penalty, outlier pairs, drift
 */
void hg_cache_print(FILE *f, const struct hg_cache_run *run, const struct hg_cache_size *s,
		    size_t n);

/* hg_cache_csv - the same columns as CSV, one line per size, with a header. */
void hg_cache_csv(FILE *f, const struct hg_cache_size *s, size_t n);

/* hg_cache_json - one JSON object: the run, then "sizes", one object each. */
void hg_cache_json(FILE *f, const struct hg_cache_run *run, const struct hg_cache_size *s,
		   size_t n);

#endif /* HG_CACHEOUT_H */
