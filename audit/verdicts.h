/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verdicts.h - the audit of a run's CPUs, kept in its trace's system
 * snapshot: one key "audit_<id>" per check, its value "<verdict> <found>",
 * and "auditfix_<id>" with its fix for a check that has one (report/audit.h
 * reads them back)
 */
#ifndef HG_AUDIT_VERDICTS_H
#define HG_AUDIT_VERDICTS_H

#include <stddef.h>

#include "audit/audit.h"
#include "trace/trace.h"

/* hg_audit_count - how many checks hg_audit_checks holds. */
size_t hg_audit_count(void);

/*
 * hg_audit_run_all - run every check on @ctx, in the table's order, into
 * @res (hg_audit_count() of them)
 */
void hg_audit_run_all(const struct hg_audit_ctx *ctx, struct hg_audit_result *res);

/*
 * hg_audit_record - @res (from hg_audit_run_all) into @t's system snapshot:
 * "audit_<id>" = "<verdict> <found>" per check, "auditfix_<id>" = "<fix>"
 * per check with a fix. Returns 0 or -ENOMEM.
 */
int hg_audit_record(const struct hg_audit_result *res, struct hg_trace *t);

/*
 * hg_audit_record_preempt - the preemption model of the kernel under @ctx's
 * root (audit/preempt.h) into @t's system snapshot: "preempt_model" (its
 * name, "unknown" when nothing told) and "preempt_from" (where it was read,
 * or what could not be). Returns 0 or -ENOMEM.
 */
int hg_audit_record_preempt(const struct hg_audit_ctx *ctx, struct hg_trace *t);

#endif /* HG_AUDIT_VERDICTS_H */
