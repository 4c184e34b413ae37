// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_predict.c - analysis/sched/predict.c: the prediction printed after a
 * run with PERIODIC threads, and the audit of each reservation, from a
 * trace alone (whose every value is untrusted: it may come from a file)
 *
 * Traces are synthetic at 1 GHz: one cycle is one nanosecond.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/sched/predict.h"
#include "report/text.h"

/* What hg_print_prediction() prints for @t, in new memory. */
static char *prediction(const struct hg_trace *t)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	hg_print_prediction(f, t);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

/*
 * One thread from 1000 to 1001000 (1 ms) with, relative to its start:
 * 50 us at 0; 20 us at 110 us; 260 us at 250 us (to 510 us).
 */
static const uint64_t audit_iv[][2] = {
	{ 1000, 50000 }, { 111000, 20000 }, { 251000, 260000 },
};

static struct hg_trace *reserved(uint64_t budget_ns, uint64_t period_ns)
{
	const uint64_t (*const iv[])[2] = { audit_iv };
	const size_t n[] = { 3 };
	struct hg_trace *t = hg_test_trace(1, iv, n);

	ck_assert_ptr_nonnull(t);
	t->threads[0].reserve = 1;
	t->threads[0].reserve_budget_ns = budget_ns;
	t->threads[0].reserve_period_ns = period_ns;
	snprintf(t->threads[0].priority, sizeof(t->threads[0].priority), "RESERVED");
	return t;
}

/*
 * Periods of 100 us, budget 50 us: ten whole periods received 50, 20, 50
 * (250 to 300 us), 100, 100 (the long interval covers them), 10 (500 to
 * 510 us), then 0 four times. min 0, max 0.100 ms, mean 330 / 10 = 33 us;
 * the margin of a budget under 1 ms is 1 % of it, 0.5 us: periods 0, 2, 3,
 * 4 used it all (49.5 us or more); 3 and 4 received more than 50.5 us, and
 * a second line says why.
 */
START_TEST(test_audit)
{
	struct hg_trace *t = reserved(50000, 100000);
	char *out = prediction(t);

	ck_assert_pstr_eq(out, "# reservation, thread 0: RESERVED: CPU received per period ms "
			  "min 0.000 mean 0.033 max 0.100 of a budget of 0.050; 4 of 10 periods "
			  "used the whole budget (throttled); 0 missed deadlines\n"
			  "# reservation, thread 0: 2 of 10 periods received more than the "
			  "budget: the audit's periods (from the thread's start) need not line "
			  "up with the kernel's, so one can hold parts of two budgets, and the "
			  "kernel throttles only when it next accounts the runtime (at a tick "
			  "without HRTICK)\n");
	free(out);
	hg_trace_free(t);
}
END_TEST

/*
 * One rule for every budget: 17 ms received of a 17.1 ms budget, and 3 ms
 * of 3.1 ms, both fall 100 us short: neither used the whole budget (the
 * rule of 99 % of the budget counted the first, 99.4 %, and not the second,
 * 96.8 %); 3 ms of 3 ms did. Two periods of 33 ms (or 8 ms), one job each.
 */
START_TEST(test_audit_whole_budget_rule)
{
	static const struct {
		uint64_t need, budget, period, whole;
	} c[] = {
		{ 17000000, 17100000, 33000000, 0 },
		{ 3000000, 3100000, 8000000, 0 },
		{ 3000000, 3000000, 8000000, 2 },
		{ 2995000, 3000000, 8000000, 2 },	/* 5 us short: within 10 us */
	};
	uint64_t iv[2][2] = { { 1000, c[_i].need }, { 1000 + c[_i].period, c[_i].need } };
	const uint64_t (*const ivs[])[2] = { iv };
	const size_t n[] = { 2 };
	struct hg_trace *t = hg_test_trace(1, ivs, n);
	struct hg_audit a;

	ck_assert_ptr_nonnull(t);
	t->threads[0].reserve = 1;
	t->threads[0].reserve_budget_ns = c[_i].budget;
	t->threads[0].reserve_period_ns = c[_i].period;
	t->stop_cycles = t->threads[0].end_cycles = 1000 + 2 * c[_i].period;
	ck_assert_int_eq(hg_audit(t, &t->threads[0], &a), 1);
	ck_assert_uint_eq(a.periods, 2);
	ck_assert_uint_eq(a.min_ns, c[_i].need);
	ck_assert_uint_eq(a.at_budget, c[_i].whole);
	ck_assert_uint_eq(a.over_budget, 0);
	hg_trace_free(t);
}
END_TEST

/* A period of 0 (or below half a cycle) from a file: no audit, no crash. */
START_TEST(test_audit_zero_period)
{
	const uint64_t periods[] = { 0, 1 };
	struct hg_trace *t = reserved(50000, periods[_i]);
	char *out;

	if (_i)
		t->calib.tsc_hz = 1000000;	/* 1 MHz: 1 ns rounds to 0 cycles */
	out = prediction(t);
	ck_assert_pstr_eq(out, "");
	free(out);
	hg_trace_free(t);
}
END_TEST

/*
 * A period of 1 ns (one cycle) over the 1 ms run: a million periods, summed
 * in constant memory; 330000 of them got their cycle, so the mean is 0.33
 * cycles; a budget of 0 is used whole by every period.
 */
START_TEST(test_audit_tiny_period)
{
	struct hg_trace *t = reserved(0, 1);
	char *out = prediction(t);

	ck_assert_pstr_eq(out, "# reservation, thread 0: RESERVED: CPU received per period ms "
			  "min 0.000 mean 0.000 max 0.000 of a budget of 0.000; 1000000 of 1000000 "
			  "periods used the whole budget (throttled); 0 missed deadlines\n");
	free(out);
	hg_trace_free(t);
}
END_TEST

/*
 * A PERIODIC thread whose deadline is past its period is in the prediction,
 * with its interference on the others: (26 ms, 70 ms) and (62 ms, 100 ms,
 * D 150 ms), rate-monotonic; the second's busy period holds seven jobs and
 * its longest response is 118 ms (worked out in check_rta.c).
 */
START_TEST(test_deadline_past_period)
{
	const uint64_t (*const iv[])[2] = { audit_iv, audit_iv };
	const size_t n[] = { 0, 0 };
	struct hg_trace *t = hg_test_trace(2, iv, n);
	char *out;
	uint32_t i;

	ck_assert_ptr_nonnull(t);
	for (i = 0; i < 2; i++) {
		t->threads[i].id = i;
		t->threads[i].model = HG_MODEL_PERIODIC;
		t->threads[i].rt_prio = HG_NO_RT_PRIO;
		snprintf(t->threads[i].workload, sizeof(t->threads[i].workload), "PERIODIC");
	}
	t->threads[0].wcet_ns = 26000000;
	t->threads[0].period_ns = t->threads[0].deadline_ns = 70000000;
	t->threads[1].wcet_ns = 62000000;
	t->threads[1].period_ns = 100000000;
	t->threads[1].deadline_ns = 150000000;
	out = prediction(t);
	ck_assert_msg(strstr(out, "# 1      PERIODIC                 62.000  100.000  150.000"
			     "    0.000       118.000") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "# 1      J 0.000 ms: response 118.000 ms, deadline 150.000 ms: "
			     "schedulable\n") != NULL, "%s", out);
	free(out);
	hg_trace_free(t);
}
END_TEST

/*
 * Threads that never block (hg_predict_hog()) at a real-time priority:
 *  0 CPU_PERIODIC 2/10 at 50 on CPU 0: not a task, said so;
 *  1 PERIODIC 1/10 at 60 on CPU 0: above it, its own response 1 ms;
 *  2 PERIODIC 3/10 at 40 on CPU 0: below it: no bound (3 + 1 + 2 = 6 ms
 *    without it), kept out by 0;
 *  3 PERIODIC_TABLE, C 2, T 10 at 50 on CPU 0: at its priority, FIFO
 *    never lets it in either: no bound;
 *  4, 5 PERIODIC 1/10 at 30 and 20 free on CPUs 2-3 (each alone on a CPU:
 *    1 ms), and 6, a CPU thread at 90 on CPU 3 only: they still have CPU
 *    2, which the analysis does not model: not covered, kept out by 6;
 *  7 a CPU thread without a real-time priority on CPU 0: below them all.
 */
START_TEST(test_never_blocking)
{
	static const struct {
		uint32_t model;
		const char *workload, *cpus;
		int32_t prio;
		uint64_t c_ms;
	} th[] = {
		{ HG_MODEL_CPU_PERIODIC, "CPU_PERIODIC 2ms 10ms", "0", 50, 0 },
		{ HG_MODEL_PERIODIC, "PERIODIC 1ms 10ms", "0", 60, 1 },
		{ HG_MODEL_PERIODIC, "PERIODIC 3ms 10ms", "0", 40, 3 },
		{ HG_MODEL_PERIODIC, "PERIODIC_TABLE t 10ms", "0", 50, 2 },
		{ HG_MODEL_PERIODIC, "PERIODIC 1ms 10ms", "2-3", 30, 1 },
		{ HG_MODEL_PERIODIC, "PERIODIC 1ms 10ms", "2-3", 20, 1 },
		{ HG_MODEL_SPIN, "CPU", "3", 90, 0 },
		{ HG_MODEL_SPIN, "CPU", "0", HG_NO_RT_PRIO, 0 },
	};
	const uint64_t (*const iv[])[2] = { audit_iv, audit_iv, audit_iv, audit_iv, audit_iv,
					     audit_iv, audit_iv, audit_iv };
	const size_t n[8] = { 0 };
	struct hg_trace *t = hg_test_trace(8, iv, n);
	struct hg_prediction p;
	char *out;
	uint32_t i;

	ck_assert_ptr_nonnull(t);
	for (i = 0; i < 8; i++) {
		struct hg_trace_thread *x = &t->threads[i];

		x->id = i;
		x->model = th[i].model;
		x->rt_prio = th[i].prio;
		x->wcet_ns = th[i].c_ms * 1000000;
		x->period_ns = th[i].model == HG_MODEL_SPIN ? 0 : 10000000;
		snprintf(x->workload, sizeof(x->workload), "%s", th[i].workload);
		snprintf(x->cpus, sizeof(x->cpus), "%s", th[i].cpus);
		snprintf(x->priority, sizeof(x->priority), "FIFO:%d", th[i].prio);
	}
	ck_assert(hg_predict_hog(&t->threads[0]));
	ck_assert(hg_predict_hog(&t->threads[6]));
	ck_assert(!hg_predict_hog(&t->threads[7]));
	ck_assert(!hg_predict_hog(&t->threads[1]));
	ck_assert_int_eq(hg_predict(t, &p), 0);
	ck_assert_uint_eq(p.n, 5);
	for (i = 0; i < p.n; i++) {
		const struct hg_rta_result *r = &p.r[i];

		switch (p.idx[i]) {
		case 1:
			ck_assert_uint_eq(p.hog[i], 0);
			ck_assert_uint_eq(r->response_ns, 1000000);
			ck_assert(r->schedulable);
			break;
		case 2:
		case 3:
			ck_assert_uint_eq(p.hog[i], 1);
			ck_assert_int_eq(r->bound, HG_RTA_UNBOUNDED);
			ck_assert_int_eq(r->test, HG_RTA_TEST_UNI);
			ck_assert(!r->schedulable && r->response_ns == UINT64_MAX);
			ck_assert_int_eq(p.r_j[i].bound, HG_RTA_UNBOUNDED);
			break;
		default:
			ck_assert_uint_eq(p.hog[i], 7);
			ck_assert_int_eq(r->bound, HG_RTA_UNDECIDED);
			ck_assert_int_eq(r->test, HG_RTA_TEST_NONE);
			ck_assert(!r->schedulable);
		}
	}
	hg_prediction_free(&p);
	out = prediction(t);
	ck_assert_msg(strstr(out, "# thread 0: CPU_PERIODIC 2ms 10ms is not analysed: it never "
			     "blocks (a frame begins as soon as the last is done)") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "# thread 2: no bound: thread 0 (CPU_PERIODIC 2ms 10ms, "
			     "FIFO:50) never blocks and can run on its CPU 0 at its priority or "
			     "above\n") != NULL, "%s", out);
	ck_assert_msg(strstr(out, "# thread 5: not covered: thread 6 (CPU, FIFO:90) never blocks "
			     "and can take one of its CPUs 2-3 at its priority or above") != NULL,
		      "%s", out);
	ck_assert_msg(strstr(out, "# thread 7") == NULL, "%s", out);
	free(out);
	hg_trace_free(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("predict");
	TCase *tc = tcase_create("audit");

	tcase_add_test(tc, test_audit);
	tcase_add_loop_test(tc, test_audit_whole_budget_rule, 0, 4);
	tcase_add_loop_test(tc, test_audit_zero_period, 0, 2);
	tcase_add_test(tc, test_audit_tiny_period);
	suite_add_tcase(s, tc);

	tc = tcase_create("prediction");
	tcase_add_test(tc, test_deadline_past_period);
	tcase_add_test(tc, test_never_blocking);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
