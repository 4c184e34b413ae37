// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_options_longrun.c - the run's command line for long runs: --load,
 * --forever, --on-threshold, --break, the protocol and the output
 * directory, their errors and their lines in the usage
 */
#include "optstest.h"

/* ------------------------------------------------------------ long runs */

START_TEST(test_long_load)
{
	PARSE_OK("-n", "1", "--load", "net,sched,cmd:sleep 1, 2", "--load-cpu", "0-1");
	ck_assert_uint_eq(cfg.nloads, 3);
	ck_assert_str_eq(cfg.loads[0].prof->name, "net");
	ck_assert_str_eq(cfg.loads[1].prof->name, "sched");
	ck_assert_str_eq(cfg.loads[2].cmd, "sleep 1, 2");
	ck_assert(cfg.load_cpus_given);
	ck_assert_int_eq(CPU_COUNT(&cfg.load_cpus), 2);
	hg_config_free(&cfg);
}
END_TEST

/* --forever and -d 0 are the same: no end but a signal */
static const words_t forever_cases[] = {
	{ "-n", "1", "--forever" },
	{ "-n", "1", "-d", "0" },
	{ "-n", "1", "-d", "0s" },
	{ "-n", "1", "--duration=0ms" },
	{ "-n", "1", "-d", "5s", "--forever" },
	{ "--forever", "-n", "2", "-t", "1", "-s", "30m", "-f", "60m" },
};

START_TEST(test_long_forever)
{
	struct hg_config cfg;
	char err[ERR_LEN], line[256];
	int ret = parse_words(forever_cases[_i], &cfg, err, sizeof(err));

	ck_assert_msg(ret == HG_ARGS_RUN, "%s: %s", join(forever_cases[_i], line, sizeof(line)), err);
	ck_assert_uint_eq(cfg.duration_ns, 0);
	hg_config_free(&cfg);
}
END_TEST

/* --on-threshold, --on-end: the actions in order, continue's K, the defaults. */
START_TEST(test_long_on_threshold)
{
	PARSE_OK("-n", "1", "--break", "1us", "--on-threshold", "continue,keep=5",
		 "--on-threshold", "signal,num=10,pid=42", "--on-threshold=shell,command=a,b c",
		 "--kernel", "-o", "t.hgt", "--on-threshold", "trace",
		 "--on-end", "signal,num=12,parent", "--on-end", "shell,command=true");
	ck_assert_uint_eq(cfg.over_keep, 5);
	ck_assert_uint_eq(cfg.on_threshold.n, 4);
	ck_assert_uint_eq(cfg.on_threshold.a[0].type, HG_ACT_CONTINUE);
	ck_assert_uint_eq(cfg.on_threshold.a[1].type, HG_ACT_SIGNAL);
	ck_assert_int_eq(cfg.on_threshold.a[1].signum, 10);
	ck_assert_int_eq(cfg.on_threshold.a[1].pid, 42);
	ck_assert_str_eq(cfg.on_threshold.a[2].command, "a,b c");
	ck_assert_uint_eq(cfg.on_threshold.a[3].ms, HG_ACTION_TRACE_MS);
	ck_assert_ptr_null(cfg.on_threshold.a[3].file);
	ck_assert_uint_eq(cfg.on_end.n, 2);
	ck_assert_int_eq(cfg.on_end.a[0].pid, HG_ACTION_PARENT);
	hg_config_free(&cfg);
}
END_TEST

static const struct {
	words_t words;
	const char *msg;
} long_errors[] = {
	{ { "-n", "1", "--break", "0s" }, "--break 0s: must be greater than zero" },
	{ { "-n", "1", "--break", "5" }, "--break 5: missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)" },
	{ { "-n", "1", "--break-on", "gap" }, "--break-on: needs --break <time>, the threshold" },
	{ { "-n", "1", "--break", "1ms", "--break-on", "gaps" },
	  "--break-on gaps: 'gaps' is not one; choose from gap, lat, miss, separated by commas" },
	{ { "-n", "1", "--break", "1ms", "--break-on", "" },
	  "--break-on : choose from gap, lat, miss, separated by commas" },
	{ { "-n", "1", "--on-threshold", "continue" },
	  "--on-threshold: needs --break <time>, the threshold (e.g. --break 100us --on-threshold continue)" },
	{ { "-n", "1", "--break", "1ms", "--on-threshold", "pause" },
	  "--on-threshold pause: 'pause' is not an action; choose from stop, continue, signal, shell, trace" },
	{ { "-n", "1", "--break", "1ms", "--on-threshold", "continue,keep=1001" },
	  "--on-threshold continue,keep=1001: keep=1001: the events kept, 1 to 1000" },
	{ { "-n", "1", "--break", "1ms", "--on-threshold", "continue", "--on-threshold", "stop" },
	  "--on-threshold stop: the run already continues at an event (give stop or continue once)" },
	{ { "-n", "1", "--break", "1ms", "--on-threshold", "trace", "-o", "t.hgt" },
	  "--on-threshold trace: needs --kernel, whose events it writes (add --kernel)" },
	{ { "-n", "1", "--break", "1ms", "--on-threshold", "trace", "--kernel" },
	  "--on-threshold trace: writes beside the trace: give -o <file>, or trace,file=F" },
	{ { "-n", "1", "--on-end", "continue" },
	  "--on-end continue: 'continue' is not an action; choose from signal, shell" },
	{ { "-n", "1", "--on-end", "signal" },
	  "--on-end signal: signal needs num=<n>, the signal's number" },
	{ { "-n", "1", "--prom-interval", "5s" }, "--prom-interval: needs --prom <file>" },
	{ { "-n", "1", "--prom", "a", "--prom-interval", "0s" },
	  "--prom-interval 0s: must be greater than zero" },
	{ { "-n", "1", "--prom", "a", "-o", "a" }, "--prom a: the same file as -o" },
	{ { "-n", "1", "--prom", "a", "--json", "a" }, "--prom a: the same file as --json" },
	{ { "-n", "1", "--prom" }, "--prom: missing value" },
	{ { "-n", "1", "--ktap", "--json", "-" },
	  "--ktap: standard output is another output's already (a - among -o, --json, "
	  "--prom, --junit); write it to a file" },
	{ { "-n", "1", "--junit", "a", "-o", "a" }, "--junit a: the same file as -o" },
	{ { "-n", "1", "--junit" }, "--junit: missing value" },
};

START_TEST(test_long_errors)
{
	struct hg_config cfg;
	char err[ERR_LEN], line[256];
	int ret = parse_words(long_errors[_i].words, &cfg, err, sizeof(err));

	ck_assert_msg(ret < 0, "%s: accepted", join(long_errors[_i].words, line, sizeof(line)));
	ck_assert_str_eq(err, long_errors[_i].msg);
}
END_TEST

/* A lock is given one protocol: two different ones are refused, naming both. */
START_TEST(test_protocol_twice)
{
	const char *twice[] = { "-n", "1", "--cs", "L", "1ms", "-w", "PERIODIC", "2ms", "10ms",
				"--protocol", "L=inherit", "--protocol=L=inherit", NULL };
	const char *differ[] = { "-n", "1", "--protocol", "L=protect", "--protocol", "L=none",
				 NULL };
	struct hg_config cfg;
	char err[ERR_LEN];

	ck_assert_msg(parse_words(twice, &cfg, err, sizeof(err)) == HG_ARGS_RUN, "%s", err);
	ck_assert_uint_eq(cfg.locks[0].protocol, HG_LOCK_INHERIT);
	hg_config_free(&cfg);
	ck_assert_int_eq(parse_words(differ, &cfg, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "--protocol L=none: lock L is given two protocols, protect and "
			 "none (give it one)");
}
END_TEST

/*
 * Every message with a value of 5000 bytes ({LONG}: @first, then x's): one
 * line, the value quoted cut in its middle with its length, the reason kept.
 */
static const struct {
	const char *words[8];
	const char *first;
	const char *reason;
} long_values[] = {
	{ { "-n", "{LONG}" }, "x", "-n xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..." },
	{ { "-n", "{LONG}" }, "x", "...xxxxxxxxxxxxxxxxxxxx (5000 bytes): not a number" },
	{ { "-n", "1", "-d", "{LONG}" }, "x", "(5000 bytes): not a time value (write e.g. 1.5ms)" },
	{ { "-n", "1", "-d", "{LONG}" }, "1", "(5000 bytes): unknown time unit 'xxx" },
	{ { "-n", "1", "-s", "{LONG}" }, "x", "(5000 bytes): not a time value" },
	{ { "-n", "1", "-e", "{LONG}" }, "x", "(5000 bytes): not a number" },
	{ { "-n", "1", "-t", "{LONG}" }, "x", "(5000 bytes): not a number" },
	{ { "-n", "1", "--cpu", "{LONG}" }, "x", "(5000 bytes)' (write e.g. 0-3,5)" },
	{ { "-n", "1", "--load-cpu", "{LONG}" }, "x", "(5000 bytes)' (write e.g. 0-3,5)" },
	{ { "-n", "1", "-p", "{LONG}" }, "x", "(5000 bytes)' (choose from IDLE, LOW" },
	{ { "-n", "1", "-p", "{LONG}" }, "FIFO:", "(5000 bytes)': FIFO takes 1 to 98" },
	{ { "-n", "1", "-w", "{LONG}" }, "x", "(5000 bytes)' (choose from CPU, CPU_SCAN" },
	{ { "-n", "1", "-w", "PERIODIC", "{LONG}", "10ms" }, "x",
	  "(5000 bytes)': not a time value" },
	{ { "-n", "1", "-w", "PERIODIC_TABLE", "{LONG}", "10ms" }, "x",
	  "(5000 bytes)': path too long" },
	{ { "-n", "1", "--timer", "{LONG}" }, "x", "(5000 bytes)' (choose from NATIVE" },
	{ { "-n", "1", "{LONG}" }, "--x", "(5000 bytes)' (see hourglass --help)" },
	{ { "-n", "1", "{LONG}" }, "x", "(5000 bytes)' (see hourglass --help)" },
	{ { "-n", "1", "-q", "{LONG}" }, "x", "(5000 bytes)': -q takes no value" },
	{ { "-n", "1", "--cs", "{LONG}", "1ms" }, "x", "(5000 bytes): not a lock name" },
	{ { "-n", "1", "--cs", "L", "{LONG}" }, "x", "(5000 bytes): not a time value" },
	{ { "-n", "1", "--protocol", "{LONG}" }, "x", "(5000 bytes): write <lock>=none" },
	{ { "-n", "1", "--protocol", "{LONG}" }, "L=", "(4998 bytes)' (choose none, inherit" },
	{ { "-n", "1", "-rh", "{LONG}", "1s" }, "x", "(5000 bytes): not a time value" },
	{ { "-n", "1", "--break", "1ms", "--break-on", "{LONG}" }, "x",
	  "(5000 bytes): 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' is not one; choose from gap" },
};

START_TEST(test_long_values)
{
	char *v = malloc(LONG_VALUE + 1), *argv[MAX_WORDS + 2], err[ERR_LEN], line[256];
	const char *first = long_values[_i].first;
	struct hg_config cfg;
	int argc = 0, i, ret;

	ck_assert_ptr_nonnull(v);
	memset(v, 'x', LONG_VALUE);
	memcpy(v, first, strlen(first));
	v[LONG_VALUE] = '\0';
	argv[argc++] = "hourglass";
	for (i = 0; long_values[_i].words[i]; i++)
		argv[argc++] = strcmp(long_values[_i].words[i], "{LONG}") ?
			       (char *)long_values[_i].words[i] : v;
	argv[argc] = NULL;
	ret = hg_parse_args(argc, argv, "hourglass --help", &cfg, err, sizeof(err));
	join(long_values[_i].words, line, sizeof(line));
	ck_assert_msg(ret < 0, "%s: accepted", line);
	ck_assert_msg(strstr(err, long_values[_i].reason), "%s: no '%s' in '%s'", line,
		      long_values[_i].reason, err);
	ck_assert_msg(!strchr(err, '\n'), "%s: more than one line", line);
	ck_assert_msg(strlen(err) < 400, "%s: %zu bytes", line, strlen(err));
	free(v);
}
END_TEST

/* -o of 4000 bytes in a directory that does not exist: the directory quoted cut. */
START_TEST(test_long_output_dir)
{
	char path[4001], err[ERR_LEN];
	const char *w[] = { "-n", "1", "-o", path, NULL };
	cpu_set_t online;
	size_t i;

	memset(path, 'x', sizeof(path) - 1);
	path[sizeof(path) - 1] = '\0';
	memcpy(path, "/nonexistent/", 13);
	for (i = 200; i < sizeof(path) - 1; i += 200)
		path[i] = '/';
	online_cpus(&online);
	ck_assert_int_eq(check_words(w, &online, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, "(4000 bytes): directory /nonexistent/xxx"), "%s", err);
	ck_assert_msg(strstr(err, " bytes) does not exist"), "%s", err);
	ck_assert_uint_lt(strlen(err), 400);
}
END_TEST

START_TEST(test_long_usage_lists_all)
{
	static const char *const spellings[] = {
		"--fail-on-miss", "Exit status:", "--forever", "--break <time>",
		"--break-on", "--prom <file>", "--prom-interval",
	};
	char *text = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	hg_usage(f);
	fclose(f);
	for (i = 0; i < ARRAY_SIZE(spellings); i++)
		ck_assert_msg(strstr(text, spellings[i]), "--help does not mention %s",
			      spellings[i]);
	free(text);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("options_longrun");
	TCase *tc;

	tc = tcase_create("long runs");
	tcase_add_test(tc, test_long_load);
	tcase_add_loop_test(tc, test_long_forever, 0, ARRAY_SIZE(forever_cases));
	tcase_add_test(tc, test_long_on_threshold);
	tcase_add_loop_test(tc, test_long_errors, 0, ARRAY_SIZE(long_errors));
	tcase_add_test(tc, test_long_usage_lists_all);
	tcase_add_loop_test(tc, test_long_values, 0, ARRAY_SIZE(long_values));
	tcase_add_test(tc, test_protocol_twice);
	tcase_add_test(tc, test_long_output_dir);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
