// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_brief.c - what a run prints without -v (report/summary_brief.c):
 * the answer first, then one line each for the machine, the audit and the
 * noise; everything else only in the whole output (-v, dump). Expected
 * lines worked out by hand for synthetic traces.
 */
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "report/text.h"

/*
 * One CPU thread at 1 GHz (a cycle is a ns), t0 = 1000, a run of 1 ms:
 * intervals at 1000+100, 1200+300 and 1600+50 cycles, so 450 ns received
 * in 3 intervals and two gaps of 100 ns.
 */
static const uint64_t iv0[][2] = { { 1000, 100 }, { 1200, 300 }, { 1600, 50 } };
static const uint64_t (*const ivs[])[2] = { iv0 };
static const size_t niv[] = { 3 };

static struct hg_trace *trace(void)
{
	struct hg_trace *t = hg_test_trace(1, ivs, niv);

	ck_assert_ptr_nonnull(t);
	t->calib.invariant = 1;
	return t;
}

static char *brief(const struct hg_trace *t)
{
	struct hg_test_text text;

	ck_assert_int_eq(hg_print_brief(hg_test_text_open(&text), t), 0);
	return hg_test_text_close(&text);
}

static char *whole(const struct hg_trace *t)
{
	struct hg_test_text text;

	ck_assert_int_eq(hg_print_trace(hg_test_text_open(&text), t), 0);
	return hg_test_text_close(&text);
}

static void add_sys(struct hg_trace *t, const char *key, const char *value)
{
	ck_assert_int_eq(hg_trace_add_sys(t, key, value), 0);
}

/* The line of the output that starts with @head, 1 for the first; 0: none. */
static int line_of(const char *s, const char *head)
{
	const char *p;
	int n = 1;

	for (p = s; *p; n++) {
		if (!strncmp(p, head, strlen(head)))
			return n;
		p = strchr(p, '\n');
		if (!p)
			break;
		p++;
	}
	return 0;
}

/*
 * A CPU thread: its share and gaps in one line, no table, no calibration,
 * no system snapshot; the trace lines still the paper's
 */
START_TEST(test_brief_cpu)
{
	struct hg_trace *t = trace();
	char *s;

	add_sys(t, "kernel_release", "6.1.0");
	add_sys(t, "rt_runtime_us", "950000");
	add_sys(t, "rt_period_us", "1000000");
	s = brief(t);
	ck_assert_str_eq(s,
		"# command: hourglass -n test\n"
		"0 0.000000 0.000100 0.000100 0.000000\n"
		"0 0.000200 0.000500 0.000300 0.000100\n"
		"0 0.000600 0.000650 0.000050 0.000100\n"
		"# hourglass: 1 thread, -d 1ms, started 1970-01-01 00:00:00 UTC, ran 1.000000 ms\n"
		/* 450 ns of the thread's 1 ms: 0.045 %, shown as the table showed it */
		"# thread 0: CPU at NORMAL on CPU 0: received 0.000450 ms of 1.000000 ms "
		"(0.04 %) in 3 intervals; 2 gaps over 0.010 us: min 0.100 median 0.100 "
		"p99 0.100 max 0.100 us\n"
		"# system: kernel 6.1.0 (unknown), clocksource unknown, rt throttling "
		"950000/1000000 us\n");
	free(s);
	hg_trace_free(t);
}
END_TEST

/* What went wrong is said all the same: a counter not invariant, drops. */
START_TEST(test_brief_trouble)
{
	struct hg_trace *t = trace();
	char *s;

	t->calib.invariant = 0;
	t->threads[0].dropped = 7;
	t->threads[0].error = -5;
	s = brief(t);
	ck_assert_ptr_nonnull(strstr(s, "\n# counter: tsc 1000.000 MHz (NOT invariant)"));
	ck_assert_ptr_nonnull(strstr(s, "\n# memory: not locked (pre-faulted); trace 1024 records "
				     "(0.0 MiB): 3 stored, 7 dropped (raise -e;"));
	ck_assert_ptr_nonnull(strstr(s, "\n# thread 0 failed during the run: "));
	free(s);
	hg_trace_free(t);
}
END_TEST

/*
 * The case: one LAT thread with -x, a full system snapshot and
 * audit. At most 15 lines, the lateness within the first 10, no table of
 * dashes, no "# system <key>" or per-check "# audit:" line; -v has them all.
 */
START_TEST(test_brief_lat)
{
	static const char *const keys[][2] = {
		{ "kernel_release", "6.1.0" }, { "kernel_version", "#1 SMP PREEMPT_DYNAMIC" },
		{ "preempt", "PREEMPT_DYNAMIC" }, { "cmdline", "quiet" },
		{ "cpu_model", "AMD EPYC" }, { "cpu_flags", "tsc constant_tsc hypervisor" },
		{ "clocksource", "tsc" }, { "governor", "unknown" }, { "smt", "notsupported" },
		{ "rt_runtime_us", "950000" }, { "rt_period_us", "1000000" },
		{ "cpus_online", "0-1" }, { "numa_nodes", "0" }, { "counter", "tsc" },
		{ "preempt_model", "none" }, { "cpu_dma_latency", "0 us, held during the run" },
		{ "interrupts_before", "1 2" }, { "interrupts_after", "3 4" },
		{ "audit_preempt-model", "fail PREEMPT_DYNAMIC in mode none" },
		{ "audit_rt-throttling", "warn sched_rt_runtime_us is 950000 of 1000000 us" },
		{ "audit_governor", "skip no cpufreq on these CPUs" },
		{ "audit_tsc", "pass constant and nonstop" },
		{ "audit_hypervisor", "warn running under KVM" },
	};
	struct hg_trace *t = trace();
	struct hg_trace_thread *th = &t->threads[0];
	char *s, *v;
	size_t i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		add_sys(t, keys[i][0], keys[i][1]);
	t->flags |= HG_TRACE_NO_INTERVALS;
	th->model = HG_MODEL_LAT;
	th->period_ns = 1000000;
	snprintf(th->workload, sizeof(th->workload), "LAT 1ms");
	th->stored = 0;
	th->stats.intervals = 0;
	memset(&th->stats.gaps, 0, sizeof(th->stats.gaps));
	th->stats.received_cycles = 0;
	hg_hist_add(&th->stats.events, 26000);
	hg_hist_add(&th->stats.events, 91000);
	s = brief(t);
	ck_assert_int_le(hg_test_lines(s), 15);
	ck_assert_int_ge(line_of(s, "# thread 0: LAT 1ms"), 2);
	ck_assert_int_le(line_of(s, "# thread 0: LAT 1ms"), 10);
	ck_assert_ptr_nonnull(strstr(s, ": 2 samples; lateness us min 26.000 "));
	ck_assert_int_eq(line_of(s, "# thread  "), 0);		/* no table */
	ck_assert_int_eq(line_of(s, "# system kernel_release:"), 0);
	ck_assert_int_eq(line_of(s, "# audit: FAIL"), 0);
	ck_assert_int_eq(line_of(s, "# counter:"), 0);
	ck_assert_ptr_nonnull(strstr(s, "\n# system: kernel 6.1.0 (PREEMPT_DYNAMIC none), "
				     "clocksource tsc, rt throttling 950000/1000000 us, "
				     "running under KVM\n"));
	ck_assert_ptr_nonnull(strstr(s, "\n# audit: 5 checks of the run's CPUs: 1 pass, 2 warn, "
				     "1 fail, 1 skip; worst: FAIL preempt-model: "
				     "PREEMPT_DYNAMIC in mode none (-v lists them, hourglass "
				     "audit explains each)\n"));
	/* the whole output has everything, and its table no column of dashes */
	v = whole(t);
	ck_assert_ptr_nonnull(strstr(v, "\n# system kernel_release: 6.1.0\n"));
	ck_assert_ptr_nonnull(strstr(v, "\n# audit: FAIL preempt-model: PREEMPT_DYNAMIC in "
				     "mode none\n"));
	ck_assert_ptr_nonnull(strstr(v, "\n# counter: tsc 1000.000 MHz (invariant)"));
	ck_assert_ptr_nonnull(strstr(v, "\n# thread  workload  priority  cpus  dropped  work\n"));
	ck_assert_ptr_null(strstr(v, "gap_min_us"));
	ck_assert_ptr_null(strstr(v, "received_ms"));
	ck_assert_ptr_nonnull(strstr(v, "\n# thread  late_med_us  late_max_us  vol_cs  "
				     "invol_cs\n"));
	free(v);
	free(s);
	hg_trace_free(t);
}
END_TEST

/*
 * Threads in their order: a LAT thread 0 before a CPU thread 1, each with
 * its line, the lateness on line 3, right after the command and the run
 * (the CPU thread's answer came first, whatever the ids)
 */
START_TEST(test_brief_order)
{
	static const uint64_t none[][2] = { { 0, 0 } };
	const uint64_t (*const iv[])[2] = { none, iv0 };
	const size_t nv[] = { 0, 3 };
	struct hg_trace *t = hg_test_trace(2, iv, nv);
	struct hg_trace_thread *lat;
	char *s;

	ck_assert_ptr_nonnull(t);
	t->calib.invariant = 1;
	t->flags |= HG_TRACE_NO_INTERVALS;
	lat = &t->threads[0];
	lat->model = HG_MODEL_LAT;
	lat->period_ns = 1000000;
	snprintf(lat->workload, sizeof(lat->workload), "LAT 1ms");
	hg_hist_add(&lat->stats.events, 26000);
	s = brief(t);
	ck_assert_int_eq(line_of(s, "# thread 0: LAT 1ms"), 3);
	ck_assert_int_eq(line_of(s, "# thread 0: samples later than"), 4);
	ck_assert_int_gt(line_of(s, "# thread 1: CPU at "), 4);
	ck_assert_int_le(hg_test_lines(s), 8);
	free(s);
	/* -v's table counts the one sample as the LAT line does, "1 sample" */
	s = whole(t);
	ck_assert_ptr_nonnull(strstr(s, " 1 sample\n"));
	ck_assert_ptr_null(strstr(s, " 1 samples"));
	free(s);
	hg_trace_free(t);
}
END_TEST

/* The audit's line: counts, the first of the worst verdict, how many more. */
START_TEST(test_brief_audit)
{
	static const struct {
		const char *v[4];
		const char *line;
	} cases[] = {
		{ { "pass a", "pass b" },
		  "# audit: 2 checks of the run's CPUs: 2 pass, 0 warn, 0 fail, 0 skip\n" },
		{ { "pass a", "skip b" },
		  "# audit: 2 checks of the run's CPUs: 1 pass, 0 warn, 0 fail, 1 skip\n" },
		{ { "warn x", "fail y", "warn z", "fail w" },
		  "# audit: 4 checks of the run's CPUs: 0 pass, 2 warn, 2 fail, 0 skip; worst: "
		  "FAIL c1: y; 1 more FAIL (-v lists them, hourglass audit explains each)\n" },
		{ { "skip s", "warn x", "pass p" },
		  "# audit: 3 checks of the run's CPUs: 1 pass, 1 warn, 0 fail, 1 skip; worst: "
		  "WARN c1: x (-v lists them, hourglass audit explains each)\n" },
	};
	size_t i, k;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct hg_trace *t = trace();
		struct hg_test_text text;
		char key[16], *s;

		for (k = 0; k < 4 && cases[i].v[k]; k++) {
			snprintf(key, sizeof(key), "audit_c%zu", k);
			add_sys(t, key, cases[i].v[k]);
		}
		hg_print_audit_brief(hg_test_text_open(&text), t);
		s = hg_test_text_close(&text);
		ck_assert_str_eq(s, cases[i].line);
		free(s);
		hg_trace_free(t);
	}
}
END_TEST

/* The machine's line: RT throttling off, the hypervisor from the audit or the flag. */
START_TEST(test_machine)
{
	static const struct {
		const char *rt, *flags, *audit, *tail;
	} cases[] = {
		{ "-1", NULL, NULL, "rt throttling off\n" },
		{ "950000", "tsc hypervisor", NULL, "950000/1000000 us, under a hypervisor\n" },
		{ "950000", "tsc hypervisorx", NULL, "950000/1000000 us, no hypervisor flag\n" },
		{ "950000", "tsc hypervisor", "pass no hypervisor", "us, no hypervisor\n" },
		{ "950000", NULL, "warn running under KVM", "us, running under KVM\n" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct hg_trace *t = trace();
		struct hg_test_text text;
		char *s;

		add_sys(t, "rt_runtime_us", cases[i].rt);
		add_sys(t, "rt_period_us", "1000000");
		if (cases[i].flags)
			add_sys(t, "cpu_flags", cases[i].flags);
		if (cases[i].audit)
			add_sys(t, "audit_hypervisor", cases[i].audit);
		hg_print_machine(hg_test_text_open(&text), t);
		s = hg_test_text_close(&text);
		ck_assert_msg(strlen(s) > strlen(cases[i].tail) &&
			      !strcmp(s + strlen(s) - strlen(cases[i].tail), cases[i].tail),
			      "case %zu: '%s'", i, s);
		free(s);
		hg_trace_free(t);
	}
}
END_TEST

/*
 * The noise in one line: a thread with no intervals measures every CPU;
 * CPU 0 busy 20 us of 1 ms (2 %), CPU 1 0.5 % and steal 30 us (3 %)
 */
START_TEST(test_brief_noise)
{
	struct hg_trace *t = trace();
	struct hg_test_text text;
	char *s;

	t->threads[0].stored = 0;
	t->noise_window_ns = 1000000;
	t->nnoise = 2;
	t->noise = calloc(2, sizeof(*t->noise));
	ck_assert_ptr_nonnull(t->noise);
	t->noise[0] = (struct hg_cpu_noise){ 0, 20000, 0, 10, 1, 0 };
	t->noise[1] = (struct hg_cpu_noise){ 1, 5000, 30000, 20, 2, 0 };
	hg_print_noise_brief(hg_test_text_open(&text), t);
	s = hg_test_text_close(&text);
	ck_assert_str_eq(s, "# noise: not quiet: other tasks up to 2.00 % of CPU 0, steal up to "
			 "3.00 % (CPU 1); 30 interrupts, 3 softirqs on the 2 CPUs measured\n");
	free(s);
	/* -v's verdict names what a run measured, not ctx's switch costs */
	s = whole(t);
	ck_assert_ptr_nonnull(strstr(s, "\n# noise: not quiet (other tasks or steal above 1 % of "
				     "a CPU): the gaps and latencies measured may include "
				     "other tasks' run time\n"));
	free(s);
	hg_trace_free(t);
}
END_TEST

static Suite *brief_suite(void)
{
	Suite *s = suite_create("brief");
	TCase *tc = tcase_create("brief");

	tcase_add_test(tc, test_brief_cpu);
	tcase_add_test(tc, test_brief_trouble);
	tcase_add_test(tc, test_brief_lat);
	tcase_add_test(tc, test_brief_order);
	tcase_add_test(tc, test_brief_audit);
	tcase_add_test(tc, test_machine);
	tcase_add_test(tc, test_brief_noise);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(brief_suite());
}
