// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmd_calibrate.c - hourglass calibrate [--json] [-g <gap>]
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../postprocess/summary_json.h"
#include "../postprocess/text.h"
#include "../trace/calib.h"
#include "../trace/counter.h"
#include "../trace/timeval.h"
#include "cmdutil.h"
#include "commands.h"

static void calibrate_usage(FILE *f)
{
	fputs("usage: hourglass calibrate [--json] [-g <gap>]\n"
	      "\n"
	      "Measure the cycle counter's frequency against CLOCK_MONOTONIC_RAW, the\n"
	      "cost of a counter read, of a bare counter loop and of the gap loop, and\n"
	      "print the gap threshold a run would use (twice the gap loop, or <gap>).\n"
	      "\n"
	      "  --json       print one JSON object instead of text\n"
	      "  -g <gap>     the threshold to report instead of the derived one\n", f);
}

static int calibrate_main(int argc, char **argv)
{
	struct hg_calib c;
	uint64_t gap = 0;
	int json = 0, i, ret;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--json")) {
			json = 1;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			calibrate_usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "-g") || !strcmp(argv[i], "--gap")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "hourglass: calibrate: %s: missing value\n", argv[i]);
				return 2;
			}
			if (hg_cmd_time("calibrate", argv[i], argv[i + 1], &gap, false))
				return 2;
			i++;
		} else {
			fprintf(stderr, "hourglass: calibrate: unknown option '%s' "
				"(usage: hourglass calibrate [--json] [-g <gap>])\n", argv[i]);
			return 2;
		}
	}
	ret = hg_calibrate(&c, gap);
	if (ret == -EIO) {
		fprintf(stderr, "hourglass: calibrate: no two frequency estimates agreed "
			"within 0.1 %% (is the machine very busy?)\n");
		return 1;
	}
	if (ret) {
		fprintf(stderr, "hourglass: calibrate: %s\n", strerror(-ret));
		return 1;
	}
	if (json) {
		hg_json_calib(stdout, &c, HG_COUNTER_NAME);
	} else {
		hg_print_calib(stdout, &c, HG_COUNTER_NAME);
	}
	return hg_cmd_flush("calibrate", 0);
}

const struct hg_command hg_cmd_calibrate = {
	.name = "calibrate",
	.usage = "[--json] [-g <gap>]",
	.help = "measure the counter and the gap loop",
	.main = calibrate_main,
	.usage_long = calibrate_usage,
};
