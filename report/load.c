// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * load.c - the loads of a run in the text report and the JSON summary
 */
#include <stdlib.h>
#include <string.h>

#include "report/load.h"

/* The value of load @i's @field, or NULL. */
static const char *field(const struct hg_trace *t, unsigned int i, const char *name)
{
	char key[48];

	snprintf(key, sizeof(key), "load_%u_%s", i, name);
	return hg_trace_sys(t, key);
}

bool hg_is_load_key(const char *key)
{
	return !strncmp(key, "load_", 5) && key[5] >= '0' && key[5] <= '9';
}

void hg_print_loads(FILE *f, const struct hg_trace *t)
{
	unsigned int i;
	const char *prof;

	for (i = 0; (prof = field(t, i, "profile")); i++) {
		const char *cmd = field(t, i, "command"), *cpus = field(t, i, "cpus");
		const char *rate = field(t, i, "throughput"), *unit = field(t, i, "unit");
		const char *what = field(t, i, "what"), *secs = field(t, i, "seconds");

		fprintf(f, "# load %s on CPUs %s: %s%s%s over %s s (%s): %s\n", prof,
			cpus ? cpus : "?", rate ? rate : "unknown",
			rate && strcmp(rate, "unknown") && unit ? " " : "",
			rate && strcmp(rate, "unknown") && unit ? unit : "", secs ? secs : "?",
			what ? what : "", cmd ? cmd : "");
		if (field(t, i, "ended"))
			fprintf(f, "# load %s ended before the run did: %s\n", prof,
				field(t, i, "ended"));
	}
	if (field(t, 0, "contained"))	/* the same for every load of a run */
		fprintf(f, "# loads contained %s\n", field(t, 0, "contained"));
}

void hg_json_loads(struct hg_json *j, const struct hg_trace *t)
{
	unsigned int i;
	const char *prof;

	if (!field(t, 0, "profile"))
		return;
	hg_json_arr(j, "load");
	for (i = 0; (prof = field(t, i, "profile")); i++) {
		const char *rate = field(t, i, "throughput"), *secs = field(t, i, "seconds");
		char *end;
		double v = rate ? strtod(rate, &end) : 0;

		hg_json_obj(j, NULL);
		hg_json_string(j, "profile", prof);
		hg_json_string(j, "command", field(t, i, "command"));
		hg_json_string(j, "cpus", field(t, i, "cpus"));
		if (rate && end != rate && !*end)
			hg_json_num(j, "throughput", v, 1);
		else
			hg_json_null(j, "throughput");
		hg_json_string(j, "unit", field(t, i, "unit"));
		hg_json_num(j, "seconds", secs ? strtod(secs, NULL) : 0.0, 3);
		if (field(t, i, "ended"))
			hg_json_string(j, "ended_early", field(t, i, "ended"));
		if (field(t, i, "contained"))
			hg_json_string(j, "contained", field(t, i, "contained"));
		hg_json_close(j);
	}
	hg_json_close(j);
}
