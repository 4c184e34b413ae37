// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * calibout.c - hourglass calibrate's results as text or JSON
 */
#include "report/calibout.h"
#include "report/ciout.h"
#include "report/json.h"
#include "report/summary_json.h"
#include "report/text.h"

#define RT "round trip"

static void print_ctx(FILE *f, const struct hg_pingpong *pp)
{
	char a[160], b[160];

	/* in us, as ctxcost prints the same quantity */
	fprintf(f, "# ctx: two threads on cpu %u, %zu round trips each, counter read %.1f ns "
		"subtracted; per switch:\n", pp->cpu, pp->rounds, pp->read_ns);
	fprintf(f, "# ctx: pipe ping-pong: median %s, mean %s\n",
		hg_ci_text(&pp->pipe_median_ns, HG_CI_BOOT_MEDIAN, 1000, 3, "us", RT,
			   a, sizeof(a)),
		hg_ci_text(&pp->pipe_mean_ns, HG_CI_BOOT_MEAN, 1000, 3, "us", RT,
			   b, sizeof(b)));
	fprintf(f, "# ctx: sched_yield: median %s, mean %s\n",
		hg_ci_text(&pp->yield_median_ns, HG_CI_BOOT_MEDIAN, 1000, 3, "us", RT,
			   a, sizeof(a)),
		hg_ci_text(&pp->yield_mean_ns, HG_CI_BOOT_MEAN, 1000, 3, "us", RT,
			   b, sizeof(b)));
}

/* --ctx's members of calibrate's JSON document. */
static void json_ctx(struct hg_json *j, const struct hg_pingpong *pp)
{
	hg_json_u64(j, "ctx_cpu", pp->cpu);
	hg_json_u64(j, "ctx_rounds", pp->rounds);
	hg_json_num(j, "counter_read_ns", pp->read_ns, 1);
	hg_json_ci(j, &pp->pipe_median_ns, HG_CI_BOOT_MEDIAN, 1, "pingpong_ns", "pingpong_ci_low_ns",
		   "pingpong_ci_high_ns");
	hg_json_ci(j, &pp->pipe_mean_ns, HG_CI_BOOT_MEAN, 1, "pingpong_mean_ns", "pingpong_mean_ci_low_ns",
		   "pingpong_mean_ci_high_ns");
	hg_json_ci(j, &pp->yield_median_ns, HG_CI_BOOT_MEDIAN, 1, "yield_ns", "yield_ci_low_ns",
		   "yield_ci_high_ns");
	hg_json_ci(j, &pp->yield_mean_ns, HG_CI_BOOT_MEAN, 1, "yield_mean_ns", "yield_mean_ci_low_ns",
		   "yield_mean_ci_high_ns");
}

void hg_calib_out_text(FILE *f, const struct hg_calib_out *o)
{
	const struct hg_thresh_spread *s = o->spread, *fl = o->floors;

	hg_print_calib(f, o->calib, o->counter);
	if (o->unstable)
		fprintf(f, "# counter: the kernel calls it unstable (%s)\n", o->unstable);
	if (s) {
		fprintf(f, "# repeat: %zu calibrations: gap threshold min %llu, median %llu, "
			"max %llu cycles; spread %.1f %% (max - min over the median)\n",
			s->n, (unsigned long long)s->min, (unsigned long long)s->median,
			(unsigned long long)s->max, s->spread_pct);
		fprintf(f, "# repeat: hiccup floor (twice the loop time) min %llu, median %llu, "
			"max %llu cycles; spread %.1f %%\n", (unsigned long long)fl->min,
			(unsigned long long)fl->median, (unsigned long long)fl->max,
			fl->spread_pct);
	}
	if (o->ctx)
		print_ctx(f, o->ctx);
}

void hg_calib_out_json(FILE *f, const struct hg_calib_out *o)
{
	const struct hg_thresh_spread *s = o->spread, *fl = o->floors;
	struct hg_json j;

	hg_json_calib(&j, f, o->calib, o->counter);
	if (s) {
		hg_json_u64(&j, "repeat", s->n);
		hg_json_u64(&j, "threshold_min_cycles", s->min);
		hg_json_u64(&j, "threshold_median_cycles", s->median);
		hg_json_u64(&j, "threshold_max_cycles", s->max);
		hg_json_num(&j, "threshold_spread_pct", s->spread_pct, 1);
		hg_json_u64(&j, "hiccup_floor_min_cycles", fl->min);
		hg_json_u64(&j, "hiccup_floor_median_cycles", fl->median);
		hg_json_u64(&j, "hiccup_floor_max_cycles", fl->max);
		hg_json_num(&j, "hiccup_floor_spread_pct", fl->spread_pct, 1);
	}
	if (o->ctx)
		json_ctx(&j, o->ctx);
	hg_json_end_doc(&j);
}
