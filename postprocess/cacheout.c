// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cacheout.c - cachecost's table, CSV and JSON
 */
#include <inttypes.h>

#include "../trace/timeval.h"
#include "cacheout.h"
#include "ciout.h"
#include "json.h"

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
	for (i = 0; i < n; i++)
		fprintf(f, "  %7" PRIu64 " %10.3f %10.3f %10.3f %10.3f %6zu %10.1f %13.1f %13.1f "
			"%10.3f\n", s[i].size_kb, s[i].median_us.est, s[i].median_us.lo,
			s[i].median_us.hi, s[i].mean_us.est, s[i].pairs, s[i].switches_per_s,
			s[i].passes_1, s[i].passes_n, s[i].paper_mean_us.est);
	for (i = 0; i < n; i++) {
		if (s[i].no_penalty)
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

static void json_size(FILE *f, const struct hg_cache_size *s, int last)
{
	size_t k;
	int first = 1;

	fprintf(f, "    {\n      \"size_kb\": %" PRIu64 ",", s->size_kb);
	hg_json_ci(f, 6, &s->median_us, 1, "penalty_us", "ci_low_us", "ci_high_us", 1);
	hg_json_ci(f, 6, &s->mean_us, 1, "mean_us", "mean_ci_low_us", "mean_ci_high_us", 0);
	hg_json_ci(f, 6, &s->paper_mean_us, 1, "paper_us", "paper_ci_low_us",
		   "paper_ci_high_us", 0);
	fprintf(f, ",\n      \"trials\": %zu,\n      \"switches_per_s\": ", s->pairs);
	hg_json_num(f, s->switches_per_s, 1);
	fputs(",\n      \"passes_per_s_1\": ", f);
	hg_json_num(f, s->passes_1, 1);
	fputs(",\n      \"passes_per_s_n\": ", f);
	hg_json_num(f, s->passes_n, 1);
	fprintf(f, ",\n      \"measurable\": %s,\n      \"stopped\": ",
		s->no_penalty ? "false" : "true");
	hg_json_str(f, hg_stable_name(s->verdict));
	fputs(",\n      \"drift_us_per_trial\": ", f);
	hg_json_num(f, s->drift.slope, 4);
	fputs(",\n      \"drift_p\": ", f);
	hg_json_num(f, s->drift.p, 4);
	fprintf(f, ",\n      \"drifting\": %s,\n      \"outliers\": [",
		s->drifting ? "true" : "false");
	for (k = 0; k < s->pairs; k++)
		if (s->outlier[k]) {
			fprintf(f, "%s%zu", first ? "" : ", ", k + 1);
			first = 0;
		}
	fputs("],\n      \"trial_penalty_us\": [", f);
	for (k = 0; k < s->pairs; k++) {
		fputs(k ? ", " : "", f);
		hg_json_num(f, s->penalty_us[k], 3);
	}
	fprintf(f, "]\n    }%s\n", last ? "" : ",");
}

void hg_cache_json(FILE *f, const struct hg_cache_run *run, const struct hg_cache_size *s,
		   size_t n)
{
	size_t i;

	fputs("{\n  \"workload\": ", f);
	hg_json_str(f, run->workload);
	fprintf(f, ",\n  \"threads\": %u,\n  \"cpu\": %u,\n  \"duration_ns\": %" PRIu64
		",\n  \"rule\": ", run->threads, run->cpu, run->duration_ns);
	hg_json_str(f, run->rule);
	fputs(",\n  \"command\": ", f);
	hg_json_str(f, run->command);
	fputs(",\n  \"sizes\": [\n", f);
	for (i = 0; i < n; i++)
		json_size(f, &s[i], i + 1 == n);
	fputs("  ]\n}\n", f);
}
