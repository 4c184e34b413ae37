// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fuzz_taskfile.c - a task file of rta --tasks (C=3ms T=8ms P=RTMED per
 * line), read as a file, then analysed and reported as text and as JSON
 * (on an admission limit of 2 CPUs at 95 %, fixed, so no file of this
 * machine is read). A file that is refused must say why in one line.
 */
#include <stdlib.h>
#include <string.h>

#include "hourglass/taskin.h"
#include "report/rtaprint.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hg_taskset s;
	char path[64], err[512];

	if (hg_fuzz_file(data, size, path, sizeof(path)))
		return 0;
	err[0] = '\0';
	if (hg_taskset_read(path, &s, err, sizeof(err))) {
		if (!err[0] || strchr(err, '\n'))
			abort();
		return 0;
	}
	s.cpus = 2;
	s.rt_runtime_us = 950000;
	s.rt_period_us = 1000000;
	hg_rta_report(hg_fuzz_sink(), &s, false, NULL);
	hg_rta_report(hg_fuzz_sink(), &s, true, NULL);
	hg_taskset_free(&s);
	return 0;
}
