// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_table.c - a PERIODIC_TABLE file (one time value per line), given
 * to the run's option parser as -w PERIODIC_TABLE <file> 10ms, then the
 * task set of that run built and analysed as after a run; no run is
 * started. A file that is refused must say why in one line.
 */
#include <stdlib.h>
#include <string.h>

#include "hourglass/options.h"
#include "hourglass/taskin.h"
#include "report/rtaprint.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[512];
	char *argv[] = { "hourglass", "-n", "2", "-t", "0", "-p", "RTHIGH", "-w",
			 "PERIODIC_TABLE", path, "10ms", "-t", "1", "-p", "RTLOW", "-w",
			 "PERIODIC", "1ms", "5ms", NULL };
	struct hg_config cfg;
	struct hg_taskset s;
	int ret;

	if (hg_fuzz_file(data, size, path, sizeof(path)))
		return 0;
	err[0] = '\0';
	ret = hg_parse_args((int)(sizeof(argv) / sizeof(argv[0])) - 1, argv,
			    "hourglass --help", &cfg, err, sizeof(err));
	if (ret < 0) {
		if (!err[0] || strchr(err, '\n'))
			abort();
		return 0;
	}
	if (!hg_taskset_from_config(&cfg, &s, err, sizeof(err))) {
		s.cpus = 2;
		s.rt_runtime_us = 950000;
		s.rt_period_us = 1000000;
		hg_rta_report(hg_fuzz_sink(), &s, false, NULL);
		hg_taskset_free(&s);
	}
	hg_config_free(&cfg);
	return 0;
}
