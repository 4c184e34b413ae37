// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_cmdopt.c - the subcommand option parser: hg_cmdopt_parse(), the
 * help and synopsis made from the same table, values, suggestions
 *
 * As rtla's CLI tests: a table of command lines, each with the result, the
 * message and the values it must give.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "helpers.h"
#include "hourglass/cmdopt.h"
#include "hourglass/commands.h"

#define N(a)		(sizeof(a) / sizeof((a)[0]))
#define MAX_WORDS	12
#define US		1000ULL
#define MS		1000000ULL

/* Every kind of value, as a subcommand "demo" would take them. */
struct demo {
	const char *file;
	const char *out;
	const char *svg;
	const char *label;
	uint64_t bucket_ns;
	uint64_t start_ns;
	uint64_t size;
	uint64_t count;
	struct hg_opt_list times;
	int format;
	bool json;
	bool verbose;
};

static const char *const formats[] = { "perfetto", "csv", "json", NULL };

static const struct hg_arg demo_pos[] = {
	{ .name = "<file>", .what = "trace file", .kind = HG_OPT_FILE,
	  .off = offsetof(struct demo, file), .help = "the trace" },
	HG_ARG_END
};

static const struct hg_opt demo_opts[] = {
	{ .name = "bucket", .kind = HG_OPT_TIME, .off = offsetof(struct demo, bucket_ns),
	  .help = "width of a bucket\nsecond line" },
	{ .name = "start", .kind = HG_OPT_TIME, .off = offsetof(struct demo, start_ns),
	  .flags = HG_OPT_ZERO_OK, .help = "where to start" },
	{ .name = "size", .kind = HG_OPT_SIZE, .off = offsetof(struct demo, size),
	  .min = 4096, .max = 1 << 30, .help = "working set" },
	{ .name = "count", .letter = 'n', .kind = HG_OPT_COUNT,
	  .off = offsetof(struct demo, count), .max = 100, .help = "how many" },
	{ .name = "times", .kind = HG_OPT_LIST, .elem = HG_OPT_TIME,
	  .off = offsetof(struct demo, times), .flags = HG_OPT_INCREASING,
	  .value = "<t>[,<t>...]", .help = "thresholds" },
	{ .name = "format", .letter = 'f', .kind = HG_OPT_WORD, .words = formats,
	  .off = offsetof(struct demo, format), .help = "the format" },
	{ .name = "output", .letter = 'o', .kind = HG_OPT_OUTPUT,
	  .off = offsetof(struct demo, out), .flags = HG_OPT_REQUIRED, .help = "where" },
	{ .name = "svg", .kind = HG_OPT_OUTPUT, .off = offsetof(struct demo, svg),
	  .value = "<out.svg>", .help = "a picture" },
	{ .name = "label", .kind = HG_OPT_STRING, .off = offsetof(struct demo, label),
	  .help = "a title" },
	{ .name = "json", .kind = HG_OPT_FLAG, .off = offsetof(struct demo, json),
	  .help = "JSON" },
	{ .name = "verbose", .letter = 'v', .kind = HG_OPT_FLAG,
	  .off = offsetof(struct demo, verbose), .help = "more" },
	HG_OPT_END
};

static const struct hg_cmdspec demo_spec = {
	.name = "demo",
	.summary = "a demonstration",
	.about = "Demonstrate every kind of option.",
	.args = demo_pos,
	.opts = demo_opts,
	.notes = "Times take a unit.",
};

/* "@o": a file in the test directory; "@d/": the directory with a slash */
static const char *word(const char *w, char *buf, size_t len)
{
	if (w[0] != '@')
		return w;
	snprintf(buf, len, "%s/%s", hg_test_tmpdir(), w + 1);
	return buf;
}

static int parse_words(const struct hg_cmdspec *spec, const char *const *words,
		       struct demo *d, char **rest, int *nrest, char *err, size_t len)
{
	static char bufs[MAX_WORDS][512];
	char *argv[MAX_WORDS + 2];
	int argc = 0;

	argv[argc++] = (char *)spec->name;
	for (; argc <= MAX_WORDS && *words; words++, argc++)
		argv[argc] = (char *)word(*words, bufs[argc], sizeof(bufs[argc]));
	argv[argc] = NULL;
	memset(d, 0, sizeof(*d));
	return hg_cmdopt_parse(spec, argc, argv, d, rest, nrest, err, len);
}

/* A command line, what it must give, and one value to look at. */
struct cli_case {
	const char *words[MAX_WORDS];
	int ret;
	const char *err;	/* the whole message, or NULL for success */
	size_t off;		/* with @val: a uint64_t field that must hold @val */
	uint64_t val;
};

#define F(field) offsetof(struct demo, field)

static const struct cli_case cases[] = {
	/* both spellings of a value, and the short name */
	{ { "t.hgt", "-o", "@a", "--bucket=5us" }, 0, NULL, F(bucket_ns), 5 * US },
	{ { "t.hgt", "-o", "@a", "--bucket", "5us" }, 0, NULL, F(bucket_ns), 5 * US },
	{ { "--bucket", "2ms", "t.hgt", "-o", "@a" }, 0, NULL, F(bucket_ns), 2 * MS },
	{ { "t.hgt", "--output=@a", "-n", "7" }, 0, NULL, F(count), 7 },
	{ { "t.hgt", "--output", "@a", "--count=100" }, 0, NULL, F(count), 100 },
	{ { "t.hgt", "-o", "@a", "--bucket", "1ms", "--bucket", "3ms" }, 0, NULL,
	  F(bucket_ns), 3 * MS },
	{ { "t.hgt", "-o", "@a", "--start", "0s" }, 0, NULL, F(start_ns), 0 },
	{ { "t.hgt", "-o", "@a", "--bucket", "12h" }, 0, NULL, F(bucket_ns), 12 * 3600000 * MS },
	{ { "t.hgt", "-o", "@a", "--bucket", "2d" }, 0, NULL, F(bucket_ns), 2 * 86400000 * MS },
	{ { "t.hgt", "-o", "@a", "--size", "64K" }, 0, NULL, F(size), 65536 },
	{ { "t.hgt", "-o", "@a", "--size=2MiB" }, 0, NULL, F(size), 2 << 20 },
	{ { "t.hgt", "-o", "@a", "--size", "4096" }, 0, NULL, F(size), 4096 },
	{ { "t.hgt", "-o", "@a", "-f", "CSV" }, 0, NULL, F(format), 1 },
	{ { "t.hgt", "-o", "@a", "--format=perf" }, 0, NULL, F(format), 0 },
	{ { "t.hgt", "-o", "@a", "--json", "-v" }, 0, NULL, F(json), 1 },
	{ { "--", "-t.hgt", "-o", "@a" }, -EINVAL, "demo: unexpected argument '-o' "
	  "(see hourglass help demo)", 0, 0 },
	{ { "-", "-o", "@a" }, 0, NULL, F(count), 0 },

	/* help wins over what follows, not over an error before it */
	{ { "-h" }, HG_CMDOPT_HELP, NULL, 0, 0 },
	{ { "--help", "--bogus" }, HG_CMDOPT_HELP, NULL, 0, 0 },
	{ { "t.hgt", "--bucket", "5", "--help" }, -EINVAL,
	  "demo: --bucket 5: missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)", 0, 0 },

	/* unknown options, with and without a suggestion */
	{ { "t.hgt", "--bukket", "5us" }, -EINVAL,
	  "demo: unknown option '--bukket' (did you mean --bucket?)", 0, 0 },
	/* a unique prefix is the option ("--buck"), as --help promises */
	{ { "t.hgt", "-o", "@a", "--buck=5us" }, 0, NULL, F(bucket_ns), 5 * US },
	{ { "t.hgt", "--jsno" }, -EINVAL, "demo: unknown option '--jsno' (did you mean --json?)", 0, 0 },
	{ { "t.hgt", "-verbose" }, -EINVAL,
	  "demo: unknown option '-verbose' (did you mean --verbose?)", 0, 0 },
	{ { "t.hgt", "--frob" }, -EINVAL, "demo: unknown option '--frob' (see hourglass help demo)", 0, 0 },
	{ { "t.hgt", "--frob=1" }, -EINVAL, "demo: unknown option '--frob' (see hourglass help demo)", 0, 0 },
	{ { "t.hgt", "-x" }, -EINVAL, "demo: unknown option '-x' (see hourglass help demo)", 0, 0 },
	{ { "t.hgt", "--s" }, -EINVAL, "demo: ambiguous option '--s' (could be --start, --size, --svg)", 0, 0 },
	{ { "t.hgt", "--q" }, -EINVAL, "demo: unknown option '--q' (see hourglass help demo)", 0, 0 },

	/* missing and extra words */
	{ { "-o", "@a" }, -EINVAL,
	  "demo: missing trace file (usage: hourglass demo <file> -o <file> [<options>])", 0, 0 },
	{ { "t.hgt" }, -EINVAL,
	  "demo: missing -o <file> (usage: hourglass demo <file> -o <file> [<options>])", 0, 0 },
	{ { "t.hgt", "u.hgt" }, -EINVAL,
	  "demo: unexpected argument 'u.hgt' (see hourglass help demo)", 0, 0 },
	{ { "t.hgt", "--bucket" }, -EINVAL, "demo: --bucket: missing value", 0, 0 },
	{ { "t.hgt", "-o" }, -EINVAL, "demo: -o: missing value", 0, 0 },
	{ { "t.hgt", "--json=yes" }, -EINVAL, "demo: --json takes no value", 0, 0 },
	{ { "" }, -EINVAL, "demo: trace file: empty file name", 0, 0 },

	/* values: the run's messages */
	{ { "t.hgt", "--bucket", "0us" }, -EINVAL, "demo: --bucket 0us: must be greater than zero", 0, 0 },
	{ { "t.hgt", "--bucket=fast" }, -EINVAL,
	  "demo: --bucket fast: not a time value (write e.g. 1.5ms)", 0, 0 },
	{ { "t.hgt", "--bucket", "400d" }, -ERANGE, "demo: --bucket 400d: at most a year", 0, 0 },
	{ { "t.hgt", "-n", "0" }, -ERANGE, "demo: -n 0: must be 1 to 100", 0, 0 },
	{ { "t.hgt", "-n", "101" }, -ERANGE, "demo: -n 101: must be 1 to 100", 0, 0 },
	{ { "t.hgt", "-n", "x" }, -EINVAL, "demo: -n x: not a number", 0, 0 },
	{ { "t.hgt", "--size", "1K" }, -ERANGE, "demo: --size 1K: must be 4096 to 1073741824 bytes", 0, 0 },
	{ { "t.hgt", "--size", "3Q" }, -EINVAL,
	  "demo: --size 3Q: unknown size unit 'Q' (use B, K, M or G)", 0, 0 },
	{ { "t.hgt", "--size", "K" }, -EINVAL,
	  "demo: --size K: not a size (write e.g. 4096, 64K, 2M)", 0, 0 },
	{ { "t.hgt", "--format", "xml" }, -EINVAL,
	  "demo: --format: unknown format 'xml' (choose from perfetto, csv, json)", 0, 0 },
	{ { "t.hgt", "--times", "1ms,1ms" }, -EINVAL, "demo: --times 1ms,1ms: values must increase", 0, 0 },
	{ { "t.hgt", "--times", "1ms," }, -EINVAL, "demo: --times 1ms,: empty value after ','", 0, 0 },
	{ { "t.hgt", "--times", "" }, -EINVAL, "demo: --times: empty list", 0, 0 },
	{ { "t.hgt", "-o", "@a" , "--format" "=" }, -EINVAL,
	  "demo: --format: unknown format '' (choose from perfetto, csv, json)", 0, 0 },
	{ { "t.hgt", "--times", "1ms,5" }, -EINVAL,
	  "demo: --times 5: missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)", 0, 0 },

	/* outputs are checked before anything runs */
	{ { "t.hgt", "-o", "@" }, -EISDIR, NULL, 0, 0 },
	{ { "t.hgt", "-o", "@none/x.svg" }, -ENOENT, NULL, 0, 0 },
	{ { "t.hgt", "-o", "@a", "--svg=" }, -EINVAL, "demo: --svg: empty file name", 0, 0 },
};

START_TEST(test_cases)
{
	const struct cli_case *c = &cases[_i];
	struct demo d;
	char err[1024];
	int ret = parse_words(&demo_spec, c->words, &d, NULL, NULL, err, sizeof(err));

	ck_assert_msg(ret == c->ret, "case %d: returned %d, want %d (%s)", _i, ret, c->ret, err);
	if (c->err)
		ck_assert_str_eq(err, c->err);
	else if (ret < 0)
		ck_assert_msg(!strncmp(err, "demo: -o ", 9), "case %d: %s", _i, err);
	if (!ret && c->off) {
		uint64_t v = c->off == F(format) ? (uint64_t)d.format :
			     c->off == F(json) ? (uint64_t)d.json :
			     *(const uint64_t *)((const char *)&d + c->off);

		ck_assert_msg(v == c->val, "case %d: %llu, want %llu", _i,
			      (unsigned long long)v, (unsigned long long)c->val);
	}
}
END_TEST

/* The defaults in the struct stay when an option is not given. */
START_TEST(test_defaults_kept)
{
	const char *words[] = { "demo", "t.hgt", "-o", "/dev/null", NULL };
	struct demo d = { .bucket_ns = 42, .format = 2 };
	char err[256];

	ck_assert_int_eq(hg_cmdopt_parse(&demo_spec, 4, (char *const *)words, &d, NULL, NULL,
					 err, sizeof(err)), 0);
	ck_assert_uint_eq(d.bucket_ns, 42);
	ck_assert_int_eq(d.format, 2);
	ck_assert_str_eq(d.file, "t.hgt");
	ck_assert_str_eq(d.out, "/dev/null");
}
END_TEST

START_TEST(test_list_values)
{
	const char *words[] = { "t.hgt", "-o", "@a", "--times", "10us,1ms,2s", NULL };
	struct demo d;
	char err[256];

	ck_assert_int_eq(parse_words(&demo_spec, words, &d, NULL, NULL, err, sizeof(err)), 0);
	ck_assert_uint_eq(d.times.n, 3);
	ck_assert_uint_eq(d.times.v[0], 10 * US);
	ck_assert_uint_eq(d.times.v[1], MS);
	ck_assert_uint_eq(d.times.v[2], 2000 * MS);
}
END_TEST

/* An output naming the trace itself is refused. */
START_TEST(test_output_is_trace)
{
	const char *words[] = { "@t.hgt", "-o", "@t.hgt", NULL };
	char path[512], err[1024];
	struct demo d;
	FILE *f;

	snprintf(path, sizeof(path), "%s/t.hgt", hg_test_tmpdir());
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	ck_assert_int_eq(parse_words(&demo_spec, words, &d, NULL, NULL, err, sizeof(err)), -EINVAL);
	ck_assert_msg(strstr(err, ": is the trace file itself") != NULL, "%s", err);
}
END_TEST

/* rta's way: the words the table does not know go to the caller, in order. */
static const struct hg_cmdspec rest_spec = {
	.name = "rest",
	.opts = demo_opts + 9,	/* --json, -v */
	.rest = "<options of a run>",
};

START_TEST(test_rest)
{
	const char *words[] = { "-n", "2", "--json", "-w", "PERIODIC", "1ms", "-v", NULL,
				"--json", NULL };
	char *rest[12];
	struct demo d;
	char err[256];
	int nrest;

	ck_assert_int_eq(parse_words(&rest_spec, words, &d, rest, &nrest, err, sizeof(err)), 0);
	ck_assert(d.json);
	ck_assert(d.verbose);
	ck_assert_int_eq(nrest, 6);
	ck_assert_str_eq(rest[0], "rest");
	ck_assert_str_eq(rest[1], "-n");
	ck_assert_str_eq(rest[2], "2");
	ck_assert_str_eq(rest[3], "-w");
	ck_assert_str_eq(rest[5], "1ms");
	ck_assert_ptr_null(rest[6]);
	/* "--" ends the options: a later --json is passed on */
	words[7] = "--";
	ck_assert_int_eq(parse_words(&rest_spec, words, &d, rest, &nrest, err, sizeof(err)), 0);
	ck_assert_int_eq(nrest, 7);
	ck_assert_str_eq(rest[6], "--json");
	/* help wins over the run's options before it */
	words[1] = "--help";
	ck_assert_int_eq(parse_words(&rest_spec, words, &d, rest, &nrest, err, sizeof(err)),
			 HG_CMDOPT_HELP);
	/* without room for them, a table with .rest is refused */
	ck_assert_int_eq(parse_words(&rest_spec, words, &d, NULL, NULL, err, sizeof(err)),
			 -EINVAL);
}
END_TEST

static char *help_text(const struct hg_cmdspec *spec)
{
	static char buf[8192];
	FILE *f = fmemopen(buf, sizeof(buf), "w");

	ck_assert_ptr_nonnull(f);
	hg_cmdopt_help(spec, f);
	fclose(f);
	return buf;
}

START_TEST(test_help)
{
	const char *h = help_text(&demo_spec);
	const struct hg_opt *o;

	ck_assert_msg(!strncmp(h, "usage: hourglass demo <file> [--bucket <time>] [--start <time>] "
			       "[--size <size>] [-n <n>] [--times <t>[,<t>...]] "
			       "[-f perfetto|csv|json] -o <file> [--svg <out.svg>] "
			       "[--label <text>] [--json] [-v]\n\nDemonstrate every kind of "
			       "option.\n\n", 200), "%s", h);
	ck_assert_ptr_nonnull(strstr(h, "\n  <file>              the trace\n"));
	ck_assert_ptr_nonnull(strstr(h, "\n      --bucket <time> width of a bucket\n"
				     "                      second line\n"));
	ck_assert_ptr_nonnull(strstr(h, "\n  -n, --count <n>     how many\n"));
	ck_assert_ptr_nonnull(strstr(h, "\n  -h, --help          this text\n"));
	ck_assert_ptr_nonnull(strstr(h, "\n\nTimes take a unit.\n"));
	for (o = demo_opts; o->name; o++) {
		char name[64];

		snprintf(name, sizeof(name), "--%s", o->name);
		ck_assert_msg(strstr(h, name) != NULL, "%s not in the help", name);
	}
}
END_TEST

/* Every subcommand: every row of its table in its help and its synopsis. */
START_TEST(test_every_command)
{
	size_t i;

	for (i = 0; hg_commands[i]; i++) {
		const struct hg_cmdspec *spec = hg_commands[i]->spec;
		const struct hg_opt *o;
		const struct hg_arg *a;
		char syn[1024], name[64];
		const char *h;

		ck_assert_ptr_nonnull(spec);
		ck_assert_str_eq(spec->name, hg_commands[i]->name);
		ck_assert_msg(spec->summary && spec->summary[0], "%s: no summary", spec->name);
		h = help_text(spec);
		hg_cmdopt_synopsis(spec, syn, sizeof(syn));
		ck_assert_msg(!strncmp(h, "usage: hourglass ", 17) && !strncmp(h + 17, syn,
			      strlen(syn)), "%s: usage line is not the synopsis", spec->name);
		for (o = spec->opts; o && o->name; o++) {
			snprintf(name, sizeof(name), "--%s ", o->name);
			ck_assert_msg(strstr(h, name) || (snprintf(name, sizeof(name), "--%s\n",
				      o->name), strstr(h, name)), "%s: --%s not in the help",
				      spec->name, o->name);
			ck_assert_msg(o->help && o->help[0], "%s --%s: no help", spec->name,
				      o->name);
			if (o->letter)
				snprintf(name, sizeof(name), "-%c", o->letter);
			else
				snprintf(name, sizeof(name), "--%s", o->name);
			ck_assert_msg(strstr(syn, name) != NULL, "%s: %s not in the synopsis",
				      spec->name, name);
		}
		for (a = spec->args; a && a->name; a++)
			ck_assert_msg(strstr(syn, a->name) && strstr(h, a->name),
				      "%s: %s missing", spec->name, a->name);
	}
}
END_TEST

START_TEST(test_synopsis)
{
	char buf[1024];

	ck_assert_str_eq(hg_cmdopt_synopsis(&rest_spec, buf, sizeof(buf)),
			 "rest [--json] [-v] <options of a run>");
}
END_TEST

/* hg_opt_suggest against a plain table of names */
struct name_case {
	const char *word;
	const char *want;
};

static const struct name_case names_cases[] = {
	{ "--bukket", "bucket" }, { "--bucket", "bucket" }, { "--maxx", "max" },
	{ "--sv", "svg" }, { "--jsn=1", "json" }, { "--threds", "threads" },
	{ "-threads", "threads" }, { "--frobnicate", NULL }, { "-x", NULL },
	{ "--", NULL }, { "--m", "max" }, { "--duraton", "duration" },
};

START_TEST(test_suggest)
{
	static const char *const names[] = { "bucket", "max", "svg", "json", "threads", NULL,
					     "duration" };
	const struct name_case *c = &names_cases[_i];
	const char *got = hg_opt_suggest(c->word, names, N(names), sizeof(names[0]));

	if (!c->want)
		ck_assert_msg(got == NULL, "%s: got %s", c->word, got);
	else
		ck_assert_msg(got && !strcmp(got, c->want), "%s: got %s, want %s", c->word,
			      got ? got : "NULL", c->want);
}
END_TEST

START_TEST(test_sizes)
{
	uint64_t b;
	char why[128];

	ck_assert_int_eq(hg_parse_size("1G", &b, why, sizeof(why)), 0);
	ck_assert_uint_eq(b, 1ULL << 30);
	ck_assert_int_eq(hg_parse_size("3kb", &b, why, sizeof(why)), 0);
	ck_assert_uint_eq(b, 3072);
	ck_assert_int_eq(hg_parse_size("17179869184G", &b, why, sizeof(why)), -ERANGE);
	ck_assert_int_eq(hg_parse_size("99999999999999999999999", &b, why, sizeof(why)), -ERANGE);
	ck_assert_int_eq(hg_parse_size("-1", &b, why, sizeof(why)), -EINVAL);
	ck_assert_int_eq(hg_parse_size("1.5M", &b, why, sizeof(why)), -EINVAL);
}
END_TEST

static void setup(void)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/none", hg_test_tmpdir());
	rmdir(path);
}

static Suite *cmdopt_suite(void)
{
	Suite *s = suite_create("cmdopt");
	TCase *tc;

	tc = tcase_create("parse");
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_loop_test(tc, test_cases, 0, (int)N(cases));
	tcase_add_test(tc, test_defaults_kept);
	tcase_add_test(tc, test_list_values);
	tcase_add_test(tc, test_output_is_trace);
	tcase_add_test(tc, test_rest);
	suite_add_tcase(s, tc);

	tc = tcase_create("help");
	tcase_add_test(tc, test_help);
	tcase_add_test(tc, test_synopsis);
	tcase_add_test(tc, test_every_command);
	suite_add_tcase(s, tc);

	tc = tcase_create("values");
	tcase_add_loop_test(tc, test_suggest, 0, (int)N(names_cases));
	tcase_add_test(tc, test_sizes);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(cmdopt_suite());
}
