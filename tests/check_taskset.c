// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_taskset.c - hourglass/taskin.c: task sets from a command line
 * (the run's PERIODIC and PERIODIC_TABLE threads) or from a task file
 * (bounded, regular files only, words tamed in messages)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rtatest.h"
#include "hourglass/options.h"
#include "hourglass/taskin.h"

/* ------------------------------------------------------------ task files */

static void drop(char *dir, char *path)
{
	unlink(path);
	rmdir(dir);
	free(path);
	free(dir);
}

START_TEST(test_taskfile_paper)
{
	char *dir = hg_test_fresh_dir(), *path, err[512] = "";
	struct hg_rta_result r[2];
	struct hg_taskset s;

	path = hg_test_write_text(dir, "paper.tasks",
			  "# the paper's two tasks\n"
			  "\n"
			  "C=3ms T=8ms P=RTMED\n"
			  "   \t\n"
			  "  C=17ms\tT=33ms   P=RTLOW\r\n");
	ck_assert_msg(hg_taskset_read(path, &s, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(s.n, 2);
	ck_assert_uint_eq(s.task[0].rta.id, 0);
	ck_assert_uint_eq(s.task[0].rta.c_ns, 3 * MS);
	ck_assert_uint_eq(s.task[0].rta.t_ns, 8 * MS);
	ck_assert_uint_eq(s.task[0].rta.d_ns, 8 * MS);
	ck_assert_uint_eq(s.task[0].rta.j_ns, 0);
	ck_assert_uint_eq(s.task[0].rta.b_ns, 0);
	ck_assert_int_eq(s.task[0].rta.prio, 50);
	ck_assert_str_eq(s.task[0].label, "C=3ms T=8ms");
	ck_assert_str_eq(s.task[0].prio, "RTMED (SCHED_FIFO 50)");
	ck_assert_uint_eq(s.task[1].rta.id, 1);
	ck_assert_uint_eq(s.task[1].rta.c_ns, 17 * MS);
	ck_assert_int_eq(s.task[1].rta.prio, 10);
	ck_assert_str_eq(s.task[1].label, "C=17ms T=33ms");
	ck_assert_str_eq(s.task[1].prio, "RTLOW (SCHED_FIFO 10)");
	ck_assert_uint_eq(s.task[0].resv_period_ns | s.task[1].resv_period_ns, 0);
	ck_assert_uint_ge(s.cpus, 1);
	ck_assert_uint_le(s.rt_runtime_us, s.rt_period_us);
	ck_assert_int_eq(rta_fp(&s, s.n, r), 0);
	ck_assert_uint_eq(r[0].response_ns, 3 * MS);
	ck_assert_uint_eq(r[1].response_ns, 29 * MS);
	hg_taskset_free(&s);
	ck_assert_ptr_null(s.task);
	drop(dir, path);
}
END_TEST

/* Every field, priorities of each kind, and many lines (the arrays grow). */
START_TEST(test_taskfile_fields)
{
	char *dir = hg_test_fresh_dir(), *path, err[512] = "", *text = NULL;
	struct hg_taskset s;
	size_t len = 0, i;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	fprintf(f, "C=1.5ms T=10ms D=9ms J=250us B=20us P=FIFO:70\n");
	fprintf(f, "P=RR:20 B=1ms J=2ms D=5ms T=10ms C=2ms\n");	/* any order */
	fprintf(f, "C=1ms T=100ms P=NORMAL\n");
	fprintf(f, "C=1ms T=100ms P=rtHigh\n");
	fprintf(f, "C=500ns T=1s D=1s J=20ms CPU=1,3-4\n");	/* J > T is fine, D = T too */
	for (i = 5; i < 37; i++)
		fprintf(f, "C=%zuus T=%zums\n", i, i);
	ck_assert_int_eq(fclose(f), 0);
	path = hg_test_write_text(dir, "many.tasks", text);
	free(text);

	ck_assert_msg(hg_taskset_read(path, &s, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(s.n, 37);
	ck_assert_uint_eq(s.task[0].rta.c_ns, 1500000);
	ck_assert_uint_eq(s.task[0].rta.t_ns, 10 * MS);
	ck_assert_uint_eq(s.task[0].rta.d_ns, 9 * MS);
	ck_assert_uint_eq(s.task[0].rta.j_ns, 250000);
	ck_assert_uint_eq(s.task[0].rta.b_ns, 20000);
	ck_assert_int_eq(s.task[0].rta.prio, 70);
	ck_assert_str_eq(s.task[0].prio, "FIFO:70 (SCHED_FIFO 70)");
	ck_assert_str_eq(s.task[0].label, "C=1.5ms T=10ms");
	ck_assert_uint_eq(s.task[1].rta.c_ns, 2 * MS);
	ck_assert_uint_eq(s.task[1].rta.d_ns, 5 * MS);
	ck_assert_uint_eq(s.task[1].rta.j_ns, 2 * MS);
	ck_assert_uint_eq(s.task[1].rta.b_ns, MS);
	ck_assert_int_eq(s.task[1].rta.prio, 20);
	ck_assert_str_eq(s.task[1].prio, "RR:20 (SCHED_RR 20)");
	/* not a real-time class: no priority */
	ck_assert_int_eq(s.task[2].rta.prio, NONE);
	ck_assert_str_eq(s.task[2].prio, "-");
	ck_assert_int_eq(s.task[3].rta.prio, 90);
	ck_assert_uint_eq(s.task[4].rta.c_ns, 500);
	ck_assert_uint_eq(s.task[4].rta.d_ns, 1000 * MS);
	ck_assert_uint_eq(s.task[4].rta.j_ns, 20 * MS);
	ck_assert_str_eq(s.task[4].label, "C=500ns T=1s");
	/* CPU=: the CPUs it may run on; without it, none named */
	ck_assert_int_eq(CPU_COUNT(&s.task[4].rta.cpus), 3);
	ck_assert(CPU_ISSET(1, &s.task[4].rta.cpus) && CPU_ISSET(3, &s.task[4].rta.cpus) &&
		  CPU_ISSET(4, &s.task[4].rta.cpus));
	ck_assert_int_eq(CPU_COUNT(&s.task[0].rta.cpus), 0);
	for (i = 5; i < 37; i++) {
		ck_assert_uint_eq(s.task[i].rta.id, i);
		ck_assert_uint_eq(s.task[i].rta.c_ns, i * 1000);
		ck_assert_uint_eq(s.task[i].rta.t_ns, i * MS);
		ck_assert_uint_eq(s.task[i].rta.d_ns, i * MS);
		ck_assert_int_eq(s.task[i].rta.prio, NONE);
		ck_assert_str_eq(s.task[i].prio, "-");
		ck_assert_uint_eq(s.task[i].resv_budget_ns, 0);
	}
	hg_taskset_free(&s);
	drop(dir, path);
}
END_TEST

static const struct {
	const char *what;
	const char *text;
	unsigned int line;	/* 0: a message about the whole file */
	const char *why;	/* after "<path> line <n>: ", or after "<path>: " */
} bad_files[] = {
	{ "unknown field", "C=3ms T=8ms\nC=3ms T=8ms X=1\n", 2,
	  "'X=1': unknown field 'X' (use C T D J B P CPU CS)" },
	{ "lower-case field", "\n\n\nc=3ms T=8ms\n", 4,
	  "'c=3ms': unknown field 'c' (use C T D J B P CPU CS)" },
	{ "no '='", "# c\nC3ms T=8ms\n", 2, "'C3ms': write K=<value> with K one of C T D J B P CPU CS" },
	{ "a long key", "CC=3ms T=8ms\n", 1,
	  "'CC=3ms': write K=<value> with K one of C T D J B P CPU CS" },
	{ "no value", "C= T=8ms\n", 1, "'C=': write K=<value> with K one of C T D J B P CPU CS" },
	{ "no key", "=3ms T=8ms\n", 1, "'=3ms': write K=<value> with K one of C T D J B P CPU CS" },
	{ "bad time unit", "C=3ms T=8ms\n\nC=3xs T=8ms\n", 3,
	  "'C=3xs': unknown time unit 'xs' (use d, h, m, s, ms, us or ns)" },
	{ "time without unit", "C=3 T=8ms\n", 1,
	  "'C=3': missing time unit (e.g. 3s; use d, h, m, s, ms, us or ns)" },
	{ "negative time", "C=3ms T=8ms J=-1ms\n", 1,
	  "'J=-1ms': not a time value (write e.g. 1.5ms)" },
	{ "missing C", "C=3ms T=8ms\nT=8ms\n", 2,
	  "C and T are required and must be greater than zero" },
	{ "missing T", "C=3ms\n", 1, "C and T are required and must be greater than zero" },
	{ "C of 0", "C=0ms T=8ms\n", 1, "C and T are required and must be greater than zero" },
	{ "T of 0", "C=1ms T=0ns\n", 1, "C and T are required and must be greater than zero" },
	/* the file's words reach the terminal tamed: no escape sequence */
	{ "escape sequence", "C=3ms T=8ms X\033[31m\n", 1,
	  "'X?[31m': write K=<value> with K one of C T D J B P CPU CS" },
	{ "bad priority", "C=3ms T=8ms P=SUPER\n", 1,
	  "unknown priority 'SUPER' (choose from IDLE, LOW, NORMAL, HIGH, HIGHEST, RTLOW, RTMED, "
	  "RTHIGH, FIFO:<1-98>, RR:<1-98>, OTHER:<nice>, BATCH)" },
	{ "priority out of range", "C=1ms T=2ms\nC=3ms T=8ms P=FIFO:0\n", 2,
	  "priority 'FIFO:0': FIFO takes 1 to 98 (99 is the run's clock thread's)" },
	{ "bad CPU list", "C=3ms T=8ms CPU=0-x\n", 1,
	  "'CPU=0-x': not a CPU list (e.g. CPU=0, CPU=0-1, CPU=0,2)" },
	{ "CPU range backwards", "C=3ms T=8ms CPU=3-1\n", 1,
	  "'CPU=3-1': not a CPU list (e.g. CPU=0, CPU=0-1, CPU=0,2)" },
	{ "empty CPU list", "C=3ms T=8ms CPU=\n", 1,
	  "'CPU=': not a CPU list (e.g. CPU=0, CPU=0-1, CPU=0,2)" },
	{ "CPU past the set", "C=3ms T=8ms CPU=1024\n", 1,
	  "'CPU=1024': not a CPU list (e.g. CPU=0, CPU=0-1, CPU=0,2)" },
	/* an amount that does not parse says why, not "must be greater than zero" */
	{ "section too long", "lock L inherit\nC=1ms T=10ms CS=L:1000000000h\n", 2,
	  "CS=L:1000000000h: time value too large" },
	{ "section in no unit", "lock L inherit\nC=1ms T=10ms CS=L:1e9h\n", 2,
	  "CS=L:1e9h: unknown time unit 'e9h' (use d, h, m, s, ms, us or ns)" },
	{ "section of zero", "lock L inherit\nC=1ms T=10ms CS=L:0ms\n", 2,
	  "CS=L:0ms: the amount must be greater than zero" },
	/* a # starts a comment anywhere: what follows it is not read */
	{ "comment after a bad word", "C=1ms T=8ms Q=1 # Q is no field\n", 1,
	  "'Q=1': unknown field 'Q' (use C T D J B P CPU CS)" },
	{ "empty file", "", 0, "no task in it (one per line, e.g. C=3ms T=8ms P=RTMED)" },
	{ "only comments", "# nothing\n\n   \n\t# more\n", 0,
	  "no task in it (one per line, e.g. C=3ms T=8ms P=RTMED)" },
};

START_TEST(test_taskfile_errors)
{
	char *dir = hg_test_fresh_dir(), *path, err[512] = "", want[1024];
	struct hg_taskset s;

	memset(&s, 0xa5, sizeof(s));
	path = hg_test_write_text(dir, "bad.tasks", bad_files[_i].text);
	ck_assert_msg(hg_taskset_read(path, &s, err, sizeof(err)) == -EINVAL, "%s: accepted",
		      bad_files[_i].what);
	if (bad_files[_i].line)
		snprintf(want, sizeof(want), "%s line %u: %s", path, bad_files[_i].line,
			 bad_files[_i].why);
	else
		snprintf(want, sizeof(want), "%s: %s", path, bad_files[_i].why);
	ck_assert_str_eq(err, want);
	/* nothing left to free */
	ck_assert_ptr_null(s.task);
	ck_assert_uint_eq(s.n, 0);
	drop(dir, path);
}
END_TEST

START_TEST(test_taskfile_missing)
{
	char *dir = hg_test_fresh_dir(), *path, err[512] = "", want[1024];
	struct hg_taskset s;

	ck_assert_int_ge(asprintf(&path, "%s/no-such.tasks", dir), 0);
	ck_assert_int_eq(hg_taskset_read(path, &s, err, sizeof(err)), -ENOENT);
	snprintf(want, sizeof(want), "%s: %s", path, strerror(ENOENT));
	ck_assert_str_eq(err, want);
	/* a directory: it cannot be read as lines */
	ck_assert_int_eq(hg_taskset_read(dir, &s, err, sizeof(err)), -EISDIR);
	snprintf(want, sizeof(want), "%s: is a directory", dir);
	ck_assert_str_eq(err, want);
	drop(dir, path);
}
END_TEST

/*
 * A # after a task's words, or a lock's, starts a comment to the end of the
 * line (as the man page says): the words after it are not read.
 */
START_TEST(test_taskfile_trailing_comment)
{
	char *dir = hg_test_fresh_dir(), *path, err[512] = "";
	struct hg_taskset s;

	path = hg_test_write_text(dir, "comments.tasks",
			  "lock L inherit # the decoder's buffer\n"
			  "C=3ms T=8ms P=RTMED CS=L:1ms # the decoder: Q=1 X\n"
			  "C=17ms T=33ms#no blank before it\n");
	ck_assert_msg(hg_taskset_read(path, &s, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(s.n, 2);
	ck_assert_uint_eq(s.nlocks, 1);
	ck_assert_uint_eq(s.task[0].rta.ncs, 1);
	ck_assert_uint_eq(s.task[1].rta.t_ns, 33 * MS);
	hg_taskset_free(&s);
	drop(dir, path);
}
END_TEST

/* A word or a file name of thousands of bytes: quoted cut, the reason kept. */
static const struct {
	const char *before, *after;	/* around 4000 x's */
	unsigned int line;
	const char *reason;
} long_words[] = {
	{ "C=1", " T=8ms\n", 1, "(4003 bytes)': unknown time unit 'xxxx" },
	{ "C=1ms T=8ms P=", "\n", 1, "(4000 bytes)' (choose from IDLE, LOW, NORMAL" },
	{ "C=1ms T=8ms CPU=", "\n", 1, "(4004 bytes)': not a CPU list (e.g. CPU=0" },
	{ "lock L inherit\nC=1ms T=8ms CS=L:", "\n", 2, "(4000 bytes): not a time value" },
	{ "lock L ", "\n", 1, "(4000 bytes): unknown protocol (choose none" },
};

START_TEST(test_taskfile_long_word)
{
	char *dir = hg_test_fresh_dir(), *path, *text, err[512] = "", at[32];
	struct hg_taskset s;
	size_t n = strlen(long_words[_i].before);

	text = calloc(1, n + 4000 + strlen(long_words[_i].after) + 1);
	ck_assert_ptr_nonnull(text);
	memcpy(text, long_words[_i].before, n);
	memset(text + n, 'x', 4000);
	strcpy(text + n + 4000, long_words[_i].after);
	path = hg_test_write_text(dir, "long.tasks", text);
	ck_assert_int_eq(hg_taskset_read(path, &s, err, sizeof(err)), -EINVAL);
	snprintf(at, sizeof(at), " line %u: ", long_words[_i].line);
	ck_assert_msg(strstr(err, at), "no '%s' in '%s'", at, err);
	ck_assert_msg(strstr(err, long_words[_i].reason), "no '%s' in '%s'",
		      long_words[_i].reason, err);
	ck_assert_uint_lt(strlen(err), 400);
	ck_assert_ptr_null(strchr(err, '\n'));
	free(text);
	drop(dir, path);
}
END_TEST

START_TEST(test_taskfile_long_name)
{
	char path[5000], err[512] = "";
	struct hg_taskset s;

	memset(path, 'x', sizeof(path) - 1);
	memcpy(path, "/nonexistent/", 13);
	path[sizeof(path) - 1] = '\0';
	ck_assert_int_lt(hg_taskset_read(path, &s, err, sizeof(err)), 0);
	ck_assert_msg(strstr(err, "(4999 bytes): File name too long"), "%s", err);
	ck_assert_uint_lt(strlen(err), 200);
}
END_TEST

/* At most 50,000 tasks: one more is refused at its line, nothing kept. */
START_TEST(test_taskfile_most_tasks)
{
	char *dir = hg_test_fresh_dir(), *path, err[512] = "", want[1024];
	struct hg_taskset s;
	unsigned int i;
	FILE *f;

	ck_assert_int_ge(asprintf(&path, "%s/many.tasks", dir), 0);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (i = 0; i < HG_TASKSET_MAX_TASKS; i++)
		fprintf(f, "C=1us T=%ums\n", 100 + i % 7);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_msg(hg_taskset_read(path, &s, err, sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(s.n, HG_TASKSET_MAX_TASKS);
	hg_taskset_free(&s);
	f = fopen(path, "a");
	ck_assert_ptr_nonnull(f);
	fputs("# one more\nC=1us T=1s\n", f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(hg_taskset_read(path, &s, err, sizeof(err)), -E2BIG);
	snprintf(want, sizeof(want), "%s line 50002: more than 50000 tasks, the most analysed "
		 "(the analyses' work grows with the square of the tasks)", path);
	ck_assert_str_eq(err, want);
	ck_assert_ptr_null(s.task);
	drop(dir, path);
}
END_TEST

/*
 * A FIFO with no writer and a device are refused before a read could
 * block or grow one line to gigabytes; so is a line past 4096 bytes, and a
 * file past 64 MiB (a sparse one: no disk is used).
 */
START_TEST(test_taskfile_bounded)
{
	char *dir = hg_test_fresh_dir(), *path, err[512] = "", want[1024], *big;
	struct hg_taskset s;
	int fd;

	ck_assert_int_ge(asprintf(&path, "%s/fifo", dir), 0);
	ck_assert_int_eq(mkfifo(path, 0600), 0);
	ck_assert_int_eq(hg_taskset_read(path, &s, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "%s: is a FIFO, not a regular file", path);
	ck_assert_str_eq(err, want);
	unlink(path);
	free(path);
	ck_assert_int_eq(hg_taskset_read("/dev/zero", &s, err, sizeof(err)), -EINVAL);
	ck_assert_str_eq(err, "/dev/zero: is a character device, not a regular file");

	big = malloc(6000);
	ck_assert_ptr_nonnull(big);
	memset(big, 'C', 5998);
	big[5998] = '\n';
	big[5999] = '\0';
	path = hg_test_write_text(dir, "long.tasks", big);
	free(big);
	ck_assert_int_eq(hg_taskset_read(path, &s, err, sizeof(err)), -E2BIG);
	snprintf(want, sizeof(want), "%s line 1: longer than 4096 bytes", path);
	ck_assert_str_eq(err, want);
	unlink(path);
	free(path);

	path = hg_test_write_text(dir, "huge.tasks", "C=1ms T=2ms\n");
	fd = open(path, O_WRONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(ftruncate(fd, (64 << 20) + 1), 0);
	close(fd);
	ck_assert_int_eq(hg_taskset_read(path, &s, err, sizeof(err)), -EFBIG);
	snprintf(want, sizeof(want), "%s: larger than 64 MiB", path);
	ck_assert_str_eq(err, want);
	drop(dir, path);
}
END_TEST

/* ----------------------------------------------- task sets from a command */

/* Parse a run's command line (without the program name) into @cfg. */
static void parse(struct hg_config *cfg, const char *const *args)
{
	char *argv[64], err[512] = "";
	int argc = 0;

	argv[argc++] = (char *)"hourglass";
	while (*args) {
		ck_assert_int_lt(argc, 63);
		argv[argc++] = (char *)*args++;
	}
	argv[argc] = NULL;
	ck_assert_msg(hg_parse_args(argc, argv, "hourglass --help", cfg, err, sizeof(err)) == HG_ARGS_RUN,
		      "%s", err);
}


START_TEST(test_from_config_paper)
{
	struct hg_config cfg;
	struct hg_taskset s;
	struct hg_rta_result r[2];
	char err[512] = "";

	parse(&cfg, ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
			 "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms"));
	ck_assert_msg(hg_taskset_from_config(&cfg, &s, err, sizeof(err)) == 0, "%s", err);
	hg_config_free(&cfg);
	ck_assert_uint_eq(s.n, 2);
	ck_assert_uint_eq(s.task[0].rta.id, 0);
	ck_assert_uint_eq(s.task[0].rta.c_ns, 3 * MS);
	ck_assert_uint_eq(s.task[0].rta.t_ns, 8 * MS);
	ck_assert_uint_eq(s.task[0].rta.d_ns, 8 * MS);
	ck_assert_int_eq(s.task[0].rta.prio, 50);
	ck_assert_str_eq(s.task[0].label, "PERIODIC 3ms 8ms");
	ck_assert_str_eq(s.task[0].prio, "RTMED (SCHED_FIFO 50)");
	ck_assert_uint_eq(s.task[1].rta.id, 1);
	ck_assert_uint_eq(s.task[1].rta.c_ns, 17 * MS);
	ck_assert_uint_eq(s.task[1].rta.t_ns, 33 * MS);
	ck_assert_int_eq(s.task[1].rta.prio, 10);
	ck_assert_str_eq(s.task[1].label, "PERIODIC 17ms 33ms");
	ck_assert_str_eq(s.task[1].prio, "RTLOW (SCHED_FIFO 10)");
	ck_assert_uint_eq(s.task[1].rta.j_ns | s.task[1].rta.b_ns, 0);
	/* no --cpu: the CPUs this process may run on */
	ck_assert_int_eq(CPU_COUNT(&s.task[1].rta.cpus), (int)s.cpus);
	ck_assert_uint_ge(s.cpus, 1);
	ck_assert_uint_le(s.rt_runtime_us, s.rt_period_us);
	ck_assert_int_eq(rta_fp(&s, s.n, r), 0);
	ck_assert_uint_eq(r[0].response_ns, 3 * MS);
	ck_assert_uint_eq(r[1].response_ns, 29 * MS);
	ck_assert(r[0].schedulable && r[1].schedulable);
	hg_taskset_free(&s);

	/* -t 1 ... --jitter 8ms --wcet 19ms: 39 ms > 33 ms */
	parse(&cfg, ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
			 "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "17ms", "33ms",
			 "--jitter", "8ms", "--wcet", "19ms"));
	ck_assert_msg(hg_taskset_from_config(&cfg, &s, err, sizeof(err)) == 0, "%s", err);
	hg_config_free(&cfg);
	ck_assert_uint_eq(s.task[1].rta.c_ns, 19 * MS);
	ck_assert_uint_eq(s.task[1].rta.j_ns, 8 * MS);
	ck_assert_uint_eq(s.task[0].rta.c_ns, 3 * MS);	/* -t 1 only */
	ck_assert_uint_eq(s.task[0].rta.j_ns, 0);
	ck_assert_str_eq(s.task[1].label, "PERIODIC 17ms 33ms");	/* the workload as given */
	ck_assert_int_eq(rta_fp(&s, s.n, r), 0);
	ck_assert_uint_eq(r[1].response_ns, 39 * MS);
	ck_assert(!r[1].schedulable);
	hg_taskset_free(&s);

	/* C1 = 12 with 8 ms of jitter: 29 ms */
	parse(&cfg, ARGS("-n", "2", "-t", "0", "-p", "RTMED", "-w", "PERIODIC", "3ms", "8ms",
			 "-t", "1", "-p", "RTLOW", "-w", "PERIODIC", "12ms", "33ms",
			 "--jitter", "8ms"));
	ck_assert_msg(hg_taskset_from_config(&cfg, &s, err, sizeof(err)) == 0, "%s", err);
	hg_config_free(&cfg);
	ck_assert_int_eq(rta_fp(&s, s.n, r), 0);
	ck_assert_uint_eq(r[0].response_ns, 3 * MS);
	ck_assert_uint_eq(r[1].response_ns, 29 * MS);
	ck_assert(r[0].schedulable && r[1].schedulable);
	hg_taskset_free(&s);
}
END_TEST

/*
 * Only the jobs models count; thread numbers stay those of the run;
 * deadlines, blocking, reservations and non-RT priorities come through.
 */
START_TEST(test_from_config_fields)
{
	char *dir = hg_test_fresh_dir(), *table, err[512] = "";
	struct hg_config cfg;
	struct hg_taskset s;

	table = hg_test_write_text(dir, "frames.txt", "# frame costs\n2ms\n5ms\n\n3ms\n");
	parse(&cfg, ARGS("-n", "5", "-w", "CPU",
			 "-t", "1", "-w", "PERIODIC", "3ms", "10ms", "7ms", "-p", "FIFO:70",
			 "--blocking", "1ms", "-rh", "3ms", "10ms",
			 "-t", "2", "-w", "CPU_PERIODIC", "3ms", "8ms",
			 "-t", "3", "-w", "PERIODIC_TABLE", table, "20ms", "-p", "NORMAL",
			 "-rs", "6ms", "20ms",
			 "-t", "4", "-w", "PERIODIC", "1ms", "4ms", "-p", "RR:20"));
	ck_assert_msg(hg_taskset_from_config(&cfg, &s, err, sizeof(err)) == 0, "%s", err);
	hg_config_free(&cfg);
	ck_assert_uint_eq(s.n, 3);
	ck_assert_uint_eq(s.task[0].rta.id, 1);
	ck_assert_uint_eq(s.task[0].rta.c_ns, 3 * MS);
	ck_assert_uint_eq(s.task[0].rta.t_ns, 10 * MS);
	ck_assert_uint_eq(s.task[0].rta.d_ns, 7 * MS);
	ck_assert_uint_eq(s.task[0].rta.b_ns, MS);
	ck_assert_int_eq(s.task[0].rta.prio, 70);
	ck_assert_str_eq(s.task[0].prio, "FIFO:70 (SCHED_FIFO 70)");
	ck_assert_str_eq(s.task[0].label, "PERIODIC 3ms 10ms 7ms");
	ck_assert_uint_eq(s.task[0].resv_budget_ns, 3 * MS);
	ck_assert_uint_eq(s.task[0].resv_period_ns, 10 * MS);
	/* the table's largest time is C; no RT class, no priority */
	ck_assert_uint_eq(s.task[1].rta.id, 3);
	ck_assert_uint_eq(s.task[1].rta.c_ns, 5 * MS);
	ck_assert_uint_eq(s.task[1].rta.t_ns, 20 * MS);
	ck_assert_uint_eq(s.task[1].rta.d_ns, 20 * MS);
	ck_assert_int_eq(s.task[1].rta.prio, NONE);
	ck_assert_str_eq(s.task[1].prio, "-");
	ck_assert_str_eq(s.task[1].label, "PERIODIC_TABLE frames.txt 20ms");
	ck_assert_uint_eq(s.task[1].resv_budget_ns, 6 * MS);
	ck_assert_uint_eq(s.task[1].resv_period_ns, 20 * MS);
	ck_assert_uint_eq(s.task[2].rta.id, 4);
	ck_assert_int_eq(s.task[2].rta.prio, 20);
	ck_assert_str_eq(s.task[2].prio, "RR:20 (SCHED_RR 20)");
	ck_assert_uint_eq(s.task[2].resv_budget_ns | s.task[2].resv_period_ns, 0);
	hg_taskset_free(&s);

	/* no jobs model at all: an empty set, not an error */
	parse(&cfg, ARGS("-n", "2", "-w", "CPU"));
	ck_assert_int_eq(hg_taskset_from_config(&cfg, &s, err, sizeof(err)), 0);
	hg_config_free(&cfg);
	ck_assert_uint_eq(s.n, 0);
	hg_taskset_free(&s);
	drop(dir, table);
}
END_TEST

START_TEST(test_from_config_errors)
{
	char *dir = hg_test_fresh_dir(), *table, err[512] = "";
	struct hg_config cfg;
	struct hg_taskset s;

	/* a deadline past the period is analysed, not refused */
	parse(&cfg, ARGS("-n", "2", "-t", "1", "-w", "PERIODIC", "3ms", "8ms", "9ms"));
	ck_assert_int_eq(hg_taskset_from_config(&cfg, &s, err, sizeof(err)), 0);
	hg_config_free(&cfg);
	ck_assert_uint_eq(s.n, 1);
	ck_assert_uint_eq(s.task[0].rta.d_ns, 9 * MS);
	hg_taskset_free(&s);

	/*
	 * the table went between the parse and the analysis: the parse read
	 * it once (its largest time is C), so the analysis does not read it
	 * again for each thread
	 */
	table = hg_test_write_text(dir, "gone.txt", "1ms\n3ms\n");
	parse(&cfg, ARGS("-n", "1", "-w", "PERIODIC_TABLE", table, "10ms"));
	unlink(table);
	ck_assert_msg(hg_taskset_from_config(&cfg, &s, err, sizeof(err)) == 0, "%s", err);
	hg_config_free(&cfg);
	ck_assert_uint_eq(s.task[0].rta.c_ns, 3 * MS);
	hg_taskset_free(&s);
	drop(dir, table);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("taskset");
	TCase *tc = tcase_create("task files");

	tcase_add_test(tc, test_taskfile_paper);
	tcase_add_test(tc, test_taskfile_fields);
	tcase_add_loop_test(tc, test_taskfile_errors, 0, ARRAY_SIZE(bad_files));
	tcase_add_test(tc, test_taskfile_missing);
	tcase_add_test(tc, test_taskfile_trailing_comment);
	tcase_add_loop_test(tc, test_taskfile_long_word, 0, ARRAY_SIZE(long_words));
	tcase_add_test(tc, test_taskfile_long_name);
	tcase_add_test(tc, test_taskfile_bounded);
	suite_add_tcase(s, tc);

	tc = tcase_create("from a command line");
	tcase_add_test(tc, test_taskfile_most_tasks);
	tcase_add_test(tc, test_from_config_paper);
	tcase_add_test(tc, test_from_config_fields);
	tcase_add_test(tc, test_from_config_errors);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
