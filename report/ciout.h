/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ciout.h - estimates with their confidence intervals, as text and as
 * JSON members, the same way in every experiment's output
 */
#ifndef HG_CIOUT_H
#define HG_CIOUT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/stats/stats.h"
#include "report/json.h"

/* How an interval was found: the method decides how many values it needs. */
enum hg_ci_method {
	HG_CI_STUDENT_T,	/* hg_ci_mean(): needs 2 values */
	HG_CI_BOOT_MEDIAN,	/* hg_bootstrap_ci() of the median: needs
				   hg_ci_need(50, 0.95) = 6 values */
	HG_CI_BOOT_MEAN,	/* hg_bootstrap_ci() of the mean (HG_BOOT_MEAN):
				   needs as many as the median's */
};

/* hg_ci_method_name - "Student t", "bootstrap" */
const char *hg_ci_method_name(enum hg_ci_method m);

/*
 * hg_ci_method_need - the values @m needs for a 95 % interval: 2 for
 * Student t; for a bootstrap of the median, as many as make the range of
 * the values (the widest interval a resample can give) cover it 95 % of
 * the time (hg_ci_need(): 6); the same for a bootstrap of the mean, which
 * is the median where the values are spread evenly about it
 */
size_t hg_ci_method_need(enum hg_ci_method m);

/*
 * hg_ci_text - "<est> <unit> (95 % CI <lo> .. <hi> <unit>, <method>)" into
 * @buf, each value divided by @div and printed with @prec decimals; with
 * fewer values than the method needs (ci->n), no interval: "<est> <unit>
 * (no 95 % CI from <n> <of>(s): <method> needs <need>)", @of naming what
 * the values are ("trial"). Returns @buf.
 */
char *hg_ci_text(const struct hg_ci *ci, enum hg_ci_method m, double div, int prec,
		 const char *unit, const char *of, char *buf, size_t len);

/*
 * hg_json_ci - three members "<k_est>": est, "<k_lo>": lo, "<k_hi>": hi,
 * each divided by @div, with three decimals (null when not finite, and
 * the interval's null with fewer values than @m needs)
 */
void hg_json_ci(struct hg_json *j, const struct hg_ci *ci, enum hg_ci_method m, double div,
		const char *k_est, const char *k_lo, const char *k_hi);

#endif /* HG_CIOUT_H */
