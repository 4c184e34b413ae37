// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_ctx_cmd.c - "hourglass ctx": the command's errors, its text, JSON
 * and SVG outputs of a synthetic trace written to a file, and its help
 */
#include "ctxtest.h"

/* ---------------------------------------------------------------- command */

/* What the command printed. */
struct printed {
	char out[16384];
	char err[2048];
};

/* Run "hourglass ctx" with @args (NULL-terminated); returns its exit status. */
static int run_ctx(struct printed *p, const char *const *args)
{
	const char *argv[16] = { "ctx" };
	struct hg_test_out o;
	int argc = 1;

	while (argc < 15 && args[argc - 1]) {
		argv[argc] = args[argc - 1];
		argc++;
	}
	hg_test_cmd(&o, hg_cmd_ctx.main, argv);
	snprintf(p->out, sizeof(p->out), "%s", o.out);
	snprintf(p->err, sizeof(p->err), "%s", o.err);
	hg_test_out_free(&o);
	return o.status;
}

#define RUN(p, ...) run_ctx((p), (const char *const[]){ __VA_ARGS__, NULL })

static char paths[5][256];	/* one set per test process */
enum { P_TRACE, P_DAMAGED, P_TRUNCATED, P_EMPTY, P_MISSING };

/* The test files: a good trace, a few stray bytes, a cut trace, nothing. */
static void make_files(void)
{
	static const char *const names[] = { "run.hgt", "damaged.hgt", "cut.hgt",
					     "empty.hgt", "none.hgt" };
	struct hg_trace *t = ctx_trace();
	char err[256], *buf;
	size_t i, len;

	for (i = 0; i < N(names); i++)
		snprintf(paths[i], sizeof(paths[i]), "%s/%s", hg_test_tmpdir(), names[i]);
	ck_assert_msg(hg_trace_write(t, paths[P_TRACE], err, sizeof(err)) == 0, "%s", err);
	hg_trace_free(t);
	hg_test_write_file(paths[P_DAMAGED], "HGX\0\1\2junk", 10);
	hg_test_write_file(paths[P_EMPTY], "", 0);
	buf = hg_test_read_file(paths[P_TRACE], &len);
	hg_test_write_file(paths[P_TRUNCATED], buf, len / 2);
	free(buf);
	unlink(paths[P_MISSING]);
}

/* Bad input: exit status 2, one line on stderr, nothing on stdout. */
struct cmd_error {
	const char *args[5];	/* "@0".."@4": paths[] */
	const char *err;	/* part of the message */
};

static const struct cmd_error cmd_errors[] = {
	{ { NULL }, "hourglass: ctx: missing trace file (usage: hourglass ctx <file> [<options>])" },
	{ { "@4" }, "none.hgt: No such file or directory" },
	{ { "@1" }, "damaged.hgt: " },
	{ { "@2" }, "cut.hgt: " },
	{ { "@3" }, "empty.hgt: not an hourglass trace (empty file)" },
	{ { "@0", "--frob" }, "hourglass: ctx: unknown option '--frob' (see hourglass help ctx)" },
	{ { "-x", "@0" }, "unknown option '-x'" },
	{ { "@0", "@0" }, "unexpected argument '" },
	{ { "@0", "--bucket" }, "hourglass: ctx: --bucket: missing value" },
	{ { "@0", "--max" }, "hourglass: ctx: --max: missing value" },
	{ { "@0", "--svg" }, "hourglass: ctx: --svg: missing value" },
	{ { "@0", "--bucket", "0ns" }, "hourglass: ctx: --bucket 0ns: must be greater than zero" },
	{ { "@0", "--bucket", "0" }, "hourglass: ctx: --bucket 0: " },
	{ { "@0", "--max", "0us" }, "hourglass: ctx: --max 0us: must be greater than zero" },
	{ { "@0", "--bucket", "1.5" }, "hourglass: ctx: --bucket 1.5: " },
	{ { "@0", "--max", "fast" }, "hourglass: ctx: --max fast: " },
	/* the reason is hg_parse_time()'s, not "must be greater than zero" */
	{ { "@0", "--bucket", "5" },
	  "hourglass: ctx: --bucket 5: missing time unit (e.g. 5s; use d, h, m, s, ms, us or ns)" },
};

static const char *arg_of(const char *a)
{
	return a && a[0] == '@' ? paths[a[1] - '0'] : a;
}

START_TEST(test_cmd_errors)
{
	const struct cmd_error *ce = &cmd_errors[_i];
	const char *args[6] = { NULL };
	struct printed p;
	size_t i;

	make_files();
	for (i = 0; i < N(ce->args) && ce->args[i]; i++)
		args[i] = arg_of(ce->args[i]);
	ck_assert_int_eq(run_ctx(&p, args), 2);
	ck_assert_msg(strstr(p.err, ce->err) != NULL, "stderr: %s\nwant: %s", p.err, ce->err);
	ck_assert_msg(!strncmp(p.err, "hourglass: ctx: ", 16), "stderr: %s", p.err);
	ck_assert_msg(hg_test_lines(p.err) == 1 && p.err[strlen(p.err) - 1] == '\n',
		      "not one line: %s", p.err);
	ck_assert_str_eq(p.out, "");
}
END_TEST

START_TEST(test_cmd_text)
{
	struct printed p;
	int c;

	make_files();
	ck_assert_int_eq(RUN(&p, paths[P_TRACE], "--bucket", "20ns", "--max", "45ns"), 0);
	ck_assert_str_eq(p.err, "");
	for (c = 0; c < HG_GAP_NCLASSES; c++)
		assert_class_line(p.out, c, &ctx_want[c]);
	ck_assert_ptr_nonnull(strstr(p.out, "     0.040 -     0.060 us          2 ###"));
	/* the options may come first */
	ck_assert_int_eq(RUN(&p, "--max", "25ns", "--bucket", "10ns", paths[P_TRACE]), 0);
	ck_assert_ptr_nonnull(strstr(p.out, "     0.030 -       inf us          3 ###"));
	/* defaults */
	ck_assert_int_eq(RUN(&p, paths[P_TRACE]), 0);
	ck_assert_str_eq(p.err, "");
	assert_class_line(p.out, HG_GAP_VOLUNTARY, &ctx_want[HG_GAP_VOLUNTARY]);
}
END_TEST

START_TEST(test_cmd_json)
{
	struct json_object *doc;
	struct printed p;

	make_files();
	ck_assert_int_eq(RUN(&p, paths[P_TRACE], "--json"), 0);
	ck_assert_str_eq(p.err, "");
	doc = hg_test_json(p.out);
	ck_assert_double_eq(class_field(doc, "voluntary_switch", "count"), 2);
	ck_assert_double_eq(class_field(doc, "involuntary_switch", "count"), 2);
	ck_assert_double_eq(class_field(doc, "foreign", "count"), 1);
	ck_assert_double_eq(class_field(doc, "migration", "count"), 1);
	ck_assert_double_eq(class_field(doc, "unclassified", "count"), 1);
	ck_assert_double_eq(class_field(doc, "involuntary_switch", "max_ns"), 40);
	ck_assert_uint_eq(hg_test_json_u64(doc, "threads"), 4);
	json_object_put(doc);
}
END_TEST

START_TEST(test_cmd_svg)
{
	struct printed p;
	char svg[300], *s;
	size_t len;

	make_files();
	snprintf(svg, sizeof(svg), "%s/ctx.svg", hg_test_tmpdir());
	ck_assert_int_eq(RUN(&p, paths[P_TRACE], "--svg", svg, "--bucket", "10ns"), 0);
	ck_assert_str_eq(p.err, "");
	ck_assert_ptr_nonnull(line_of(p.out, "voluntary switch"));
	s = hg_test_read_file(svg, NULL);
	len = strlen(s);
	while (len && isspace((unsigned char)s[len - 1]))
		s[--len] = '\0';
	ck_assert_msg(!strncmp(s, "<?xml", 5), "starts with %.20s", s);
	ck_assert_msg(len >= 6 && !strcmp(s + len - 6, "</svg>"), "ends with %s",
		      s + (len > 20 ? len - 20 : 0));
	ck_assert_ptr_nonnull(strstr(s, "4 switches"));
	free(s);
	/* with --json too */
	unlink(svg);
	ck_assert_int_eq(RUN(&p, "--json", paths[P_TRACE], "--svg", svg), 0);
	ck_assert(hg_test_json_valid(p.out));
	s = hg_test_read_file(svg, NULL);
	ck_assert(!strncmp(s, "<?xml", 5));
	free(s);
}
END_TEST

START_TEST(test_cmd_svg_unwritable)
{
	struct printed p;
	char svg[300];

	make_files();
	snprintf(svg, sizeof(svg), "%s/no/such/dir/ctx.svg", hg_test_tmpdir());
	/* checked before anything is printed, like every output path */
	ck_assert_int_eq(RUN(&p, paths[P_TRACE], "--svg", svg), 2);
	ck_assert_msg(hg_test_lines(p.err) == 1, "stderr: %s", p.err);
	ck_assert_ptr_nonnull(strstr(p.err, "hourglass: ctx: "));
	ck_assert_int_eq(access(svg, F_OK), -1);
}
END_TEST

/* Records that do not decode: exit status 1, "damaged records". */
START_TEST(test_cmd_damaged_records)
{
	struct hg_trace *t = ctx_trace();
	struct printed p;
	char err[256];

	make_files();
	t->threads[A].recs[t->threads[A].stored - 1].flags |= HG_REC_CONTINUED;
	ck_assert_int_eq(hg_trace_write(t, paths[P_TRACE], err, sizeof(err)), 0);
	hg_trace_free(t);
	ck_assert_int_eq(RUN(&p, paths[P_TRACE]), 1);
	ck_assert_ptr_nonnull(strstr(p.err, "run.hgt: damaged records\n"));
	ck_assert_int_eq(hg_test_lines(p.err), 1);
	ck_assert_str_eq(p.out, "");
}
END_TEST

START_TEST(test_cmd_help)
{
	struct printed p;

	ck_assert_int_eq(RUN(&p, "--help"), 0);
	ck_assert_str_eq(p.err, "");
	ck_assert_ptr_nonnull(strstr(p.out, "usage: hourglass ctx <file>"));
	ck_assert_int_eq(RUN(&p, "-h"), 0);
	ck_assert_ptr_nonnull(strstr(p.out, "--bucket <time>"));
	ck_assert_str_eq(hg_cmd_ctx.name, "ctx");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("ctx_cmd");
	TCase *tc;

	tc = tcase_create("command");
	tcase_add_loop_test(tc, test_cmd_errors, 0, (int)N(cmd_errors));
	tcase_add_test(tc, test_cmd_text);
	tcase_add_test(tc, test_cmd_json);
	tcase_add_test(tc, test_cmd_svg);
	tcase_add_test(tc, test_cmd_svg_unwritable);
	tcase_add_test(tc, test_cmd_damaged_records);
	tcase_add_test(tc, test_cmd_help);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
