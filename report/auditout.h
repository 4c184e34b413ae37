/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * auditout.h - hourglass audit's checks as text for a terminal or as JSON
 * (schemas/audit.schema.json); audit/ judges them
 */
#ifndef HG_AUDITOUT_H
#define HG_AUDITOUT_H

#include <stddef.h>
#include <stdio.h>

#include "report/labres.h"

/* One check's outcome, as printed. */
struct hg_audit_row {
	const char *id;		/* "rt-throttling" */
	const char *verdict;	/* "pass", "warn", "fail" or "skip" */
	const char *found;	/* what was found, or why it was skipped */
	const char *why;	/* why it matters for latency */
	const char *fix;	/* what to change; "" for nothing */
};

/* The audit: where, which CPUs, the checks and their counts per verdict. */
struct hg_audit_out {
	const char *root;	/* the root directory, as given */
	const char *shown;	/* the same, tamed for the text */
	const char *cpus;	/* the CPUs given as a list, or NULL: every online one */
	const struct hg_audit_row *rows;
	size_t n;
	unsigned int pass, warn, fail, skip;
};

/*
 * hg_audit_out_text - "# audit of <root>, CPUs <list>|all online", a line
 * per check "<VERDICT>  <id> <found>" (with its "why:" and "fix:" lines
 * below a warn or a fail), then "# <n> checks: <p> pass, <w> warn, <f>
 * fail, <s> skip"
 */
void hg_audit_out_text(FILE *f, const struct hg_audit_out *o);

/*
 * hg_audit_out_json - one JSON object: schema, generator, "sysroot",
 * "cpus" (null for every online CPU), "checks" ({"id", "verdict", "found",
 * "why", "fix"} each) and "counts"
 */
void hg_audit_out_json(FILE *f, const struct hg_audit_out *o);

/*
 * hg_audit_out_lab - the checks as tests of @l (--ktap, --junit): a fail
 * not ok, a skip skipped, a pass or a warn ok; the verdict and what was
 * found, and below a warn or a fail its why and fix, as the test's lines.
 * Returns 0 or -ENOMEM.
 */
int hg_audit_out_lab(struct hg_lab *l, const struct hg_audit_out *o);

#endif /* HG_AUDITOUT_H */
