// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * outpath.c - whether an output file can be written, asked before a run
 */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "hourglass/outpath.h"
#include "util/atomicfile.h"
#include "util/errlen.h"

#define SUFFIX_LEN	(sizeof(HG_ATOMIC_SUFFIX) - 1)

/* A component of @out longer than a file system takes; 0 when none is. */
static int long_name(const char *out, char *why, size_t len)
{
	const char *p = out;

	while (*p) {
		size_t n = strcspn(p, "/");
		bool last = !p[n];
		size_t max = last ? NAME_MAX - SUFFIX_LEN : NAME_MAX;

		if (n > max) {
			snprintf(why, len, "the name '%.12s...' is %zu bytes, more than %zu%s", p, n,
				 max, last ? " (NAME_MAX, less the temporary file's suffix)" :
				 " (NAME_MAX)");
			return -ENAMETOOLONG;
		}
		p += n;
		p += strspn(p, "/");
	}
	return 0;
}

/* The directory @dir that @out goes in: there, a directory, writable. */
static int bad_dir(const char *dir, char *why, size_t len)
{
	struct stat st;
	int e;

	if (stat(dir, &st)) {
		e = errno;
		if (e == ENOENT)
			snprintf(why, len, "directory %s does not exist", hg_quote(dir).s);
		else
			snprintf(why, len, "cannot write in %s: %s", hg_quote(dir).s, strerror(e));
		return -e;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, len, "%s is not a directory", hg_quote(dir).s);
		return -ENOTDIR;
	}
	if (access(dir, W_OK | X_OK)) {
		e = errno;
		snprintf(why, len, "cannot write in %s: %s", hg_quote(dir).s, strerror(e));
		return -e;
	}
	return 0;
}

/*
 * Whether a file can be created in directory @dir, the atomic writer's
 * temporary file beside @out. Permission bits alone do not tell (root
 * passes access() in /proc and /sys, where nothing can be created). An
 * unnamed file (O_TMPFILE) proves it and leaves the directory untouched;
 * where a file system has no unnamed files, a named one is created and
 * removed at once.
 */
static int cannot_create(const char *dir, const char *out, char *why, size_t len)
{
	char real[PATH_MAX], tmp[PATH_MAX + sizeof(HG_ATOMIC_SUFFIX)];
	struct stat sb;
	int fd, e;

	fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	e = errno;
	if (e == EOPNOTSUPP || e == EISDIR || e == EINVAL) {
		if (!lstat(out, &sb) && S_ISLNK(sb.st_mode) && realpath(out, real))
			out = real;	/* the writer replaces a link's target */
		snprintf(tmp, sizeof(tmp), "%s" HG_ATOMIC_SUFFIX, out);
		fd = mkstemp(tmp);
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
			return 0;
		}
		e = errno;
	}
	snprintf(why, len, "cannot create a file in %s: %s", hg_quote(dir).s,
		 strerror(e));
	return -e;
}

int hg_output_problem(const char *out, const char *trace, char *why, size_t len)
{
	char copy[PATH_MAX], *dir;
	struct stat a, b;
	size_t n = strlen(out);
	int ret;

	if (!n) {
		snprintf(why, len, "empty file name");
		return -EINVAL;
	}
	if (!strcmp(out, "-"))
		return 0;
	if (n + SUFFIX_LEN >= PATH_MAX) {
		snprintf(why, len, "path of %zu bytes, more than %zu (PATH_MAX, less the "
			 "temporary file's suffix)", n, (size_t)PATH_MAX - SUFFIX_LEN - 1);
		return -ENAMETOOLONG;
	}
	if (out[n - 1] == '/') {
		snprintf(why, len, "ends in '/': give a file name, not a directory");
		return -EISDIR;
	}
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
	ret = long_name(out, why, len);
	if (ret)
		return ret;
	strcpy(copy, out);
	dir = dirname(copy);
	ret = bad_dir(dir, why, len);
	return ret ? ret : cannot_create(dir, out, why, len);
}

/*
 * Where output name @path would write: the file it resolves to when it
 * exists; else its directory resolved, then its name (a dangling symbolic
 * link is followed to the name it points to, as the writer does).
 */
static void resolve_output(const char *path, char *out, size_t len)
{
	char cur[PATH_MAX], link[PATH_MAX], dir[PATH_MAX], real[PATH_MAX];
	const char *slash;
	struct stat sb;
	int hops;

	snprintf(cur, sizeof(cur), "%s", path);
	for (hops = 0; hops < 40 && !lstat(cur, &sb) && S_ISLNK(sb.st_mode); hops++) {
		ssize_t n = readlink(cur, link, sizeof(link) - 1);

		if (n <= 0)
			break;
		link[n] = '\0';
		slash = strrchr(cur, '/');
		if ((link[0] != '/' && slash ?
		     snprintf(dir, sizeof(dir), "%.*s/%s", (int)(slash - cur), cur, link) :
		     snprintf(dir, sizeof(dir), "%s", link)) >= (int)sizeof(dir))
			break;		/* too long to be written either */
		memcpy(cur, dir, sizeof(cur));
	}
	if (realpath(cur, real)) {
		snprintf(out, len, "%s", real);
		return;
	}
	slash = strrchr(cur, '/');
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - cur) + (slash == cur) : 1,
		 slash ? cur : ".");
	if (!realpath(dir, real) ||
	    snprintf(out, len, "%s/%s", real, slash ? slash + 1 : cur) >= (int)len)
		snprintf(out, len, "%s", cur);
}

bool hg_same_output(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];
	struct stat sa, sb;

	if (!strcmp(a, "-") || !strcmp(b, "-"))
		return !strcmp(a, b);
	if (!stat(a, &sa) && !stat(b, &sb))
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	resolve_output(a, ra, sizeof(ra));
	resolve_output(b, rb, sizeof(rb));
	return !strcmp(ra, rb);
}

int hg_outputs_clash(const char *const *opts, const char *const *paths, size_t n,
		     char *why, size_t len)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; paths[i] && j < n; j++)
			if (paths[j] && hg_same_output(paths[i], paths[j])) {
				snprintf(why, len, "%s %.*s: the same file as %s", opts[j],
					 HG_QUOTE_MAX, paths[j], opts[i]);
				return -EINVAL;
			}
	return 0;
}

int hg_output_reads(const char *const *out_opts, const char *const *outs, size_t nout,
		    const char *const *in_opts, const char *const *ins, size_t nin,
		    char *why, size_t len)
{
	struct stat so, si;
	size_t i, j;

	for (i = 0; i < nout; i++) {
		if (!outs[i] || !strcmp(outs[i], "-") || stat(outs[i], &so))
			continue;	/* standard output, or a file not there yet */
		for (j = 0; j < nin; j++)
			if (ins[j] && !stat(ins[j], &si) && si.st_dev == so.st_dev &&
			    si.st_ino == so.st_ino) {
				snprintf(why, len, "%s %.*s: is the input of %s (writing it would "
					 "destroy it: write elsewhere)", out_opts[i], HG_QUOTE_MAX,
					 outs[i], in_opts[j]);
				return -EINVAL;
			}
	}
	return 0;
}
