// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * check_outpath.c - hourglass/outpath.c: whether outputs can be written
 * (every reason an output path is refused before a run, and the paths that
 * are fine); telling whether two output names are one file
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "helpers.h"
#include "hourglass/outpath.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* A fresh directory, made the working directory; its files: x (exists), sub/. */
static char *enter(void)
{
	char *dir = hg_test_fresh_dir(), *sub = hg_test_path(dir, "sub");

	ck_assert_int_eq(chdir(dir), 0);
	hg_test_write_file("x", "x", 1);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	free(sub);
	return dir;
}

static const struct {
	const char *a, *b;
	bool same;
} pairs[] = {
	{ "x", "x", true },
	{ "x", "./x", true },
	{ "sub/../x", "x", true },
	{ "new", "./new", true },		/* neither exists yet */
	{ "sub/new", "sub/../sub/new", true },
	{ "link", "x", true },			/* a symbolic link to an existing file */
	{ "dangling", "target", true },		/* one to a file not written yet */
	{ "hard", "x", true },			/* a hard link */
	{ "-", "-", true },			/* standard output twice */
	{ "x", "y", false },
	{ "new", "sub/new", false },
	{ "-", "x", false },
	{ "x", "-", false },
};

START_TEST(test_same_output)
{
	char *dir = enter();

	ck_assert_int_eq(symlink("x", "link"), 0);
	ck_assert_int_eq(symlink("target", "dangling"), 0);
	ck_assert_int_eq(link("x", "hard"), 0);
	ck_assert_msg(hg_same_output(pairs[_i].a, pairs[_i].b) == pairs[_i].same,
		      "%s and %s: %d", pairs[_i].a, pairs[_i].b, !pairs[_i].same);
	ck_assert_int_eq(hg_same_output(pairs[_i].b, pairs[_i].a), pairs[_i].same);
	hg_test_drop_dir(dir);
}
END_TEST

/* Every pair is compared; the message names the later option and the earlier one. */
START_TEST(test_outputs_clash)
{
	const char *const opts[] = { "--json", "--csv", "-o" };
	const char *paths[] = { "a.json", NULL, "./a.json" };
	char *dir = enter(), why[256] = "";

	ck_assert_int_eq(hg_outputs_clash(opts, paths, 3, why, sizeof(why)), -EINVAL);
	ck_assert_str_eq(why, "-o ./a.json: the same file as --json");
	paths[2] = "b.hgt";
	paths[1] = "b.hgt";
	ck_assert_int_eq(hg_outputs_clash(opts, paths, 3, why, sizeof(why)), -EINVAL);
	ck_assert_str_eq(why, "-o b.hgt: the same file as --csv");
	paths[1] = "c.csv";
	ck_assert_int_eq(hg_outputs_clash(opts, paths, 3, why, sizeof(why)), 0);
	hg_test_drop_dir(dir);
}
END_TEST

/* An output that is an input, by any name: refused; "-" and new files are not inputs. */
START_TEST(test_output_reads)
{
	const char *const outs_n[] = { "-o", "--json" }, *const ins_n[] = { "--sched", "<file>" };
	const char *outs[] = { "new.svg", "x" }, *ins[] = { "y", "x" };
	char *dir = enter(), why[256] = "";

	hg_test_write_file("y", "y", 1);
	ck_assert_int_eq(symlink("x", "link"), 0);
	ck_assert_int_eq(link("y", "hard"), 0);
	ck_assert_int_eq(hg_output_reads(outs_n, outs, 2, ins_n, ins, 2, why, sizeof(why)),
			 -EINVAL);
	ck_assert_str_eq(why, "--json x: is the input of <file> (writing it would destroy it: "
			 "write elsewhere)");
	outs[1] = "link";	/* a symbolic link to it */
	ck_assert_int_eq(hg_output_reads(outs_n, outs, 2, ins_n, ins, 2, why, sizeof(why)),
			 -EINVAL);
	outs[1] = "sub/../x";
	ck_assert_int_eq(hg_output_reads(outs_n, outs, 2, ins_n, ins, 2, why, sizeof(why)),
			 -EINVAL);
	outs[1] = NULL;
	outs[0] = "hard";	/* a hard link to the other */
	ck_assert_int_eq(hg_output_reads(outs_n, outs, 2, ins_n, ins, 2, why, sizeof(why)),
			 -EINVAL);
	ck_assert_str_eq(why, "-o hard: is the input of --sched (writing it would destroy it: "
			 "write elsewhere)");
	outs[0] = "-";
	ck_assert_int_eq(hg_output_reads(outs_n, outs, 2, ins_n, ins, 2, why, sizeof(why)), 0);
	outs[0] = "new.svg";
	ins[0] = NULL;
	ins[1] = "missing";
	ck_assert_int_eq(hg_output_reads(outs_n, outs, 2, ins_n, ins, 2, why, sizeof(why)), 0);
	hg_test_drop_dir(dir);
}
END_TEST

/* the file names made by setup(), in the test's directory */
static char dir[256];

static void touch(const char *name)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
}

static void setup(void)
{
	char path[512];

	snprintf(dir, sizeof(dir), "%s", hg_test_tmpdir());
	touch("trace.hgt");
	touch("plain");
	snprintf(path, sizeof(path), "%s/sub", dir);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/ro", dir);
	mkdir(path, 0555);
}

/* a path in the test directory with a component of @n letters, then @after */
static const char *long_name(char *buf, size_t len, size_t n, const char *after)
{
	size_t at = (size_t)snprintf(buf, len, "%s/", dir);

	memset(buf + at, 'a', n);
	snprintf(buf + at + n, len - at - n, "%s", after);
	return buf;
}

struct out_case {
	const char *path;	/* "@x": x in the test's directory */
	int ret;
	const char *why;	/* "@": the test's directory */
};

static const struct out_case cases[] = {
	{ "@new.hgt", 0, NULL },
	{ "@plain", 0, NULL },				/* replaced whole */
	{ "@sub/new.svg", 0, NULL },
	{ "-", 0, NULL },				/* standard output */
	{ "/dev/null", 0, NULL },			/* written in place */
	{ "", -EINVAL, "empty file name" },
	{ "@sub", -EISDIR, "is a directory (give a file name)" },
	{ "@sub/", -EISDIR, "ends in '/': give a file name, not a directory" },
	{ "@none/", -EISDIR, "ends in '/': give a file name, not a directory" },
	{ "@trace.hgt", -EINVAL, "is the trace file itself" },
	{ "@none/x.svg", -ENOENT, "directory @/none does not exist" },
	{ "@plain/x.svg", -ENOTDIR, NULL },		/* stat says ENOTDIR first */
	{ "@ro/x.svg", -EACCES, "cannot write in @/ro: Permission denied" },
};

START_TEST(test_cases)
{
	const struct out_case *c = &cases[_i];
	char path[512], want[512], why[512] = "", trace[512];
	int ret;

	if (c->path[0] == '@')
		snprintf(path, sizeof(path), "%s/%s", dir, c->path + 1);
	else
		snprintf(path, sizeof(path), "%s", c->path);
	if (c->ret == -EACCES && geteuid() == 0)
		return;	/* root writes anywhere */
	snprintf(trace, sizeof(trace), "%s/trace.hgt", dir);
	ret = hg_output_problem(path, trace, why, sizeof(why));
	ck_assert_msg(ret == c->ret, "%s: returned %d, want %d (%s)", path, ret, c->ret, why);
	if (!c->why)
		return;
	if (strchr(c->why, '@')) {
		const char *at = strchr(c->why, '@');

		snprintf(want, sizeof(want), "%.*s%s%s", (int)(at - c->why), c->why, dir, at + 1);
	} else {
		snprintf(want, sizeof(want), "%s", c->why);
	}
	ck_assert_str_eq(why, want);
}
END_TEST

/* A name a file system cannot hold, with room for the temporary suffix. */
START_TEST(test_name_max)
{
	char path[PATH_MAX], why[512], want[512];

	/* the last component: NAME_MAX less ".tmpXXXXXX" */
	ck_assert_int_eq(hg_output_problem(long_name(path, sizeof(path), NAME_MAX - 10, ""), NULL,
					   why, sizeof(why)), 0);
	ck_assert_int_eq(hg_output_problem(long_name(path, sizeof(path), NAME_MAX - 9, ""), NULL,
					   why, sizeof(why)), -ENAMETOOLONG);
	snprintf(want, sizeof(want), "the name 'aaaaaaaaaaaa...' is %d bytes, more than %d "
		 "(NAME_MAX, less the temporary file's suffix)", NAME_MAX - 9, NAME_MAX - 10);
	ck_assert_str_eq(why, want);
	/* a directory on the way: NAME_MAX */
	ck_assert_int_eq(hg_output_problem(long_name(path, sizeof(path), NAME_MAX + 1, "/x.svg"),
					   NULL, why, sizeof(why)), -ENAMETOOLONG);
	snprintf(want, sizeof(want), "the name 'aaaaaaaaaaaa...' is %d bytes, more than %d "
		 "(NAME_MAX)", NAME_MAX + 1, NAME_MAX);
	ck_assert_str_eq(why, want);
	/* 300 letters: the issue's case */
	ck_assert_int_eq(hg_output_problem(long_name(path, sizeof(path), 300, ".hgt"), NULL,
					   why, sizeof(why)), -ENAMETOOLONG);
}
END_TEST

START_TEST(test_path_max)
{
	char path[PATH_MAX + 16], why[512], want[512];
	size_t n;

	for (n = 0; n + 2 < sizeof(path); n += 2) {
		path[n] = 'a';
		path[n + 1] = '/';
	}
	path[n] = '\0';
	ck_assert_int_eq(hg_output_problem(path, NULL, why, sizeof(why)), -ENAMETOOLONG);
	snprintf(want, sizeof(want), "path of %zu bytes, more than %d (PATH_MAX, less the "
		 "temporary file's suffix)", n, PATH_MAX - 11);
	ck_assert_str_eq(why, want);
	path[PATH_MAX - 11] = '\0';	/* the longest accepted */
	path[PATH_MAX - 12] = 'b';
	ck_assert_int_ne(hg_output_problem(path, NULL, why, sizeof(why)), -ENAMETOOLONG);
}
END_TEST

/*
 * A directory whose bits allow writing but where nothing can be created
 * (/proc, for root too): refused before the run, and the probe file that
 * proves an output can be created leaves nothing behind.
 */
START_TEST(test_cannot_create)
{
	char why[512], sub[600], out[700];
	DIR *d;
	struct dirent *e;
	int n = 0;

	ck_assert_int_lt(hg_output_problem("/proc/hg-probe.hgt", NULL, why, sizeof(why)), 0);
	ck_assert_ptr_nonnull(strstr(why, "cannot"));
	ck_assert_int_eq(access("/proc/hg-probe.hgt", F_OK), -1);
	snprintf(sub, sizeof(sub), "%s/sub", dir);
	snprintf(out, sizeof(out), "%s/new.hgt", sub);
	ck_assert_int_eq(hg_output_problem(out, NULL, why, sizeof(why)), 0);
	d = opendir(sub);
	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	ck_assert_int_eq(n, 0);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("outpath");
	TCase *tc = tcase_create("outputs");

	tcase_add_loop_test(tc, test_same_output, 0, sizeof(pairs) / sizeof(pairs[0]));
	tcase_add_test(tc, test_outputs_clash);
	tcase_add_test(tc, test_output_reads);
	suite_add_tcase(s, tc);

	tc = tcase_create("checks");
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_loop_test(tc, test_cases, 0, (int)N(cases));
	tcase_add_test(tc, test_name_max);
	tcase_add_test(tc, test_path_max);
	tcase_add_test(tc, test_cannot_create);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return hg_test_run(suite());
}
