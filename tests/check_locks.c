// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_locks.c - the locks as the user gives them: the run's --cs and
 * --protocol (hourglass/options_locks.c), the warning for a lock of one
 * thread, and a task file's CS= words and lock lines (hourglass/taskin.c)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/sched/taskset.h"
#include "helpers.h"
#include "hourglass/options.h"
#include "hourglass/taskin.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define ERR_LEN 512
#define MS 1000000ULL
#define MAX_WORDS 40

/* ------------------------------------------------------------ options */

static int parse(const char *const *words, struct hg_config *cfg, char *err)
{
	char *argv[MAX_WORDS + 2];
	int argc = 0;

	argv[argc++] = "hourglass";
	while (*words && argc < MAX_WORDS)
		argv[argc++] = (char *)*words++;
	argv[argc] = NULL;
	return hg_parse_args(argc, argv, "hourglass --help", cfg, err, ERR_LEN);
}

#define W(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* The demo's three threads, sections, protocols, and where each lands. */
START_TEST(test_cs_parsed)
{
	struct hg_config cfg;
	char err[ERR_LEN];
	int ret = parse(W("-n", "3", "-a", "-w", "PERIODIC", "4ms", "10ms", "-t", "0", "-p",
			  "FIFO:80", "--cs", "L", "0.5ms", "--cs", "Q", "1ms", "-t", "1",
			  "-p", "FIFO:50", "-t", "2", "-p", "FIFO:10", "--cs", "L", "1.5ms",
			  "--protocol", "L=protect", "--protocol", "Q=none"), &cfg, err);

	ck_assert_msg(ret == HG_ARGS_RUN, "%d: %s", ret, err);
	ck_assert_uint_eq(cfg.nlocks, 2);
	ck_assert_str_eq(cfg.locks[0].name, "L");
	ck_assert_str_eq(cfg.locks[1].name, "Q");
	ck_assert_uint_eq(cfg.locks[0].protocol, HG_LOCK_PROTECT);
	ck_assert_uint_eq(cfg.locks[1].protocol, HG_LOCK_NONE);
	/* the ceiling: the highest priority among L's users (80 and 10) */
	ck_assert_int_eq(cfg.locks[0].ceiling, 80);
	ck_assert_uint_eq(cfg.threads[0].wp.ncs, 2);
	ck_assert_uint_eq(cfg.threads[0].wp.cs[0].lock, 0);
	ck_assert_uint_eq(cfg.threads[0].wp.cs[0].ns, MS / 2);
	ck_assert_uint_eq(cfg.threads[0].wp.cs[1].lock, 1);
	ck_assert_uint_eq(cfg.threads[0].wp.cs[1].ns, MS);
	ck_assert_uint_eq(cfg.threads[1].wp.ncs, 0);
	ck_assert_uint_eq(cfg.threads[2].wp.ncs, 1);
	ck_assert_uint_eq(cfg.threads[2].wp.cs[0].ns, 3 * MS / 2);
	hg_config_free(&cfg);
}
END_TEST

/* inherit by default; -w after --cs keeps the sections; -a gives them to all. */
START_TEST(test_cs_defaults)
{
	struct hg_config cfg;
	char err[ERR_LEN];
	int ret = parse(W("-n", "2", "--cs", "L", "1ms", "-w", "CPU_PERIODIC", "3ms", "10ms"),
			&cfg, err);

	ck_assert_msg(ret == HG_ARGS_RUN, "%d: %s", ret, err);
	ck_assert_uint_eq(cfg.nlocks, 1);
	ck_assert_uint_eq(cfg.locks[0].protocol, HG_LOCK_INHERIT);
	ck_assert_uint_eq(cfg.threads[0].wp.ncs, 1);
	ck_assert_uint_eq(cfg.threads[1].wp.ncs, 1);
	ck_assert_uint_eq(cfg.threads[1].wp.amount_ns, 3 * MS);
	hg_config_free(&cfg);
}
END_TEST

static const struct {
	const char *words[MAX_WORDS];
	const char *msg;
} bad[] = {
	/* a protocol for a lock no thread uses */
	{ { "-n", "1", "-w", "PERIODIC", "1ms", "10ms", "--protocol", "X=none" },
	  "--protocol X=none: no thread uses lock 'X' (give one --cs X <amount>)" },
	/* a section longer than the job */
	{ { "-n", "1", "-w", "PERIODIC", "1ms", "10ms", "--cs", "L", "0.5ms", "--cs", "M",
	    "0.6ms" },
	  "thread 0: --cs: the sections take 1.1ms, longer than the job's amount 1ms "
	  "(they run out of it)" },
	/* protect with a SCHED_OTHER thread */
	{ { "-n", "2", "-w", "PERIODIC", "1ms", "10ms", "--cs", "L", "0.5ms", "-t", "0", "-p",
	    "FIFO:20", "--protocol", "L=protect" },
	  "--protocol L=protect: thread 1 is not SCHED_FIFO or SCHED_RR (a priority ceiling "
	  "needs real-time priorities: give it -p FIFO:<n>, or use L=inherit)" },
	/* sections in a model without jobs */
	{ { "-n", "1", "--cs", "L", "0.5ms" },
	  "thread 0: --cs L: -w CPU runs no jobs (sections run in PERIODIC, PERIODIC_TABLE "
	  "and CPU_PERIODIC jobs)" },
	{ { "-n", "1", "-w", "PERIODIC", "1ms", "10ms", "--protocol", "L=fifo" },
	  "--protocol L=fifo: unknown protocol 'fifo' (choose none, inherit or protect)" },
	{ { "-n", "1", "-w", "PERIODIC", "1ms", "10ms", "--protocol", "inherit" },
	  "--protocol inherit: write <lock>=none|inherit|protect (e.g. L=inherit)" },
	{ { "-n", "1", "-w", "PERIODIC", "1ms", "10ms", "--cs", "a/b", "1us" },
	  "--cs a/b: not a lock name (1 to 31 letters, digits, '_', '-' or '.', e.g. L)" },
	{ { "-n", "1", "-w", "PERIODIC", "1ms", "10ms", "--cs", "L", "0ms" },
	  "--cs 0ms: must be greater than zero" },
	{ { "-n", "1", "-w", "PERIODIC", "1ms", "10ms", "--cs", "L" },
	  "--cs: missing values (write e.g. 3ms 8ms)" },
	{ { "-n", "1", "-w", "PERIODIC", "9ms", "10ms", "--cs", "a", "1ms", "--cs", "b", "1ms",
	    "--cs", "c", "1ms", "--cs", "d", "1ms", "--cs", "e", "1ms", "--cs", "f", "1ms" },
	  NULL },	/* six locks: fine */
	{ { "-n", "1", "-w", "PERIODIC", "9ms", "10ms", "-a", "--cs", "a", "1us", "--cs", "b",
	    "1us", "--cs", "c", "1us", "--cs", "d", "1us", "--cs", "e", "1us", "--cs", "f",
	    "1us", "--cs", "g", "1us" },
	  NULL },
};

START_TEST(test_cs_bad)
{
	struct hg_config cfg;
	char err[ERR_LEN];
	int ret = parse(bad[_i].words, &cfg, err);

	if (!bad[_i].msg) {
		ck_assert_msg(ret == HG_ARGS_RUN, "%d: %s", ret, err);
		hg_config_free(&cfg);
		return;
	}
	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_str_eq(err, bad[_i].msg);
}
END_TEST

/* More locks or sections than there is room for. */
START_TEST(test_cs_limits)
{
	static const char *const names[] = { "a", "b", "c", "d", "e", "f", "g", "h", "i" };
	const char *w[64];
	struct hg_config cfg;
	char err[ERR_LEN], *argv[64];
	size_t n = 0, i;
	int ret, argc = 0;

	w[n++] = "-n";
	w[n++] = "1";
	w[n++] = "-w";
	w[n++] = "PERIODIC";
	w[n++] = "9ms";
	w[n++] = "10ms";
	for (i = 0; i < 9; i++) {
		w[n++] = "--cs";
		w[n++] = names[i];
		w[n++] = "1us";
	}
	argv[argc++] = "hourglass";
	for (i = 0; i < n; i++)
		argv[argc++] = (char *)w[i];
	argv[argc] = NULL;
	ret = hg_parse_args(argc, argv, "hourglass --help", &cfg, err, sizeof(err));
	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_str_eq(err, "--cs i: at most 8 locks in a run");
	/* nine sections on one lock */
	for (i = 0; i < 9; i++)
		argv[1 + 6 + 3 * i + 1] = "a";
	ret = hg_parse_args(argc, argv, "hourglass --help", &cfg, err, sizeof(err));
	ck_assert_int_eq(ret, -EINVAL);
	ck_assert_str_eq(err, "thread 0: --cs given more than 8 times (at most 8 sections a job)");
}
END_TEST

/* A lock of one thread: a warning, and the run goes on. */
START_TEST(test_cs_warning)
{
	struct hg_config cfg;
	char err[ERR_LEN], *buf;
	int ret = parse(W("-n", "2", "-w", "PERIODIC", "1ms", "10ms", "-t", "1", "--cs", "L",
			  "0.5ms"), &cfg, err);

	ck_assert_msg(ret == HG_ARGS_RUN, "%d: %s", ret, err);
	hg_test_msg_open();
	ck_assert_uint_eq(hg_config_warn(&cfg), 1);
	buf = hg_test_msg_close();
	ck_assert_str_eq(buf, "hourglass: warning: lock 'L' is used by thread 1 only: no thread "
			 "ever waits for it (give another thread --cs L <amount>)\n");
	free(buf);
	hg_config_free(&cfg);
}
END_TEST

/* --------------------------------------------------------- task files */

static int read_set(const char *text, struct hg_taskset *s, char *err)
{
	char *dir = hg_test_fresh_dir(), *path = hg_test_write_text(dir, "set.txt", text);
	int ret = hg_taskset_read(path, s, err, ERR_LEN);
	const char *slash = strrchr(err, '/');

	/* the message without the directory */
	if (ret && slash && !strncmp(err, path, strlen(path)))
		memmove(err, slash + 1, strlen(slash + 1) + 1);
	free(path);
	hg_test_drop_dir(dir);
	return ret;
}

START_TEST(test_file_locks)
{
	struct hg_taskset s;
	char err[ERR_LEN];
	unsigned int user = 99;
	int ret = read_set("lock L inherit  # the shared one\n"
			   "lock Q protect\n"
			   "C=1ms T=10ms P=FIFO:80 CS=L:0.5ms CS=Q:0.25ms\n"
			   "C=4ms T=10ms P=FIFO:50\n"
			   "C=2ms T=20ms P=FIFO:10 CS=L:1.5ms\n", &s, err);

	ck_assert_msg(!ret, "%s", err);
	ck_assert_uint_eq(s.n, 3);
	ck_assert_uint_eq(s.nlocks, 2);
	ck_assert_str_eq(s.locks[1].name, "Q");
	ck_assert_uint_eq(s.locks[1].protocol, HG_LOCK_PROTECT);
	ck_assert_uint_eq(s.task[0].rta.ncs, 2);
	ck_assert_uint_eq(s.task[0].rta.cs[1].lock, 1);
	ck_assert_uint_eq(s.task[0].rta.cs[1].ns, MS / 4);
	ck_assert_uint_eq(s.task[2].rta.cs[0].ns, 3 * MS / 2);
	/* Q is task 0's alone */
	ck_assert_int_eq(hg_taskset_lonely_lock(&s, 0, &user), 1);
	ck_assert_uint_eq(user, 0);
	ck_assert_int_eq(hg_taskset_lonely_lock(&s, 2, &user), -1);
	hg_taskset_free(&s);
}
END_TEST

static const struct {
	const char *text;
	const char *msg;
} bad_files[] = {
	/* unknown lock */
	{ "C=1ms T=10ms CS=X:1ms\n",
	  "set.txt line 1: CS=X: unknown lock 'X' (declare it on a line before: lock X "
	  "none|inherit|protect)" },
	/* a section longer than the job */
	{ "lock L inherit\nC=1ms T=10ms CS=L:2ms\nC=1ms T=10ms CS=L:1ms\n",
	  "set.txt: task 0: its sections (CS=) take 2ms, longer than its C=1ms (they run out "
	  "of it)" },
	/* protect with a task without a real-time priority */
	{ "lock L protect\nC=1ms T=10ms P=FIFO:3 CS=L:0.5ms\nC=1ms T=10ms CS=L:0.5ms\n",
	  "set.txt: lock L protect: task 1 has no real-time priority (a ceiling needs them: "
	  "give it P=FIFO:<n>, or use inherit)" },
	/* a protocol for a lock no task uses */
	{ "lock L inherit\nlock Q none\nC=1ms T=10ms CS=L:0.5ms\n",
	  "set.txt: lock Q: no task uses it (give one CS=Q:<amount>)" },
	{ "lock L bogus\n",
	  "set.txt line 1: lock L bogus: unknown protocol (choose none, inherit or protect)" },
	{ "lock L\n", "set.txt line 1: write 'lock <name> none|inherit|protect' (e.g. lock L "
	  "inherit)" },
	{ "lock L none extra\n", "set.txt line 1: write 'lock <name> none|inherit|protect' "
	  "(e.g. lock L inherit)" },
	{ "lock L none\nlock L inherit\n", "set.txt line 2: lock L: declared twice" },
	{ "lock a+b none\n", "set.txt line 1: lock 'a+b': not a lock name (1 to 31 letters, "
	  "digits, '_', '-' or '.')" },
	{ "lock L none\nC=1ms T=10ms CS=L\n",
	  "set.txt line 2: 'CS=L': write CS=<lock>:<amount> (e.g. CS=L:0.5ms)" },
	{ "lock L none\nC=1ms T=10ms CS=L:0\n",
	  "set.txt line 2: CS=L:0: missing time unit (e.g. 0s; use d, h, m, s, ms, us or ns)" },
	{ "lock L none\nC=1ms T=10ms CS=L:0s\n",
	  "set.txt line 2: CS=L:0s: the amount must be greater than zero" },
	{ "lock L none\nC=1ms T=10ms CS=L:fast\n",
	  NULL },	/* the time parser's own words follow "CS=L:fast: " */
};

START_TEST(test_file_bad)
{
	struct hg_taskset s;
	char err[ERR_LEN];
	int ret = read_set(bad_files[_i].text, &s, err);

	ck_assert_int_eq(ret, -EINVAL);
	if (bad_files[_i].msg)
		ck_assert_str_eq(err, bad_files[_i].msg);
	else
		ck_assert_msg(!strncmp(err, "set.txt line 2: CS=L:fast: ", 27), "%s", err);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("locks");
	TCase *tc = tcase_create("options");

	tcase_add_test(tc, test_cs_parsed);
	tcase_add_test(tc, test_cs_defaults);
	tcase_add_loop_test(tc, test_cs_bad, 0, ARRAY_SIZE(bad));
	tcase_add_test(tc, test_cs_limits);
	tcase_add_test(tc, test_cs_warning);
	suite_add_tcase(s, tc);
	tc = tcase_create("taskfile");
	tcase_add_test(tc, test_file_locks);
	tcase_add_loop_test(tc, test_file_bad, 0, ARRAY_SIZE(bad_files));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
