// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * helpers.c - shared by the Check tests
 */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	(void)sb; (void)flag; (void)ftw;
	return remove(path);
}

int hg_test_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	const char *dir = hg_test_tmpdir();	/* made before the tests fork */
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (strcmp(dir, "/tmp"))
		nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	return failed ? 1 : 0;
}

struct hg_trace *hg_test_trace(uint32_t nthreads, const uint64_t (*const *iv)[2],
			       const size_t *n)
{
	struct hg_trace *t = hg_trace_alloc(nthreads);
	uint32_t i;
	size_t k;

	if (!t)
		return NULL;
	t->calib.tsc_hz = 1000000000ULL;
	t->calib.gap_threshold_cycles = 10;
	t->calib.gap_threshold_ns = 10;
	t->t0_cycles = 1000;
	t->duration_ns = 1000000;
	t->stop_cycles = 1000 + 1000000;
	t->capacity = 1024;
	t->cmdline = strdup("hourglass -n test");
	hg_trace_add_sys(t, "counter", "tsc");
	for (i = 0; i < nthreads; i++) {
		struct hg_trace_thread *th = &t->threads[i];
		struct hg_tstats *st = &th->stats;
		size_t at = 0;

		snprintf(th->workload, sizeof(th->workload), "CPU");
		snprintf(th->priority, sizeof(th->priority), "NORMAL (SCHED_OTHER nice 0)");
		snprintf(th->cpus, sizeof(th->cpus), "0");
		th->begin_cycles = 1000;
		th->end_cycles = 1000 + 1000000;
		th->gap_threshold_cycles = 10;
		th->recs = calloc(n[i] * 2 + 1, sizeof(*th->recs));
		for (k = 0; k < n[i]; k++) {
			uint64_t s = iv[i][k][0], l = iv[i][k][1];

			at += hg_record_encode(th->recs + at, n[i] * 2 + 1 - at, s, l, 0,
					       k + 1 == n[i] ? HG_REC_LAST : 0);
			if (!st->intervals)
				st->first_cycles = s;
			st->intervals++;
			st->received_cycles += l;
			st->last_cycles = s + l;
			if (k + 1 < n[i])
				hg_hist_add(&st->gaps, iv[i][k + 1][0] - (s + l));
		}
		th->stored = at;
	}
	return t;
}

const char *hg_test_tmpdir(void)
{
	static char dir[64];	/* test-only: one directory per test process */

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "/tmp/hgtest.XXXXXX");
		if (!mkdtemp(dir))
			return "/tmp";
	}
	return dir;
}
