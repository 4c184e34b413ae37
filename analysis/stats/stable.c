// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * stable.c - the until-stable rule of repeated trials
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "analysis/stats/stable.h"

void hg_stable_default(struct hg_stable_rule *r, double abs)
{
	memset(r, 0, sizeof(*r));
	r->min_trials = HG_STABLE_MIN;
	r->max_trials = HG_STABLE_MAX;
	r->rel_pct = HG_STABLE_REL;
	r->abs = abs;
}

int hg_stable_check(const struct hg_stable_rule *r, const double *v, size_t n,
		    size_t ran, struct hg_ci *ci)
{
	double half;
	int ret;

	memset(ci, 0, sizeof(*ci));
	if (n) {
		ret = hg_bootstrap_ci(v, n, 50, 0.95, HG_BOOT_REPS, HG_BOOT_SEED, ci);
		if (ret)
			return ret;
	}
	/* a count of trials counts those that ran, with a result or not */
	if (r->trials)
		return ran >= r->trials ? HG_STABLE_COUNT : HG_STABLE_MORE;
	if (n < r->min_trials || n < 2)
		return ran >= r->max_trials ? HG_STABLE_LIMIT : HG_STABLE_MORE;
	half = (ci->hi - ci->lo) / 2;
	if (half <= r->abs || half <= r->rel_pct / 100 * fabs(ci->est))
		return HG_STABLE_DONE;
	return ran >= r->max_trials ? HG_STABLE_LIMIT : HG_STABLE_MORE;
}

const char *hg_stable_name(enum hg_stable_verdict v)
{
	switch (v) {
	case HG_STABLE_DONE: return "stable";
	case HG_STABLE_COUNT: return "fixed count";
	case HG_STABLE_LIMIT: return "not stable at the limit";
	case HG_STABLE_INTERRUPTED: return "interrupted";
	default: return "running";
	}
}
