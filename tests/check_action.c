// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_action.c - run/action.h: the values of --on-threshold and
 * --on-end, the environment a shell action is given, and the signal and
 * shell run for real
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "helpers.h"
#include "run/action.h"

static const struct {
	const char *s;
	bool on_end;
	int ret;
	unsigned int type;
	const char *why;	/* on failure */
} parse_cases[] = {
	{ "stop", false, 0, HG_ACT_STOP, NULL },
	{ "continue", false, 0, HG_ACT_CONTINUE, NULL },
	{ "continue,keep=1000", false, 0, HG_ACT_CONTINUE, NULL },
	{ "signal,num=10", false, 0, HG_ACT_SIGNAL, NULL },
	{ "signal,num=10,pid=parent", false, 0, HG_ACT_SIGNAL, NULL },
	{ "signal,parent,num=2", true, 0, HG_ACT_SIGNAL, NULL },
	{ "shell,command=echo a,b", true, 0, HG_ACT_SHELL, NULL },
	{ "trace", false, 0, HG_ACT_TRACE, NULL },
	{ "trace,ms=5,file=a,b.txt", false, 0, HG_ACT_TRACE, NULL },
	{ "", false, -EINVAL, 0,
	  "'' is not an action; choose from stop, continue, signal, shell, trace" },
	{ "Stop", false, -EINVAL, 0,
	  "'Stop' is not an action; choose from stop, continue, signal, shell, trace" },
	{ "stop", true, -EINVAL, 0, "'stop' is not an action; choose from signal, shell" },
	{ "trace", true, -EINVAL, 0, "'trace' is not an action; choose from signal, shell" },
	{ "continue,keep=0", false, -EINVAL, 0, "keep=0: the events kept, 1 to 1000" },
	{ "continue,keep=-1", false, -EINVAL, 0, "keep=-1: the events kept, 1 to 1000" },
	{ "continue,keep=5x", false, -EINVAL, 0, "keep=5x: the events kept, 1 to 1000" },
	{ "continue,k=5", false, -EINVAL, 0, "'k' is not an option of continue (it takes keep=K)" },
	{ "stop,keep=5", false, -EINVAL, 0, "'keep' is not an option of stop (it takes nothing)" },
	{ "signal", false, -EINVAL, 0, "signal needs num=<n>, the signal's number" },
	{ "signal,num=0", false, -EINVAL, 0, "num=0: a signal's number, 1 to 64" },
	{ "signal,num=10,pid=0", false, -EINVAL, 0, "pid=0: a process id, or parent" },
	{ "signal,num=10,pid=me", false, -EINVAL, 0, "pid=me: a process id, or parent" },
	{ "shell", false, -EINVAL, 0, "shell needs command=<cmd>, run with sh -c" },
	{ "shell,command=", false, -EINVAL, 0, "shell needs command=<cmd>, run with sh -c" },
	{ "shell,cmd=ls", false, -EINVAL, 0,
	  "'cmd' is not an option of shell (it takes command=<cmd>)" },
	{ "trace,ms=60001", false, -EINVAL, 0,
	  "ms=60001: the milliseconds before the event, 1 to 60000" },
	{ "trace,file=", false, -EINVAL, 0, "file= names no file" },
};

START_TEST(test_parse)
{
	struct hg_action a;
	char why[256] = "";
	int ret = hg_action_parse(parse_cases[_i].s, parse_cases[_i].on_end, &a, why, sizeof(why));

	ck_assert_msg(ret == parse_cases[_i].ret, "%s: %d (%s)", parse_cases[_i].s, ret, why);
	if (ret)
		ck_assert_str_eq(why, parse_cases[_i].why);
	else
		ck_assert_uint_eq(a.type, parse_cases[_i].type);
}
END_TEST

/* The values of the options, the defaults, and command= and file= to the end. */
START_TEST(test_parse_values)
{
	struct hg_action a;
	char why[256];

	ck_assert_int_eq(hg_action_parse("continue", false, &a, why, sizeof(why)), 0);
	ck_assert_uint_eq(a.keep, 10);
	ck_assert_int_eq(hg_action_parse("continue,keep=7", false, &a, why, sizeof(why)), 0);
	ck_assert_uint_eq(a.keep, 7);
	ck_assert_int_eq(hg_action_parse("signal,num=12", false, &a, why, sizeof(why)), 0);
	ck_assert_int_eq(a.signum, 12);
	ck_assert_int_eq(a.pid, HG_ACTION_PARENT);
	ck_assert_int_eq(hg_action_parse("signal,pid=4242,num=3", false, &a, why, sizeof(why)), 0);
	ck_assert_int_eq(a.pid, 4242);
	ck_assert_int_eq(a.signum, 3);
	ck_assert_int_eq(hg_action_parse("shell,command=a=1, b", false, &a, why, sizeof(why)), 0);
	ck_assert_str_eq(a.command, "a=1, b");
	ck_assert_int_eq(hg_action_parse("trace", false, &a, why, sizeof(why)), 0);
	ck_assert_uint_eq(a.ms, 100);
	ck_assert_ptr_null(a.file);
	ck_assert_int_eq(hg_action_parse("trace,ms=5,file=x,y", false, &a, why, sizeof(why)), 0);
	ck_assert_uint_eq(a.ms, 5);
	ck_assert_str_eq(a.file, "x,y");
	ck_assert_str_eq(hg_action_name(HG_ACT_TRACE), "trace");
}
END_TEST

static int has(char **env, const char *v)
{
	for (; *env; env++)
		if (!strcmp(*env, v))
			return 1;
	return 0;
}

static size_t count(char **env)
{
	size_t n = 0;

	while (env[n])
		n++;
	return n;
}

/* The event's six variables, replacing any of the same names; the rest kept. */
START_TEST(test_env)
{
	char *base[] = { "PATH=/bin", "HG_CPU=99", "HG_OTHER=1", NULL };
	struct hg_action_event e = {
		.kind = "lat", .thread = 3, .cpu = 1, .at_ns = 123456789, .value_ns = 20001,
		.threshold_ns = 20000,
	};
	char **env = hg_action_env(&e, base);

	ck_assert_ptr_nonnull(env);
	ck_assert_uint_eq(count(env), 2 + 6);
	ck_assert(has(env, "PATH=/bin"));
	ck_assert(has(env, "HG_OTHER=1"));
	ck_assert(!has(env, "HG_CPU=99"));
	ck_assert(has(env, "HG_EVENT_KIND=lat"));
	ck_assert(has(env, "HG_THREAD=3"));
	ck_assert(has(env, "HG_CPU=1"));
	ck_assert(has(env, "HG_AT_NS=123456789"));
	ck_assert(has(env, "HG_VALUE_NS=20001"));
	ck_assert(has(env, "HG_THRESHOLD_NS=20000"));
	free(env);
	/* the end of the run: no thread, CPU or value */
	e.kind = "end";
	env = hg_action_env(&e, NULL);
	ck_assert_ptr_nonnull(env);
	ck_assert_uint_eq(count(env), 3);
	ck_assert(has(env, "HG_EVENT_KIND=end"));
	ck_assert(has(env, "HG_AT_NS=123456789"));
	ck_assert(has(env, "HG_THRESHOLD_NS=20000"));
	free(env);
}
END_TEST

/* sh -c is given the event's environment and waited for; a failure is one line. */
START_TEST(test_shell)
{
	const char *dir = hg_test_tmpdir();
	char cmd[512], path[256], line[128], msg[512] = "";
	struct hg_action a = { .type = HG_ACT_SHELL, .command = cmd };
	struct hg_action_event e = {
		.kind = "gap", .thread = 0, .cpu = 2, .at_ns = 5, .value_ns = 7, .threshold_ns = 6,
	};
	FILE *f;
	int n = 0;

	snprintf(path, sizeof(path), "%s/env", dir);
	/* the six by name: the test's own environment may hold other HG_ ones */
	snprintf(cmd, sizeof(cmd), "env | grep -E '^HG_(EVENT_KIND|THREAD|CPU|AT_NS|VALUE_NS|"
		 "THRESHOLD_NS)=' > %s", path);
	ck_assert_int_eq(hg_action_do(&a, &e, msg, sizeof(msg)), 0);
	f = fopen(path, "r");	/* there already: the command was waited for */
	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof(line), f))
		n++;
	fclose(f);
	ck_assert_int_eq(n, 6);
	a.command = "exit 3";
	ck_assert_int_eq(hg_action_do(&a, &e, msg, sizeof(msg)), -1);
	ck_assert_str_eq(msg, "shell: sh -c exit 3: exit status 3");
}
END_TEST

/* A signal to a process id: the waiting child ends by it. */
START_TEST(test_signal)
{
	struct hg_action a = { .type = HG_ACT_SIGNAL, .signum = SIGUSR1 };
	struct hg_action_event e = { .kind = "gap" };
	char msg[256] = "";
	pid_t child = fork();
	int st;

	ck_assert_int_ge(child, 0);
	if (!child) {
		sigset_t none;

		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		signal(SIGUSR1, SIG_DFL);
		for (;;)
			pause();
	}
	a.pid = child;
	ck_assert_int_eq(hg_action_do(&a, &e, msg, sizeof(msg)), 0);
	ck_assert_int_eq(waitpid(child, &st, 0), child);
	ck_assert(WIFSIGNALED(st));
	ck_assert_int_eq(WTERMSIG(st), SIGUSR1);
	/* a process that cannot be there (above any pid_max): said, with its number */
	a.pid = INT32_MAX;
	ck_assert_int_eq(hg_action_do(&a, &e, msg, sizeof(msg)), -1);
	ck_assert_ptr_nonnull(strstr(msg, "cannot send signal 10 to pid"));
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("action");
	TCase *tc = tcase_create("action");

	tcase_add_loop_test(tc, test_parse, 0, sizeof(parse_cases) / sizeof(parse_cases[0]));
	tcase_add_test(tc, test_parse_values);
	tcase_add_test(tc, test_env);
	tcase_add_test(tc, test_shell);
	tcase_add_test(tc, test_signal);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
