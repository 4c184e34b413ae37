/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * ciout.h - estimates with their confidence intervals, as text and as
 * JSON members, the same way in every experiment's output
 */
#ifndef HG_CIOUT_H
#define HG_CIOUT_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/stats.h"
#include "report/json.h"

/*
 * hg_ci_text - "<est> (95 % CI <lo> .. <hi>)" into @buf, each value
 * divided by @div and printed with @prec decimals; returns @buf
 */
char *hg_ci_text(const struct hg_ci *ci, double div, int prec, char *buf, size_t len);

/*
 * hg_json_ci - three members "<k_est>": est, "<k_lo>": lo, "<k_hi>": hi,
 * each divided by @div, with three decimals (null when not finite)
 */
void hg_json_ci(struct hg_json *j, const struct hg_ci *ci, double div, const char *k_est,
		const char *k_lo, const char *k_hi);

#endif /* HG_CIOUT_H */
