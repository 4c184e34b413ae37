// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_runopts.c - the table of the run's options walked row by row:
 * every row has its help in `hourglass --help`, values as many as it says,
 * a rank of its own, a command line here in each of its spellings that
 * the parser takes, and its entry in the man page's OPTIONS, in the table's
 * order and group. A row added without these fails here, and so does an
 * option the man page lists that the table has not.
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
	{ { "-n", "2", "-w", "PERIODIC", "1ms", "10ms", "--chain", "c", "0>1" }, HG_ARGS_RUN },
	{ { "-n", "2", "-w", "PERIODIC", "1ms", "10ms", "--chain", "c", "0>1", "--chain-mode",
	    "sampled" }, HG_ARGS_RUN },
	{ { "-n", "2", "-w", "PERIODIC", "1ms", "10ms", "--chain", "c", "0>1", "--chain-wake",
	    "futex" }, HG_ARGS_RUN },
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
	char *text = usage_text(), left[128], first[256], word[64], sh[8] = "";
	const char *help = o->opt.help;
	size_t k;

	ck_assert_ptr_nonnull(o->opt.name);
	if (o->opt.letter)
		snprintf(sh, sizeof(sh), "-%c", o->opt.letter);
	else if (o->sh)
		snprintf(sh, sizeof(sh), "%s", o->sh);
	ck_assert_msg(!(o->opt.letter && o->sh), "--%s: a letter and %s", o->opt.name, o->sh);
	/* help: the spellings at the start of a line, then the first help line */
	snprintf(left, sizeof(left), "%s  %s%s--%s%s%s",
		 o->flags & HG_RUNOPT_SAME_LINE ? "" : "\n", *sh ? sh : "    ",
		 *sh ? ", " : "", o->opt.name, o->opt.value ? " " : "",
		 o->opt.value ? o->opt.value : "");
	ck_assert_msg(strstr(text, left), "--help has no line '%s'", left + 1);
	ck_assert_msg(help && (*help || o->more), "--%s has no help", o->opt.name);
	snprintf(first, sizeof(first), "%.*s", (int)strcspn(help, "\n"), help);
	ck_assert_msg(strstr(text, first), "--help lacks --%s's '%s'", o->opt.name, first);
	/* the values it takes, as shown */
	ck_assert_uint_eq(arg_words(o->opt.value), o->nargs);
	/* a row without a function of its own: a kind that says what to store */
	if (!o->set && !(o->flags & (HG_RUNOPT_HELP | HG_RUNOPT_VERSION)))
		ck_assert_msg(o->opt.kind == (o->nargs ? o->opt.kind : HG_OPT_FLAG) &&
			      (o->scope != HG_SCOPE_THREAD || o->opt.kind == HG_OPT_TIME),
			      "--%s: no function, and a kind it cannot store", o->opt.name);
	/* the rank: its own, in range */
	ck_assert_uint_lt(o->rank, HG_RUN_OPTS_MAX);
	for (k = 0; hg_run_opts[k].opt.name; k++)
		ck_assert_msg(k == (size_t)_i || hg_run_opts[k].rank != o->rank,
			      "--%s and --%s share rank %u", o->opt.name, hg_run_opts[k].opt.name,
			      o->rank);
	/* the lookup finds it, in each spelling; and a command line of each parses */
	snprintf(word, sizeof(word), "--%s", o->opt.name);
	{
		const char *val;

		ck_assert_ptr_eq(hg_runopts_find(word, &val), o);
		ck_assert_ptr_null(val);
		if (*sh)
			ck_assert_ptr_eq(hg_runopts_find(sh, &val), o);
	}
	check_spelling(word);
	if (*sh)
		check_spelling(sh);
	free(text);
}
END_TEST

/* Rows of one scope together, so --help shows each group once. */
START_TEST(test_groups)
{
	size_t k;
	unsigned int seen = 0;

	for (k = 0; hg_run_opts[k].opt.name; k++) {
		unsigned int bit = 1u << hg_run_opts[k].scope;

		if (k && hg_run_opts[k].scope != hg_run_opts[k - 1].scope)
			ck_assert_msg(!(seen & bit), "--%s: its group was left before",
				      hg_run_opts[k].opt.name);
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
	ck_assert_str_eq(hg_runopts_find("--thread", &val)->opt.name, "thread");
	ck_assert_ptr_null(hg_runopts_find("--threadsx", &val));
	ck_assert_ptr_null(hg_runopts_find("-r", &val));
	ck_assert_ptr_null(hg_runopts_find("-n=3", &val));
}
END_TEST

#define MAN_PAGE	"man/hourglass.1"
#define MAN_MAX		128	/* option lines in the man page's OPTIONS */

/* An option's entry in the man page: its group and its spellings. */
struct man_opt {
	unsigned int group;	/* 0 global, 1 scope, 2 per-thread: enum hg_opt_scope */
	char line[256];		/* the entry's first line, "\-" as "-", fonts left out */
};

/* @s with "\-" as "-" and the font escapes (\fB, \fI, \fR, \fP) left out, into @out */
static void man_plain(const char *s, char *out, size_t len)
{
	size_t at = 0;

	while (*s && at + 1 < len) {
		if (s[0] == '\\' && s[1] == '-') {
			out[at++] = '-';
			s += 2;
		} else if (s[0] == '\\' && s[1] == 'f' && s[2]) {
			s += 3;
		} else {
			out[at++] = *s++;
		}
	}
	out[at] = '\0';
}

/*
 * The entries of the man page's OPTIONS (.SS Global options to the next
 * .SH): the lines after .TP or .TQ that start with an option
 */
static size_t man_options(struct man_opt *m, size_t max)
{
	static const char *const heading[] = {
		".SS Global options", ".SS Scope of per-thread options", ".SS Per-thread options",
	};
	FILE *f = fopen(MAN_PAGE, "r");
	char line[1024], plain[1024];
	bool in = false, after_tp = false;
	unsigned int group = 0, g;
	size_t n = 0;

	ck_assert_msg(f, "%s: cannot open", MAN_PAGE);
	while (fgets(line, sizeof(line), f) && n < max) {
		line[strcspn(line, "\n")] = '\0';
		for (g = 0; g < N(heading); g++)
			if (!strcmp(line, heading[g])) {
				in = true;
				group = g;
			}
		if (in && !strncmp(line, ".SH ", 4))
			break;
		man_plain(line, plain, sizeof(plain));
		if (in && after_tp && !strncmp(plain, ".B", 2) && strstr(plain, " -") &&
		    plain[strcspn(plain, " ") + 1] == '-') {
			m[n].group = group;
			snprintf(m[n].line, sizeof(m[n].line), "%s ", plain);
			n++;
		}
		after_tp = !strcmp(line, ".TP") || !strcmp(line, ".TQ");
	}
	fclose(f);
	return n;
}

/* Does the man entry @line name @word ("-n", "--threads") as a word of its own? */
static bool man_names(const char *line, const char *word)
{
	const char *at = line;
	size_t n = strlen(word);

	while ((at = strstr(at, word))) {
		if ((at[-1] == ' ' || at[-1] == '"') && (at[n] == ' ' || at[n] == '"'))
			return true;
		at += n;
	}
	return false;
}

/*
 * The man page's OPTIONS lists the table's options, in its order, each in
 * its group, with its spellings; and nothing else: an option added to one
 * and not the other fails here
 */
START_TEST(test_man)
{
	struct man_opt *m = calloc(MAN_MAX, sizeof(*m));
	const struct hg_run_opt *o;
	size_t n, k = 0;

	ck_assert_ptr_nonnull(m);
	n = man_options(m, MAN_MAX);
	for (o = hg_run_opts; o->opt.name; o++, k++) {
		char word[64];

		snprintf(word, sizeof(word), "--%s", o->opt.name);
		ck_assert_msg(k < n, "%s is not in %s's OPTIONS", word, MAN_PAGE);
		ck_assert_msg(man_names(m[k].line, word),
			      "%s: OPTIONS entry %zu is '%s', the table's is %s", MAN_PAGE, k + 1,
			      m[k].line, word);
		ck_assert_msg(m[k].group == o->scope, "%s: %s under the wrong heading", MAN_PAGE,
			      word);
		if (o->opt.letter)
			snprintf(word, sizeof(word), "-%c", o->opt.letter);
		else if (o->sh)
			snprintf(word, sizeof(word), "%s", o->sh);
		ck_assert_msg(!(o->opt.letter || o->sh) || man_names(m[k].line, word),
			      "%s: '%s' does not spell %s", MAN_PAGE, m[k].line, word);
	}
	ck_assert_msg(n == k, "%s: OPTIONS entry '%s' is not in the table", MAN_PAGE,
		      n > k ? m[k].line : "");
	free(m);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("runopts");
	TCase *tc = tcase_create("table");
	size_t n = 0;

	while (hg_run_opts[n].opt.name)
		n++;
	tcase_add_loop_test(tc, test_row, 0, (int)n);
	tcase_add_test(tc, test_groups);
	tcase_add_test(tc, test_find);
	tcase_add_test(tc, test_man);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
