// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_rtaprint.c - report/rtaprint.c: the text and JSON reports of
 * the schedulability analyses (JSON read through json-c)
 *
 * Times are in milliseconds unless said otherwise.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rtatest.h"

/* The start of the processor-demand line. */
#define EDF_LINE "# edf: processor demand on one CPU, release jitter and blocking included: "
#include "report/rtaprint.h"

/* ---------------------------------------------------------------- reports */

/* A task set for the report, of the tasks @m (ms), labelled. */
static void make_set(struct hg_taskset *s, const struct ms_task *m, size_t n,
		     const char *const *labels, const char *const *prios)
{
	size_t i;

	ck_assert_int_eq(hg_taskset_alloc(s, n), 0);
	ck_assert_uint_eq(s->n, n);
	set_tasks(s, m, n);
	for (i = 0; i < n; i++) {
		snprintf(s->task[i].label, sizeof(s->task[i].label), "%s", labels[i]);
		snprintf(s->task[i].prio, sizeof(s->task[i].prio), "%s", prios[i]);
		ck_assert_uint_eq(s->task[i].resv_budget_ns, 0);
		ck_assert_uint_eq(s->task[i].resv_period_ns, 0);
	}
	s->cpus = 2;
	s->rt_runtime_us = 950000;
	s->rt_period_us = 1000000;
}

/* The report of @s in new memory, and hg_rta_report()'s return in @ret. */
static char *report(const struct hg_taskset *s, bool json, int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	*ret = hg_rta_report(f, s, json, NULL);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_ptr_nonnull(buf);
	return buf;
}

/* The last @n words of @line, last one first. */
static void last_words(const char *line, char (*w)[40], unsigned int n);

/* The last @n words before a table row's test and cpus columns, the last first. */
static void row_words(const char *line, char (*w)[40], unsigned int n)
{
	char cut[512];
	size_t len;
	unsigned int k;

	snprintf(cut, sizeof(cut), "%s", line);
	for (k = 0; k < 2; k++) {
		len = strlen(cut);
		while (len && cut[len - 1] != ' ')
			len--;
		while (len && cut[len - 1] == ' ')
			len--;
		cut[len] = '\0';
	}
	last_words(cut, w, n);
}

static void last_words(const char *line, char (*w)[40], unsigned int n)
{
	const char *end = line + strlen(line), *p;
	unsigned int k;

	for (k = 0; k < n; k++) {
		while (end > line && end[-1] == ' ')
			end--;
		p = end;
		while (p > line && p[-1] != ' ')
			p--;
		ck_assert_msg(p < end, "fewer than %u words in '%s'", n, line);
		snprintf(w[k], sizeof(w[k]), "%.*s", (int)(end - p), p);
		end = p;
	}
}

static const struct ms_task paper[] = {
	TASK(3, 8, 0, 0, 0, 50), TASK(17, 33, 0, 0, 0, 10),
};
static const char *const paper_labels[] = { "PERIODIC 3ms 8ms", "PERIODIC 17ms 33ms" };
static const char *const paper_prios[] = { "RTMED (SCHED_FIFO 50)", "RTLOW (SCHED_FIFO 10)" };

/*
 * rta --strict: the count of unschedulable tasks. The paper's set is
 * schedulable (3 ms and 29 ms); with J = 8 ms and C = 19 ms for the second
 * task, R = 19 + 3 ceil(R / 8) converges at 31 (19 + 4 x 3), and J + R =
 * 39 ms > 33 ms: one task.
 */
START_TEST(test_report_counts_unschedulable)
{
	static const struct ms_task late[] = {
		TASK(3, 8, 0, 0, 0, 50), TASK(19, 33, 0, 8, 0, 10),
	};
	struct hg_taskset s;
	size_t n = 99;
	FILE *f = fopen("/dev/null", "w");

	ck_assert_ptr_nonnull(f);
	make_set(&s, paper, 2, paper_labels, paper_prios);
	ck_assert_int_eq(hg_rta_report(f, &s, false, &n), 0);
	ck_assert_uint_eq(n, 0);
	hg_taskset_free(&s);
	make_set(&s, late, 2, paper_labels, paper_prios);
	n = 99;
	ck_assert_int_eq(hg_rta_report(f, &s, true, &n), 0);
	ck_assert_uint_eq(n, 1);
	hg_taskset_free(&s);
	fclose(f);
}
END_TEST

START_TEST(test_report_text)
{
	struct hg_taskset s;
	char line[512], w[4][40], *out;
	int ret;

	make_set(&s, paper, 2, paper_labels, paper_prios);
	s.task[0].rta.id = 0;
	s.task[1].rta.id = 1;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert(line_of(out, 0, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 0 response 3.000ms deadline 8.000ms schedulable test uniprocessor cpus -");
	ck_assert(line_of(out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response 29.000ms deadline 33.000ms schedulable test uniprocessor cpus -");
	ck_assert(line_of(out, 2, line, sizeof(line)));
	ck_assert_str_eq(line, "# rta: fixed-priority preemptive response-time analysis, "
			 "order: priority");
	/* every other line is a comment */
	{
		unsigned int k, tagged = 0;

		for (k = 0; line_of(out, k, line, sizeof(line)); k++) {
			ck_assert_msg(line[0] == '#' || !strncmp(line, "rta: thread ", 12),
				      "line %u: '%s'", k, line);
			tagged += line[0] != '#';
		}
		ck_assert_uint_eq(tagged, 2);
	}
	/* the table: R, slack, verdict at the end of each row */
	line_starting(out, "# 1 ", line, sizeof(line));
	ck_assert_ptr_nonnull(strstr(line, "PERIODIC 17ms 33ms"));
	ck_assert_ptr_nonnull(strstr(line, "RTLOW (SCHED_FIFO 10)"));
	row_words(line, w, 4);
	ck_assert_str_eq(w[0], "schedulable");
	ck_assert_str_eq(w[1], "4.000");
	ck_assert_str_eq(w[2], "29.000");
	ck_assert_str_eq(w[3], "0.515");
	line_starting(out, "# rta: total", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: total utilisation 0.890 on one CPU");
	line_starting(out, "# edf: processor demand", line, sizeof(line));
	ck_assert_str_eq(line, EDF_LINE "schedulable under EDF "
			 "(SCHED_DEADLINE)");
	/* no reservation, no admission line */
	ck_assert_ptr_null(strstr(out, "reservations take"));
	free(out);

	/* the paper with 8 ms of jitter and C = 19 on the 33 ms task */
	s.task[1].rta.j_ns = 8 * MS;
	s.task[1].rta.c_ns = 19 * MS;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert(line_of(out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response 39.000ms deadline 33.000ms unschedulable test uniprocessor cpus -");
	line_starting(out, "# 1 ", line, sizeof(line));
	row_words(line, w, 3);
	ck_assert_str_eq(w[0], "UNSCHEDULABLE");
	ck_assert_str_eq(w[1], "-6.000");
	ck_assert_str_eq(w[2], "39.000");
	free(out);

	/* thread numbers are the tasks' ids, not their places */
	s.task[0].rta.id = 4;
	s.task[1].rta.id = 7;
	s.task[1].rta.c_ns = 12 * MS;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert(line_of(out, 0, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 4 response 3.000ms deadline 8.000ms schedulable test uniprocessor cpus -");
	ck_assert(line_of(out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 7 response 29.000ms deadline 33.000ms schedulable test uniprocessor cpus -");
	free(out);
	hg_taskset_free(&s);
}
END_TEST

/* Times rounded to the microsecond, the order names, EDF's verdicts. */
START_TEST(test_report_text_lines)
{
	static const struct ms_task fails[] = {
		TASK(1, 4, 2, 0, 0, NONE), TASK(2, 8, 4, 0, 0, NONE), TASK(3, 10, 5, 0, 0, NONE),
	};
	static const struct ms_task over[] = {
		TASK(5, 8, 0, 0, 0, 50), TASK(5, 8, 0, 0, 0, 50),
	};
	static const char *const labels[] = { "a", "b", "c" }, *const prios[] = { "-", "-", "-" };
	struct hg_taskset s;
	char line[512], *out;
	int ret;

	make_set(&s, fails, 3, labels, prios);
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert(line_of(out, 2, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 2 response 7.000ms deadline 5.000ms unschedulable test uniprocessor cpus -");
	line_starting(out, "# rta: fixed", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: fixed-priority preemptive response-time analysis, "
			 "order: rate-monotonic");
	line_starting(out, "# edf: processor", line, sizeof(line));
	ck_assert_str_eq(line, EDF_LINE "unschedulable under EDF, "
			 "the demand exceeds the time at t = 5.000 ms");
	free(out);
	hg_taskset_free(&s);

	make_set(&s, over, 2, labels, prios);
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	/* the second level asks for 10 ms every 8 ms: its backlog grows without end */
	ck_assert(line_of(out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response unbounded deadline 8.000ms unschedulable test uniprocessor cpus -");
	line_starting(out, "# rta: fixed", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: fixed-priority preemptive response-time analysis, order: "
			 "priority, then rate-monotonic among equal or missing priorities");
	line_starting(out, "# rta: total", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: total utilisation 1.250 on one CPU");
	line_starting(out, "# edf: processor", line, sizeof(line));
	ck_assert_str_eq(line, EDF_LINE "unschedulable under EDF, "
			 "utilisation above 1");
	free(out);

	/* microseconds: 1.2345 ms rounds to 1.235, 999.9995 us to 1.000 ms */
	s.task[0].rta = (struct hg_rta_task){ .id = 0, .c_ns = 1234500, .t_ns = 10 * MS,
					  .d_ns = 9999500, .prio = 2 };
	s.task[1].rta = (struct hg_rta_task){ .id = 1, .c_ns = 999999, .t_ns = 20 * MS,
					  .d_ns = 20 * MS, .prio = 1 };
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert(line_of(out, 0, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 0 response 1.235ms deadline 10.000ms schedulable test uniprocessor cpus -");
	/* 0.999999 + 1.2345 = 2.234499 ms */
	ck_assert(line_of(out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response 2.234ms deadline 20.000ms schedulable test uniprocessor cpus -");
	free(out);
	hg_taskset_free(&s);
}
END_TEST

/* Reservations against the admission limit: admitted, and refused. */
START_TEST(test_report_reservations)
{
	struct hg_taskset s;
	char line[512], *out;
	int ret;

	make_set(&s, paper, 2, paper_labels, paper_prios);
	s.task[0].resv_budget_ns = 3 * MS;
	s.task[0].resv_period_ns = 8 * MS;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	line_starting(out, "# edf: reservations", line, sizeof(line));
	ck_assert_str_eq(line, "# edf: reservations take 0.375 CPUs of the admission limit 1.900 "
			 "(2 CPUs x 950000/1000000 us): admitted");
	free(out);

	/* one CPU at 95 %: 0.375 + 0.6 = 0.975 is refused */
	s.cpus = 1;
	s.task[1].resv_budget_ns = 6 * MS;
	s.task[1].resv_period_ns = 10 * MS;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	line_starting(out, "# edf: reservations", line, sizeof(line));
	ck_assert_str_eq(line, "# edf: reservations take 0.975 CPUs of the admission limit 0.950 "
			 "(1 CPUs x 950000/1000000 us): refused");
	free(out);

	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	{
		struct json_object *doc = hg_test_json(out);
		double bw = hg_test_json_num(doc, "edf/reservation_bandwidth");
		double limit = hg_test_json_num(doc, "edf/admission_limit");

		ck_assert(bw > 0.974999 && bw < 0.975001);
		ck_assert(limit > 0.949999 && limit < 0.950001);
		ck_assert(!hg_test_json_bool(doc, "edf/admitted"));
		json_object_put(doc);
	}
	free(out);
	hg_taskset_free(&s);
}
END_TEST

/* C or T of 0: -EINVAL and nothing printed. */
START_TEST(test_report_zero)
{
	struct hg_taskset s;
	char *out;
	int ret, json;

	for (json = 0; json < 2; json++) {
		make_set(&s, paper, 2, paper_labels, paper_prios);
		s.task[json].rta.c_ns = 0;
		out = report(&s, json, &ret);
		ck_assert_int_eq(ret, -EINVAL);
		ck_assert_str_eq(out, "");
		free(out);
		s.task[json].rta.c_ns = MS;
		s.task[1 - json].rta.t_ns = 0;
		out = report(&s, json, &ret);
		ck_assert_int_eq(ret, -EINVAL);
		ck_assert_str_eq(out, "");
		free(out);
		hg_taskset_free(&s);
	}
}
END_TEST

/* The rta command says so: undecided in the text, and false in the JSON. */
START_TEST(test_report_undecided)
{
	struct hg_taskset s;
	char *text;
	int ret;

	ck_assert_int_eq(hg_taskset_alloc(&s, 3), 0);
	/*
	 * three coprime periods near 1e10 ns and a utilisation a hair above 1
	 * (check_rta.c, test_edf_qpa): no bound is known, so no verdict
	 */
	s.task[0].rta = (struct hg_rta_task){ .id = 0, .c_ns = 3333333339ULL,
		.t_ns = 10000000019ULL, .d_ns = 10000000019ULL, .prio = NONE };
	s.task[1].rta = (struct hg_rta_task){ .id = 1, .c_ns = 3333333344ULL,
		.t_ns = 10000000033ULL, .d_ns = 10000000033ULL, .prio = NONE };
	s.task[2].rta = (struct hg_rta_task){ .id = 2, .c_ns = 3333333355ULL,
		.t_ns = 10000000061ULL, .d_ns = 10000000061ULL, .prio = NONE };
	text = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	ck_assert_ptr_nonnull(strstr(text, EDF_LINE "undecided, too many "
				     "deadlines to check (nothing is promised)\n"));
	ck_assert_ptr_null(strstr(text, "schedulable under EDF"));
	free(text);
	text = report(&s, true, &ret);
	{
		struct json_object *doc = hg_test_json(text);

		ck_assert(!hg_test_json_bool(doc, "edf/demand_schedulable"));
		ck_assert_str_eq(hg_test_json_str(doc, "edf/demand_verdict"), "undecided");
		json_object_put(doc);
	}
	free(text);
	hg_taskset_free(&s);
}
END_TEST

START_TEST(test_report_json)
{
	static const struct ms_task fails[] = {
		TASK(1, 4, 2, 0, 0, NONE), TASK(2, 8, 4, 0, 0, NONE), TASK(3, 10, 5, 0, 0, NONE),
	};
	static const char *const labels[] = { "a", "b", "c" }, *const prios[] = { "-", "-", "-" };
	struct json_object *doc;
	struct hg_taskset s;
	char *out;
	int ret;

	make_set(&s, paper, 2, paper_labels, paper_prios);
	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	check_paper_json(out, 17, 0, 29, true);
	ck_assert_ptr_null(strstr(out, "rta: thread"));
	free(out);
	s.task[1].rta.c_ns = 19 * MS;
	s.task[1].rta.j_ns = 8 * MS;
	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	check_paper_json(out, 19, 8, 39, false);
	free(out);
	hg_taskset_free(&s);

	make_set(&s, fails, 3, labels, prios);
	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	doc = hg_test_json(out);
	ck_assert_str_eq(hg_test_json_str(doc, "order"), "rate-monotonic");
	ck_assert(!hg_test_json_bool(doc, "edf/demand_schedulable"));
	ck_assert_str_eq(hg_test_json_str(doc, "edf/demand_verdict"), "unschedulable");
	ck_assert_uint_eq(hg_test_json_u64(doc, "edf/demand_fails_at_ns"), 5 * MS);
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/2/response_ns"), 7 * MS);
	json_object_put(doc);
	free(out);

	/* a response past 2^64 ns has no bound that can be written */
	s.task[2].rta.j_ns = UINT64_MAX;
	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	doc = hg_test_json(out);
	ck_assert(hg_test_json_null(doc, "tasks/2/response_ns"));
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/2/bound"), "unbounded");
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/2/test"), "uniprocessor");
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/2/cpus"), "-");
	json_object_put(doc);
	free(out);
	hg_taskset_free(&s);
}
END_TEST

/* Labels are strings of JSON whatever they hold: a table file's name may have a quote. */
START_TEST(test_report_json_escapes)
{
	static const char *const labels[] = {
		"PERIODIC_TABLE a\"b.txt 8ms", "PERIODIC_TABLE c\\d\te.txt 33ms",
	};
	struct json_object *doc;
	struct hg_taskset s;
	char *out;
	int ret;

	make_set(&s, paper, 2, labels, paper_prios);
	out = report(&s, true, &ret);
	ck_assert_int_eq(ret, 0);
	doc = hg_test_json(out);
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/0/workload"), labels[0]);
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/1/workload"), labels[1]);
	json_object_put(doc);
	free(out);
	hg_taskset_free(&s);
}
END_TEST

/*
 * Slack is D - R: negative exactly when the task is unschedulable, also
 * for times past 2^63 ns. Task 1 (C 1 ms) runs under task 0 (C 3 ms,
 * T 2^62 ns, rate-monotonic): R = 1 -> 1 + 3 = 4 ms, the response J + 4 ms.
 */
static const struct {
	uint64_t d, j;
	const char *slack;	/* NULL: only its sign is checked */
} slack_cases[] = {
	{ 1ULL << 63, UINT64_MAX, NULL },		/* R saturated, D = 2^63 */
	{ (1ULL << 63) + 5 * MS, UINT64_MAX, NULL },
	{ UINT64_MAX - 1, UINT64_MAX, NULL },
	{ 1ULL << 63, (1ULL << 63) - 10 * MS, "6.000" },	/* R = 2^63 - 6 ms */
	{ (1ULL << 63) + 5 * MS, 1ULL << 63, "1.000" },	/* R = 2^63 + 4 ms */
};

START_TEST(test_report_huge_slack)
{
	static const char *const labels[] = { "a", "b" }, *const prios[] = { "-", "-" };
	struct hg_rta_result r[2];
	struct hg_taskset s;
	char line[512], w[3][40], *out;
	bool sched;
	int ret;

	make_set(&s, paper, 2, labels, prios);
	s.task[0].rta.prio = NONE;
	s.task[0].rta.t_ns = s.task[0].rta.d_ns = 1ULL << 62;	/* EDF: few deadlines */
	s.task[1].rta = (struct hg_rta_task){ .id = 1, .c_ns = MS, .t_ns = slack_cases[_i].d,
					  .d_ns = slack_cases[_i].d, .j_ns = slack_cases[_i].j,
					  .prio = NONE };
	ck_assert_int_eq(rta_fp(&s, 2, r), 0);
	ck_assert_uint_eq(r[1].rank, 1);
	sched = r[1].schedulable;
	out = report(&s, false, &ret);
	ck_assert_int_eq(ret, 0);
	line_starting(out, "# 1 ", line, sizeof(line));
	row_words(line, w, 3);
	ck_assert_str_eq(w[0], sched ? "schedulable" : "UNSCHEDULABLE");
	ck_assert_msg((w[1][0] == '-') == !sched, "D %llu ns, J %llu ns: slack %s, R %s, %s",
		      (unsigned long long)slack_cases[_i].d, (unsigned long long)slack_cases[_i].j,
		      w[1], w[2], w[0]);
	if (slack_cases[_i].slack)
		ck_assert_msg(!strcmp(w[1], slack_cases[_i].slack), "slack %s, want %s", w[1],
			      slack_cases[_i].slack);
	free(out);
	hg_taskset_free(&s);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("rtaprint");
	TCase *tc = tcase_create("report");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_report_text);
	tcase_add_test(tc, test_report_counts_unschedulable);
	tcase_add_test(tc, test_report_text_lines);
	tcase_add_test(tc, test_report_reservations);
	tcase_add_test(tc, test_report_zero);
	tcase_add_test(tc, test_report_undecided);
	tcase_add_test(tc, test_report_json);
	tcase_add_test(tc, test_report_json_escapes);
	tcase_add_loop_test(tc, test_report_huge_slack, 0, ARRAY_SIZE(slack_cases));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
