// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_text.c - the run's text output (report/text.c, summary.c,
 * intervals.c): the header lines that say what ran where, the paper's
 * trace lines, the summary's lines and table, in their order, worked out
 * by hand for a synthetic trace
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "report/text.h"

/*
 * One thread at 1 GHz (a cycle is a ns), t0 = 1000, run of 1 ms: intervals
 * at 1000+100, 1200+300 and 1600+50 cycles, so 450 ns received and two
 * gaps of 100 ns.
 */
static const uint64_t iv0[][2] = { { 1000, 100 }, { 1200, 300 }, { 1600, 50 } };
static const uint64_t (*const ivs[])[2] = { iv0 };
static const size_t niv[] = { 3 };

static struct hg_trace *trace(void)
{
	struct hg_trace *t = hg_test_trace(1, ivs, niv);

	ck_assert_ptr_nonnull(t);
	return t;
}

static char *report(const struct hg_trace *t)
{
	struct hg_test_text text;

	ck_assert_int_eq(hg_print_trace(hg_test_text_open(&text), t), 0);
	return hg_test_text_close(&text);
}

START_TEST(test_header)
{
	struct hg_trace *t = trace();
	struct hg_test_text text;
	char *s;

	ck_assert_int_eq(hg_trace_add_sys(t, "kernel_release", "6.1.0-rt"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "cmdline", "quiet\nisolcpus=1\x1b[2J"), 0);
	hg_print_header(hg_test_text_open(&text), t);
	s = hg_test_text_close(&text);
	/* the snapshot in its order; control characters were made '?' when stored */
	ck_assert_str_eq(s, "# command: hourglass -n test\n"
			 "# system counter: tsc\n"
			 "# system kernel_release: 6.1.0-rt\n"
			 "# system cmdline: quiet?isolcpus=1?[2J\n");
	free(s);
	free(t->cmdline);
	t->cmdline = NULL;
	hg_print_header(hg_test_text_open(&text), t);
	s = hg_test_text_close(&text);
	ck_assert_int_eq(strncmp(s, "# command: \n# system counter: tsc\n", 34), 0);
	free(s);
	hg_trace_free(t);
}
END_TEST

/* A LAT thread's line says which clock ran: now + T, or GRID's start + k*T. */
START_TEST(test_lat_clock_said)
{
	static const char *const want[] = {
		"# thread 0: LAT 1ms on HR (resolution 0.001 us), wake-ups at now + T: 0 samples\n",
		"# thread 0: LAT 1ms GRID on HR (resolution 0.001 us), wake-ups at start + k*T: "
		"0 samples\n",
	};
	struct hg_trace *t = trace();
	struct hg_trace_thread *th = &t->threads[0];
	struct hg_test_text text;
	char *s;

	th->model = HG_MODEL_LAT;
	snprintf(th->workload, sizeof(th->workload), "LAT 1ms%s", _i ? " GRID" : "");
	snprintf(th->timer, sizeof(th->timer), "HR");
	th->timer_res_ns = 1;
	memset(&th->stats.events, 0, sizeof(th->stats.events));
	hg_print_lat(hg_test_text_open(&text), t, th);
	s = hg_test_text_close(&text);
	ck_assert_msg(!strncmp(s, want[_i], strlen(want[_i])), "%s", s);
	free(s);
	hg_trace_free(t);
}
END_TEST

/* The report: header, trace lines (paper's format), summary, table. */
START_TEST(test_report_lines)
{
	struct hg_trace *t = trace();
	char *s = report(t);

	ck_assert_str_eq(s,
		"# command: hourglass -n test\n"
		"# system counter: tsc\n"
		/* tid start end duration gap: the first gap is its start minus the
		 * run's start, then 1200 - 1100 and 1600 - 1500 cycles */
		"0 0.000000 0.000100 0.000100 0.000000\n"
		"0 0.000200 0.000500 0.000300 0.000100\n"
		"0 0.000600 0.000650 0.000050 0.000100\n"
		"# hourglass: 1 thread, -d 1ms, started 1970-01-01 00:00:00 UTC, ran 1.000000 ms\n"
		"# counter: tsc 1000.000 MHz (NOT invariant), calibrated in 0 rounds to 0 ppm\n"
		/* no step in the trace (0): one tick; no loop time (0): not coarse */
		"# counter tick: 1.000 ns; resolution 1 tick\n"
		"# loop: counter read 0 cycles, gap loop 0.00 cycles, bare counter loop 0.00 "
		"cycles (ratio 0.000)\n"
		"# gap threshold: 10 cycles = 0.010 us (twice the loop time; 99.9% of "
		"iterations take 0 cycles or less)\n"
		"# memory: not locked (pre-faulted); trace 1024 records (0.0 MiB): 3 stored, "
		"0 dropped\n"
		"# system: kernel unknown (unknown), clocksource unknown, rt throttling "
		"unknown/unknown us\n"
		/*
		 * two tables within 120 columns; the priority's name, its policy
		 * in --json; a column with "-" in every row left out (work,
		 * the lateness of a LAT thread)
		 */
		"# thread  workload  priority  cpus  received_ms  share  intervals  gaps  "
		"dropped\n"
		/* 450 ns of 1 ms is 0.045 %, shown as 0.04% */
		"# 0       CPU       NORMAL    0        0.000450  0.04%          3     2  "
		"      0\n"
		"# thread  gap_min_us  gap_med_us  gap_p99_us  gap_max_us  vol_cs  invol_cs\n"
		"# 0            0.100       0.100       0.100       0.100       0         0\n");
	free(s);
	hg_trace_free(t);
}
END_TEST

/* -x: no trace lines; the header still comes first. */
START_TEST(test_report_no_intervals)
{
	struct hg_trace *t = trace();
	char *s;

	t->flags |= HG_TRACE_NO_INTERVALS;
	s = report(t);
	ck_assert_int_eq(strncmp(s, "# command: hourglass -n test\n# system counter: tsc\n"
				 "# hourglass: 1 thread, ", 72), 0);
	ck_assert_ptr_null(strstr(s, "\n0 0.000"));
	free(s);
	hg_trace_free(t);
}
END_TEST

/* A run ended by SIGINT after 0.5 ms, its memory locked, with drops. */
START_TEST(test_summary_lines)
{
	struct hg_trace *t = trace();
	char *s;

	t->flags |= HG_TRACE_INTERRUPTED | HG_TRACE_MEMLOCKED;
	t->signal = 2;
	t->stop_cycles = t->t0_cycles + 500000;
	t->realtime_start_ns = 86400ULL * 1000000000ULL + 61ULL * 1000000000ULL;
	t->threads[0].dropped = 7;
	ck_assert_int_eq(hg_trace_add_sys(t, "kernel_release", "6.1.0"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "preempt", "PREEMPT_RT"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "clocksource", "tsc"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "rt_runtime_us", "-1"), 0);
	ck_assert_int_eq(hg_trace_add_sys(t, "rt_period_us", "1000000"), 0);
	s = report(t);
	ck_assert_ptr_nonnull(strstr(s, "\n# hourglass: 1 thread, -d 1ms, started 1970-01-02 "
				     "00:01:01 UTC, ran 0.500000 ms\n# interrupted: SIGINT ended "
				     "the run early; everything recorded until then is included\n"));
	ck_assert_ptr_nonnull(strstr(s, "\n# memory: locked; trace 1024 records (0.0 MiB): "
				     "3 stored, 7 dropped (raise -e; statistics below count "
				     "every interval)\n"));
	/* sched_rt_runtime_us -1: no throttling */
	ck_assert_ptr_nonnull(strstr(s, "\n# system: kernel 6.1.0 (PREEMPT_RT), clocksource "
				     "tsc, rt throttling off\n"));
	/* 450 ns of 0.5 ms */
	ck_assert_ptr_nonnull(strstr(s, "  0.000450  0.09%  "));
	free(s);
	hg_trace_free(t);
}
END_TEST

/*
 * The system line: a PREEMPT_DYNAMIC kernel's mode from preempt_model where
 * the snapshot's preempt has none; never twice, never "unknown".
 */
START_TEST(test_system_preempt)
{
	static const struct { const char *preempt, *model, *line; } cases[] = {
		{ "PREEMPT_DYNAMIC", "none", "(PREEMPT_DYNAMIC none)" },
		{ "PREEMPT_DYNAMIC", "unknown", "(PREEMPT_DYNAMIC)" },
		{ "PREEMPT_DYNAMIC", NULL, "(PREEMPT_DYNAMIC)" },
		{ "PREEMPT_DYNAMIC full", "full", "(PREEMPT_DYNAMIC full)" },
		{ "PREEMPT_RT", "rt", "(PREEMPT_RT)" },
		{ NULL, "none", "(unknown)" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct hg_trace *t = trace();
		char *s, want[128];

		if (cases[i].preempt)
			ck_assert_int_eq(hg_trace_add_sys(t, "preempt", cases[i].preempt), 0);
		if (cases[i].model)
			ck_assert_int_eq(hg_trace_add_sys(t, "preempt_model", cases[i].model), 0);
		s = report(t);
		snprintf(want, sizeof(want), "\n# system: kernel unknown %s, clocksource",
			 cases[i].line);
		ck_assert_msg(strstr(s, want), "case %zu: no '%s'", i, want);
		free(s);
		hg_trace_free(t);
	}
}
END_TEST

/* SIGTERM is how a --forever run is meant to end: not "early". */
START_TEST(test_forever_ended)
{
	struct hg_trace *t = trace();
	char *s;

	t->flags |= HG_TRACE_INTERRUPTED;
	t->signal = 15;
	t->duration_ns = 0;
	t->stop_cycles = t->t0_cycles + 500000;
	s = report(t);
	ck_assert_ptr_nonnull(strstr(s, ", --forever, started "));
	ck_assert_ptr_nonnull(strstr(s, "\n# ended: SIGTERM ended the --forever run; everything "
				     "recorded until then is included\n"));
	ck_assert_ptr_null(strstr(s, "# interrupted:"));
	free(s);
	hg_trace_free(t);
}
END_TEST

static Suite *text_suite(void)
{
	Suite *s = suite_create("text");
	TCase *tc = tcase_create("report");

	tcase_add_test(tc, test_header);
	tcase_add_loop_test(tc, test_lat_clock_said, 0, 2);
	tcase_add_test(tc, test_report_lines);
	tcase_add_test(tc, test_report_no_intervals);
	tcase_add_test(tc, test_summary_lines);
	tcase_add_test(tc, test_system_preempt);
	tcase_add_test(tc, test_forever_ended);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(text_suite());
}
