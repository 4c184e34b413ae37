/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diff.h - the comparison of analysis/compare/diff.h, as text and JSON
 */
#ifndef HG_REPORT_DIFF_H
#define HG_REPORT_DIFF_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/compare/diff.h"

/* What the two sides were, for the outputs. */
struct hg_diff_sides {
	const char *a, *b;	/* the paths */
	size_t na, nb;		/* trials */
	const struct hg_diff_trial *ta, *tb;	/* the first trial of each: snapshots */
};

/*
 * hg_diff_print - the two snapshots line by line, the checks of the audits
 * whose verdicts differ ("# audit DIFFERS: <id>: WARN (A) | PASS (B)", or
 * how many are the same; nothing when neither run has an audit), then a table: metric,
 * a, b, delta, interval, test, p, verdict
 */
void hg_diff_print(FILE *f, const struct hg_diff_sides *s, const struct hg_diff_row *r,
		   size_t n);

/* Version of diff --json's schema (schemas/diff.schema.json). */
#define HG_DIFF_SCHEMA 1

/*
 * hg_diff_json - the same as one JSON object ("schema", the sides, "system",
 * "audit": [{"id", "a", "b"}] of the differing checks when a run has an
 * audit, "metrics"). Returns 0 or -EIO.
 */
int hg_diff_json(FILE *f, const struct hg_diff_sides *s, const struct hg_diff_row *r,
		  size_t n);

#endif /* HG_REPORT_DIFF_H */
