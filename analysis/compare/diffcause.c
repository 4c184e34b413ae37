// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * diffcause.c - what filled the gaps, per thread and kind, as diff's values
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "analysis/compare/diffcause.h"
#include "analysis/kernel/kexplain.h"
#include "util/timeval.h"

/* Each kind's time (us) and count for thread @id. */
static int add_kinds(struct hg_diff_trial *tr, unsigned int id, const double us[HG_KC_NKINDS],
		     const double count[HG_KC_NKINDS])
{
	char name[HG_DIFF_NAME + 8];
	int k, ret = 0;

	for (k = 0; k < HG_KC_NKINDS && !ret; k++) {
		snprintf(name, sizeof(name), "thread%u.cause.%s.time", id,
			 hg_kcause_name((enum hg_kcause)k));
		ret = hg_diff_add(tr, name, us[k], HG_DK_TIME, HG_DS_VALUE, -1);
		snprintf(name, sizeof(name), "thread%u.cause.%s.count", id,
			 hg_kcause_name((enum hg_kcause)k));
		if (!ret)
			ret = hg_diff_add(tr, name, count[k], HG_DK_COUNT, HG_DS_VALUE, -1);
	}
	return ret;
}

int hg_diff_causes_from_trace(const struct hg_trace *t, struct hg_diff_trial *tr)
{
	struct hg_kexplain x;
	uint32_t i, c;
	int ret;

	if (!t->kev)
		return 0;
	ret = hg_kexplain(t, HG_KEXPLAIN_ALL, 0, &x);
	if (ret)
		return ret == -ENODATA ? 0 : ret;
	for (i = 0; i < x.nthreads && !ret; i++) {
		const struct hg_kthread_sum *s = &x.th[i];
		double us[HG_KC_NKINDS] = { 0 }, count[HG_KC_NKINDS] = { 0 };

		for (c = 0; c < s->n; c++) {
			unsigned int k = (unsigned int)s->c[c].kind;

			if (k >= HG_KC_NKINDS)
				continue;
			us[k] += (double)hg_cycles_to_ns(s->c[c].cycles, t->calib.tsc_hz) / 1000;
			count[k] += (double)s->c[c].count;
		}
		if (s->thread < t->nthreads)
			ret = add_kinds(tr, t->threads[s->thread].id, us, count);
	}
	hg_kexplain_free(&x);
	return ret;
}

int hg_diff_cause_kind(const char *name)
{
	int k;

	for (k = 0; k < HG_KC_NKINDS; k++)
		if (!strcmp(name, hg_kcause_name((enum hg_kcause)k)))
			return k;
	return -1;
}

int hg_diff_add_causes(struct hg_diff_trial *tr, unsigned int id, const double us[HG_KC_NKINDS],
		       const double count[HG_KC_NKINDS])
{
	return add_kinds(tr, id, us, count);
}
