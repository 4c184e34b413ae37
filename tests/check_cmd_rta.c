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

/*
 * The paper's command line, three ways, on one CPU as the paper's machine
 * had (without --cpu the threads may run on every CPU of the machine that
 * runs the test)
 */
static const struct {
	const char *const *args;
	const char *line0, *line1;
} paper_commands[] = {
	{ ARGS("-n", "2", "-a", "--cpu", "0", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
	       "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms"),
	  "rta: thread 0 response 3.000ms deadline 8.000ms schedulable test uniprocessor cpus 0",
	  "rta: thread 1 response 29.000ms deadline 33.000ms schedulable test uniprocessor cpus 0" },
	{ ARGS("-n", "2", "-a", "--cpu", "0", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
	       "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms",
	       "--jitter", "8ms", "--wcet", "19ms"),
	  "rta: thread 0 response 3.000ms deadline 8.000ms schedulable test uniprocessor cpus 0",
	  "rta: thread 1 response 39.000ms deadline 33.000ms unschedulable test uniprocessor cpus 0" },
	{ ARGS("-n", "2", "-a", "--cpu", "0", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
	       "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms",
	       "--wcet", "12ms", "--jitter", "8ms"),
	  "rta: thread 0 response 3.000ms deadline 8.000ms schedulable test uniprocessor cpus 0",
	  "rta: thread 1 response 29.000ms deadline 33.000ms schedulable test uniprocessor cpus 0" },
	/* the long spellings, and the priorities left to rate-monotonic */
	{ ARGS("--threads", "2", "-a", "--cpu", "0", "--thread", "1", "--workload", "PERIODIC", "17ms", "33ms",
	       "--thread", "0", "--workload", "PERIODIC", "3ms", "8ms"),
	  "rta: thread 0 response 3.000ms deadline 8.000ms schedulable test uniprocessor cpus 0",
	  "rta: thread 1 response 29.000ms deadline 33.000ms schedulable test uniprocessor cpus 0" },
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
	const char *const *args = ARGS("-n", "2", "-a", "--cpu", "0", "-t", "0", "-p", "RTMED", "-w", "PERIODIC",
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
	ck_assert_str_eq(line, "rta: thread 0 response 3.000ms deadline 8.000ms schedulable test uniprocessor cpus -");
	ck_assert(line_of(c.out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response 39.000ms deadline 33.000ms unschedulable test uniprocessor cpus -");
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
				  "(use C T D J B P CPU CS)\n", path), 0);
	ck_assert_str_eq(c.err, want);
	free(want);
	hg_test_out_free(&c);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/*
 * Threads on the CPUs their --cpu gives: each analysed with the threads
 * that may run where it may. The tagged lines name the test and the CPUs.
 */
static const struct {
	const char *what;
	const char *const *args;
	const char *line[3];
} cpu_commands[] = {
	/*
	 * Pinned apart: 3/8 alone on CPU 0, 7/8 alone on CPU 1, each its own C
	 * (on one CPU, 7 + 2 * 3 = 13 > 8).
	 */
	{ "pinned", ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
			 "--cpu", "0", "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "7ms", "8ms",
			 "--cpu", "1"),
	  { "rta: thread 0 response 3.000ms deadline 8.000ms schedulable test uniprocessor cpus 0",
	    "rta: thread 1 response 7.000ms deadline 8.000ms schedulable test uniprocessor cpus 1" } },
	/*
	 * Both on CPU 0: 3/8 + 7/8 asks for more than the CPU, so the lower
	 * one's backlog grows without end (its first job alone would respond
	 * in 7 + 2 * 3 = 13 ms).
	 */
	{ "pinned together", ARGS("-n", "2", "-a", "--cpu", "0", "-t", "0", "-p", "RTMED", "-w",
				  "PERIODIC", "3ms", "8ms", "-t", "1", "-p", "RTLOW", "-w",
				  "PERIODIC", "7ms", "8ms"),
	  { "rta: thread 0 response 3.000ms deadline 8.000ms schedulable test uniprocessor cpus 0",
	    "rta: thread 1 response unbounded deadline 8.000ms unschedulable test uniprocessor "
	    "cpus 0" } },
	/*
	 * Free on two CPUs: the global test (check_global.c works the third
	 * task's 8 ms out); on one CPU it would be 12 ms.
	 */
	{ "global", ARGS("-n", "3", "-a", "-w", "PERIODIC", "4ms", "10ms", "--cpu", "0-1",
			 "-t", "0", "-p", "FIFO:30", "-t", "1", "-p", "FIFO:20", "-t", "2", "-p",
			 "FIFO:10"),
	  { "rta: thread 0 response 4.000ms deadline 10.000ms schedulable test global cpus 0-1",
	    "rta: thread 1 response 4.000ms deadline 10.000ms schedulable test global cpus 0-1",
	    "rta: thread 2 response 8.000ms deadline 10.000ms schedulable test global cpus 0-1" } },
	/* CPU 0 and CPUs 0-1 overlap without being equal: no test covers them. */
	{ "not covered", ARGS("-n", "2", "-t", "0", "-w", "PERIODIC", "1ms", "10ms", "--cpu", "0",
			      "-t", "1", "-w", "PERIODIC", "1ms", "10ms", "--cpu", "0-1"),
	  { "rta: thread 0 response undecided deadline 10.000ms not-covered test not-covered cpus 0",
	    "rta: thread 1 response undecided deadline 10.000ms not-covered test not-covered "
	    "cpus 0-1" } },
};

START_TEST(test_cmd_cpus)
{
	struct hg_test_out c;
	char line[512];
	unsigned int k;

	run_rta(cpu_commands[_i].args, &c);
	ck_assert_msg(c.status == 0, "%s: status %d: %s", cpu_commands[_i].what, c.status, c.err);
	for (k = 0; k < 3 && cpu_commands[_i].line[k]; k++) {
		ck_assert(line_of(c.out, k, line, sizeof(line)));
		ck_assert_str_eq(line, cpu_commands[_i].line[k]);
	}
	hg_test_out_free(&c);
}
END_TEST

/*
 * A CPU_PERIODIC thread at FIFO:50 on CPU 0 never blocks: thread 1 below
 * it on CPU 0 has no bound (it had 3 + 1 = 4 ms, leaving it out), thread 2
 * above it keeps its 1 ms, thread 3 (a CPU thread without a real-time
 * priority) keeps nobody out; the same verdict as the prediction after a
 * run (check_predict.c), and --strict counts thread 1 as unschedulable.
 */
#define HOG_ARGS "-n", "4", "-a", "--cpu", "0", "-t", "0", "-p", "FIFO:50", "-w", \
		 "CPU_PERIODIC", "2ms", "10ms", "-t", "1", "-p", "FIFO:40", "-w", "PERIODIC", \
		 "3ms", "10ms", "-t", "2", "-p", "FIFO:60", "-w", "PERIODIC", "1ms", "10ms", \
		 "-t", "3", "-w", "CPU"

START_TEST(test_cmd_hog)
{
	struct hg_test_out c;
	char line[512];

	run_rta(ARGS(HOG_ARGS), &c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert_str_eq(c.err, "");
	ck_assert(line_of(c.out, 0, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response unbounded deadline 10.000ms unschedulable "
			 "test uniprocessor cpus 0");
	ck_assert(line_of(c.out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 2 response 1.000ms deadline 10.000ms schedulable "
			 "test uniprocessor cpus 0");
	ck_assert_msg(strstr(c.out, "\n# rta: thread 0 is not analysed: CPU_PERIODIC 2ms 10ms "
			     "never blocks at FIFO:50 (SCHED_FIFO 50): no task at or below its "
			     "priority runs on its CPUs while it runs\n") != NULL, "%s", c.out);
	ck_assert_msg(strstr(c.out, "\n# rta: thread 1: no bound: thread 0 (CPU_PERIODIC 2ms "
			     "10ms, FIFO:50 (SCHED_FIFO 50)) never blocks and can run on its CPU 0 "
			     "at its priority or above\n") != NULL, "%s", c.out);
	ck_assert_msg(strstr(c.out, "# rta: thread 2: no bound") == NULL, "%s", c.out);
	ck_assert_msg(strstr(c.out, "# rta: thread 3 is not analysed") == NULL, "%s", c.out);
	hg_test_out_free(&c);

	run_rta(ARGS(HOG_ARGS, "--strict"), &c);
	ck_assert_int_eq(c.status, 3);
	ck_assert_str_eq(c.err, "hourglass: rta: 1 task unschedulable (--strict)\n");
	hg_test_out_free(&c);
}
END_TEST

/*
 * A CPU_PERIODIC thread below every other thread on its CPU is a task of
 * its amount and period (analysis/frames.h): 3 ms every 8 ms below a
 * PERIODIC 3 ms every 8 ms responds in 6 ms. Above it, or beside a thread
 * without a real-time priority below it, it is not: it never blocks.
 */
START_TEST(test_cmd_frames_task)
{
	struct hg_test_out c;
	char line[512];

	run_rta(ARGS("-n", "2", "-a", "--cpu", "0", "-t", "0", "-p", "FIFO:50", "-w", "PERIODIC",
		     "3ms", "8ms", "-t", "1", "-p", "FIFO:10", "-w", "CPU_PERIODIC", "3ms", "8ms"),
		&c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert(line_of(c.out, 1, line, sizeof(line)));
	ck_assert_str_eq(line, "rta: thread 1 response 6.000ms deadline 8.000ms schedulable "
			 "test uniprocessor cpus 0");
	ck_assert_msg(strstr(c.out, "is not analysed") == NULL, "%s", c.out);
	hg_test_out_free(&c);

	run_rta(ARGS("-n", "3", "-a", "--cpu", "0", "-t", "0", "-p", "FIFO:50", "-w", "PERIODIC",
		     "3ms", "8ms", "-t", "1", "-p", "FIFO:10", "-w", "CPU_PERIODIC", "3ms", "8ms",
		     "-t", "2", "-w", "PERIODIC", "1ms", "100ms"), &c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert_msg(strstr(c.out, "\n# rta: thread 1 is not analysed: CPU_PERIODIC 3ms 8ms") &&
		      strstr(c.out, "\nrta: thread 2 response unbounded "), "%s", c.out);
	hg_test_out_free(&c);
}
END_TEST

/*
 * rta --from a trace of two PERIODIC threads on CPU 0 (FIFO:50 and
 * FIFO:10) that share lock L (inherit), each 0.5 ms of its job: the
 * thread above is blocked by the section below (inheritance bound); with
 * --protocol L=protect the set is analysed as if under the ceiling; a
 * lock the run has not, and a run option, are refused.
 */
START_TEST(test_cmd_from_protocol)
{
	static const uint64_t iv[][2] = { { 2000, 1000 } };
	static const uint64_t (*const ivs[])[2] = { iv, iv };
	static const size_t niv[] = { 1, 1 };
	struct hg_trace *t = hg_test_trace(2, ivs, niv);
	char err[256], *dir = hg_test_fresh_dir(), *path = hg_test_path(dir, "locks.hgt");
	struct hg_test_out c;
	uint32_t i;

	t->flags |= HG_TRACE_LOCKS;
	t->nlocks = 1;
	snprintf(t->locks[0].name, sizeof(t->locks[0].name), "L");
	t->locks[0].protocol = HG_LOCK_INHERIT;
	for (i = 0; i < 2; i++) {
		struct hg_trace_thread *th = &t->threads[i];

		th->model = HG_MODEL_PERIODIC;
		th->period_ns = th->deadline_ns = 10000000;
		th->wcet_ns = 2000000;
		th->rt_prio = i ? 10 : 50;
		snprintf(th->cpus, sizeof(th->cpus), "0");
		snprintf(th->workload, sizeof(th->workload), "PERIODIC 2ms 10ms");
		th->ncs = 1;
		th->cs[0] = (struct hg_cs){ .lock = 0, .ns = 500000 };
	}
	ck_assert_msg(hg_trace_write(t, path, err, sizeof(err)) == 0, "%s", err);
	hg_trace_free(t);

	run_rta(ARGS("--from", path), &c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert_msg(strstr(c.out, "\n# rta: thread 0: blocking 0.500 ms from the sections of "
			     "lower-priority threads (inheritance bound"), "%s", c.out);
	ck_assert_msg(!strncmp(c.out, "rta: thread 0 response 2.500ms deadline 10.000ms ", 49),
		      "%s", c.out);
	hg_test_out_free(&c);
	run_rta(ARGS("--from", path, "--protocol", "L=protect"), &c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	ck_assert_msg(strstr(c.out, "(ceiling bound"), "%s", c.out);
	hg_test_out_free(&c);
	run_rta(ARGS("--from", path, "--protocol", "X=none"), &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.err, "hourglass: rta: --protocol X=none: the run has no lock of that "
			 "name\n");
	hg_test_out_free(&c);
	run_rta(ARGS("--from", path, "-n", "2"), &c);
	ck_assert_int_eq(c.status, 2);
	ck_assert_str_eq(c.out, "");
	hg_test_out_free(&c);
	free(path);
	hg_test_drop_dir(dir);
}
END_TEST

/* The same in JSON: not_analysed, kept_out_by, a null response. */
START_TEST(test_cmd_hog_json)
{
	struct hg_test_out c;
	struct json_object *doc;

	run_rta(ARGS(HOG_ARGS, "--json"), &c);
	ck_assert_msg(c.status == 0, "status %d: %s", c.status, c.err);
	doc = hg_test_json(c.out);
	ck_assert_uint_eq(hg_test_json_len(doc, "not_analysed"), 1);
	ck_assert_uint_eq(hg_test_json_u64(doc, "not_analysed/0/thread"), 0);
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/0/thread"), 1);
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/0/kept_out_by"), 0);
	ck_assert(hg_test_json_null(doc, "tasks/0/response_ns"));
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/0/bound"), "unbounded");
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/0/test"), "uniprocessor");
	ck_assert(hg_test_json_null(doc, "tasks/1/kept_out_by"));
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/1/response_ns"), 1 * MS);
	json_object_put(doc);
	hg_test_out_free(&c);
}
END_TEST

/* The same in JSON: the test and the CPUs of each task, the groups. */
START_TEST(test_cmd_cpus_json)
{
	struct hg_test_out c;
	struct json_object *doc;

	run_rta(ARGS("-n", "3", "-a", "-w", "PERIODIC", "4ms", "10ms", "--cpu", "0-1", "-t", "0",
		     "-p", "FIFO:30", "-t", "1", "-p", "FIFO:20", "-t", "2", "-p", "FIFO:10",
		     "--json"), &c);
	ck_assert_int_eq(c.status, 0);
	doc = hg_test_json(c.out);
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/2/test"), "global");
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/2/cpus"), "0-1");
	ck_assert_str_eq(hg_test_json_str(doc, "tasks/2/bound"), "upper bound");
	ck_assert_uint_eq(hg_test_json_u64(doc, "tasks/2/response_ns"), 8 * MS);
	ck_assert_uint_eq(hg_test_json_len(doc, "groups"), 1);
	ck_assert_uint_eq(hg_test_json_u64(doc, "groups/0/ncpus"), 2);
	ck_assert_str_eq(hg_test_json_str(doc, "groups/0/test"), "global");
	ck_assert(hg_test_json_null(doc, "groups/0/demand_verdict"));
	json_object_put(doc);
	hg_test_out_free(&c);
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
	tcase_add_loop_test(tc, test_cmd_cpus, 0, ARRAY_SIZE(cpu_commands));
	tcase_add_test(tc, test_cmd_cpus_json);
	tcase_add_test(tc, test_cmd_hog);
	tcase_add_test(tc, test_cmd_frames_task);
	tcase_add_test(tc, test_cmd_from_protocol);
	tcase_add_test(tc, test_cmd_hog_json);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
