// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * verdicts.c - every check at once, and their verdicts into a trace
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit/preempt.h"
#include "audit/verdicts.h"

size_t hg_audit_count(void)
{
	size_t n = 0;

	while (hg_audit_checks[n])
		n++;
	return n;
}

void hg_audit_run_all(const struct hg_audit_ctx *ctx, struct hg_audit_result *res)
{
	size_t i;

	for (i = 0; hg_audit_checks[i]; i++)
		hg_audit_run(hg_audit_checks[i], ctx, &res[i]);
}

int hg_audit_record(const struct hg_audit_result *res, struct hg_trace *t)
{
	char key[64], value[HG_AUDIT_TEXT + 8];
	size_t i;

	for (i = 0; hg_audit_checks[i]; i++) {
		snprintf(key, sizeof(key), HG_AUDIT_KEY "%s", hg_audit_checks[i]->id);
		snprintf(value, sizeof(value), "%s %s", hg_audit_verdict_name(res[i].verdict),
			 res[i].found);
		if (hg_trace_add_sys(t, key, value))
			return -ENOMEM;
		if (!res[i].fix[0])
			continue;
		snprintf(key, sizeof(key), HG_AUDIT_FIX_KEY "%s", hg_audit_checks[i]->id);
		if (hg_trace_add_sys(t, key, res[i].fix))
			return -ENOMEM;
	}
	return 0;
}

int hg_audit_record_preempt(const struct hg_audit_ctx *ctx, struct hg_trace *t)
{
	struct hg_preempt p;
	int ret = hg_preempt_read(ctx, &p);

	if (ret < 0)
		snprintf(p.from, sizeof(p.from), "/proc/version unreadable (%s)", strerror(-ret));
	if (hg_trace_add_sys(t, "preempt_model", hg_preempt_name(p.model)) ||
	    hg_trace_add_sys(t, "preempt_from", p.from))
		return -ENOMEM;
	return 0;
}
