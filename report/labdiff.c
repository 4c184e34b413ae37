// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * labdiff.c - diff's metrics as tests
 */
#include <math.h>
#include <stdio.h>

#include "report/labdiff.h"

int hg_labdiff(struct hg_lab *l, const struct hg_diff_row *r, size_t n,
	       const struct hg_diff_row *gate, bool worse)
{
	char ci[96], p[32];
	size_t i;
	int ret = 0;

	for (i = 0; i < n && !ret; i++) {
		bool gated = &r[i] == gate;

		snprintf(ci, sizeof(ci), isnan(r[i].lo) ? "no interval" :
			 "95 %% CI %.3f .. %.3f", r[i].lo, r[i].hi);
		snprintf(p, sizeof(p), isnan(r[i].p_adj) ? "-" : "%.4f", r[i].p_adj);
		ret = hg_lab_add(l, gated && worse ? HG_LAB_NOT_OK : HG_LAB_OK, "%s", r[i].name);
		if (!ret && gated)
			ret = hg_lab_diag(l, "--fail-if-worse %s: B %s", r[i].name,
					  worse ? "worse than the tolerance allows" :
					  "within the tolerance");
		if (!ret)
			ret = hg_lab_diag(l, "A %.3f, B %.3f, B - A %.3f (%s); %s, adjusted p %s: %s",
					  r[i].a, r[i].b, r[i].delta, ci, r[i].test, p,
					  hg_diff_verdict(&r[i]));
	}
	return ret;
}
