/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tail.h - the printing half of analysis/stats/tail.h: a fit, its checks and its
 * answers as text, or as one member of the JSON document of hourglass tail
 * (schemas/tail.schema.json)
 */
#ifndef HG_REPORT_TAIL_H
#define HG_REPORT_TAIL_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis/stats/tail.h"
#include "report/json.h"
#include "trace/trace.h"

/* What a tail was fitted to, as the report names it. */
struct hg_tail_series {
	const char *of;		/* "latency", "response", "gap" */
	int thread;		/* the trace's thread id, or -1 (a file's) */
	const char *what;	/* "thread 1 (LAT 1ms)", "lat.txt" */
	double rate_hz;		/* samples a second; 0: unknown */
	const char *rate_from;	/* how @rate_hz is known: "measured", "--interval" */
	double per_s;		/* the period of the expected counts */
	unsigned int boot;	/* the goodness-of-fit bootstrap's samples */
	bool force;		/* --force: the estimate even when a check failed */
	const char *note;	/* how the samples were taken in, or NULL */
};

/* hg_tail_refused - whether @t's answers are withheld: a check failed, no --force. */
bool hg_tail_refused(const struct hg_tail_series *s, const struct hg_tail *t);

/* hg_tail_print - the text report of @t. */
void hg_tail_print(FILE *f, const struct hg_tail_series *s, const struct hg_tail *t);

/* hg_tail_json - @t as one object of the document's "fits" array. */
void hg_tail_json(struct hg_json *j, const struct hg_tail_series *s, const struct hg_tail *t);

/*
 * hg_print_tail_summary - a line of the run's report per LAT thread (its
 * lateness) and PERIODIC thread (its response times) with enough samples
 * for the automatic threshold to leave 50 above it: the value exceeded
 * with probability 1e-9 per sample and its interval, or the check that
 * refused it
 */
void hg_print_tail_summary(FILE *f, const struct hg_trace *t);

#endif
