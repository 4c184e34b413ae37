// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_runopts.c - the table of the run's options walked row by row:
 * every row has its help in `hourglass --help`, values as many as it says,
 * a rank of its own, and a command line here in each of its spellings that
 * the parser takes. A row added without these fails here.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "helpers.h"
#include "hourglass/options.h"
#include "hourglass/runopts.h"

#define N(a)		(sizeof(a) / sizeof((a)[0]))
#define MAX_WORDS	12

/*
 * One command line per spelling of every option (the words after
 * "hourglass"), and what hg_parse_args() returns for it.
 */
static const struct {
	const char *words[MAX_WORDS];
	int result;
} lines[] = {
	{ { "-n", "2" }, HG_ARGS_RUN },
	{ { "--threads", "2" }, HG_ARGS_RUN },
	{ { "-n", "1", "-d", "1s" }, HG_ARGS_RUN },
	{ { "-n", "1", "--duration", "1s" }, HG_ARGS_RUN },
	{ { "-n", "1", "--forever" }, HG_ARGS_RUN },
	{ { "-n", "1", "-c" }, HG_ARGS_RUN },
	{ { "-n", "1", "--cycles" }, HG_ARGS_RUN },
	{ { "-n", "1", "-e", "100" }, HG_ARGS_RUN },
	{ { "-n", "1", "--records", "100" }, HG_ARGS_RUN },
	{ { "-n", "1", "-g", "10us" }, HG_ARGS_RUN },
	{ { "-n", "1", "--gap", "10us" }, HG_ARGS_RUN },
	{ { "-n", "1", "-gh" }, HG_ARGS_RUN },
	{ { "-n", "1", "--gap-histogram" }, HG_ARGS_RUN },
	{ { "-n", "1", "-x" }, HG_ARGS_RUN },
	{ { "-n", "1", "--no-intervals" }, HG_ARGS_RUN },
	{ { "-n", "1", "-q" }, HG_ARGS_RUN },
	{ { "-n", "1", "--quiet" }, HG_ARGS_RUN },
	{ { "-n", "1", "-v" }, HG_ARGS_RUN },
	{ { "-n", "1", "--verbose" }, HG_ARGS_RUN },
	{ { "-n", "1", "-o", "run.hgt" }, HG_ARGS_RUN },
	{ { "-n", "1", "--output", "run.hgt" }, HG_ARGS_RUN },
	{ { "-n", "1", "--json", "run.json" }, HG_ARGS_RUN },
	{ { "-n", "1", "--histogram", "100" }, HG_ARGS_RUN },
	{ { "-n", "1", "--lat-thresholds", "1ms,2ms" }, HG_ARGS_RUN },
	{ { "-n", "1", "--fail-on-miss" }, HG_ARGS_RUN },
	{ { "-n", "1", "--ktap" }, HG_ARGS_RUN },
	{ { "-n", "1", "--junit", "run.xml" }, HG_ARGS_RUN },
	{ { "-n", "1", "--break", "1ms" }, HG_ARGS_RUN },
	{ { "-n", "1", "--break", "1ms", "--break-on", "gap" }, HG_ARGS_RUN },
	{ { "-n", "1", "--break", "1ms", "--on-threshold", "continue" }, HG_ARGS_RUN },
	{ { "-n", "1", "--on-end", "signal,num=10" }, HG_ARGS_RUN },
	{ { "-n", "1", "--prom", "run.prom" }, HG_ARGS_RUN },
	{ { "-n", "1", "--prom", "run.prom", "--prom-interval", "1s" }, HG_ARGS_RUN },
	{ { "-n", "1", "--kernel" }, HG_ARGS_RUN },
	{ { "-n", "1", "--load", "cpu" }, HG_ARGS_RUN },
	{ { "-n", "1", "--load", "cpu", "--load-cpu", "0" }, HG_ARGS_RUN },
	{ { "-h" }, HG_ARGS_HELP },
	{ { "--help" }, HG_ARGS_HELP },
	{ { "-V" }, HG_ARGS_VERSION },
	{ { "--version" }, HG_ARGS_VERSION },
	{ { "-n", "2", "-t", "1", "-p", "HIGH" }, HG_ARGS_RUN },
	{ { "-n", "2", "--thread", "1", "-p", "HIGH" }, HG_ARGS_RUN },
	{ { "-n", "2", "-t", "1", "-a", "-p", "HIGH" }, HG_ARGS_RUN },
	{ { "-n", "2", "-t", "1", "--all", "-p", "HIGH" }, HG_ARGS_RUN },
	{ { "-n", "1", "-p", "RTLOW" }, HG_ARGS_RUN },
	{ { "-n", "1", "--priority", "RTLOW" }, HG_ARGS_RUN },
	{ { "-n", "1", "-w", "CPU" }, HG_ARGS_RUN },
	{ { "-n", "1", "--workload", "LAT", "1ms" }, HG_ARGS_RUN },
	{ { "-n", "1", "-i", "HR" }, HG_ARGS_RUN },
	{ { "-n", "1", "--timer", "HR" }, HG_ARGS_RUN },
	{ { "-n", "1", "-s", "1ms" }, HG_ARGS_RUN },
	{ { "-n", "1", "--start", "1ms" }, HG_ARGS_RUN },
	{ { "-n", "1", "-f", "5s" }, HG_ARGS_RUN },
	{ { "-n", "1", "--finish", "5s" }, HG_ARGS_RUN },
	{ { "-n", "1", "--cpu", "0" }, HG_ARGS_RUN },
	{ { "-n", "1", "--jitter", "1ms" }, HG_ARGS_RUN },
	{ { "-n", "1", "--wcet", "1ms" }, HG_ARGS_RUN },
	{ { "-n", "1", "--blocking", "1ms" }, HG_ARGS_RUN },
	{ { "-n", "2", "-w", "PERIODIC", "1ms", "10ms", "--cs", "L", "0.5ms" }, HG_ARGS_RUN },
	{ { "-n", "1", "--cs-cost", "5us" }, HG_ARGS_RUN },
	{ { "-n", "1", "--overheads", "tests/fixtures/ctxcost.json" }, HG_ARGS_RUN },
	{ { "-n", "2", "-w", "PERIODIC", "1ms", "10ms", "--cs", "L", "0.5ms", "--protocol",
	    "L=none" }, HG_ARGS_RUN },
	{ { "-n", "1", "-rh", "1ms", "10ms" }, HG_ARGS_RUN },
	{ { "-n", "1", "--reserve-hard", "1ms", "10ms" }, HG_ARGS_RUN },
	{ { "-n", "1", "-rs", "1ms", "10ms" }, HG_ARGS_RUN },
	{ { "-n", "1", "--reserve-soft", "1ms", "10ms" }, HG_ARGS_RUN },
};

static int parse_line(size_t k, char *err, size_t len)
{
	char *argv[MAX_WORDS + 2];
	struct hg_config cfg;
	int argc = 0, ret;
	size_t w;

	argv[argc++] = "hourglass";
	for (w = 0; w < MAX_WORDS && lines[k].words[w]; w++)
		argv[argc++] = (char *)lines[k].words[w];
	argv[argc] = NULL;
	ret = hg_parse_args(argc, argv, "hourglass --help", &cfg, err, len);
	if (ret == HG_ARGS_RUN)
		hg_config_free(&cfg);
	return ret;
}

/* Is there a command line with the spelling @word, and does it parse? */
static void check_spelling(const char *word)
{
	size_t k, w;
	bool found = false;

	for (k = 0; k < N(lines); k++) {
		char err[512] = "";
		int ret;

		for (w = 0; w < MAX_WORDS && lines[k].words[w]; w++)
			if (!strcmp(lines[k].words[w], word))
				break;
		if (w == MAX_WORDS || !lines[k].words[w])
			continue;
		found = true;
		ret = parse_line(k, err, sizeof(err));
		ck_assert_msg(ret == lines[k].result, "%s: line %zu returned %d (%s)", word, k,
			      ret, err);
	}
	ck_assert_msg(found, "%s: no command line in check_runopts.c's lines[]", word);
}

static char *usage_text(void)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	hg_usage(f);
	fclose(f);
	return text;
}

/* How many values @arg shows: the words that are not optional ("[...]"). */
static unsigned int arg_words(const char *arg)
{
	unsigned int n = 0;

	while (arg && *arg) {
		size_t len = strcspn(arg, " ");

		n += arg[0] != '[';
		arg += len + strspn(arg + len, " ");
	}
	return n;
}

START_TEST(test_row)
{
	const struct hg_run_opt *o = &hg_run_opts[_i];
	char *text = usage_text(), left[128], first[256], word[64];
	size_t k;

	ck_assert_ptr_nonnull(o->lg);
	/* help: the spellings at the start of a line, then the first help line */
	snprintf(left, sizeof(left), "%s  %s%s--%s%s%s",
		 o->flags & HG_RUNOPT_SAME_LINE ? "" : "\n", o->sh ? o->sh : "    ",
		 o->sh ? ", " : "", o->lg, o->arg ? " " : "", o->arg ? o->arg : "");
	ck_assert_msg(strstr(text, left), "--help has no line '%s'", left + 1);
	ck_assert_msg(o->help && (*o->help || o->more), "--%s has no help", o->lg);
	snprintf(first, sizeof(first), "%.*s", (int)strcspn(o->help, "\n"), o->help);
	ck_assert_msg(strstr(text, first), "--help lacks --%s's '%s'", o->lg, first);
	/* the values it takes, as shown */
	ck_assert_uint_eq(arg_words(o->arg), o->nargs);
	/* the rank: its own, in range */
	ck_assert_uint_lt(o->rank, HG_RUN_OPTS_MAX);
	for (k = 0; hg_run_opts[k].lg; k++)
		ck_assert_msg(k == (size_t)_i || hg_run_opts[k].rank != o->rank,
			      "--%s and --%s share rank %u", o->lg, hg_run_opts[k].lg, o->rank);
	/* the lookup finds it, in each spelling; and a command line of each parses */
	snprintf(word, sizeof(word), "--%s", o->lg);
	{
		const char *val;

		ck_assert_ptr_eq(hg_runopts_find(word, &val), o);
		ck_assert_ptr_null(val);
		if (o->sh)
			ck_assert_ptr_eq(hg_runopts_find(o->sh, &val), o);
	}
	check_spelling(word);
	if (o->sh)
		check_spelling(o->sh);
	free(text);
}
END_TEST

/* Rows of one scope together, so --help shows each group once. */
START_TEST(test_groups)
{
	size_t k;
	unsigned int seen = 0;

	for (k = 0; hg_run_opts[k].lg; k++) {
		unsigned int bit = 1u << hg_run_opts[k].scope;

		if (k && hg_run_opts[k].scope != hg_run_opts[k - 1].scope)
			ck_assert_msg(!(seen & bit), "--%s: its group was left before",
				      hg_run_opts[k].lg);
		seen |= bit;
	}
	ck_assert_uint_eq(seen, 7);
	ck_assert_uint_lt(k, HG_RUN_OPTS_MAX);
}
END_TEST

/* "--name=value" gives the value; a prefix or a longer name is not the option. */
START_TEST(test_find)
{
	const char *val;

	ck_assert_ptr_eq(hg_runopts_find("--threads=3", &val), &hg_run_opts[0]);
	ck_assert_str_eq(val, "3");
	ck_assert_str_eq(hg_runopts_find("--thread", &val)->lg, "thread");
	ck_assert_ptr_null(hg_runopts_find("--threadsx", &val));
	ck_assert_ptr_null(hg_runopts_find("-r", &val));
	ck_assert_ptr_null(hg_runopts_find("-n=3", &val));
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("runopts");
	TCase *tc = tcase_create("table");
	size_t n = 0;

	while (hg_run_opts[n].lg)
		n++;
	tcase_add_loop_test(tc, test_row, 0, (int)n);
	tcase_add_test(tc, test_groups);
	tcase_add_test(tc, test_find);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
