// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * verdict.c - the audit's verdict names, written and read back
 */
#include <errno.h>
#include <string.h>

#include "trace/verdict.h"

static const char *const names[] = {
	[HG_AUDIT_PASS] = "pass",
	[HG_AUDIT_SKIP] = "skip",
	[HG_AUDIT_WARN] = "warn",
	[HG_AUDIT_FAIL] = "fail",
};

const char *hg_audit_verdict_name(enum hg_audit_verdict v)
{
	return (unsigned int)v < sizeof(names) / sizeof(names[0]) ? names[v] : "skip";
}

int hg_audit_verdict_parse(const char *s, enum hg_audit_verdict *v)
{
	size_t n = strcspn(s, " "), i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == n && !strncmp(s, names[i], n)) {
			*v = (enum hg_audit_verdict)i;
			return 0;
		}
	return -EINVAL;
}
