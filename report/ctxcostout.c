// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * ctxcostout.c - ctxcost's results as text and JSON
 */
#include <inttypes.h>
#include <math.h>

#include "report/ciout.h"
#include "report/ctxcostout.h"
#include "report/json.h"
#include "util/timeval.h"

static const char *const class_name[2] = { "voluntary", "involuntary" };

/* A per-trial figure in us, or "-". */
static const char *us_or_dash(double ns, char *buf, size_t len)
{
	if (isnan(ns))
		return "-";
	snprintf(buf, len, "%.3f", ns / 1000);
	return buf;
}

/* The trials, a line each. */
static void print_trials(FILE *f, const struct hg_ctxcost_out *o)
{
	char t[4][32];
	size_t i;

	fprintf(f, "# %5s %14s %14s %14s %14s %12s\n", "trial", "vol_median_us", "vol_mean_us",
		"invol_median_us", "invol_mean_us", "switches/s");
	for (i = 0; i < o->trials; i++)
		fprintf(f, "  %5zu %14s %14s %14s %14s %12.1f\n", i + 1,
			us_or_dash(o->cls[0].med_ns[i], t[0], sizeof(t[0])),
			us_or_dash(o->cls[0].mean_ns[i], t[1], sizeof(t[1])),
			us_or_dash(o->cls[1].med_ns[i], t[2], sizeof(t[2])),
			us_or_dash(o->cls[1].mean_ns[i], t[3], sizeof(t[3])), o->rate[i]);
}

void hg_ctxcost_print(FILE *f, const struct hg_ctxcost_out *o)
{
	char d[32], y[32], b1[160], b2[160];
	int c;

	fprintf(f, "# ctxcost: %" PRIu64 " threads CPU_YIELD %s on cpu %" PRIu64 ", %s a trial, "
		"%zu trials (%s; %s)\n# a trial: %s\n", o->threads,
		hg_format_time(o->yield_ns, y, sizeof(y)), o->cpu,
		hg_format_time(o->duration_ns, d, sizeof(d)), o->trials,
		hg_stable_name(o->verdict), o->rule, o->command);
	print_trials(f, o);
	for (c = 0; c < 2; c++) {
		if (!o->cls[c].n) {
			fprintf(f, "%s switch: none seen\n", class_name[c]);
			continue;
		}
		fprintf(f, "%s switch: median %s, mean %s; %" PRIu64 " switches in %zu trials\n",
			class_name[c],
			hg_ci_text(&o->cls[c].med, HG_CI_BOOT_MEDIAN, 1000, 3, "us", "trial", b1,
				   sizeof(b1)),
			hg_ci_text(&o->cls[c].mean, HG_CI_BOOT_MEAN, 1000, 3, "us", "trial", b2,
				   sizeof(b2)),
			o->cls[c].switches, o->cls[c].n);
	}
	fprintf(f, "switches per second: %s\n",
		hg_ci_text(&o->rate_ci, HG_CI_BOOT_MEAN, 1, 1, "/s", "trial", b1, sizeof(b1)));
	if (o->noise_known)
		fprintf(f, "machine: %s (cpu %" PRIu64 " quiet in %zu of %zu trials)\n",
			o->quiet == o->noise_known ? "quiet" :
			"not quiet: switch costs may include other tasks' run time",
			o->cpu, o->quiet, o->noise_known);
	if (o->have_pp)
		fprintf(f, "pipe ping-pong (calibrate --ctx): %s per switch, pipe system calls "
			"included\n", hg_ci_text(&o->pingpong_ns, HG_CI_BOOT_MEDIAN, 1000, 3,
						 "us", "round trip", b1, sizeof(b1)));
}

static void json_class(struct hg_json *j, const struct hg_ctxcost_class *pc, size_t trials,
		       const char *name)
{
	size_t i;

	hg_json_obj(j, name);
	hg_json_ci(j, &pc->med, HG_CI_BOOT_MEDIAN, 1, "median_ns", "ci_low_ns", "ci_high_ns");
	hg_json_ci(j, &pc->mean, HG_CI_BOOT_MEAN, 1, "mean_ns", "mean_ci_low_ns",
		   "mean_ci_high_ns");
	hg_json_u64(j, "trials", pc->n);
	hg_json_u64(j, "switches", pc->switches);
	hg_json_row(j, "trial_median_ns");
	for (i = 0; i < trials; i++)
		hg_json_num(j, NULL, pc->med_ns[i], 1);	/* null: none in that trial */
	hg_json_close(j);
	hg_json_close(j);
}

void hg_ctxcost_json(FILE *f, const struct hg_ctxcost_out *o)
{
	struct hg_json j;

	hg_json_begin(&j, f);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", 1);
	hg_json_string(&j, "generator", "hourglass ctxcost");
	hg_json_u64(&j, "cpu", o->cpu);
	hg_json_u64(&j, "threads", o->threads);
	hg_json_u64(&j, "duration_ns", o->duration_ns);
	hg_json_u64(&j, "yield_ns", o->yield_ns);
	hg_json_u64(&j, "trials", o->trials);
	hg_json_string(&j, "stopped", hg_stable_name(o->verdict));
	hg_json_string(&j, "trial_command", o->command);
	json_class(&j, &o->cls[0], o->trials, "voluntary");
	json_class(&j, &o->cls[1], o->trials, "involuntary");
	hg_json_ci(&j, &o->rate_ci, HG_CI_BOOT_MEAN, 1, "switches_per_s", "switches_per_s_ci_low",
		   "switches_per_s_ci_high");
	if (o->noise_known) {
		hg_json_bool(&j, "quiet", o->quiet == o->noise_known);
		hg_json_u64(&j, "quiet_trials", o->quiet);
	} else {
		hg_json_null(&j, "quiet");
	}
	if (o->have_pp)
		hg_json_ci(&j, &o->pingpong_ns, HG_CI_BOOT_MEDIAN, 1, "pingpong_ns",
			   "pingpong_ci_low_ns", "pingpong_ci_high_ns");
	else
		hg_json_null(&j, "pingpong_ns");
	hg_json_end_doc(&j);
}
