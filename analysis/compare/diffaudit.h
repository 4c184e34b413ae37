/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diffaudit.h - what diff compares beside the measurements: the verdicts
 * of each run's audit (the trace's "audit_<id>" snapshot keys, a summary
 * JSON's "audit" array) and the throughput of its --load loads, as values
 * named load.<profile>.throughput (in the load's unit; the first load of
 * a profile when a run has several)
 */
#ifndef HG_DIFFAUDIT_H
#define HG_DIFFAUDIT_H

#include "analysis/compare/diffdata.h"
#include "trace/trace.h"

struct json_object;

/*
 * hg_diff_audit_add - append check @id's @verdict (its first word is kept:
 * "pass", "warn", "fail", "skip", else "?") to @tr's audit
 * Returns 0 or -ENOMEM.
 */
int hg_diff_audit_add(struct hg_diff_trial *tr, const char *id, const char *verdict);

/* hg_diff_audit_find - the verdict of check @id in @tr, or NULL. */
const char *hg_diff_audit_find(const struct hg_diff_trial *tr, const char *id);

/*
 * hg_diff_audit_from_trace - @t's audit and loads' throughputs into @tr;
 * nothing for a trace without them. Returns 0 or -ENOMEM.
 */
int hg_diff_audit_from_trace(const struct hg_trace *t, struct hg_diff_trial *tr);

/*
 * hg_diff_audit_from_json - the same from a summary's @root object: its
 * "audit" array of {"id", "verdict"} and "load" array of {"profile",
 * "throughput"}; entries without them (or a throughput of null) are
 * skipped. Returns 0 or -ENOMEM.
 */
int hg_diff_audit_from_json(struct json_object *root, struct hg_diff_trial *tr);

#endif /* HG_DIFFAUDIT_H */
