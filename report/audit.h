/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * audit.h - the audit of a run's CPUs as the report shows it: read back
 * from the trace's system snapshot ("audit_<id>" = "<verdict> <found>",
 * audit/verdicts.h)
 */
#ifndef HG_REPORT_AUDIT_H
#define HG_REPORT_AUDIT_H

#include <stdbool.h>
#include <stdio.h>

#include "report/json.h"
#include "trace/trace.h"

/* hg_is_audit_key - whether system snapshot key @key is an audit's. */
bool hg_is_audit_key(const char *key);

/*
 * hg_is_audit_fix_key - whether system snapshot key @key is an audit
 * check's fix ("auditfix_<id>", the text of its fix as the run's machine
 * gave it; a trace from before the fixes were kept has none)
 */
bool hg_is_audit_fix_key(const char *key);

/*
 * hg_audit_split - the verdict of an audit value @v ("pass", "warn",
 * "fail", "skip", or "?" when it names none) into @verdict (8 bytes), and
 * the found text that follows it (a pointer into @v)
 */
const char *hg_audit_split(const char *v, char *verdict);

/*
 * hg_print_audit - one line per check that is not a pass: "# audit: FAIL
 * <id>: <found>", then "# audit: <n> checks: <p> pass, <w> warn, <f> fail,
 * <s> skip"; nothing for a trace without an audit
 */
void hg_print_audit(FILE *f, const struct hg_trace *t);

/*
 * hg_json_audit - the member "audit": [{"id", "verdict", "found"}], every
 * check; nothing for a trace without an audit
 */
void hg_json_audit(struct hg_json *j, const struct hg_trace *t);

#endif /* HG_REPORT_AUDIT_H */
