/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * helpers.h - shared by the Check tests
 */
#ifndef HG_TEST_HELPERS_H
#define HG_TEST_HELPERS_H

#include <check.h>
#include <stdint.h>

#include "../trace/trace.h"

/*
 * Run @s with Check and return the process exit status (0 when all pass);
 * hg_test_tmpdir() is made before and removed after.
 */
int hg_test_run(Suite *s);

/*
 * hg_test_trace - a synthetic trace: @nthreads threads at 1 GHz (1 cycle =
 * 1 ns), t0 = 1000, each with the intervals given as (start, len) pairs in
 * @iv for thread i at iv[i], @n[i] of them; statistics filled as a run
 * would fill them.
 */
struct hg_trace *hg_test_trace(uint32_t nthreads, const uint64_t (*const *iv)[2],
			       const size_t *n);

/* hg_test_tmpdir - a fresh temporary directory (hg_test_run removes it). */
const char *hg_test_tmpdir(void);

#endif /* HG_TEST_HELPERS_H */
