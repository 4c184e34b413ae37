// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * audit.c - running one check, the table's lookup
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "audit/audit.h"
#include "util/tame.h"

const struct hg_audit_check *hg_audit_find(const char *id)
{
	size_t i;

	for (i = 0; hg_audit_checks[i]; i++)
		if (!strcmp(hg_audit_checks[i]->id, id))
			return hg_audit_checks[i];
	return NULL;
}

void hg_audit_run(const struct hg_audit_check *check, const struct hg_audit_ctx *ctx,
		  struct hg_audit_result *res)
{
	struct hg_audit_readerr readerr = { .err = 0 };
	struct hg_audit_ctx c = *ctx;
	const char *root;
	int ret;

	memset(res, 0, sizeof(*res));
	c.readerr = &readerr;
	ret = check->judge(&c, res);
	if (ret < 0) {
		root = ret == -EACCES || ret == -EPERM ? " (run as root)" : "";
		res->verdict = HG_AUDIT_SKIP;
		if (readerr.err == ret)
			snprintf(res->found, sizeof(res->found), "could not read %s%s",
				 readerr.text, root);
		else
			snprintf(res->found, sizeof(res->found), "could not be read: %s%s",
				 strerror(-ret), root);
		res->fix[0] = '\0';
	}
	hg_tame(res->found);	/* a copied tree's names: no escape reaches a terminal */
	hg_tame(res->fix);
}

int hg_audit_say(struct hg_audit_result *res, enum hg_audit_verdict v, const char *fmt, ...)
{
	va_list ap;

	res->verdict = v;
	va_start(ap, fmt);
	vsnprintf(res->found, sizeof(res->found), fmt, ap);
	va_end(ap);
	return 0;
}

void hg_audit_fix(struct hg_audit_result *res, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(res->fix, sizeof(res->fix), fmt, ap);
	va_end(ap);
}
