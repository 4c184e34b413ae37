// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cacheout.c - cachecost's table, CSV and JSON
 */
#include <inttypes.h>

#include "report/cacheout.h"
#include "report/ciout.h"
#include "report/json.h"
#include "util/timeval.h"

void hg_cache_print(FILE *f, const struct hg_cache_run *run, const struct hg_cache_size *s,
		    size_t n)
{
	char d[32];
	size_t i, k;

	fprintf(f, "# cachecost: %s, 1 thread against %u, on cpu %u, %s a trial, pairs %s\n",
		run->workload, run->threads, run->cpu,
		hg_format_time(run->duration_ns, d, sizeof(d)), run->rule);
	fprintf(f, "# penalty per switch: ((r1 - rN) / r1) * (received_N / switches_N), r = "
		"passes per received second; paper: ((W1 - WN) / W1) * (T / switches_N)\n");
	fprintf(f, "# %7s %10s %10s %10s %10s %6s %10s %13s %13s %10s\n", "size_kb",
		"penalty_us", "ci_low_us", "ci_high_us", "mean_us", "pairs", "switches/s",
		"passes/s_1", "passes/s_N", "paper_us");
	for (i = 0; i < n; i++) {
		/* no interval where the bootstrap of a median cannot give one */
		bool ci = s[i].median_us.n >= hg_ci_method_need(HG_CI_BOOT_MEDIAN);
		char lo[32] = "-", hi[32] = "-";

		if (ci) {
			snprintf(lo, sizeof(lo), "%.3f", s[i].median_us.lo);
			snprintf(hi, sizeof(hi), "%.3f", s[i].median_us.hi);
		}
		fprintf(f, "  %7" PRIu64 " %10.3f %10s %10s %10.3f %6zu %10.1f %13.1f %13.1f "
			"%10.3f\n", s[i].size_kb, s[i].median_us.est, lo, hi, s[i].mean_us.est,
			s[i].pairs, s[i].switches_per_s, s[i].passes_1, s[i].passes_n,
			s[i].paper_mean_us.est);
	}
	if (n && s[0].median_us.n < hg_ci_method_need(HG_CI_BOOT_MEDIAN))
		fprintf(f, "# no interval: the bootstrap of a median needs %zu pairs or more\n",
			hg_ci_method_need(HG_CI_BOOT_MEDIAN));
	else if (n)
		fprintf(f, "# intervals: 95 %%, bootstrap of the median\n");
	for (i = 0; i < n; i++) {
		if (s[i].no_penalty &&
		    s[i].median_us.n >= hg_ci_method_need(HG_CI_BOOT_MEDIAN))	/* as the picture */
			fprintf(f, "%" PRIu64 " KB: no measurable penalty (the interval contains "
				"zero)\n", s[i].size_kb);
		for (k = 0; k < s[i].pairs; k++)
			if (s[i].outlier[k])
				fprintf(f, "%" PRIu64 " KB: pair %zu is an outlier (|z| > 2): "
					"%.3f us, kept\n", s[i].size_kb, k + 1, s[i].penalty_us[k]);
		if (s[i].drifting)
			fprintf(f, "%" PRIu64 " KB: drift: the penalty moves %+.3f us a pair "
				"(p = %.3f)\n", s[i].size_kb, s[i].drift.slope, s[i].drift.p);
		if (s[i].verdict == HG_STABLE_LIMIT)
			fprintf(f, "%" PRIu64 " KB: not stable after %zu pairs\n", s[i].size_kb,
				s[i].pairs);
	}
	fprintf(f, "# command: %s\n", run->command);
}

void hg_cache_csv(FILE *f, const struct hg_cache_size *s, size_t n)
{
	size_t i;

	fputs("size_kb,penalty_us,ci_low_us,ci_high_us,mean_us,mean_ci_low_us,mean_ci_high_us,"
	      "paper_us,trials,switches_per_s,passes_per_s_1,passes_per_s_n,outliers,"
	      "drift_us_per_trial,drift_p,measurable,stopped\n", f);
	for (i = 0; i < n; i++)
		fprintf(f, "%" PRIu64 ",%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%zu,%.1f,%.1f,%.1f,%zu,"
			"%.4f,%.4f,%s,%s\n", s[i].size_kb, s[i].median_us.est, s[i].median_us.lo,
			s[i].median_us.hi, s[i].mean_us.est, s[i].mean_us.lo, s[i].mean_us.hi,
			s[i].paper_mean_us.est, s[i].pairs, s[i].switches_per_s, s[i].passes_1,
			s[i].passes_n, s[i].noutliers, s[i].drift.slope, s[i].drift.p,
			s[i].no_penalty ? "no" : "yes", hg_stable_name(s[i].verdict));
}

static void json_size(struct hg_json *j, const struct hg_cache_size *s)
{
	size_t k;

	hg_json_obj(j, NULL);
	hg_json_u64(j, "size_kb", s->size_kb);
	hg_json_ci(j, &s->median_us, HG_CI_BOOT_MEDIAN, 1, "penalty_us", "ci_low_us", "ci_high_us");
	hg_json_ci(j, &s->mean_us, HG_CI_STUDENT_T, 1, "mean_us", "mean_ci_low_us", "mean_ci_high_us");
	hg_json_ci(j, &s->paper_mean_us, HG_CI_STUDENT_T, 1, "paper_us", "paper_ci_low_us", "paper_ci_high_us");
	hg_json_u64(j, "trials", s->pairs);
	hg_json_num(j, "switches_per_s", s->switches_per_s, 1);
	hg_json_num(j, "passes_per_s_1", s->passes_1, 1);
	hg_json_num(j, "passes_per_s_n", s->passes_n, 1);
	hg_json_bool(j, "measurable", !s->no_penalty);
	hg_json_string(j, "stopped", hg_stable_name(s->verdict));
	hg_json_num(j, "drift_us_per_trial", s->drift.slope, 4);
	hg_json_num(j, "drift_p", s->drift.p, 4);
	hg_json_bool(j, "drifting", s->drifting);
	hg_json_row(j, "outliers");
	for (k = 0; k < s->pairs; k++)
		if (s->outlier[k])
			hg_json_u64(j, NULL, k + 1);
	hg_json_close(j);
	hg_json_row(j, "trial_penalty_us");
	for (k = 0; k < s->pairs; k++)
		hg_json_num(j, NULL, s->penalty_us[k], 3);
	hg_json_close(j);
	hg_json_close(j);
}

void hg_cache_json(FILE *f, const struct hg_cache_run *run, const struct hg_cache_size *s,
		   size_t n)
{
	struct hg_json j;
	size_t i;

	hg_json_begin(&j, f);
	hg_json_obj(&j, NULL);
	hg_json_u64(&j, "schema", 1);
	hg_json_string(&j, "generator", "hourglass cachecost");
	hg_json_string(&j, "workload", run->workload);
	hg_json_u64(&j, "threads", run->threads);
	hg_json_u64(&j, "cpu", run->cpu);
	hg_json_u64(&j, "duration_ns", run->duration_ns);
	hg_json_string(&j, "rule", run->rule);
	hg_json_string(&j, "command", run->command);
	hg_json_arr(&j, "sizes");
	for (i = 0; i < n; i++)
		json_size(&j, &s[i]);
	hg_json_close(&j);
	hg_json_end_doc(&j);
}
