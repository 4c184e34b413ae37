// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_kverdict.c - report/kdiag.c's verdict: explain's gives a "why
 * <mechanism>:" line for each mechanism its share line names, the run's
 * summary none; the why of rt-throttling says what keeps the lower
 * classes' time on the trace's kernel. On a capture of a real run: a FIFO
 * CPU hog on CPU 1 of a 2-CPU KVM guest, kernel 6.18, stopped twice.
 */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/kernel/kexplain.h"
#include "report/kdiag.h"

static char *verdict(const struct hg_trace *t, int brief)
{
	struct hg_test_text out;
	struct hg_kexplain x;
	FILE *f;

	ck_assert_int_eq(hg_kexplain(t, HG_KEXPLAIN_ALL, 1, &x), 0);
	f = hg_test_text_open(&out);
	hg_print_kverdict(f, t, &x, brief);
	hg_kexplain_free(&x);
	return hg_test_text_close(&out);
}

/* How many lines of @s start with @prefix. */
static int count(const char *s, const char *prefix)
{
	int n = 0;

	for (; s && *s; s = strchr(s, '\n'), s = s ? s + 1 : NULL)
		n += !strncmp(s, prefix, strlen(prefix));
	return n;
}

START_TEST(test_why_lines)
{
	struct hg_trace *t = NULL;
	char err[256] = "", *full, *brief;

	ck_assert_msg(hg_trace_read("tests/fixtures/kthrottle.hgt", &t, err, sizeof(err)) == 0,
		      "%s", err);
	full = verdict(t, 0);
	brief = verdict(t, 1);
	/* the share line names four: rt-throttling, host, tick, kernel */
	ck_assert_msg(strstr(full, "in all: rt-throttling 69.8 %, host 17.1 %, tick 8.1 %, "
			     "kernel 2.5 %\n"), "%s", full);
	ck_assert_int_eq(count(full, "# verdict: thread 0: why "), 4);
	ck_assert_msg(strstr(full, "# verdict: thread 0: why rt-throttling: the kernel switched the "
			     "runnable thread out on CPU 1 for "), "%s", full);
	ck_assert_msg(strstr(full, "only its reservation for the lower classes does that, the "
			     "fair class's server (a kernel of Linux 6.12 or later) "
			     "(sched_rt_runtime_us 950000 of sched_rt_period_us 1000000;"), "%s",
		      full);
	ck_assert_msg(strstr(full, "# verdict: thread 0: why host: ") &&
		      strstr(full, "# verdict: thread 0: why tick: ") &&
		      strstr(full, "# verdict: thread 0: why kernel: the thread's own kernel paths "
			     "(entry, exit, switch) between the events: assumed, up to 5.000 us a "
			     "piece\n"), "%s", full);
	/* the verdict ends with the fix, then the host's and rt-throttling's figures */
	ck_assert_int_eq(count(full, "# verdict: thread 0: the fix that removes the most "), 1);
	ck_assert_int_eq(count(full, "# rt-throttling: CPU 1 "), 1);
	ck_assert_int_eq(count(brief, "# verdict: thread 0: why "), 0);
	ck_assert_int_eq(count(brief, "# rt-throttling: CPU 1 "), 1);
	free(full);
	free(brief);
	hg_trace_free(t);
}
END_TEST

static Suite *kverdict_suite(void)
{
	Suite *s = suite_create("kverdict");
	TCase *tc = tcase_create("verdict");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_why_lines);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(kverdict_suite());
}
