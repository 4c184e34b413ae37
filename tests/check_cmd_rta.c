// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_cmd_rta.c - hourglass/cmd_rta.c: the rta command, from a run's
 * command line or a task file, its text and JSON, its bad input
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rtatest.h"
#include "hourglass/commands.h"

extern const struct hg_command hg_cmd_rta;

/* ------------------------------------------------------- the rta command */

/* hg_cmd_rta.main("rta", @args...) in a child, its status, stdout and stderr kept. */
static void run_rta(const char *const *args, struct hg_test_out *o)
{
	const char *argv[64] = { "rta" };
	size_t n = 1;

	while (*args && n < 63)
		argv[n++] = *args++;
	argv[n] = NULL;
	hg_test_cmd(o, hg_cmd_rta.main, argv);
}

/* The paper's command line, three ways. */
static const struct {
	const char *const *args;
	const char *line0, *line1;
} paper_commands[] = {
	{ ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
	       "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms"),
	  "rta: thread 0 response 3.000 deadline 8.000 schedulable",
	  "rta: thread 1 response 29.000 deadline 33.000 schedulable" },
	{ ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
	       "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms",
	       "--jitter", "8ms", "--wcet", "19ms"),
	  "rta: thread 0 response 3.000 deadline 8.000 schedulable",
	  "rta: thread 1 response 39.000 deadline 33.000 unschedulable" },
	{ ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
	       "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms",
	       "--wcet", "12ms", "--jitter", "8ms"),
	  "rta: thread 0 response 3.000 deadline 8.000 schedulable",
	  "rta: thread 1 response 29.000 deadline 33.000 schedulable" },
	/* the long spellings, and the priorities left to rate-monotonic */
	{ ARGS("--threads", "2", "--thread", "1", "--workload", "PERIODIC", "17ms", "33ms",
	       "--thread", "0", "--workload", "PERIODIC", "3ms", "8ms"),
	  "rta: thread 0 response 3.000 deadline 8.000 schedulable",
	  "rta: thread 1 response 29.000 deadline 33.000 schedulable" },
};

START_TEST(test_cmd_paper)
{
	struct hg_test_out c;
	char line[512];

	run_rta(paper_commands[_i].args, &c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert_str_eq(c.err, "");
	ck_assert(line_of(c.out, 0, line, sizeof(line)));
	ck_assert_str_eq(line, paper_commands[_i].line0);
	ck_assert(line_of(c.out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, paper_commands[_i].line1);
	ck_assert(line_of(c.out, 2, line, sizeof(line)));
	ck_assert_int_eq(line[0], '#');
	hg_test_out_free(&c);
}
END_TEST

START_TEST(test_cmd_json)
{
	/* --json among the run's options: taken out, not read as --json FILE */
	const char *const *args = ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC",
				       "3ms", "8ms", "-t", "1", "-p", "RTLOW", "-w", "PERIODIC",
				       "17ms", "33ms", "--jitter", "8ms", "--json",
				       "--wcet", "19ms");
	struct hg_test_out c;

	run_rta(args, &c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert_str_eq(c.err, "");
	check_paper_json(c.out, 19, 8, 39, false);
	hg_test_out_free(&c);
}
END_TEST

/* A table file whose name holds a quote: its label goes into the JSON. */
START_TEST(test_cmd_json_quoted_name)
{
	char *dir = hg_test_fresh_dir(), *table;
	struct hg_test_out c;
	struct json_object *doc;

	table = hg_test_write_text(dir, "say \"hi\".txt", "3ms\n");
	run_rta(ARGS("-n", "1", "-p", "RTHIGH", "-w", "PERIODIC_TABLE", table, "8ms", "--json"),
		&c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	doc = hg_test_json(c.out);
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/0/workload"),
			 "PERIODIC_TABLE say \"hi\".txt 8ms");
	json_object_put(doc);
	hg_test_out_free(&c);
	free(table);
	hg_test_drop_dir(dir);
}
END_TEST

START_TEST(test_cmd_tasks)
{
	char *dir = hg_test_fresh_dir(), *path;
	struct hg_test_out c;
	struct json_object *doc;
	char line[512];

	path = hg_test_write_text(dir, "paper.tasks", "C=3ms T=8ms P=RTMED\nC=19ms T=33ms J=8ms P=RTLOW\n");
	run_rta(ARGS("--tasks", path), &c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert_str_eq(c.err, "");
	ck_assert(line_of(c.out, 0, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 0 response 3.000 deadline 8.000 schedulable");
	ck_assert(line_of(c.out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response 39.000 deadline 33.000 unschedulable");
	line_starting(c.out, "# rta: fixed", line, sizeof(line));
	ck_assert_str_eq(line, "# rta: fixed-priority preemptive response-time analysis, "
			 "order: priority");
	hg_test_out_free(&c);

	/* --json before or after */
	run_rta(ARGS("--json", "--tasks", path), &c);
	ck_assert_int_eq(c.status, 0);
	doc = hg_test_json(c.out);
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/1/response_ns"), 39 * MS);
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/1/workload"), "C=19ms T=33ms");
	json_object_put(doc);
	hg_test_out_free(&c);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* Bad input: status 2, one line on stderr, nothing on stdout. */
static const struct {
	const char *const *args;
	const char *err;	/* stderr, whole; NULL: see below */
} cmd_errors[] = {
	{ ARGS("-n", "2", "-w", "CPU"),
	  "hourglass: rta: no PERIODIC thread to analyse "
	  "(give -w PERIODIC <amount> <period> [<deadline>])\n" },
	{ ARGS("--tasks"), "hourglass: rta: --tasks: missing value\n" },
	{ ARGS("--tasks", "/nonexistent/x.tasks"),
	  "hourglass: rta: /nonexistent/x.tasks: No such file or directory\n" },
	{ ARGS("--tasks", "/nonexistent/x.tasks", "-n", "2"),
	  "hourglass: rta: --tasks takes no run options ('-n')\n" },
	{ ARGS("-n", "1", "-w", "PERIODIC", "3ms", "8ms", "--no-such-option"), NULL },
	/* rta's own help lists what rta takes, not the run's */
	{ ARGS("--bogus"), "hourglass: rta: unknown option '--bogus' (see hourglass help rta)\n" },
	{ ARGS("-n", "1", "stray"),
	  "hourglass: rta: unexpected argument 'stray' (see hourglass help rta)\n" },
	{ ARGS("-n", "1", "-w", "PERIODIC", "3ms", "8ms", "--jitter", "8xs"), NULL },
};

START_TEST(test_cmd_errors)
{
	struct hg_test_out c;

	run_rta(cmd_errors[_i].args, &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.out, "");
	if (cmd_errors[_i].err) {
		ck_assert_str_eq(c.err, cmd_errors[_i].err);
	} else {
		/* the parser's message, one line */
		ck_assert_msg(!strncmp(c.err, "hourglass: rta: ", 16), "%s", c.err);
		ck_assert_ptr_eq(strchr(c.err, '\n'), c.err + strlen(c.err) - 1);
	}
	hg_test_out_free(&c);
}
END_TEST

START_TEST(test_cmd_help)
{
	const char *const *const helps[] = { ARGS("--help"), ARGS("-h") };
	struct hg_test_out c;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(helps); i++) {
		run_rta(helps[i], &c);
		ck_assert_int_eq(c.status, 0);
		ck_assert_str_eq(c.err, "");
		ck_assert_msg(!strncmp(c.out, "usage: hourglass rta ", 21), "%s", c.out);
		ck_assert_ptr_nonnull(strstr(c.out, "--tasks <file>"));
		hg_test_out_free(&c);
	}
	ck_assert_str_eq(hg_cmd_rta.name, "rta");
}
END_TEST

/* A task file with a bad line: the file, the line, the reason; status 2. */
START_TEST(test_cmd_tasks_error)
{
	char *dir = hg_test_fresh_dir(), *path, *want;
	struct hg_test_out c;

	path = hg_test_write_text(dir, "bad.tasks", "C=3ms T=8ms\n# fine so far\nC=3ms T=8ms Q=1\n");
	run_rta(ARGS("--tasks", path, "--json"), &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.out, "");
	ck_assert_int_ge(asprintf(&want, "hourglass: rta: %s line 3: 'Q=1': unknown field 'Q' "
				  "(use C T D J B P)\n", path), 0);
	ck_assert_str_eq(c.err, want);
	free(want);
	hg_test_out_free(&c);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("cmd_rta");
	TCase *tc = tcase_create("command");

	tcase_add_loop_test(tc, test_cmd_paper, 0, ARRAY_SIZE(paper_commands));
	tcase_add_test(tc, test_cmd_json);
	tcase_add_test(tc, test_cmd_json_quoted_name);
	tcase_add_test(tc, test_cmd_tasks);
	tcase_add_loop_test(tc, test_cmd_errors, 0, ARRAY_SIZE(cmd_errors));
	tcase_add_test(tc, test_cmd_help);
	tcase_add_test(tc, test_cmd_tasks_error);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
