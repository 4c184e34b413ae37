/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verdict.h - the audit's verdicts as a trace keeps them: one key
 * "audit_<id>" per check in its system snapshot, its value "<verdict>
 * <found>" (audit/verdicts.h writes them, report/audit.h and
 * analysis/compare/diffaudit.h read them back)
 */
#ifndef HG_VERDICT_H
#define HG_VERDICT_H

/* What a check concluded; the order is the severity's. */
enum hg_audit_verdict {
	HG_AUDIT_PASS,
	HG_AUDIT_SKIP,		/* could not be judged: .found says why */
	HG_AUDIT_WARN,
	HG_AUDIT_FAIL,
};

/* The start of a check's key in the system snapshot: "audit_<id>". */
#define HG_AUDIT_KEY	"audit_"
/* The start of the key of a check's fix: "auditfix_<id>" = "<fix>". */
#define HG_AUDIT_FIX_KEY	"auditfix_"

/* hg_audit_verdict_name - "pass", "warn", "fail", "skip". */
const char *hg_audit_verdict_name(enum hg_audit_verdict v);

/*
 * hg_audit_verdict_parse - the verdict named by the first word of @s (up
 * to a space or its end) into @v: 0, or -EINVAL when it names none
 * ("passed", "", "?")
 */
int hg_audit_verdict_parse(const char *s, enum hg_audit_verdict *v);

#endif /* HG_VERDICT_H */
