/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * atomicfile.h - write a file so that readers see the old one or the whole
 * new one, never a part: write a temporary file beside it, then rename
 */
#ifndef HG_ATOMICFILE_H
#define HG_ATOMICFILE_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What the temporary file's name adds to the file's: "<path>.tmpXXXXXX" */
#define HG_ATOMIC_SUFFIX ".tmpXXXXXX"

struct hg_atomic {
	FILE *f;		/* write here */
	char tmp[4096];		/* the temporary file's name; empty: in place */
	const char *path;	/* the file's name once done */
	char real[4096];	/* the target, when the name is a symbolic link */
	bool std;		/* "-": standard output (a stream of ours on it, never closed) */
	int fd;			/* under @f, when not standard output */
	int werr;		/* errno of the first write that failed, or 0 */
};

/*
 * hg_atomic_is_temp - whether @name is "@base.tmpXXXXXX" with six
 * characters mkstemp() would have put in place of the X's: a temporary
 * file of the file @base, as hg_atomic_open() names it
 */
bool hg_atomic_is_temp(const char *name, const char *base);

/*
 * hg_atomic_sweep - remove the stale temporary files of @path (those
 * hg_atomic_is_temp() names, in @path's directory): regular files of our
 * user that no writer holds locked (a writer locks its own until it is
 * renamed; a SIGKILL ends the lock and leaves the file). Nothing else is
 * touched. Returns how many were removed.
 */
int hg_atomic_sweep(const char *path);

/*
 * hg_atomic_open - create the temporary file beside @path (mode 0644),
 * after hg_atomic_sweep(@path);
 * a @path that exists and is not a regular file (a pipe, /dev/null) is
 * opened and written in place instead, never replaced; a symbolic link is
 * followed, and its target written; "-" is standard output. A new file
 * takes the mode of the one it replaces, or 0666 less the umask.
 * Returns 0 or -errno with "cannot create <path>: reason" in @err.
 */
int hg_atomic_open(struct hg_atomic *a, const char *path, char *err, size_t errlen);

/*
 * hg_atomic_close - flush, sync and close the temporary file and rename it
 * to the path; @status is an error met while writing (0 for none). On any
 * error the temporary file is removed and nothing is left at the path.
 * Returns 0 or -errno with "cannot write <path>: reason" in @err.
 */
int hg_atomic_close(struct hg_atomic *a, int status, char *err, size_t errlen);

/*
 * hg_atomic_fn - what writes a file's content: into @f, from @arg.
 * Returns 0 or -errno. HG_ATOMIC_SAID: the writer failed and has said why
 * itself; the file is not written and no more is said.
 */
typedef int (*hg_atomic_fn)(FILE *f, const void *arg);

#define HG_ATOMIC_SAID (-ECANCELED)

/*
 * hg_atomic_write - the whole of it: hg_atomic_open() @path, @write into
 * it, hg_atomic_close(). Returns 0 or -errno with the reason in @err (as
 * hg_atomic_open() and hg_atomic_close() say it).
 */
int hg_atomic_write(const char *path, hg_atomic_fn write, const void *arg, char *err,
		    size_t errlen);

#endif /* HG_ATOMICFILE_H */
