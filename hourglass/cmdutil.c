// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * cmdutil.c - what the subcommands share
 */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "../trace/timeval.h"
#include "cmdutil.h"

int hg_output_problem(const char *out, const char *trace, char *why, size_t len)
{
	char copy[PATH_MAX];
	struct stat a, b;
	const char *dir;

	if (!*out) {
		snprintf(why, len, "empty file name");
		return -EINVAL;
	}
	if (!strcmp(out, "-"))
		return 0;
	if (!stat(out, &b)) {
		if (S_ISDIR(b.st_mode)) {
			snprintf(why, len, "is a directory (give a file name)");
			return -EISDIR;
		}
		if (trace && !stat(trace, &a) && a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
			snprintf(why, len, "is the trace file itself");
			return -EINVAL;
		}
		if (!S_ISREG(b.st_mode))
			return 0;	/* written in place */
	}
	if (strlen(out) >= sizeof(copy)) {
		snprintf(why, len, "path too long");
		return -ENAMETOOLONG;
	}
	strcpy(copy, out);
	dir = dirname(copy);
	if (access(dir, W_OK | X_OK)) {
		int e = errno;

		snprintf(why, len, "cannot write in %s: %s", dir, strerror(e));
		return -e;
	}
	return 0;
}

int hg_cmd_output(const char *cmd, const char *opt, const char *out, const char *trace)
{
	char why[PATH_MAX + 64];

	if (!hg_output_problem(out, trace, why, sizeof(why)))
		return 0;
	if (*out)
		fprintf(stderr, "hourglass: %s: %s %s: %s\n", cmd, opt, out, why);
	else
		fprintf(stderr, "hourglass: %s: %s: %s\n", cmd, opt, why);
	return 2;
}

int hg_cmd_is_opt(const char *arg, const char *opt)
{
	size_t n = strlen(opt);

	return !strncmp(arg, opt, n) && (arg[n] == '\0' || arg[n] == '=');
}

int hg_cmd_time(const char *cmd, const char *opt, const char *val, uint64_t *ns,
		bool zero_ok)
{
	char why[128];

	if (hg_parse_time(val, ns, why, sizeof(why))) {
		fprintf(stderr, "hourglass: %s: %s %s: %s\n", cmd, opt, val, why);
		return 2;
	}
	if (!zero_ok && !*ns) {
		fprintf(stderr, "hourglass: %s: %s %s: must be greater than zero\n", cmd, opt,
			val);
		return 2;
	}
	return 0;
}

int hg_cmd_flush(const char *cmd, int status)
{
	int e = 0;

	if (fflush(stdout))
		e = errno;
	if (!e && ferror(stdout))
		e = EIO;
	if (!e)
		return status;
	if (cmd)
		fprintf(stderr, "hourglass: %s: cannot write standard output: %s\n", cmd,
			strerror(e));
	else
		fprintf(stderr, "hourglass: cannot write standard output: %s\n", strerror(e));
	return 1;
}

int hg_cmd_read(const char *cmd, const char *file, struct hg_trace **t)
{
	char err[256];

	if (!hg_trace_read(file, t, err, sizeof(err)))
		return 0;
	fprintf(stderr, "hourglass: %s: %s: %s\n", cmd, file, err);
	return 2;
}

char *hg_join_args(int argc, char *const *argv)
{
	size_t len = 1;
	char *s;
	int i;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return NULL;
	s[0] = '\0';
	for (i = 0; i < argc; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}
