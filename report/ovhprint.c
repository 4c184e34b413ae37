// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ovhprint.c - the overheads charged to each job, as text and as JSON
 * (the rules are ovhprint.h's)
 */
#include <inttypes.h>
#include <stdio.h>

#include "report/ovhprint.h"
#include "util/timeval.h"

void hg_print_overheads_json(struct hg_json *j, const struct hg_overheads *o)
{
	if (!o) {
		hg_json_null(j, "overheads");
		return;
	}
	hg_json_row_obj(j, "overheads");
	hg_json_u64(j, "switch_ns", o->switch_ns);
	hg_json_u64(j, "cache_ns", o->cache_ns);
	hg_json_u64(j, "cache_kb", o->cache_kb);
	hg_json_u64(j, "per_job_ns", hg_overheads_per_job(o));
	hg_json_string(j, "source", o->source);
	hg_json_string(j, "not_quiet", o->noisy);
	hg_json_close(j);
}

void hg_print_overheads(FILE *f, const char *tag, const struct hg_overheads *o)
{
	char a[32], b[32], c[32];

	fprintf(f, "# %s: overheads charged to each job: 2 switches of %s us", tag,
		hg_format_us(o->switch_ns, a, sizeof(a)));
	if (o->cache_ns)
		fprintf(f, " and a cache penalty of %s us (the largest measured, at %" PRIu64
			" KB)", hg_format_us(o->cache_ns, b, sizeof(b)), o->cache_kb);
	fprintf(f, ": C + %s us (from %s", hg_format_us(hg_overheads_per_job(o), c, sizeof(c)),
		o->source[0] ? o->source : "-");
	if (o->noisy[0])
		fprintf(f, "; %s measured on a machine that was not quiet: they may include "
			"other tasks' run time", o->noisy);
	fputs(")\n", f);
}
