/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * rtatest.h - shared by the tests of the analyses (check_rta.c,
 * check_rtaprint.c, check_taskset.c, check_cmd_rta.c): task sets written
 * in milliseconds, lines of a report, the JSON report of the paper's set
 */
#ifndef HG_TEST_RTATEST_H
#define HG_TEST_RTATEST_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "analysis/sched/rta.h"
#include "analysis/sched/taskset.h"

#define MS 1000000ULL
#define NONE HG_RTA_NO_PRIO
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define MAXT 8
#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* A task in ms: C, T, D (0: T), J, B, priority. */
#define TASK(C, T, D, J, B, P) { .c = (C), .t = (T), .d = (D), .j = (J), .b = (B), .prio = (P) }

struct ms_task {
	uint64_t c, t, d, j, b;
	int32_t prio;
};

/* Tasks of @n given in ms as hg_rta_task, numbered 0 to n - 1. */
static inline void to_tasks(const struct ms_task *m, size_t n, struct hg_rta_task *ts)
{
	size_t i;

	for (i = 0; i < n; i++)
		ts[i] = (struct hg_rta_task){
			.id = (unsigned int)i, .c_ns = m[i].c * MS, .t_ns = m[i].t * MS,
			.d_ns = (m[i].d ? m[i].d : m[i].t) * MS, .j_ns = m[i].j * MS,
			.b_ns = m[i].b * MS, .prio = m[i].prio,
		};
}

/* Line @k (from 0) of @text, in @line; whether there is one. */
static inline bool line_of(const char *text, unsigned int k, char *line, size_t len)
{
	const char *p = text, *nl;

	while (k--) {
		p = strchr(p, '\n');
		if (!p)
			return false;
		p++;
	}
	if (!*p)
		return false;
	nl = strchr(p, '\n');
	ck_assert_ptr_nonnull(nl);	/* every line ends */
	snprintf(line, len, "%.*s", (int)(nl - p), p);
	return true;
}

/* The line of @text that starts with @prefix, or the test fails. */
static inline void line_starting(const char *text, const char *prefix, char *line, size_t len)
{
	unsigned int k;

	for (k = 0; line_of(text, k, line, len); k++)
		if (!strncmp(line, prefix, strlen(prefix)))
			return;
	ck_abort_msg("no line '%s...' in:\n%s", prefix, text);
}

/*
 * The JSON report of the paper's set (RTMED 3 ms / 8 ms, RTLOW C1 / 33 ms
 * with jitter J1), value by value: the second task responds R1 (ms) and is
 * schedulable or not (S1).
 */
static inline void check_paper_json(const char *text, uint64_t c1, uint64_t j1, uint64_t r1,
				    bool s1)
{
	static const char *const labels[] = { "PERIODIC 3ms 8ms", "PERIODIC 17ms 33ms" };
	struct json_object *doc = hg_test_json(text);
	double u = hg_test_json_num(doc, "utilisation");
	unsigned int i;

	ck_assert_uint_eq(hg_test_json_u64(doc, "schema"), 2);
	ck_assert_str_eq(hg_test_json_str(doc, "order"), "priority");
	ck_assert(u > 0.375 + (double)c1 / 33 - 1e-6 && u < 0.375 + (double)c1 / 33 + 1e-6);
	ck_assert_uint_eq(hg_test_json_len(doc, "tasks"), 2);
	for (i = 0; i < 2; i++) {
		ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/%u/thread", i), i);
		ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/%u/rank", i), i);
		ck_assert_str_eq(hg_test_json_str(doc, "tasks/%u/workload", i), labels[i]);
		ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/%u/t_ns", i), i ? 33 * MS : 8 * MS);
		ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/%u/d_ns", i), i ? 33 * MS : 8 * MS);
		ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/%u/b_ns", i), 0);
	}
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/0/c_ns"), 3 * MS);
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/0/j_ns"), 0);
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/0/response_ns"), 3 * MS);
	ck_assert(hg_test_json_bool(doc, "tasks/0/schedulable"));
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/1/c_ns"), c1 * MS);
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/1/j_ns"), j1 * MS);
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/1/response_ns"), r1 * MS);
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/1/bound"), "exact");
	ck_assert_int_eq(hg_test_json_bool(doc, "tasks/1/schedulable"), s1);
	ck_assert(hg_test_json_bool(doc, "edf/admitted"));	/* no reservation */
	ck_assert(hg_test_json_num(doc, "edf/reservation_bandwidth") == 0);
	/* with jitter, task 1 is due 33 - J1 after its release: dbf(25) = 9 + C1 */
	if (9 + c1 > 33 - j1) {
		ck_assert(!hg_test_json_bool(doc, "edf/demand_schedulable"));
		ck_assert_uint_eq(hg_test_json_u64(doc, "edf/demand_fails_at_ns"), (33 - j1) * MS);
		ck_assert_str_eq(hg_test_json_str(doc, "edf/demand_verdict"), "unschedulable");
	} else {
		ck_assert(hg_test_json_bool(doc, "edf/demand_schedulable"));
		ck_assert_uint_eq(hg_test_json_u64(doc, "edf/demand_fails_at_ns"), 0);
		ck_assert_str_eq(hg_test_json_str(doc, "edf/demand_verdict"), "schedulable");
	}
	json_object_put(doc);
}

/* The tasks @m (ms) as the first @n tasks of @s, numbered from 0. */
static inline void set_tasks(struct hg_taskset *s, const struct ms_task *m, size_t n)
{
	struct hg_rta_task k[n ? n : 1];
	size_t i;

	to_tasks(m, n, k);
	for (i = 0; i < n; i++)
		s->task[i].rta = k[i];
}

/* hg_rta_fp() of the first @n tasks of @s. */
static inline int rta_fp(const struct hg_taskset *s, size_t n, struct hg_rta_result *r)
{
	struct hg_rta_task *k = hg_taskset_rta(s);
	int ret;

	ck_assert_ptr_nonnull(k);
	ret = hg_rta_fp(k, n, r, NULL);
	free(k);
	return ret;
}

#endif /* HG_TEST_RTATEST_H */
