/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * labrun.h - the tests of a run for test labs (report/labres.h): one per
 * thread (not ok when it failed), and one per check the run was asked to
 * make: each deadline thread's misses, the --break threshold, each LAT
 * thread's --lat-thresholds
 */
#ifndef HG_LABRUN_H
#define HG_LABRUN_H

#include <stdbool.h>
#include <stdint.h>

#include "report/labres.h"
#include "trace/trace.h"

/* What the run was asked to check, beyond what its trace says. */
struct hg_labrun_opts {
	uint64_t break_ns;	/* --break: the threshold; 0: none */
	bool thresholds_set;	/* --lat-thresholds given: a test per threshold */
};

/*
 * hg_labrun - the tests of the run of @t into @l (in order: per thread
 * its own test, then its misses and its thresholds; then the break)
 * Returns 0 or -ENOMEM.
 */
int hg_labrun(struct hg_lab *l, const struct hg_trace *t, const struct hg_labrun_opts *o);

#endif /* HG_LABRUN_H */
