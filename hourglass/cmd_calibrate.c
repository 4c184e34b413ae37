// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_calibrate.c - hourglass calibrate [--json] [-g <gap>] [--ctx]
 */
#include <errno.h>
#include <sched.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "analysis/compare/thresh.h"
#include "hourglass/cmdutil.h"
#include "hourglass/commands.h"
#include "report/calibout.h"
#include "run/cpulist.h"
#include "run/pingpong.h"
#include "trace/calib.h"
#include "trace/counter.h"
#include "trace/msg.h"
#include "trace/tscword.h"

struct calibrate_args {
	uint64_t gap_ns;
	uint64_t repeat;
	bool json;
	bool ctx;
};

static const struct hg_opt calibrate_opts[] = {
	{ .name = "json", .kind = HG_OPT_FLAG, .off = offsetof(struct calibrate_args, json),
	  .help = "print one JSON object instead of text" },
	{ .name = "gap", .letter = 'g', .kind = HG_OPT_TIME,
	  .off = offsetof(struct calibrate_args, gap_ns), .value = "<gap>",
	  .help = "the threshold to report instead of the derived one" },
	{ .name = "repeat", .kind = HG_OPT_COUNT, .off = offsetof(struct calibrate_args, repeat),
	  .value = "<n>", .max = 1000,
	  .help = "calibrate <n> times (1 to 1000) and report the spread\n"
		  "of the derived gap threshold: min, median, max and\n"
		  "(max - min) / median" },
	{ .name = "ctx", .kind = HG_OPT_FLAG, .off = offsetof(struct calibrate_args, ctx),
	  .help = "also measure a context switch a second way: two threads\n"
		  "pinned to the last CPU pass a byte through a pair of\n"
		  "pipes; half a round trip, less a counter read, with the\n"
		  "median's and the mean's 95 % confidence intervals (both\n"
		  "bootstraps: never below the shortest switch); the same\n"
		  "for two threads yielding to each other" },
	HG_OPT_END
};

static const struct hg_cmdspec calibrate_spec = {
	.name = "calibrate",
	.summary = "measure the counter and the gap loop",
	.about = "Measure the cycle counter's frequency against CLOCK_MONOTONIC_RAW, the\n"
		 "cost of a counter read, of a bare counter loop and of the gap loop, and\n"
		 "print the gap threshold a run would use (twice the gap loop, or <gap>).\n"
		 "With --repeat, calibrate again and again and report how far the derived\n"
		 "threshold moves (target: within 10 %).",
	.opts = calibrate_opts,
};

/* The ping-pong on the last CPU this process may use. */
static int measure_ctx(const struct hg_calib *c, struct hg_pingpong *pp)
{
	cpu_set_t allowed;
	int cpu, ret;

	if (sched_getaffinity(0, sizeof(allowed), &allowed))
		CPU_ZERO(&allowed);
	cpu = hg_cpu_last(&allowed);
	if (cpu < 0) {
		hg_msg("calibrate: --ctx: no CPU to run on");
		return 1;
	}
	ret = hg_pingpong_measure((unsigned int)cpu, HG_PINGPONG_ROUNDS, c, pp);
	if (ret) {
		hg_msg("calibrate: --ctx: ping-pong on cpu %d: %s", cpu,
			strerror(-ret));
		return 1;
	}
	return 0;
}

/*
 * Calibrate once, or --repeat times: @c the last calibration, @s the
 * spread of the thresholds, @fs that of the hiccup floors. Returns 0 or
 * hg_calibrate()'s error.
 */
static int calibrate_repeat(const struct calibrate_args *a, struct hg_calib *c,
			    struct hg_thresh_spread *s, struct hg_thresh_spread *fs)
{
	uint64_t v[1000], f[1000];
	size_t n = a->repeat ? (size_t)a->repeat : 1, i;
	int ret;

	for (i = 0; i < n; i++) {
		ret = hg_calibrate(c, a->gap_ns);
		if (ret)
			return ret;
		v[i] = c->gap_threshold_cycles;
		f[i] = c->hiccup_cycles;
	}
	ret = hg_thresh_spread(v, n, s);
	return ret ? ret : hg_thresh_spread(f, n, fs);
}

static int calibrate_main(int argc, char **argv)
{
	struct calibrate_args a = { 0 };
	struct hg_thresh_spread spread, floors;
	struct hg_pingpong pp;
	struct hg_calib c;
	char why[HG_TSC_WHY];
	struct hg_calib_out o = { .calib = &c, .counter = HG_COUNTER_NAME };
	int ret;

	if (hg_cmdopt_get(&calibrate_spec, argc, argv, &a, &ret))
		return ret;
	ret = calibrate_repeat(&a, &c, &spread, &floors);
	if (ret == -EIO) {
		hg_msg("calibrate: no two frequency estimates agreed "
			"within 0.1 %% (is the machine very busy?)");
		return 1;
	}
	if (ret == -ENODATA) {
		hg_msg("calibrate: %s", HG_CALIB_STILL_MSG);
		return 1;
	}
	if (ret) {
		hg_msg("calibrate: %s", strerror(-ret));
		return 1;
	}
	if (a.ctx && measure_ctx(&c, &pp))
		return 1;
	if (a.repeat) {
		o.spread = &spread;
		o.floors = &floors;
	}
	if (a.ctx)
		o.ctx = &pp;
	if (a.json) {
		hg_calib_out_json(stdout, &o);
	} else {
		if (hg_tsc_word_live(why, sizeof(why)) == HG_TSC_DISTRUSTED)
			o.unstable = why;
		hg_calib_out_text(stdout, &o);
	}
	return hg_cmd_flush("calibrate", 0);
}

const struct hg_command hg_cmd_calibrate = {
	.name = "calibrate",
	.spec = &calibrate_spec,
	.main = calibrate_main,
};
