/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * labres.h - results for test labs: a list of tests, each ok, not ok or
 * skipped, with its figures as lines of text, written as KTAP version 1
 * (the kernel's Documentation/dev-tools/ktap.rst, read by LAVA and
 * KernelCI) or as JUnit XML (Jenkins, GitLab). What makes a test is the
 * caller's: the run (labrun.h), diff's gates, audit's checks.
 */
#ifndef HG_LABRES_H
#define HG_LABRES_H

#include <stddef.h>
#include <stdio.h>

#define HG_LAB_NAME 96		/* bytes of a test's name */

enum hg_lab_result { HG_LAB_OK, HG_LAB_NOT_OK, HG_LAB_SKIP };

/*
 * struct hg_lab_test - one test
 * @name:   a word of letters, digits, '-', '_' and '.' ("thread-0-misses")
 * @result: ok, not ok or skipped
 * @diag:   its figures, lines of text each ending in '\n' (malloc'd, NULL
 *          for none); the first says why a test is not ok or skipped
 */
struct hg_lab_test {
	char name[HG_LAB_NAME];
	enum hg_lab_result result;
	char *diag;
};

/* struct hg_lab - the tests of one command (@suite: "run", "diff", "audit"). */
struct hg_lab {
	const char *suite;
	struct hg_lab_test *v;
	size_t n, cap;
};

/* hg_lab_init - an empty list of tests of @suite. */
void hg_lab_init(struct hg_lab *l, const char *suite);

/* hg_lab_free - free what @l holds. */
void hg_lab_free(struct hg_lab *l);

/*
 * hg_lab_add - a new test at the end of @l, named by the printf format
 * @fmt (characters outside a name's become '_'), of result @r
 * Returns 0 or -ENOMEM.
 */
int hg_lab_add(struct hg_lab *l, enum hg_lab_result r, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * hg_lab_diag - one more line of figures for the last test of @l (printf
 * format, without the newline); control characters become '?'
 * Returns 0, -ENOMEM, or -EINVAL when @l has no test.
 */
int hg_lab_diag(struct hg_lab *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* hg_lab_failed - how many tests of @l are not ok. */
size_t hg_lab_failed(const struct hg_lab *l);

/*
 * hg_lab_ktap - @l as KTAP version 1: "KTAP version 1", the plan "1..<n>",
 * then per test its figures as "# " lines and "ok <i> <name>", "not ok <i>
 * <name>" or "ok <i> <name> # SKIP <why>". Returns 0 or -EIO.
 */
int hg_lab_ktap(FILE *f, const struct hg_lab *l);

/*
 * hg_lab_junit - @l as JUnit XML: <testsuites> holding one <testsuite>
 * "hourglass <suite>" with the counts, a <testcase> per test (classname
 * "hourglass.<suite>"), a <failure> or <skipped> with the first line as
 * its message, the figures in <system-out>. Returns 0 or -EIO.
 */
int hg_lab_junit(FILE *f, const struct hg_lab *l);

#endif /* HG_LABRES_H */
