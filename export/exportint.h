/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * exportint.h - what the export formats share inside their folder: their
 * ops, the words of a row
 */
#ifndef HG_EXPORTINT_H
#define HG_EXPORTINT_H

#include <stdbool.h>
#include <stdio.h>

#include "analysis/gaps/attrib.h"
#include "export/exportbuf.h"
#include "trace/trace.h"

/* One export format: export_<name>.c ends in one of these. */
struct hg_export_ops {
	const char *name;	/* as --format takes it */
	/*
	 * write - @t's records (checked already: every one decodes) into @o,
	 * which the caller flushes; with @sched (NULL: none) also the other
	 * tasks that ran in the workers' gaps, for formats that take them
	 * (@sched_ok). Returns 0 or -errno.
	 */
	int (*write)(struct hg_out *o, const struct hg_trace *t, const struct hg_attrib_in *sched);
	bool sched_ok;
};

extern const struct hg_export_ops hg_export_perfetto;
extern const struct hg_export_ops hg_export_csv;
extern const struct hg_export_ops hg_export_json;
extern const struct hg_export_ops hg_export_prom;

/* hg_export_kinds - the kinds' names, indexed by enum hg_export_kind. */
extern const struct hg_word hg_export_kinds[];

/*
 * hg_export_put_flags - the names of @flags (yield, sleep, last, miss)
 * joined by @sep at @p, each quoted when @quote; returns the end
 */
char *hg_export_put_flags(char *p, unsigned int flags, char sep, int quote);

/* hg_prom_label - a label value, escaped as OpenMetrics asks: \\, \" and \n. */
void hg_prom_label(FILE *f, const char *s);

/*
 * hg_prom_family - the TYPE, UNIT (when @unit is not NULL: the name ends
 * in it) and HELP lines of metric family @name
 */
void hg_prom_family(FILE *f, const char *name, const char *type, const char *help,
		    const char *unit);

#endif /* HG_EXPORTINT_H */
